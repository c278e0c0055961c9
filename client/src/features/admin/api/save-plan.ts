import { useMutation, useQueryClient } from '@tanstack/react-query';

import { apiRequest } from '@/lib/api-client';
import type { Plan, PlanInput, UpdatePlanInput } from '@shared/schemas/plans';

import { ADMIN_CLIENTS_PATH } from './get-admin-clients';
import { adminPlansQueryKey } from './get-admin-plans';

export function createPlan(input: PlanInput): Promise<Plan> {
  return apiRequest<Plan>('POST', '/api/admin/plans', input);
}

export function updatePlan({ id, ...changes }: UpdatePlanInput & { id: number }): Promise<Plan> {
  return apiRequest<Plan>('PATCH', `/api/admin/plans/${id}`, changes);
}

/** Archiving (DELETE) keeps the plan on its clients; it can no longer be assigned. */
export function archivePlan(id: number): Promise<Plan> {
  return apiRequest<Plan>('DELETE', `/api/admin/plans/${id}`);
}

function useInvalidatePlans() {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: adminPlansQueryKey });
    void queryClient.invalidateQueries({ queryKey: [ADMIN_CLIENTS_PATH] });
  };
}

export function useCreatePlan() {
  return useMutation({ mutationFn: createPlan, onSuccess: useInvalidatePlans() });
}

export function useUpdatePlan() {
  return useMutation({ mutationFn: updatePlan, onSuccess: useInvalidatePlans() });
}

export function useArchivePlan() {
  return useMutation({ mutationFn: archivePlan, onSuccess: useInvalidatePlans() });
}
