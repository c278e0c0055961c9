import { CsvError, parse } from 'csv-parse/sync';
import { z } from 'zod';
import { normalizePhone, type CountryCode } from '@shared/phone';
import { CONTACT_NAME_MAX, IMPORT_MAX_ROWS, TAG_MAX, TAGS_MAX, uniqueTags } from '@shared/schemas/contacts';
import { LANGUAGES, languageOfWord, type Language } from '@shared/i18n/languages';
import { badRequest } from '../../lib/errors';

/** One data row of an import file, checked on its own (before matching against existing contacts). */
export type CsvRow =
  | {
      line: number;
      ok: true;
      name: string;
      email: string | null;
      phone: string | null;
      tags: string[];
      language: Language | null;
    }
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
  unknownLanguage: (value: string) =>
    `Unknown language "${value.slice(0, 40)}" (use ${LANGUAGES.join(', ')} or the language's name)`,
  tooManyValues: (values: number, columns: number) =>
    `Has ${values} values but the first row names ${columns} columns (put a value containing a comma in quotes)`,
} as const;

const HEADER_ALIASES: Record<'name' | 'email' | 'phone' | 'tags' | 'language', string[]> = {
  name: ['name', 'full name', 'fullname', 'contact name'],
  email: ['email', 'e-mail', 'email address'],
  phone: ['phone', 'phone number', 'mobile', 'telephone'],
  tags: ['tags', 'tag'],
  language: ['language', 'lang', 'locale', 'preferred language'],
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

/** Why csv-parse could not read a line, in the owner's words. */
function unreadableReason(code: string): string {
  switch (code) {
    case 'CSV_QUOTE_NOT_CLOSED':
      return 'Could not be read: a quoted value is never closed';
    case 'CSV_INVALID_CLOSING_QUOTE':
    case 'INVALID_OPENING_QUOTE':
      return 'Could not be read: a quote inside a value must be doubled ("")';
    case 'CSV_MAX_RECORD_SIZE':
      return 'Could not be read: the row is too long';
    default:
      return 'Could not be read';
  }
}

/** More lines than this that cannot be read: the file is not the CSV it claims to be. */
const MAX_UNREADABLE_LINES = 100;
const notCsv = () =>
  badRequest(
    `The CSV file could not be read: more than ${MAX_UNREADABLE_LINES} lines are not CSV. Save it as "CSV UTF-8" and try again.`,
  );

interface ReadRecords {
  records: { record: string[]; line: number }[];
  unreadable: { line: number; reason: string }[];
}

/**
 * The file's records, each with the line it ends on, and the lines that could not be read (issue 41: one bad
 * line is reported, the others imported). A bad quote can swallow the lines after it (to the end of the file
 * when it is never closed), so the line a bad record starts on is reported and the lines after it are read
 * again.
 */
function readRecords(text: string): ReadRecords {
  const lines = text.split(/\r\n|\n|\r/);
  const read: ReadRecords = { records: [], unreadable: [] };
  let offset = 0;
  while (offset < lines.length) {
    type Event = { end: number } & ({ record: string[] } | { code: string });
    const events: Event[] = [];
    try {
      const rows = parse(offset === 0 ? text : lines.slice(offset).join('\n'), {
        bom: true,
        info: true,
        skip_empty_lines: true,
        relax_column_count: true,
        max_record_size: 64 * 1024,
        to: IMPORT_MAX_ROWS + 2,
        skip_records_with_error: true,
        on_skip: (err: CsvError | undefined) => {
          if (!err) return;
          const end = (err as CsvError & { lines?: number }).lines ?? 0;
          events.push({ code: err.code, end: err.code === 'CSV_QUOTE_NOT_CLOSED' ? Infinity : end });
        },
      }) as unknown as { record: string[]; info: { lines: number } }[];
      for (const row of rows) events.push({ record: row.record, end: row.info.lines });
    } catch (err) {
      if (err instanceof CsvError) throw badRequest('The CSV file could not be read.');
      throw err;
    }
    events.sort((a, b) => a.end - b.end);
    let previousEnd = 0;
    // Where to read again: csv-parse reads on after a bad record, but not always from the next line.
    let restart: number | null = null;
    for (const event of events) {
      if ('record' in event) {
        read.records.push({ record: event.record, line: offset + event.end });
        previousEnd = event.end;
        continue;
      }
      let start = previousEnd + 1;
      while (offset + start <= lines.length && lines[offset + start - 1]!.trim() === '') start += 1;
      read.unreadable.push({ line: offset + start, reason: unreadableReason(event.code) });
      if (read.unreadable.length > MAX_UNREADABLE_LINES) throw notCsv();
      restart = offset + start;
      break;
    }
    if (restart === null) break;
    offset = restart;
  }
  return read;
}

/**
 * Parses an import file: a header row naming name, email and phone (and optionally tags and language), then one
 * contact per row. Cells are kept as text: a cell starting with = + - @ is stored literally, never
 * evaluated (the CSV export neutralises it). A line that cannot be read is a skipped row with its reason.
 */
export function parseContactsCsv(text: string, country: CountryCode): CsvRow[] {
  const { records, unreadable } = readRecords(text);

  const [header, ...data] = records;
  if (!header) throw badRequest('The CSV file is empty.');
  const badHeader = unreadable.find((bad) => bad.line <= header.line);
  if (badHeader) {
    throw badRequest(`The first row of the CSV file could not be read (line ${badHeader.line}).`);
  }
  const columns = header.record.map((cell) => cell.trim().toLowerCase());
  const indexOf = (field: keyof typeof HEADER_ALIASES) =>
    columns.findIndex((column) => HEADER_ALIASES[field].includes(column));
  const index = {
    name: indexOf('name'),
    email: indexOf('email'),
    phone: indexOf('phone'),
    tags: indexOf('tags'),
    language: indexOf('language'),
  };
  const missing = (['name', 'email', 'phone'] as const).filter((field) => index[field] < 0);
  if (missing.length > 0) {
    throw badRequest(
      `The first row must name the columns name, email and phone (missing: ${missing.join(', ')}).`,
    );
  }
  if (data.length === 0 && unreadable.length === 0) {
    throw badRequest('The CSV file has a header but no contacts.');
  }
  if (data.length > IMPORT_MAX_ROWS) {
    throw badRequest(`A file can import at most ${IMPORT_MAX_ROWS.toLocaleString('en-US')} contacts.`);
  }

  const firstLineOfEmail = new Map<string, number>();
  const firstLineOfPhone = new Map<string, number>();
  const rows = data.map(({ record, line }): CsvRow => {
    const cell = (i: number) => (i >= 0 ? (record[i] ?? '').trim() : '');
    const name = cell(index.name);
    const email = cell(index.email);
    const rawPhone = cell(index.phone);

    if (record.some((value) => value.includes('\u0000'))) {
      return { line, ok: false, reason: SKIP_REASONS.invalidCharacters };
    }
    // A row may leave its last cells out; values beyond the header's columns mean a comma went unquoted.
    if (record.slice(columns.length).some((value) => value.trim() !== '')) {
      return { line, ok: false, reason: SKIP_REASONS.tooManyValues(record.length, columns.length) };
    }
    if (!name) return { line, ok: false, reason: SKIP_REASONS.missingName };
    if (name.length > CONTACT_NAME_MAX) return { line, ok: false, reason: SKIP_REASONS.nameTooLong };
    if (!email && !rawPhone) return { line, ok: false, reason: SKIP_REASONS.noEmailNoPhone };
    if (email && !isEmail(email)) return { line, ok: false, reason: SKIP_REASONS.invalidEmail };
    const phone = rawPhone ? normalizePhone(rawPhone, country) : null;
    if (rawPhone && !phone) return { line, ok: false, reason: SKIP_REASONS.invalidPhone };
    const rawLanguage = cell(index.language);
    const language = rawLanguage ? languageOfWord(rawLanguage) : null;
    if (rawLanguage && !language)
      return { line, ok: false, reason: SKIP_REASONS.unknownLanguage(rawLanguage) };

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
    return { line, ok: true, name, email: email || null, phone, tags, language };
  });
  const skipped: CsvRow[] = unreadable.map(({ line, reason }) => ({ line, ok: false, reason }));
  return [...rows, ...skipped].sort((a, b) => a.line - b.line);
}
