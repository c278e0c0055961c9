import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_WIDGET_SETTINGS,
  WIDGET_MESSAGES,
  type PickableReviewPage,
  type PublicWidget,
  type WidgetSettings,
} from '@shared/schemas/widget';

import { findToast, renderWithProviders, screen, server, waitFor, within } from '@/testing/test-utils';

import { WidgetTab } from '../widget-tab';
import { englishWidgetWords } from '@/testing/widget-words';

const SAVED: WidgetSettings = {
  ...DEFAULT_WIDGET_SETTINGS,
  publicKey: 'k'.repeat(24),
  scriptUrl: 'https://app.example/widget.js',
  wallUrl: `https://app.example/wall/${'k'.repeat(24)}`,
  updatedAt: '2026-01-01T00:00:00.000Z',
};

const WIDGET: PublicWidget = {
  business: 'Harbour Coffee',
  reviewPageUrl: 'https://app.example/review/abc',
  average: 4.5,
  count: 2,
  language: 'en',
  words: englishWidgetWords('Harbour Coffee'),
  countLabel: 'from 2 Google and Facebook reviews',
  listed: 2,
  layout: 'carousel',
  theme: 'light',
  accentColor: null,
  reviews: [
    { name: 'Maria G.', rating: 5, text: 'Best flat white', date: '2026-01-10', source: 'google' },
    { name: 'Tom', rating: 4, text: 'Friendly staff', date: '2026-01-09', source: 'facebook' },
  ],
};

const PICKABLE: PickableReviewPage = {
  items: [
    {
      id: 11,
      reviewerName: 'Maria Garcia',
      rating: 5,
      content: 'Best flat white',
      source: 'google',
      createdAt: '2026-01-10T12:00:00.000Z',
    },
    {
      id: 12,
      reviewerName: 'Tom',
      rating: 4,
      content: 'Friendly staff',
      source: 'facebook',
      createdAt: '2026-01-09T12:00:00.000Z',
    },
  ],
  total: 2,
  page: 1,
  pageSize: 10,
};

/** The API of Settings › Widget; returns what the tab sent. */
function answer() {
  const sent = { saved: [] as unknown[], previews: [] as Record<string, unknown>[] };
  server.use(
    http.get('*/api/widget-settings', () => HttpResponse.json(SAVED)),
    http.put('*/api/widget-settings', async ({ request }) => {
      const body = (await request.json()) as object;
      sent.saved.push(body);
      return HttpResponse.json({ ...SAVED, ...body });
    }),
    http.post('*/api/widget-settings/preview', async ({ request }) => {
      const body = (await request.json()) as Record<string, unknown>;
      sent.previews.push(body);
      return HttpResponse.json({ ...WIDGET, layout: body.layout, theme: body.theme });
    }),
    http.get('*/api/widget-settings/reviews', () => HttpResponse.json(PICKABLE)),
  );
  return sent;
}

const previewRoot = async () => {
  const host = await screen.findByTestId('widget-preview');
  await waitFor(() => expect(host.shadowRoot?.textContent).toContain('Maria G.'));
  return within(host.shadowRoot as unknown as HTMLElement);
};

describe('WidgetTab', () => {
  it('when the owner picks a grid in the dark theme, then the preview follows and the choice is saved', async () => {
    const sent = answer();
    const { user } = renderWithProviders(<WidgetTab />);
    const preview = await previewRoot();
    expect(preview.getByRole('button', { name: 'Next review' })).toBeInTheDocument();

    await user.click(screen.getByLabelText(/^Grid/));
    await user.click(screen.getByLabelText('Dark'));
    await waitFor(() => expect(sent.previews.at(-1)).toMatchObject({ layout: 'grid', theme: 'dark' }));
    await waitFor(() =>
      expect(screen.getByTestId('widget-preview').shadowRoot?.querySelector('.rf.grid.dark')).not.toBeNull(),
    );
    await user.click(screen.getByRole('button', { name: 'Save widget' }));

    expect(await findToast('Widget saved')).toBeInTheDocument();
    expect(sent.saved).toEqual([{ ...DEFAULT_WIDGET_SETTINGS, layout: 'grid', theme: 'dark' }]);
  });

  it('when the owner copies the code, then the one-line snippet is on the clipboard and a toast says so', async () => {
    answer();
    const { user } = renderWithProviders(<WidgetTab />);
    await previewRoot();

    await user.click(screen.getByRole('button', { name: 'Copy code' }));

    // Read inside waitFor: the toast's announcement updates on a timer while the test waits.
    await waitFor(async () =>
      expect(await navigator.clipboard.readText()).toBe(
        `<script src="https://app.example/widget.js" data-key="${'k'.repeat(24)}" async></script>`,
      ),
    );
    expect(await findToast('Copied')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Open your review wall' })).toHaveAttribute(
      'href',
      SAVED.wallUrl,
    );
  });

  it('when the owner hand-picks a review, then only its id is saved; with none picked, the form says so', async () => {
    const sent = answer();
    const { user } = renderWithProviders(<WidgetTab />);
    await previewRoot();

    await user.click(screen.getByLabelText('Only reviews I pick'));
    await user.click(screen.getByRole('button', { name: 'Save widget' }));
    expect(await screen.findByText(WIDGET_MESSAGES.pickOne)).toBeInTheDocument();
    expect(sent.saved).toEqual([]);

    await user.click(await screen.findByLabelText(/Tom, 4 out of 5 stars on Facebook/));
    expect(screen.getByText('1 of at most 12 chosen.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save widget' }));

    expect(await findToast('Widget saved')).toBeInTheDocument();
    expect(sent.saved).toEqual([{ ...DEFAULT_WIDGET_SETTINGS, mode: 'hand-picked', reviewIds: [12] }]);
  });

  it('when the star colour is not a #rrggbb colour, then the field says so and nothing is saved', async () => {
    const sent = answer();
    const { user } = renderWithProviders(<WidgetTab />);
    await previewRoot();

    await user.type(screen.getByLabelText('Star colour (optional)'), 'red');
    await user.click(screen.getByRole('button', { name: 'Save widget' }));

    expect(await screen.findByText(WIDGET_MESSAGES.accentColor)).toBeInTheDocument();
    expect(screen.getByLabelText('Star colour (optional)')).toHaveAttribute('aria-invalid', 'true');
    expect(sent.saved).toEqual([]);
  });
});
