import { pipeline } from 'node:stream/promises';
import { Router } from 'express';
import type { AppContext } from '../../lib/context';
import { tenantOf } from '../../middleware/tenant';
import { dataExportServiceFor } from './data-export.service';

const isPrematureClose = (err: unknown) =>
  (err as NodeJS.ErrnoException | null)?.code === 'ERR_STREAM_PREMATURE_CLOSE';

/**
 * GET /api/account/export: everything the client owns as a ZIP of CSVs, streamed. In the client router, so
 * an admin inside a client's area exports that client's data (audited like every mirrored call).
 */
export function createDataExportRoutes(ctx: AppContext): Router {
  const service = dataExportServiceFor(ctx);
  const router = Router();

  router.get('/account/export', async (req, res) => {
    const chunks = service.zip(tenantOf(req));
    // The first rows are read before any header goes out, so a failing query still answers JSON.
    const first = await chunks.next();
    const day = ctx.now().toISOString().slice(0, 10);
    res.status(200);
    res.setHeader('Content-Type', 'application/zip');
    res.setHeader('Content-Disposition', `attachment; filename="reviewflow-export-${day}.zip"`);
    res.setHeader('Cache-Control', 'no-store');
    try {
      // pipeline waits for the socket to drain between chunks, and closes the rows' generator when the
      // download is cut short: awaiting 'drain' on a closed socket would wait for ever.
      await pipeline(async function* () {
        if (!first.done) yield first.value;
        yield* chunks;
      }, res);
    } catch (err) {
      if (isPrematureClose(err)) return; // The downloader went away: nobody is left to answer.
      // Headers are gone: the download is cut short (pipeline destroyed it) rather than handed over silently
      // truncated.
      req.log?.error({ err }, 'data export failed');
    }
  });

  return router;
}
