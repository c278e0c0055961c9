import { REVIEW_SOURCE_NAMES } from '@shared/domain';
import { PROVIDER_SITES, providerOf } from '@shared/integrations';
import { normalizeReviewType } from '@shared/schemas/domain';
import { escapeHtml } from '../../lib/mail/html';
import { simplePage } from '../../lib/simple-page';
import type { PublishedReply, ReplyLinkDestination, ReplyLinkView } from './reply-links.service';
import type { ReplyTargetRow } from './replies.repository';

/** The site a review of this type is on; a private one has none, and its pages never name one. */
const siteName = (type: string) => {
  const provider = providerOf(type);
  return provider ? PROVIDER_SITES[provider] : 'the site';
};

const quote = (text: string) =>
  `<blockquote style="margin:12px 0;padding:8px 16px;border-left:4px solid #e5e7eb;white-space:pre-wrap">` +
  `${escapeHtml(text)}</blockquote>`;

const link = (href: string, label: string) =>
  `<p style="margin-top:20px"><a href="${escapeHtml(href)}">${escapeHtml(label)}</a></p>`;

const button = (action: string, label: string) =>
  `<form method="post" action="${escapeHtml(action)}"><button type="submit">${escapeHtml(label)}</button></form>`;

const WHERE_IT_GOES: Record<ReplyLinkDestination, (review: ReplyTargetRow) => string> = {
  google: () => 'It will be posted on Google as your public reply.',
  facebook: () => 'It will be posted on Facebook as your public reply.',
  here: (review) =>
    providerOf(review.type)
      ? `${siteName(review.type)} is not connected, so it will be saved in ReviewFlow only.`
      : 'Private feedback is not published anywhere: the reply is saved in ReviewFlow.',
};

/** What the reply's state is after the button, in the words the screens use: posted, waiting, or here only. */
function publishedText(review: PublishedReply): { title: string; message: string } {
  const site = siteName(review.type);
  if (review.replyPublishState === 'pending')
    return {
      title: `Reply waiting for ${site}`,
      message: `${site} did not take the reply yet (${review.replyPublishError ?? 'no answer'}). ReviewFlow tries again and tells you if it cannot.`,
    };
  if (review.replyPublishState === 'failed')
    return {
      title: 'Reply not posted',
      message: `${site} did not take the reply: ${review.replyPublishError ?? 'no answer'}. Open the review in ReviewFlow to try again.`,
    };
  if (review.responsePublishedTo)
    return {
      title: 'Reply published',
      message: `Your reply is on ${PROVIDER_SITES[review.responsePublishedTo]}.`,
    };
  return {
    title: 'Reply saved',
    message: providerOf(review.type)
      ? `Saved in ReviewFlow only: ${site} is not connected.`
      : 'Your reply is saved in ReviewFlow. Private feedback is not published anywhere.',
  };
}

const time = (date: Date) => `${date.toISOString().slice(11, 16)} UTC`;

/** The HTML page of a "Publish this reply" link in each of its states, and its status code. */
export function replyLinkPage(
  view: ReplyLinkView,
  urls: { self: string; edit: (reviewId: number) => string },
): { status: number; html: string } {
  switch (view.state) {
    case 'invalid':
      return {
        status: 404,
        html: simplePage('Link not valid', 'This link is not valid. Nothing was published.'),
      };
    case 'expired':
      return {
        status: 410,
        html: simplePage(
          'Link expired',
          'This link worked for 72 hours. Nothing was published; you can still answer the review in ReviewFlow.',
          link(urls.edit(view.reviewId), 'Open the review in ReviewFlow'),
        ),
      };
    case 'answered':
      return {
        status: 409,
        html: simplePage(
          'Already answered',
          'This review already has a reply, or one waiting for its site. Nothing was published.',
          link(urls.edit(view.reviewId), 'Open the review in ReviewFlow'),
        ),
      };
    case 'ready': {
      const { review } = view;
      const who = review.reviewerName.trim() || 'A customer';
      const body =
        `<p style="margin-top:16px">${escapeHtml(`${who}, ${review.rating} ${review.rating === 1 ? 'star' : 'stars'}, ${REVIEW_SOURCE_NAMES[normalizeReviewType(review.type)]}:`)}</p>` +
        quote(review.content.trim() || 'No text, only a rating.') +
        `<p style="margin-top:16px;font-weight:600">Your reply</p>` +
        quote(view.content) +
        `<p>${escapeHtml(WHERE_IT_GOES[view.destination](review))}</p>` +
        button(`${urls.self}/publish`, 'Publish this reply') +
        link(urls.edit(view.reviewId), 'Edit in ReviewFlow');
      return {
        status: 200,
        html: simplePage('Publish this reply?', 'Check the reply, then publish it with one press.', body),
      };
    }
    case 'published': {
      const { title, message } = publishedText(view.review);
      const undo = view.undoUntil
        ? `<p style="margin-top:16px">You can take it back until ${escapeHtml(time(view.undoUntil))}.</p>` +
          button(`${urls.self}/undo`, 'Undo')
        : '';
      return {
        status: 200,
        html: simplePage(title, message, undo + link(urls.edit(view.reviewId), 'Edit in ReviewFlow')),
      };
    }
    case 'undone': {
      const reason = view.result?.notPublishedReason;
      // Opened again later, the page knows the reply was taken back, not where from.
      const from = !view.result
        ? 'The reply this link published was taken back.'
        : view.result.published !== 'none'
          ? `The reply was removed from ${PROVIDER_SITES[view.result.published]} and from ReviewFlow.`
          : 'The reply was removed from ReviewFlow.';
      return {
        status: 200,
        html: simplePage(
          'Reply removed',
          `${from}${reason ? ` ${reason[0]!.toUpperCase()}${reason.slice(1)}.` : ''} The review is unanswered again.`,
          link(urls.edit(view.reviewId), 'Edit in ReviewFlow'),
        ),
      };
    }
    case 'kept':
      return {
        status: 409,
        html: simplePage(
          'Reply kept',
          view.reason,
          link(urls.edit(view.reviewId), 'Open the review in ReviewFlow'),
        ),
      };
  }
}
