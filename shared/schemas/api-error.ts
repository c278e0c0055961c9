import { z } from 'zod';

/** Every error answer of the API: `{ message, details? }` (PRODUCT.md section 5). */
export const ApiErrorBodySchema = z.object({
  message: z.string(),
  details: z.unknown().optional(),
});
export type ApiErrorBody = z.infer<typeof ApiErrorBodySchema>;

/** Per-field validation details of a 400: field path to its messages. */
export type FieldErrors = Record<string, string[]>;
