import { strToU8, Zip, ZipDeflate } from 'fflate';
import { csvLine, UTF8_BOM } from '../../lib/csv';
import type { AppContext } from '../../lib/context';
import { createDataExportRepository, type Cell, type DataExportRepository } from './data-export.repository';

const BATCH = 1000;

/** A stored value as CSV text: times in ISO 8601 (UTC), yes/no, lists joined, JSON for structured values. */
function cellText(value: Cell): string | number | null {
  if (value === null) return null;
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  if (Array.isArray(value)) return value.join('; ');
  if (typeof value === 'object') return JSON.stringify(value);
  return value as string | number;
}

/**
 * "Export my data" (issue 11): a ZIP of one CSV per kind of row the client owns, produced as it is read,
 * a page of rows at a time, so a client with 200,000 reviews never sits whole in memory.
 */
export function createDataExportService(repo: DataExportRepository) {
  return {
    /** The files inside the ZIP, in order (tests and the Help page name them). */
    files: (ownerId: number) => repo.sheets(ownerId).map((s) => s.file),

    async *zip(ownerId: number): AsyncGenerator<Uint8Array> {
      const out: Uint8Array[] = [];
      let failure: Error | null = null;
      // fflate's synchronous deflate calls back during push(): each batch's bytes are in `out` right after.
      const zip = new Zip((err, chunk) => {
        if (err) failure = err;
        else out.push(chunk);
      });
      for (const sheet of repo.sheets(ownerId)) {
        const file = new ZipDeflate(sheet.file, { level: 6 });
        zip.add(file);
        file.push(strToU8(UTF8_BOM + csvLine(sheet.header)));
        for (let after = 0; ;) {
          const rows = await sheet.page(after, BATCH);
          if (rows.length > 0) {
            file.push(strToU8(rows.map((row) => csvLine(row.cells.map(cellText))).join('')));
            after = rows[rows.length - 1]!.id;
          }
          if (failure) throw failure;
          yield* out.splice(0);
          if (rows.length < BATCH) break;
        }
        file.push(new Uint8Array(0), true);
      }
      zip.end();
      if (failure) throw failure;
      yield* out.splice(0);
    },
  };
}

export function dataExportServiceFor(ctx: Pick<AppContext, 'db'>) {
  return createDataExportService(createDataExportRepository(ctx.db));
}
