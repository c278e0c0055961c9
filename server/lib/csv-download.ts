import { once } from 'node:events';
import type { Request, Response } from 'express';
import { UTF8_BOM } from './csv';

/** Writes a chunk, waiting for the socket to drain when the client reads slower than we query. */
async function write(res: Response, chunk: string): Promise<void> {
  if (!res.write(chunk)) await once(res, 'drain');
}

/**
 * Streams a CSV download from batches of lines. The first batch is fetched before any header goes out, so a
 * failing query still answers JSON; a failure later cuts the download short rather than hand over a silently
 * truncated file.
 */
export async function sendCsvDownload(
  req: Request,
  res: Response,
  name: string,
  lines: AsyncGenerator<string>,
): Promise<void> {
  const first = await lines.next();
  const day = new Date().toISOString().slice(0, 10);
  res.status(200);
  res.setHeader('Content-Type', 'text/csv; charset=utf-8');
  res.setHeader('Content-Disposition', `attachment; filename="${name}-${day}.csv"`);
  res.setHeader('Cache-Control', 'no-store');
  try {
    await write(res, UTF8_BOM + (first.done ? '' : first.value));
    for await (const chunk of lines) {
      if (res.destroyed) return;
      await write(res, chunk);
    }
    res.end();
  } catch (err) {
    req.log?.error({ err }, `${name} export failed`);
    res.destroy(err instanceof Error ? err : undefined);
  }
}
