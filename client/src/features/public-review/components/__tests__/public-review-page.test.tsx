import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';

import { customerI18n } from '@/lib/customer-i18n';
import { render, screen, server, waitFor } from '@/testing/test-utils';
import type { PublicReviewPageData } from '@shared/schemas/public-review';

import { PublicReviewRoot } from '../public-review-root';

const LINK = 'AbCdEfGhIjKlMnOpQrStUv';
const GOOGLE = 'https://search.google.com/local/writereview?placeid=abc';
const FACEBOOK = 'https://www.facebook.com/harbour/reviews';

function pageData(overrides: Partial<PublicReviewPageData> = {}): PublicReviewPageData {
  return {
    businessName: 'Harbour Coffee',
    locationName: 'Quay Street',
    contactFirstName: 'Sam',
    reviewLinks: { google: GOOGLE, facebook: FACEBOOK },
    alreadySubmitted: false,
    kind: 'request',
    language: 'en',
    maxVideoBytes: 50 * 1024 * 1024,
    acceptedVideoTypes: ['video/webm', 'video/mp4', 'video/quicktime', 'video/ogg'],
    ...overrides,
  };
}

/** As the page's own entry renders it (review-main.tsx): no router, no query client, no app providers. */
function renderPage(path = `/review/${LINK}`) {
  const user = userEvent.setup();
  return { user, ...render(<PublicReviewRoot pathname={path} />) };
}

describe('PublicReviewPage', () => {
  beforeEach(async () => {
    // One page per test: the customer's language and the address's ?lang= do not carry over.
    await customerI18n.changeLanguage('en');
    window.history.replaceState(null, '', '/');
  });

  it('when the link is valid, then it greets the customer, names the business and sets the title', async () => {
    server.use(http.get(`*/api/public/review/${LINK}`, () => HttpResponse.json(pageData())));
    renderPage();

    expect(await screen.findByRole('heading', { level: 1, name: 'Harbour Coffee' })).toBeInTheDocument();
    expect(screen.getByText('Hi Sam,')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'How was your experience?' })).toBeInTheDocument();
    expect(screen.getByRole('radiogroup')).toBeInTheDocument();
    expect(screen.getByLabelText(/Tell us more/)).toBeInTheDocument();
    // The title is set by an effect, which React may run a moment after the page shows.
    await waitFor(() => expect(document.title).toBe('Harbour Coffee – Leave a review'));
  });

  it('when a customer gives 1 star, then the review is sent and Google and Facebook are still offered', async () => {
    let sent: unknown;
    server.use(
      http.get(`*/api/public/review/${LINK}`, () => HttpResponse.json(pageData())),
      http.post(`*/api/public/review/${LINK}`, async ({ request }) => {
        sent = await request.json();
        return HttpResponse.json({ ok: true, reviewLinks: { google: GOOGLE, facebook: FACEBOOK } });
      }),
    );
    const { user } = renderPage();

    await user.click(await screen.findByRole('radio', { name: '1 star' }));
    await user.type(screen.getByLabelText(/Tell us more/), 'Cold coffee, long wait.');
    expect(screen.getByText('23 / 5,000 characters')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Submit review' }));

    expect(await screen.findByRole('heading', { name: 'Thank you, Sam!' })).toBeInTheDocument();
    expect(sent).toEqual({ rating: 1, content: 'Cold coffee, long wait.' });
    expect(screen.getByText('Would you share your experience publicly too?')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Post on Google/ })).toHaveAttribute('href', GOOGLE);
    expect(screen.getByRole('link', { name: /Post on Facebook/ })).toHaveAttribute('href', FACEBOOK);
    expect(screen.queryByText('Preview: nothing was saved')).not.toBeInTheDocument();
  });

  it.each([1, 5])(
    'when a %i-star customer chooses Google, then Google is the main button and their text is copied first',
    async (stars) => {
      server.use(
        http.get(`*/api/public/review/${LINK}`, () => HttpResponse.json(pageData())),
        http.post(`*/api/public/review/${LINK}`, () =>
          HttpResponse.json({ ok: true, reviewLinks: { google: GOOGLE, facebook: FACEBOOK } }),
        ),
      );
      const { user } = renderPage();
      await user.click(await screen.findByRole('radio', { name: stars === 1 ? '1 star' : `${stars} stars` }));
      await user.type(screen.getByLabelText(/Tell us more/), 'Honest words.');
      await user.click(screen.getByRole('button', { name: 'Submit review' }));

      const links = await screen.findAllByRole('link', { name: /Post on/ });
      expect(links.map((link) => link.textContent)).toEqual([
        expect.stringContaining('Post on Google'),
        expect.stringContaining('Post on Facebook'),
      ]);
      expect(screen.getByText(/We copy your text first/)).toBeInTheDocument();
      await user.click(links[0]!);

      expect(
        await screen.findByText('Your review text is copied: paste it on the page that opened.'),
      ).toBeInTheDocument();
      expect(await navigator.clipboard.readText()).toBe('Honest words.');
    },
  );

  it('when the location has only Google, then only that button is offered', async () => {
    server.use(
      http.get(`*/api/public/review/${LINK}`, () =>
        HttpResponse.json(pageData({ reviewLinks: { google: GOOGLE, facebook: null } })),
      ),
      http.post(`*/api/public/review/${LINK}`, () =>
        HttpResponse.json({ ok: true, reviewLinks: { google: GOOGLE, facebook: null } }),
      ),
    );
    const { user } = renderPage();
    await user.click(await screen.findByRole('radio', { name: '5 stars' }));
    await user.click(screen.getByRole('button', { name: 'Submit review' }));

    expect(await screen.findByRole('link', { name: /Post on Google/ })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /Post on Facebook/ })).not.toBeInTheDocument();
  });

  it('when submitted without a rating, then it asks for one and sends nothing', async () => {
    let posts = 0;
    server.use(
      http.get(`*/api/public/review/${LINK}`, () => HttpResponse.json(pageData())),
      http.post(`*/api/public/review/${LINK}`, () => {
        posts++;
        return HttpResponse.json({ ok: true, reviewLinks: { google: null, facebook: null } });
      }),
    );
    const { user } = renderPage();
    await user.click(await screen.findByRole('button', { name: 'Submit review' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('Please choose a rating from 1 to 5 stars.');
    expect(screen.getByRole('radio', { name: '1 star' })).toHaveFocus();
    expect(posts).toBe(0);
  });

  it('when the link was already used, then it shows the thank-you view with the links', async () => {
    server.use(
      http.get(`*/api/public/review/${LINK}`, () =>
        HttpResponse.json(pageData({ alreadySubmitted: true, submittedRating: 2 })),
      ),
    );
    renderPage();

    expect(await screen.findByRole('heading', { name: 'Thank you!' })).toBeInTheDocument();
    expect(screen.getByText(/already received/)).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'You rated 2 stars' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Post on Google/ })).toBeInTheDocument();
    expect(screen.queryByRole('radiogroup')).not.toBeInTheDocument();
  });

  it('when the link is unknown, then a friendly invalid-link page shows', async () => {
    server.use(
      http.get(`*/api/public/review/${LINK}`, () =>
        HttpResponse.json({ message: 'This review link is not valid.' }, { status: 404 }),
      ),
    );
    renderPage();

    expect(await screen.findByRole('heading', { name: 'This review link is not valid' })).toBeInTheDocument();
    expect(screen.getByText(/ask the business for a new link/)).toBeInTheDocument();
    expect(screen.queryByRole('radiogroup')).not.toBeInTheDocument();
  });

  it('when the server refuses the review, then its message shows and the form stays', async () => {
    server.use(
      http.get(`*/api/public/review/${LINK}`, () => HttpResponse.json(pageData())),
      http.post(`*/api/public/review/${LINK}`, () =>
        HttpResponse.json(
          { message: 'Too many reviews from this connection. Please try again later.' },
          { status: 429 },
        ),
      ),
    );
    const { user } = renderPage();
    await user.click(await screen.findByRole('radio', { name: '4 stars' }));
    await user.click(screen.getByRole('button', { name: 'Submit review' }));

    await waitFor(() =>
      expect(screen.getByRole('alert')).toHaveTextContent('Too many reviews from this connection.'),
    );
    expect(screen.getByRole('radio', { name: '4 stars' })).toHaveAttribute('aria-checked', 'true');
  });

  it('when a location link is opened, then it asks for an optional name and does not greet anyone', async () => {
    let sent: unknown;
    server.use(
      http.get(`*/api/public/review/${LINK}`, () =>
        HttpResponse.json(pageData({ kind: 'location', contactFirstName: null })),
      ),
      http.post(`*/api/public/review/${LINK}`, async ({ request }) => {
        sent = await request.json();
        return HttpResponse.json({ ok: true, reviewLinks: { google: GOOGLE, facebook: FACEBOOK } });
      }),
    );
    const { user } = renderPage();
    await user.click(await screen.findByRole('radio', { name: '3 stars' }));
    await user.type(screen.getByLabelText(/Your name/), 'Priya');
    await user.click(screen.getByRole('button', { name: 'Submit review' }));

    expect(await screen.findByRole('heading', { name: 'Thank you!' })).toBeInTheDocument();
    expect(screen.queryByText(/^Hi /)).not.toBeInTheDocument();
    expect(sent).toEqual({ rating: 3, content: '', name: 'Priya' });
  });

  it('when the path names no link, then the invalid-link page shows without asking the server', async () => {
    let asked = false;
    server.use(
      http.get('*/api/public/review/*', () => {
        asked = true;
        return HttpResponse.json(pageData());
      }),
    );
    renderPage('/review/');

    expect(await screen.findByRole('heading', { name: 'This review link is not valid' })).toBeInTheDocument();
    expect(document.title).toBe('Review link not valid');
    expect(asked).toBe(false);
  });
  it('when the server says German, then the whole page is German and the document says so', async () => {
    server.use(
      http.get(`*/api/public/review/${LINK}`, () => HttpResponse.json(pageData({ language: 'de' }))),
    );
    const { user } = renderPage();

    expect(await screen.findByRole('heading', { name: 'Wie war Ihre Erfahrung?' })).toBeInTheDocument();
    expect(screen.getByText('Hallo Sam,')).toBeInTheDocument();
    expect(
      screen.getByRole('radiogroup', { name: 'Ihre Bewertung, von 1 bis 5 Sternen' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Bewertung senden' })).toBeInTheDocument();
    // Numbers as a German reads them.
    expect(screen.getByText('0 / 5.000 Zeichen')).toBeInTheDocument();
    expect(document.documentElement).toHaveAttribute('lang', 'de');
    expect(document.documentElement).toHaveAttribute('dir', 'ltr');
    await waitFor(() => expect(document.title).toBe('Harbour Coffee – Bewertung abgeben'));

    await user.click(screen.getByRole('button', { name: 'Bewertung senden' }));
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Bitte wählen Sie eine Bewertung von 1 bis 5 Sternen.',
    );
  });

  it('when the customer switches to Arabic, then the page reads right to left, the choice stays in the address, and the arrows follow the stars', async () => {
    server.use(http.get(`*/api/public/review/${LINK}`, () => HttpResponse.json(pageData())));
    const { user } = renderPage();
    await screen.findByRole('heading', { name: 'How was your experience?' });

    await user.selectOptions(screen.getByRole('combobox', { name: 'Language' }), 'العربية');

    expect(await screen.findByRole('heading', { name: 'كيف كانت تجربتك؟' })).toBeInTheDocument();
    expect(document.documentElement).toHaveAttribute('dir', 'rtl');
    expect(document.documentElement).toHaveAttribute('lang', 'ar');
    expect(new URL(window.location.href).searchParams.get('lang')).toBe('ar');
    expect(screen.getByRole('combobox', { name: 'اللغة' })).toHaveValue('ar');

    // Right to left, the first star is on the right: ArrowLeft moves to the next one.
    await user.click(screen.getByRole('radio', { name: 'نجمتان' }));
    await user.keyboard('{ArrowLeft}');
    expect(screen.getByRole('radio', { name: '3 نجوم' })).toHaveAttribute('aria-checked', 'true');
  });

  it('when a French customer is refused, then the refusal is said in French', async () => {
    server.use(
      http.get(`*/api/public/review/${LINK}`, () => HttpResponse.json(pageData({ language: 'fr' }))),
      http.post(`*/api/public/review/${LINK}`, () =>
        HttpResponse.json({ message: 'Too many reviews from this connection.' }, { status: 429 }),
      ),
    );
    const { user } = renderPage();
    await user.click(await screen.findByRole('radio', { name: '4 étoiles' }));
    await user.click(screen.getByRole('button', { name: 'Envoyer l’avis' }));

    await waitFor(() =>
      expect(screen.getByRole('alert')).toHaveTextContent(
        'Trop de tentatives. Patientez un peu et réessayez.',
      ),
    );
  });

  it("when the address carries ?lang=, then that choice wins over the server's", async () => {
    window.history.replaceState(null, '', `/review/${LINK}?lang=it`);
    server.use(
      http.get(`*/api/public/review/${LINK}`, () => HttpResponse.json(pageData({ language: 'de' }))),
    );
    renderPage();

    expect(
      await screen.findByRole('heading', { name: 'Com’è stata la tua esperienza?' }),
    ).toBeInTheDocument();
  });
});
