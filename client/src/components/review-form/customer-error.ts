import type { CustomerT } from '@/lib/customer-i18n';
import type { Language } from '@shared/i18n/languages';

const BY_STATUS = {
  0: 'errors.offline',
  400: 'errors.checkYourReview',
  404: 'errors.invalidLink',
  413: 'errors.tooLarge',
  415: 'errors.unsupportedVideo',
  422: 'errors.checkYourReview',
  429: 'errors.tooManyAttempts',
} as const;

/**
 * What a customer reads when a call fails. The API explains itself in English: an English reader gets its
 * words; any other reader gets the failure's kind (by its status) in their own language.
 */
export function customerErrorMessage(error: unknown, t: CustomerT, language: Language): string {
  const serverMessage = error instanceof Error ? error.message.trim() : '';
  if (language === 'en' && serverMessage) return serverMessage;
  const status = (error as { status?: unknown } | null)?.status;
  const key = typeof status === 'number' ? BY_STATUS[status as keyof typeof BY_STATUS] : undefined;
  return t(key ?? 'errors.fallback');
}
