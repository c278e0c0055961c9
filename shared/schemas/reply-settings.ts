import { z } from 'zod';
import { REPLY_TONES, SIGNATURE_MAX, SIGNATURE_MESSAGE, type ReplySettings } from '../reply-settings';
import { hasNoNul } from './locations';

export * from '../reply-settings';

export const ReplyToneSchema = z.enum(REPLY_TONES, { error: 'Choose a tone from the list' });

export const ReplySettingsSchema = z.object({
  tone: ReplyToneSchema,
  /** '' for none, e.g. "— Anna, Bella Pasta". */
  signature: z
    .string({ error: SIGNATURE_MESSAGE })
    .trim()
    .max(SIGNATURE_MAX, { error: SIGNATURE_MESSAGE })
    .refine((value) => hasNoNul(value) && !/[\r\n]/.test(value), { error: SIGNATURE_MESSAGE }),
}) satisfies z.ZodType<ReplySettings>;
