import { z } from 'zod';
import { LANGUAGES, LANGUAGE_LABELS } from '../i18n/languages';

export const LANGUAGE_MESSAGE = `Choose one of: ${LANGUAGES.map((l) => `${l} (${LANGUAGE_LABELS[l]})`).join(', ')}`;

/** A customer language by its code (en, de, ar…). */
export const LanguageSchema = z.enum(LANGUAGES, { error: LANGUAGE_MESSAGE });

/** A contact's or location's language: null (or '') leaves it to the next source (shared/i18n). */
export const optionalLanguageField = z
  .union([LanguageSchema, z.literal('')], { error: LANGUAGE_MESSAGE })
  .nullable()
  .transform((value) => value || null);
