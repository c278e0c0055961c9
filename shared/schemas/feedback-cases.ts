import { z } from 'zod';
import { IdSchema } from './domain';
import { FEEDBACK_CASE_STATUSES, FEEDBACK_MESSAGE_MAX, FEEDBACK_MESSAGES } from '../feedback-cases';

export * from '../feedback-cases';

export const FeedbackCaseListQuerySchema = z.object({
  status: z.enum(FEEDBACK_CASE_STATUSES).default('open'),
  /** The last case already read: `lastActivityAt ISO|id`. */
  cursor: z
    .string()
    .max(100)
    .regex(/^\d{4}-\d{2}-\d{2}T[\d:.]+Z\|\d{1,10}$/)
    .optional(),
});
export type FeedbackCaseListQuery = z.infer<typeof FeedbackCaseListQuerySchema>;

export const FeedbackMessageSchema = z.object({
  body: z
    .string({ error: FEEDBACK_MESSAGES.empty })
    .trim()
    .min(1, { error: FEEDBACK_MESSAGES.empty })
    .max(FEEDBACK_MESSAGE_MAX, { error: FEEDBACK_MESSAGES.tooLong }),
});
export type FeedbackMessageInput = z.infer<typeof FeedbackMessageSchema>;

export const FeedbackCaseParamsSchema = z.object({ id: IdSchema });
