import { Router } from 'express';
import type { AppContext } from '../../lib/context';

/**
 * What search engines are told (issue 43): only the landing page and the review walls a business shares on
 * its own site are for crawling. A customer's review link, an invitation, the sign-in page and the app are
 * not; the API never. The sitemap lists what everyone may find, nothing more: a wall's key is unguessable
 * on purpose, so walls are crawled when a business links to them, never listed here.
 */
export function robotsTxt(publicBaseUrl: string): string {
  return [
    'User-agent: *',
    'Allow: /$',
    'Allow: /wall/',
    'Disallow: /',
    '',
    `Sitemap: ${publicBaseUrl}/sitemap.xml`,
    '',
  ].join('\n');
}

export function sitemapXml(publicBaseUrl: string): string {
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    `  <url><loc>${publicBaseUrl}/</loc></url>`,
    '</urlset>',
    '',
  ].join('\n');
}

const ONE_DAY_SECONDS = 24 * 60 * 60;

export function createCrawlerRoutes(ctx: Pick<AppContext, 'env'>): Router {
  const router = Router();
  const robots = robotsTxt(ctx.env.publicBaseUrl);
  const sitemap = sitemapXml(ctx.env.publicBaseUrl);
  router.get('/robots.txt', (_req, res) => {
    res.setHeader('Cache-Control', `public, max-age=${ONE_DAY_SECONDS}`);
    res.type('text/plain').send(robots);
  });
  router.get('/sitemap.xml', (_req, res) => {
    res.setHeader('Cache-Control', `public, max-age=${ONE_DAY_SECONDS}`);
    res.type('application/xml').send(sitemap);
  });
  return router;
}
