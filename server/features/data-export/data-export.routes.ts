import { once } from 'node:events';
import { Router } from 'express';
import type { AppContext } from '../../lib/context';
import { tenantOf } from '../../middleware/tenant';
import { dataExportServiceFor } from './data-export.service';

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
      if (!first.done) res.write(first.value);
      for await (const chunk of chunks) {
        if (res.destroyed) return;
        if (!res.write(chunk)) await once(res, 'drain');
      }
      res.end();
    } catch (err) {
      // Headers are gone: cut the download short rather than hand over a silently truncated archive.
      req.log?.error({ err }, 'data export failed');
      res.destroy(err instanceof Error ? err : undefined);
    }
  });

  return router;
}
