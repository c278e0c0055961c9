import { describe, expect, it } from 'vitest';
import type { PublicWidget } from '@shared/schemas/widget';
import { fireEvent, within } from '@testing-library/react';

import { renderWidget } from '../render-widget';
import { englishWidgetWords } from '@/testing/widget-words';

const WIDGET: PublicWidget = {
  business: 'Harbour <Coffee>',
  reviewPageUrl: 'https://app.example/review/abc',
  // The business's figure over all its public reviews, not the two listed (issue 41).
  average: 3.3,
  count: 7,
  language: 'en',
  words: englishWidgetWords('Harbour <Coffee>'),
  countLabel: 'from 7 Google and Facebook reviews',
  listed: 2,
  layout: 'carousel',
  theme: 'light',
  accentColor: null,
  reviews: [
    {
      name: 'Maria G.',
      rating: 5,
      text: '<img src=x onerror="alert(1)">',
      date: '2026-01-10',
      source: 'google',
    },
    { name: 'Tom', rating: 4, text: 'Friendly staff', date: '2026-01-09', source: 'facebook' },
  ],
};

/** What review-snippet markup looks like: none of it may be written (issue 16). */
const SNIPPET_MARKUP = /AggregateRating|itemprop|itemscope|itemtype|application\/ld\+json|schema\.org/i;

function render(widget: Partial<PublicWidget> = {}) {
  const host = document.createElement('div');
  document.body.append(host);
  const root = host.attachShadow({ mode: 'open' });
  renderWidget(root, { ...WIDGET, ...widget });
  return { root, view: within(root as unknown as HTMLElement) };
}

describe('renderWidget', () => {
  it('when a review holds markup, then it shows as text and no element is made from it', () => {
    const { root, view } = render();

    expect(view.getByText('<img src=x onerror="alert(1)">')).toBeInTheDocument();
    expect(root.querySelector('img')).toBeNull();
    expect(view.getByRole('region', { name: 'Customer reviews of Harbour <Coffee>' })).toBeInTheDocument();
  });

  it('when it renders, then the reviews are a list and each rating is said in words', () => {
    const { view } = render({ layout: 'grid' });

    const list = view.getByRole('list', { name: 'Reviews' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(2);
    expect(view.getByText('Rated 5 out of 5 stars')).toBeInTheDocument();
    expect(view.getByText('Rated 3.3 out of 5 stars')).toBeInTheDocument();
    expect(view.getByText('from 7 Google and Facebook reviews')).toBeInTheDocument();
    expect(view.getByRole('link', { name: 'Reviews collected by Harbour <Coffee>' })).toHaveAttribute(
      'href',
      'https://app.example/review/abc',
    );
  });

  it('when the carousel buttons are pressed, then one review shows at a time and the position is announced', () => {
    const { root, view } = render();
    const visible = () =>
      [...root.querySelectorAll('li')].filter((li) => !li.hidden).map((li) => li.textContent);

    expect(visible()).toHaveLength(1);
    expect(visible()[0]).toContain('Maria G.');
    fireEvent.click(view.getByRole('button', { name: 'Next review' }));
    expect(visible()[0]).toContain('Tom');
    expect(view.getByText('Review 2 of 2')).toHaveAttribute('aria-live', 'polite');
    fireEvent.click(view.getByRole('button', { name: 'Next review' }));
    expect(visible()[0]).toContain('Maria G.');
    fireEvent.click(view.getByRole('button', { name: 'Previous review' }));
    expect(visible()[0]).toContain('Tom');
  });

  it('when the layout is a badge, then only the average, the count and the footer show', () => {
    const { view } = render({ layout: 'badge' });

    expect(view.queryByRole('list')).toBeNull();
    expect(view.getByText('3.3')).toBeInTheDocument();
    expect(view.getByText('from 7 Google and Facebook reviews')).toBeInTheDocument();
  });

  it('when the business has no public review yet, then the label says so and no figure shows', () => {
    const { view } = render({
      average: null,
      count: 0,
      countLabel: 'No Google or Facebook reviews yet',
      listed: 0,
      reviews: [],
    });

    expect(view.getByText('No Google or Facebook reviews yet')).toBeInTheDocument();
    expect(view.queryByText(/out of 5 stars/)).toBeNull();
  });

  it('when the review page link is not http(s), then the footer is plain text, never a link', () => {
    const { view } = render({ reviewPageUrl: 'javascript:alert(1)' });

    expect(view.queryByRole('link')).toBeNull();
    expect(view.getByText('Reviews collected by Harbour <Coffee>')).toBeInTheDocument();
  });

  it('when any layout renders, then it writes no review-snippet markup', () => {
    for (const layout of ['carousel', 'grid', 'badge'] as const) {
      const { root } = render({ layout });
      const html = [...root.children].map((child) => child.outerHTML).join('');
      expect(html).not.toMatch(SNIPPET_MARKUP);
    }
  });
});
