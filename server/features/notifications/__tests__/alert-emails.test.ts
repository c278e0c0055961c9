import { describe, expect, it } from 'vitest';
import { composeFeedbackAnswerAlert, composeReviewAlert, composeSiteChangesAlert } from '../alert-emails';

const review = {
  type: 'google' as const,
  rating: 2,
  content: 'Cold soup',
  reviewerName: 'Nora <Quinn>',
  locationName: 'Harbour',
};
const base = {
  business: 'Quay Bistro',
  review,
  answerUrl: 'https://app.example/reviews?review=4',
  unsubscribeUrl: 'https://app.example/api/notifications/unsubscribe/t',
  alertMaxRating: 3,
};

describe('the review alert email (issue 47, item 4)', () => {
  it('when a reply is suggested, then both parts carry it, escaped in HTML, with Publish this reply and Edit in ReviewFlow', () => {
    const email = composeReviewAlert({
      ...base,
      reply: {
        content: 'Hi Nora,\n\nSorry <truly>.',
        publishUrl: 'https://app.example/api/reply-links/v1.a.b.c',
        editUrl: 'https://app.example/reviews?review=4&draft=1',
      },
    });

    expect(email.text).toContain(
      'Suggested reply:\nHi Nora,\n\nSorry <truly>.\n\nPublish this reply: https://app.example/api/reply-links/v1.a.b.c',
    );
    expect(email.text).toContain('Edit in ReviewFlow: https://app.example/reviews?review=4&draft=1');
    expect(email.text).not.toContain('Answer it:');
    expect(email.html).toContain('Hi Nora,<br><br>Sorry &lt;truly&gt;.');
    expect(email.html).toContain('href="https://app.example/reviews?review=4&amp;draft=1"');
    expect(email.html).toContain('>Publish this reply</a>');
    expect(email.html).toContain('>Edit in ReviewFlow</a>');
    expect(email.html).not.toContain('Answer this review');
  });

  it('when no reply is offered, then the email asks to answer in ReviewFlow', () => {
    const email = composeReviewAlert(base);

    expect(email.text).toContain(`Answer it: ${base.answerUrl}`);
    expect(email.html).toContain('>Answer this review</a>');
    expect(email.html).not.toContain('Publish this reply');
  });
});

describe('the site changes email (issue 47, item 2)', () => {
  it('when one change is found, then its title is the subject; with more, the subject counts them', () => {
    const item = {
      title: '1★ → 4★ after your reply',
      body: 'Nora changed their Google review.',
      url: 'https://x/r',
    };
    const one = composeSiteChangesAlert({ ...base, site: 'Google', locationName: 'Harbour', items: [item] });
    const two = composeSiteChangesAlert({
      ...base,
      site: 'Google',
      locationName: 'Harbour',
      items: [item, item],
    });

    expect(one.subject).toBe('1★ → 4★ after your reply (Quay Bistro)');
    expect(two.subject).toBe('2 changes on Google to reviews of Quay Bistro');
    expect(two.text).toContain('ReviewFlow re-read your reviews on Google for Harbour and found:');
  });
});

describe('the email of a customer’s answer (issue 47, item 3)', () => {
  const answer = {
    business: 'Quay Bistro',
    customerName: 'Nora <Quinn>',
    answer: 'Yes, call me\n<after 5pm>',
    review,
    caseUrl: 'https://app.example/reviews?review=4',
    unsubscribeUrl: base.unsubscribeUrl,
  };

  it('when a customer answers, then both parts quote the answer, escaped in HTML, and lead back to the conversation', () => {
    const email = composeFeedbackAnswerAlert(answer);

    expect(email.subject).toBe('Nora <Quinn> answered you (Quay Bistro)');
    expect(email.text).toContain(
      'Nora <Quinn> answered on the conversation about their 2-star review at Harbour:\n\n"Yes, call me\n<after 5pm>"',
    );
    expect(email.text).toContain('Answer them: https://app.example/reviews?review=4');
    expect(email.html).toContain('Nora &lt;Quinn&gt; answered on the conversation');
    expect(email.html).toContain('Yes, call me<br>&lt;after 5pm&gt;');
    expect(email.html).toContain('>Open the conversation</a>');
    expect(email.html).not.toContain('<Quinn>');
  });

  it('when the case has no name, then the email says a customer answered', () => {
    expect(composeFeedbackAnswerAlert({ ...answer, customerName: ' ' }).subject).toBe(
      'A customer answered you (Quay Bistro)',
    );
  });
});
