import { directionOf, type Language } from '@shared/i18n/languages';
import { escapeHtml } from './mail/html';

/**
 * A small, self-contained HTML page (no scripts, inline styles only, so the strict CSP holds) for the links
 * people open from an email or a text: unsubscribe confirmations and their results. `form` is trusted markup.
 */
export function simplePage(title: string, message: string, form = '', language: Language = 'en'): string {
  return (
    `<!doctype html><html lang="${language}" dir="${directionOf(language)}"><head><meta charset="utf-8">` +
    `<meta name="viewport" content="width=device-width, initial-scale=1">` +
    // The API's header says no-referrer, under which Chrome sends a form's POST with `Origin: null`, and the
    // same-origin check refuses it: a page's own buttons must name their origin.
    `<meta name="referrer" content="same-origin"><title>${escapeHtml(title)}</title>` +
    `<style>body{font-family:system-ui,-apple-system,Segoe UI,Roboto,sans-serif;margin:0;padding:48px 16px;` +
    `background:#f9fafb;color:#111827}main{max-width:480px;margin:0 auto;background:#fff;border:1px solid #e5e7eb;` +
    `border-radius:12px;padding:32px}h1{font-size:1.5rem;margin:0 0 12px}p{margin:0;line-height:1.5;color:#4b5563}` +
    `a{color:#4338ca;font-weight:600}@media (prefers-color-scheme:dark){body{background:#111827;color:#f9fafb}` +
    `main{background:#1f2937;border-color:#374151}p{color:#d1d5db}a{color:#a5b4fc}}button{margin-top:20px;font:inherit;font-weight:600;color:#fff;` +
    `background:#4f46e5;border:0;border-radius:8px;padding:12px 20px;cursor:pointer}</style></head>` +
    `<body><main><h1>${escapeHtml(title)}</h1><p>${escapeHtml(message)}</p>${form}</main></body></html>`
  );
}
