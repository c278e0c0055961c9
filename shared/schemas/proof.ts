import { z } from 'zod';
import { PROOF_LOG_PAGE_MAX, PROOF_MESSAGES, PROOF_SLUG_MAX, PROOF_SLUG_MIN } from '../proof';

export * from '../proof';

/** Lowercase letters and digits, with single hyphens inside: `harbour-coffee`. */
const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

export const ProofSlugSchema = z
  .string({ error: PROOF_MESSAGES.slug })
  .trim()
  .toLowerCase()
  .min(PROOF_SLUG_MIN, { error: PROOF_MESSAGES.slug })
  .max(PROOF_SLUG_MAX, { error: PROOF_MESSAGES.slug })
  .regex(SLUG, { error: PROOF_MESSAGES.slug });

/** PUT /api/proof-settings (the owner's Settings › Proof). */
export const ProofSettingsSchema = z.object({
  enabled: z.boolean(),
  slug: ProofSlugSchema,
});
export type ProofSettingsInput = z.infer<typeof ProofSettingsSchema>;

/** A slug in a public path (the routes answer anything else as not found). */
export const ProofSlugParamsSchema = z.object({
  slug: z.string().max(PROOF_SLUG_MAX).regex(SLUG),
});

export const ProofLogQuerySchema = z.object({
  /** The last seq already read (0: from the first entry). */
  after: z.coerce.number().int().min(0).max(2_147_483_647).default(0),
  limit: z.coerce.number().int().min(1).max(PROOF_LOG_PAGE_MAX).default(PROOF_LOG_PAGE_MAX),
});
