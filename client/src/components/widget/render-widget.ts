import type { PublicWidget, WidgetReview } from '@shared/schemas/widget';
import { fillWidgetWords } from '@shared/widget';

/**
 * Renders the website review widget (issue 16) into a shadow root: the embed script (client/widget) and the
 * preview in Settings › Widget both call it, so the owner sees what their visitors will. No framework, so
 * the script stays a few KB; text goes in through textContent only, never as markup. It writes no
 * review-snippet markup (schema.org, JSON-LD, itemprop): Google ignores a business's reviews of itself in
 * rich results and may penalise them.
 */

const SOURCE_LABEL: Record<WidgetReview['source'], string> = { google: 'Google', facebook: 'Facebook' };
const HEX_COLOUR = /^#[0-9a-fA-F]{6}$/;

const STYLE = `
:host{all:initial;display:block}
.rf{--bg:#fff;--card:#fff;--fg:#111827;--muted:#4b5563;--line:#d1d5db;--star:#b45309;
font:15px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:var(--fg);background:var(--bg);
border:1px solid var(--line);border-radius:12px;padding:16px;box-sizing:border-box;max-width:100%}
.rf.dark{--bg:#111827;--card:#1f2937;--fg:#f9fafb;--muted:#d1d5db;--line:#4b5563;--star:#fbbf24}
.rf *{box-sizing:border-box}
.sr{position:absolute;width:1px;height:1px;margin:-1px;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap;border:0}
.head{display:flex;flex-wrap:wrap;align-items:baseline;gap:4px 8px;margin:0 0 12px}
.avg{font-size:24px;font-weight:700}
.stars{color:var(--star);letter-spacing:2px}
.count{color:var(--muted)}
ul{list-style:none;margin:0;padding:0}
.grid ul{display:grid;gap:12px;grid-template-columns:repeat(auto-fill,minmax(220px,1fr))}
li{background:var(--card);border:1px solid var(--line);border-radius:10px;padding:14px}
li[hidden]{display:none}
li p{margin:0 0 6px}
.by{color:var(--muted);font-size:13px}
.nav{display:flex;align-items:center;gap:8px;margin-top:10px}
.nav span{color:var(--muted);font-size:13px}
button{font:inherit;color:var(--fg);background:var(--card);border:1px solid var(--line);border-radius:8px;
min-width:44px;min-height:44px;cursor:pointer}
button:focus-visible,a:focus-visible{outline:3px solid var(--star);outline-offset:2px}
button:disabled{opacity:.5;cursor:default}
.foot{margin:12px 0 0;font-size:13px}
a{color:var(--fg)}
.empty{margin:0;color:var(--muted)}
`;

function el<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  props: { className?: string; text?: string } = {},
  ...children: Node[]
): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  if (props.className) node.className = props.className;
  if (props.text !== undefined) node.textContent = props.text;
  node.append(...children);
  return node;
}

/** Stars a sighted visitor sees, with the same rating in words for a screen reader. */
function stars(rating: number, words: string): HTMLElement {
  const wrap = el('span');
  const shown = Math.max(0, Math.min(5, Math.round(rating)));
  const visual = el('span', { className: 'stars', text: '★'.repeat(shown) + '☆'.repeat(5 - shown) });
  visual.setAttribute('aria-hidden', 'true');
  wrap.append(visual, el('span', { className: 'sr', text: words }));
  return wrap;
}

function formatDate(day: string, language: string): string {
  const date = new Date(`${day}T00:00:00Z`);
  if (Number.isNaN(date.getTime())) return day;
  return date.toLocaleDateString(language, { dateStyle: 'medium', timeZone: 'UTC' });
}

function reviewItem(review: WidgetReview, widget: PublicWidget): HTMLLIElement {
  const { words } = widget;
  const time = el('time', { text: formatDate(review.date, widget.language) });
  time.dateTime = review.date;
  const by = el('p', { className: 'by', text: `${review.name} · ` });
  by.append(
    time,
    ` · ${fillWidgetWords(words.onSource, { source: SOURCE_LABEL[review.source] ?? review.source })}`,
  );
  const item = el(
    'li',
    {},
    el('p', {}, stars(review.rating, fillWidgetWords(words.rated, { rating: review.rating }))),
  );
  if (review.text) item.append(el('p', { text: review.text }));
  item.append(by);
  return item;
}

/** The business's figure over all its public reviews, whatever the widget lists (issue 41). */
function summary(widget: PublicWidget): HTMLElement {
  const head = el('p', { className: 'head' });
  if (widget.average === null || widget.count === 0) {
    head.append(el('span', { className: 'count', text: widget.countLabel }));
    return head;
  }
  const average = new Intl.NumberFormat(widget.language, {
    minimumFractionDigits: 1,
    maximumFractionDigits: 1,
  }).format(widget.average);
  head.append(
    el('span', { className: 'avg', text: average }),
    stars(widget.average, fillWidgetWords(widget.words.rated, { rating: average })),
    el('span', { className: 'count', text: widget.countLabel }),
  );
  return head;
}

/** One review at a time, with buttons (keyboard-operable, announced) rather than a scrolling strip. */
function carousel(list: HTMLUListElement, items: HTMLLIElement[], widget: PublicWidget): HTMLElement {
  let current = 0;
  const status = el('span');
  status.setAttribute('aria-live', 'polite');
  const previous = el('button', { text: '‹' });
  const next = el('button', { text: '›' });
  previous.type = next.type = 'button';
  previous.setAttribute('aria-label', widget.words.previous);
  next.setAttribute('aria-label', widget.words.next);
  const show = (index: number) => {
    current = (index + items.length) % items.length;
    items.forEach((item, i) => (item.hidden = i !== current));
    status.textContent = fillWidgetWords(widget.words.position, {
      current: current + 1,
      total: items.length,
    });
  };
  previous.addEventListener('click', () => show(current - 1));
  next.addEventListener('click', () => show(current + 1));
  show(0);
  const wrap = el('div', {}, list);
  if (items.length > 1) wrap.append(el('div', { className: 'nav' }, previous, next, status));
  return wrap;
}

function footer(widget: PublicWidget): HTMLElement {
  const text = widget.words.collectedBy;
  const foot = el('p', { className: 'foot' });
  const url = widget.reviewPageUrl;
  if (url && /^https?:\/\//i.test(url)) {
    const link = el('a', { text });
    link.href = url;
    link.target = '_blank';
    link.rel = 'noopener';
    foot.append(link);
  } else {
    foot.textContent = text;
  }
  return foot;
}

/** Replaces what `root` holds with the widget for `widget`. */
export function renderWidget(root: ShadowRoot, widget: PublicWidget): void {
  const box = el('section', { className: `rf ${widget.layout}${widget.theme === 'dark' ? ' dark' : ''}` });
  box.setAttribute('aria-label', widget.words.reviewsOf);
  box.lang = widget.language;
  box.dir = widget.language === 'ar' ? 'rtl' : 'ltr';
  if (widget.accentColor && HEX_COLOUR.test(widget.accentColor)) {
    box.style.setProperty('--star', widget.accentColor);
  }
  box.append(summary(widget));
  if (widget.layout !== 'badge') {
    if (widget.reviews.length === 0) {
      box.append(el('p', { className: 'empty', text: widget.words.noneToShow }));
    } else {
      const items = widget.reviews.map((review) => reviewItem(review, widget));
      // role="list": Safari drops a list's semantics when its bullets are styled away.
      const list = el('ul', {}, ...items);
      list.setAttribute('role', 'list');
      list.setAttribute('aria-label', widget.words.reviews);
      box.append(widget.layout === 'carousel' ? carousel(list, items, widget) : list);
    }
  }
  box.append(footer(widget));
  root.replaceChildren(el('style', { text: STYLE }), box);
}
