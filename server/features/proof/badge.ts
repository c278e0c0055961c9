import type { ProofSummary } from '@shared/schemas/proof';

const escapeXml = (text: string) => text.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** Roughly how wide 11px Verdana draws a text, as shields-style badges measure it. */
const widthOf = (text: string) => Math.round(text.length * 6.6) + 12;

const figure = (n: number) => n.toLocaleString('en-US');

/** The badge's two halves: what it vouches for, and the figures behind it. */
export function badgeTexts(summary: ProofSummary): { label: string; value: string; alt: string } {
  const filtered = summary.filtered === 0 ? 'none filtered' : `${figure(summary.filtered)} not offered`;
  const value = `${figure(summary.asked)} asked · ${filtered}`;
  const rating =
    summary.average === null ? '' : `, ${summary.average.toFixed(1)} stars on Google and Facebook`;
  return {
    label: 'Honest reviews',
    value,
    alt: `Honest reviews of ${summary.business}: ${figure(summary.asked)} customers asked in 12 months, ${filtered}${rating}`,
  };
}

/** The embeddable badge: an SVG image with its words as text, so it is sharp at any size and readable aloud. */
export function badgeSvg(summary: ProofSummary): string {
  const { label, value, alt } = badgeTexts(summary);
  const left = widthOf(label);
  const right = widthOf(value);
  const width = left + right;
  const colour = summary.filtered === 0 ? '#15803d' : '#b45309';
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="20" role="img" aria-label="${escapeXml(alt)}">
<title>${escapeXml(alt)}</title>
<rect width="${left}" height="20" rx="3" fill="#374151"/>
<rect x="${left}" width="${right}" height="20" rx="3" fill="${colour}"/>
<rect x="${left}" width="4" height="20" fill="${colour}"/>
<g fill="#fff" font-family="Verdana,DejaVu Sans,sans-serif" font-size="11" text-anchor="middle">
<text x="${left / 2}" y="14">${escapeXml(label)}</text>
<text x="${left + right / 2}" y="14">${escapeXml(value)}</text>
</g>
</svg>`;
}
