import { useMutation } from '@tanstack/react-query';

import { apiRequest } from '@/lib/api-client';
import type { ChangePasswordInput } from '@shared/schemas/settings';

export function changePassword(input: ChangePasswordInput): Promise<void> {
  return apiRequest<void>('POST', '/api/user/password', input);
}

export function useChangePassword() {
  return useMutation({ mutationFn: changePassword });
}
