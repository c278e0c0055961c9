import { REVIEW_SOURCE_NAMES as SOURCE, type ReviewType } from '@shared/domain';
import { escapeHtml } from '../../lib/mail/html';

export interface ComposedEmail {
  subject: string;
  text: string;
  html: string;
}

const stars = (rating: number) => '★'.repeat(rating) + '☆'.repeat(5 - rating);
const oneLine = (text: string) => text.replace(/[\r\n]+/g, ' ').trim();

function layout(title: string, body: string, unsubscribeUrl: string, why: string): string {
  return (
    `<!doctype html><html><head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head>` +
    `<body style="font-family:Arial,Helvetica,sans-serif;font-size:15px;line-height:1.5;color:#111827">` +
    `<div style="max-width:560px;margin:0 auto;padding:24px">${body}` +
    `<p style="margin:24px 0 0;font-size:12px;color:#6b7280">${escapeHtml(why)} ` +
    `<a href="${escapeHtml(unsubscribeUrl)}" style="color:#6b7280">Turn these emails off</a></p>` +
    `</div></body></html>`
  );
}

const button = (href: string, label: string) =>
  `<p style="margin:24px 0"><a href="${escapeHtml(href)}" style="display:inline-block;padding:12px 24px;` +
  `background:#2563eb;color:#ffffff;text-decoration:none;border-radius:6px;font-weight:600">${escapeHtml(label)}</a></p>`;

export interface AlertReview {
  type: ReviewType;
  rating: number;
  content: string;
  reviewerName: string;
  locationName: string | null;
}

/** A suggested reply the alert offers, with the link that publishes it and the one that opens it to edit. */
export interface AlertReply {
  content: string;
  publishUrl: string;
  editUrl: string;
}

const REPLY_LINK_TERMS =
  'The link works once, for 72 hours, and you can undo for 5 minutes after publishing.';

const secondaryLink = (href: string, label: string) =>
  `<p style="margin:0 0 24px"><a href="${escapeHtml(href)}" style="color:#2563eb;font-weight:600">${escapeHtml(label)}</a></p>`;

/**
 * The instant alert for one new review. With a suggested reply (issue 47, item 4) it offers "Publish this
 * reply" and "Edit in ReviewFlow" instead of "Answer this review".
 */
export function composeReviewAlert(input: {
  business: string;
  review: AlertReview;
  answerUrl: string;
  unsubscribeUrl: string;
  alertMaxRating: number;
  reply?: AlertReply;
}): ComposedEmail {
  const { review } = input;
  const who = review.reviewerName.trim() || 'A customer';
  const where = review.locationName ? ` at ${review.locationName}` : '';
  const subject = oneLine(`New ${review.rating}-star ${SOURCE[review.type]} review for ${input.business}`);
  const why = `You get this email for each new review of ${input.alertMaxRating} stars or fewer.`;
  const text = [
    `${who} left a ${review.rating}-star review (${SOURCE[review.type]})${where}.`,
    '',
    `${stars(review.rating)}`,
    review.content.trim() ? `"${review.content.trim()}"` : '(No text, only a rating.)',
    '',
    ...(input.reply
      ? [
          'Suggested reply:',
          input.reply.content,
          '',
          `Publish this reply: ${input.reply.publishUrl}`,
          REPLY_LINK_TERMS,
          '',
          `Edit in ReviewFlow: ${input.reply.editUrl}`,
        ]
      : [`Answer it: ${input.answerUrl}`]),
    '',
    '--',
    `${why} Turn them off: ${input.unsubscribeUrl}`,
  ].join('\n');
  const body =
    `<p style="margin:0 0 8px">${escapeHtml(`${who} left a ${review.rating}-star review (${SOURCE[review.type]})${where}.`)}</p>` +
    `<p style="margin:0 0 8px;font-size:20px;color:#f59e0b" aria-label="${review.rating} out of 5 stars">${stars(review.rating)}</p>` +
    (review.content.trim()
      ? `<blockquote style="margin:0;padding:8px 16px;border-left:4px solid #e5e7eb;color:#374151">${escapeHtml(review.content.trim()).replace(/\n/g, '<br>')}</blockquote>`
      : `<p style="margin:0;color:#6b7280">No text, only a rating.</p>`) +
    (input.reply
      ? `<h2 style="font-size:16px;margin:24px 0 8px">Suggested reply</h2>` +
        `<blockquote style="margin:0;padding:8px 16px;border-left:4px solid #2563eb;color:#374151">${escapeHtml(input.reply.content).replace(/\n/g, '<br>')}</blockquote>` +
        button(input.reply.publishUrl, 'Publish this reply') +
        secondaryLink(input.reply.editUrl, 'Edit in ReviewFlow') +
        `<p style="margin:0;font-size:13px;color:#6b7280">${escapeHtml(REPLY_LINK_TERMS)}</p>`
      : button(input.answerUrl, 'Answer this review'));
  return { subject, text, html: layout(subject, body, input.unsubscribeUrl, why) };
}

/** What the sync found changed on Google or Facebook (issue 47, item 2): one email for one location's changes. */
export function composeSiteChangesAlert(input: {
  business: string;
  site: string;
  locationName: string;
  items: { title: string; body: string; url: string }[];
  unsubscribeUrl: string;
}): ComposedEmail {
  const { items, site } = input;
  const subject = oneLine(
    items.length === 1
      ? `${items[0]!.title} (${input.business})`
      : `${items.length} changes on ${site} to reviews of ${input.business}`,
  );
  const intro = `ReviewFlow re-read your reviews on ${site} for ${input.locationName} and found:`;
  const why =
    'You get this email when a review you answered changes, or a review or a reply leaves the site.';
  const text = [
    intro,
    '',
    ...items.flatMap((item) => [`- ${item.title}`, `  ${item.body}`, `  ${item.url}`, '']),
    '--',
    `${why} Turn these emails off: ${input.unsubscribeUrl}`,
  ].join('\n');
  const body =
    `<p style="margin:0 0 16px">${escapeHtml(intro)}</p>` +
    items
      .map(
        (item) =>
          `<div style="margin:0 0 16px;padding:12px 16px;border:1px solid #e5e7eb;border-radius:8px">` +
          `<p style="margin:0 0 4px;font-weight:600">${escapeHtml(item.title)}</p>` +
          `<p style="margin:0 0 8px;color:#374151">${escapeHtml(item.body)}</p>` +
          `<a href="${escapeHtml(item.url)}" style="color:#2563eb;font-weight:600">Open the review</a></div>`,
      )
      .join('');
  return { subject, text, html: layout(subject, body, input.unsubscribeUrl, why) };
}

/** A customer's answer on their feedback case's page (issue 47, item 3): the business's turn, said by email too. */
export function composeFeedbackAnswerAlert(input: {
  business: string;
  customerName: string;
  answer: string;
  review: AlertReview;
  caseUrl: string;
  unsubscribeUrl: string;
}): ComposedEmail {
  const { review } = input;
  const who = input.customerName.trim() || 'A customer';
  const where = review.locationName ? ` at ${review.locationName}` : '';
  const subject = oneLine(`${who} answered you (${input.business})`);
  const intro = `${who} answered on the conversation about their ${review.rating}-star review${where}:`;
  const why = 'You get this email when a customer answers you, as part of your instant alerts.';
  const text = [
    intro,
    '',
    `"${input.answer.trim()}"`,
    '',
    `Answer them: ${input.caseUrl}`,
    '',
    '--',
    `${why} Turn them off: ${input.unsubscribeUrl}`,
  ].join('\n');
  const body =
    `<p style="margin:0 0 8px">${escapeHtml(intro)}</p>` +
    `<blockquote style="margin:0;padding:8px 16px;border-left:4px solid #e5e7eb;color:#374151">${escapeHtml(input.answer.trim()).replace(/\n/g, '<br>')}</blockquote>` +
    button(input.caseUrl, 'Open the conversation');
  return { subject, text, html: layout(subject, body, input.unsubscribeUrl, why) };
}

export interface DigestFigures {
  newReviews: number;
  averageRating: number | null;
  responseRate: number | null;
  unanswered: number;
  best: (AlertReview & { id: number }) | null;
  worst: (AlertReview & { id: number }) | null;
}

/** "Mon 16 Nov to Sun 22 Nov" */
function weekLabel(weekStart: Date): string {
  const end = new Date(weekStart.getTime() + 6 * 86_400_000);
  const day = (d: Date) =>
    d.toLocaleDateString('en-GB', { weekday: 'short', day: 'numeric', month: 'short', timeZone: 'UTC' });
  return `${day(weekStart)} to ${day(end)}`;
}

/** The weekly digest: last week's figures and its best and worst review, in plain text and HTML. */
export function composeWeeklyDigest(input: {
  business: string;
  weekStart: Date;
  figures: DigestFigures;
  dashboardUrl: string;
  reviewUrl: (id: number) => string;
  unsubscribeUrl: string;
}): ComposedEmail {
  const { figures } = input;
  const label = weekLabel(input.weekStart);
  const subject = oneLine(
    `${input.business}: ${figures.newReviews} new review${figures.newReviews === 1 ? '' : 's'} last week`,
  );
  const rows: [string, string][] = [
    ['New reviews', String(figures.newReviews)],
    ['Average rating', figures.averageRating === null ? 'no reviews' : figures.averageRating.toFixed(1)],
    ['Answered', figures.responseRate === null ? 'no reviews' : `${figures.responseRate}%`],
    ['Waiting for an answer (all time)', String(figures.unanswered)],
  ];
  const quote = (title: string, review: DigestFigures['best']) =>
    review
      ? {
          text: `${title}: ${stars(review.rating)} ${review.reviewerName.trim() || 'A customer'} (${SOURCE[review.type]}): "${oneLine(review.content) || 'no text'}" ${input.reviewUrl(review.id)}`,
          html:
            `<h2 style="font-size:16px;margin:24px 0 8px">${escapeHtml(title)}</h2>` +
            `<p style="margin:0 0 4px;color:#f59e0b">${stars(review.rating)}</p>` +
            `<p style="margin:0 0 4px">${escapeHtml(review.reviewerName.trim() || 'A customer')} (${escapeHtml(SOURCE[review.type])})</p>` +
            `<blockquote style="margin:0;padding:8px 16px;border-left:4px solid #e5e7eb;color:#374151">${escapeHtml(review.content.trim() || 'No text, only a rating.')}</blockquote>` +
            `<p style="margin:4px 0 0"><a href="${escapeHtml(input.reviewUrl(review.id))}">Open it</a></p>`,
        }
      : undefined;
  const best = quote('Best review of the week', figures.best);
  const worst = quote('Lowest-rated review of the week', figures.worst);
  const why = 'You get this summary every Monday.';
  const text = [
    `Your week on ReviewFlow, ${label}.`,
    '',
    ...rows.map(([name, value]) => `${name}: ${value}`),
    ...(best ? ['', best.text] : []),
    ...(worst ? ['', worst.text] : []),
    '',
    `See your dashboard: ${input.dashboardUrl}`,
    '',
    '--',
    `${why} Turn it off: ${input.unsubscribeUrl}`,
  ].join('\n');
  const table =
    `<table role="presentation" style="border-collapse:collapse;width:100%">` +
    rows
      .map(
        ([name, value]) =>
          `<tr><td style="padding:6px 0;border-bottom:1px solid #e5e7eb">${escapeHtml(name)}</td>` +
          `<td style="padding:6px 0;border-bottom:1px solid #e5e7eb;text-align:right;font-weight:600">${escapeHtml(value)}</td></tr>`,
      )
      .join('') +
    `</table>`;
  const body =
    `<h1 style="font-size:20px;margin:0 0 16px">Your week on ReviewFlow</h1>` +
    `<p style="margin:0 0 16px;color:#6b7280">${escapeHtml(label)}</p>` +
    table +
    (best?.html ?? '') +
    (worst?.html ?? '') +
    button(input.dashboardUrl, 'Open your dashboard');
  return { subject, text, html: layout(subject, body, input.unsubscribeUrl, why) };
}
