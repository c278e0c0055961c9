import { directionOf } from '@shared/i18n/languages';
import { fillWidgetWords } from '@shared/widget';
import { WIDGET_MAX_REVIEWS, type PublicWidget, type WidgetReview } from '@shared/schemas/widget';
import { messagesIn } from '../../lib/i18n';
import { escapeHtml } from '../../lib/mail/html';

const SOURCE_LABEL = { google: 'Google', facebook: 'Facebook' } as const;
const HEX_COLOUR = /^#[0-9a-fA-F]{6}$/;

function stars(rating: number, widget: PublicWidget): string {
  // The stars are decoration; the words say the rating to a screen reader.
  return (
    `<span class="stars" aria-hidden="true">${'★'.repeat(rating)}${'☆'.repeat(5 - rating)}</span>` +
    `<span class="sr">${escapeHtml(fillWidgetWords(widget.words.rated, { rating }))}</span>`
  );
}

function reviewItem(review: WidgetReview, widget: PublicWidget): string {
  const date = new Date(`${review.date}T00:00:00Z`).toLocaleDateString(widget.language, {
    dateStyle: 'medium',
    timeZone: 'UTC',
  });
  const source = fillWidgetWords(widget.words.onSource, { source: SOURCE_LABEL[review.source] });
  return (
    `<li><article><p class="rating">${stars(review.rating, widget)}</p>` +
    (review.text ? `<p class="text">${escapeHtml(review.text)}</p>` : '') +
    `<p class="by">${escapeHtml(review.name)} · <time datetime="${review.date}">${date}</time> · ` +
    `${escapeHtml(source)}</p></article></li>`
  );
}

/** Which page of the wall this is, and the wall's own path (the key is checked, and escaped all the same). */
export interface WallPaging {
  page: number;
  path: string;
}

/**
 * The newer and older pages next to this one, or null at either end. Past the last page, "newer" leads
 * back to the last one that has reviews.
 */
function neighbours({ page }: WallPaging, count: number) {
  const last = Math.max(1, Math.ceil(count / WIDGET_MAX_REVIEWS));
  return { newer: page > 1 ? Math.min(page - 1, last) : null, older: page < last ? page + 1 : null };
}

/**
 * The shareable "wall" of a client's widget: the same reviews, full page, WIDGET_MAX_REVIEWS at a time with
 * links to newer and older ones (and rel=prev/next), no script (the strict CSP holds), and, like the widget,
 * no review-snippet markup (schema.org, JSON-LD, itemprop): a business's reviews of itself are not eligible
 * for rich results and may be penalised.
 */
export function wallPage(widget: PublicWidget, paging: WallPaging): string {
  const t = messagesIn(widget.language);
  const dark = widget.theme === 'dark';
  const accent =
    widget.accentColor && HEX_COLOUR.test(widget.accentColor)
      ? widget.accentColor
      : dark
        ? '#fbbf24'
        : '#b45309';
  // The business's figure over all its public reviews, whatever this wall lists (issue 41).
  const summary =
    widget.count > 0 && widget.average !== null
      ? `<p class="summary"><strong>${new Intl.NumberFormat(widget.language, {
          minimumFractionDigits: 1,
          maximumFractionDigits: 1,
        }).format(widget.average)}</strong> ${escapeHtml(widget.countLabel)}</p>`
      : '';
  const list =
    widget.reviews.length > 0
      ? `<ul role="list">${widget.reviews.map((review) => reviewItem(review, widget)).join('')}</ul>`
      : `<p>${escapeHtml(widget.listed > 0 ? t('wall.noMore') : widget.words.noneToShow)}</p>`;
  const { newer, older } = neighbours(paging, widget.listed);
  const href = (page: number) => escapeHtml(page === 1 ? paging.path : `${paging.path}?page=${page}`);
  const links =
    (newer ? `<link rel="prev" href="${href(newer)}">` : '') +
    (older ? `<link rel="next" href="${href(older)}">` : '');
  const nav =
    newer || older
      ? `<nav class="pages" aria-label="${escapeHtml(t('wall.moreReviews'))}">` +
        (newer ? `<a rel="prev" href="${href(newer)}">${escapeHtml(t('wall.newer'))}</a>` : '') +
        (older ? `<a rel="next" href="${href(older)}">${escapeHtml(t('wall.older'))}</a>` : '') +
        `</nav>`
      : '';
  const title = escapeHtml(
    paging.page > 1
      ? t('wall.titlePage', { business: widget.business, page: paging.page })
      : t('wall.title', { business: widget.business }),
  );
  const collectedBy = escapeHtml(widget.words.collectedBy);
  const footer = widget.reviewPageUrl
    ? `<a href="${escapeHtml(widget.reviewPageUrl)}">${collectedBy}</a>`
    : collectedBy;
  const heading = escapeHtml(t('wall.heading', { business: widget.business }));
  return (
    `<!doctype html><html lang="${widget.language}" dir="${directionOf(widget.language)}"><head><meta charset="utf-8">` +
    `<meta name="viewport" content="width=device-width, initial-scale=1">` +
    `<title>${title}</title>${links}<style>` +
    `:root{--bg:${dark ? '#111827' : '#f9fafb'};--card:${dark ? '#1f2937' : '#fff'};` +
    `--fg:${dark ? '#f9fafb' : '#111827'};--muted:${dark ? '#d1d5db' : '#4b5563'};` +
    `--line:${dark ? '#374151' : '#e5e7eb'};--accent:${accent}}` +
    `body{font-family:system-ui,-apple-system,Segoe UI,Roboto,sans-serif;margin:0;padding:32px 16px;` +
    `background:var(--bg);color:var(--fg)}main{max-width:960px;margin:0 auto}h1{font-size:1.75rem;margin:0 0 8px}` +
    `.summary{margin:0 0 24px;color:var(--muted)}.summary strong{color:var(--fg);font-size:1.25rem}` +
    `ul{list-style:none;margin:0;padding:0;display:grid;gap:16px;grid-template-columns:repeat(auto-fill,minmax(260px,1fr))}` +
    `article{background:var(--card);border:1px solid var(--line);border-radius:12px;padding:20px;height:100%;box-sizing:border-box}` +
    `article p{margin:0 0 8px;line-height:1.5}.stars{color:var(--accent);letter-spacing:2px}` +
    `.by{color:var(--muted);font-size:.875rem}footer{margin-top:32px}a{color:var(--fg)}` +
    `.pages{display:flex;gap:24px;margin-top:24px}` +
    `.sr{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap}` +
    `</style></head><body><main><h1>${heading}</h1>${summary}${list}${nav}` +
    `<footer><p>${footer}</p></footer></main></body></html>`
  );
}
