import { CsvError, parse } from 'csv-parse/sync';
import { z } from 'zod';
import { normalizePhone, type CountryCode } from '@shared/phone';
import { CONTACT_NAME_MAX, IMPORT_MAX_ROWS, TAG_MAX, TAGS_MAX, uniqueTags } from '@shared/schemas/contacts';
import { badRequest } from '../../lib/errors';

/** One data row of an import file, checked on its own (before matching against existing contacts). */
export type CsvRow =
  | { line: number; ok: true; name: string; email: string | null; phone: string | null; tags: string[] }
  | { line: number; ok: false; reason: string };

export const SKIP_REASONS = {
  missingName: 'Missing name',
  nameTooLong: `Name is longer than ${CONTACT_NAME_MAX} characters`,
  noEmailNoPhone: 'No email and no phone',
  invalidEmail: 'Invalid email',
  invalidPhone: 'Invalid phone',
  invalidCharacters: 'Contains a character that cannot be stored (NUL)',
  duplicateInFile: (line: number) => `Duplicate of line ${line} in this file`,
  sameContactInFile: (line: number) => `Same contact as line ${line} in this file`,
  twoContacts: 'Email and phone belong to two different contacts',
} as const;

const HEADER_ALIASES: Record<'name' | 'email' | 'phone' | 'tags', string[]> = {
  name: ['name', 'full name', 'fullname', 'contact name'],
  email: ['email', 'e-mail', 'email address'],
  phone: ['phone', 'phone number', 'mobile', 'telephone'],
  tags: ['tags', 'tag'],
};

const isEmail = (value: string) => value.length <= 254 && z.email().safeParse(value).success;

/** The bytes as UTF-8 text (BOM removed); anything else is refused rather than silently mangled. */
export function decodeUtf8(bytes: Uint8Array): string {
  try {
    // fatal: an invalid byte sequence throws instead of becoming U+FFFD; the BOM is dropped.
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw badRequest(
      'The file is not UTF-8 text. Save it as "CSV UTF-8" in your spreadsheet app and try again.',
    );
  }
}

function describeCsvError(err: CsvError): string {
  const line = (err as CsvError & { lines?: number }).lines;
  const where = line ? ` at line ${line}` : '';
  switch (err.code) {
    case 'CSV_QUOTE_NOT_CLOSED':
      return `The CSV file could not be read${where}: a quoted value is never closed.`;
    case 'CSV_INVALID_CLOSING_QUOTE':
      return `The CSV file could not be read${where}: a quote inside a value must be doubled ("").`;
    case 'CSV_MAX_RECORD_SIZE':
      return `The CSV file could not be read${where}: a row is too long.`;
    default:
      return `The CSV file could not be read${where}.`;
  }
}

/**
 * Parses an import file: a header row naming name, email and phone (and optionally tags), then one
 * contact per row. Cells are kept as text: a cell starting with = + - @ is stored literally, never
 * evaluated (the CSV export neutralises it).
 */
export function parseContactsCsv(text: string, country: CountryCode): CsvRow[] {
  let records: { record: string[]; info: { lines: number } }[];
  try {
    records = parse(text, {
      bom: true,
      info: true,
      skip_empty_lines: true,
      relax_column_count: true,
      max_record_size: 64 * 1024,
      to: IMPORT_MAX_ROWS + 2,
    }) as unknown as { record: string[]; info: { lines: number } }[];
  } catch (err) {
    if (err instanceof CsvError) throw badRequest(describeCsvError(err));
    throw err;
  }

  const [header, ...data] = records;
  if (!header) throw badRequest('The CSV file is empty.');
  const columns = header.record.map((cell) => cell.trim().toLowerCase());
  const indexOf = (field: keyof typeof HEADER_ALIASES) =>
    columns.findIndex((column) => HEADER_ALIASES[field].includes(column));
  const index = {
    name: indexOf('name'),
    email: indexOf('email'),
    phone: indexOf('phone'),
    tags: indexOf('tags'),
  };
  const missing = (['name', 'email', 'phone'] as const).filter((field) => index[field] < 0);
  if (missing.length > 0) {
    throw badRequest(
      `The first row must name the columns name, email and phone (missing: ${missing.join(', ')}).`,
    );
  }
  if (data.length === 0) throw badRequest('The CSV file has a header but no contacts.');
  if (data.length > IMPORT_MAX_ROWS) {
    throw badRequest(`A file can import at most ${IMPORT_MAX_ROWS.toLocaleString('en-US')} contacts.`);
  }

  const firstLineOfEmail = new Map<string, number>();
  const firstLineOfPhone = new Map<string, number>();
  return data.map(({ record, info }): CsvRow => {
    const line = info.lines;
    const cell = (i: number) => (i >= 0 ? (record[i] ?? '').trim() : '');
    const name = cell(index.name);
    const email = cell(index.email);
    const rawPhone = cell(index.phone);

    if (record.some((value) => value.includes('\u0000'))) {
      return { line, ok: false, reason: SKIP_REASONS.invalidCharacters };
    }
    if (!name) return { line, ok: false, reason: SKIP_REASONS.missingName };
    if (name.length > CONTACT_NAME_MAX) return { line, ok: false, reason: SKIP_REASONS.nameTooLong };
    if (!email && !rawPhone) return { line, ok: false, reason: SKIP_REASONS.noEmailNoPhone };
    if (email && !isEmail(email)) return { line, ok: false, reason: SKIP_REASONS.invalidEmail };
    const phone = rawPhone ? normalizePhone(rawPhone, country) : null;
    if (rawPhone && !phone) return { line, ok: false, reason: SKIP_REASONS.invalidPhone };

    const emailKey = email.toLowerCase();
    const earlier = (email && firstLineOfEmail.get(emailKey)) || (phone && firstLineOfPhone.get(phone));
    if (earlier) return { line, ok: false, reason: SKIP_REASONS.duplicateInFile(earlier) };
    if (email) firstLineOfEmail.set(emailKey, line);
    if (phone) firstLineOfPhone.set(phone, line);

    const tags = uniqueTags(
      cell(index.tags)
        .split(/[;,|]/)
        .map((tag) => tag.trim())
        .filter((tag) => tag.length > 0 && tag.length <= TAG_MAX),
    ).slice(0, TAGS_MAX);
    return { line, ok: true, name, email: email || null, phone, tags };
  });
}
