import { createHash } from 'node:crypto';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import {
  GENESIS_HASH,
  PROOF_MESSAGES,
  proofEntryText,
  type ProofLogEntry,
  type ProofLogPage,
  type ProofSettings,
  type ProofSummary,
} from '@shared/proof';

import { findToast, renderApp, renderWithProviders, screen, server, waitFor } from '@/testing/test-utils';

import { ProofTab } from '../components/proof-tab';
import { verifyPublicLog, webSha256 } from '../verify-log';

const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

/** A log of `n` entries chained by the published rule. */
function chain(n: number): ProofLogEntry[] {
  const entries: ProofLogEntry[] = [];
  let prevHash = GENESIS_HASH;
  for (let seq = 1; seq <= n; seq += 1) {
    const entry = {
      seq,
      kind: seq % 2 ? ('offered' as const) : ('invited' as const),
      rating: seq % 2 ? 1 + (seq % 5) : null,
      offered: seq % 2 ? (['google', 'facebook'] as ProofLogEntry['offered']) : [],
      at: `2026-12-0${1 + (seq % 3)}T10:00:0${seq % 10}Z`,
      prevHash,
    };
    const hash = sha256(proofEntryText(entry));
    entries.push({ ...entry, hash });
    prevHash = hash;
  }
  return entries;
}

/** The log served two entries a page, as the API pages it. */
const pagesOf =
  (entries: ProofLogEntry[]) =>
  async (after: number): Promise<ProofLogPage> => {
    const rest = entries.filter((entry) => entry.seq > after);
    return { entries: rest.slice(0, 2), next: rest.length > 2 ? rest[1]!.seq : null };
  };

const SUMMARY: ProofSummary = {
  business: 'Harbour Coffee',
  asked: 1234,
  offeredPublicLinks: 310,
  filtered: 0,
  byRating: [
    { rating: 1, rated: 10, offered: 10 },
    { rating: 2, rated: 0, offered: 0 },
    { rating: 3, rated: 20, offered: 20 },
    { rating: 4, rated: 80, offered: 80 },
    { rating: 5, rated: 200, offered: 200 },
  ],
  average: 4.62,
  count: 512,
  head: { seq: 5, hash: chain(5)[4]!.hash, publishedAt: '2026-12-04T06:00:00.000Z' },
};

describe('verifying a public log in the browser', () => {
  it('when WebCrypto hashes an entry, then it gives what node:crypto gives', async () => {
    const text = proofEntryText(chain(1)[0]!);
    expect(await webSha256(text)).toBe(sha256(text));
  });

  it('when the log is read page by page and every hash holds up to the head, then it is intact', async () => {
    const entries = chain(5);
    const checked: number[] = [];

    const verdict = await verifyPublicLog(pagesOf(entries), entries[4]!, webSha256, (n) => checked.push(n));

    expect(verdict).toEqual({ ok: true, entries: 5 });
    expect(checked).toEqual([2, 4, 5]);
  });

  it('when an entry was changed, or the published head is not in the log, then the verdict says where', async () => {
    const entries = chain(5);
    const changed = entries.map((entry) => (entry.seq === 3 ? { ...entry, rating: 5 } : entry));

    expect(await verifyPublicLog(pagesOf(changed), entries[4]!, webSha256)).toEqual({
      ok: false,
      message: 'The log does not verify: Entry 3 was changed after it was written.',
    });
    expect(await verifyPublicLog(pagesOf(entries), { seq: 4, hash: 'f'.repeat(64) }, webSha256)).toEqual({
      ok: false,
      message: 'The log does not match the published head: entry 4 has another hash.',
    });
    expect(await verifyPublicLog(pagesOf(entries.slice(0, 3)), entries[4]!, webSha256)).toEqual({
      ok: false,
      message: 'The log does not verify: entry 5, the published head, is missing.',
    });
  });
});

describe('ProofPage', () => {
  it("when anyone opens a business's proof page, then it shows the figures and verifies the log on request", async () => {
    const entries = chain(5);
    server.use(
      http.get('*/api/proof/harbour-coffee', () => HttpResponse.json(SUMMARY)),
      http.get('*/api/proof/harbour-coffee/log', async ({ request }) =>
        HttpResponse.json(await pagesOf(entries)(Number(new URL(request.url).searchParams.get('after')))),
      ),
    );
    const { user } = renderApp('/proof/harbour-coffee');

    expect(await screen.findByRole('heading', { level: 1, name: 'Harbour Coffee' })).toBeInTheDocument();
    expect(screen.getByText('1,234')).toBeInTheDocument();
    expect(screen.getByText('310 of 310')).toBeInTheDocument();
    expect(screen.getByText('None filtered')).toBeInTheDocument();
    expect(screen.getByText('Average of 512 Google and Facebook reviews')).toBeInTheDocument();
    expect(screen.getByRole('row', { name: '1 star 10 10' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Verify the log' }));

    expect(
      await screen.findByText(
        'The log is intact: 5 entries, each chained to the one before, and the published head is among them.',
      ),
    ).toBeInTheDocument();
  });

  it('when the page is not published, then it says so', async () => {
    server.use(
      http.get('*/api/proof/gone', () =>
        HttpResponse.json({ message: PROOF_MESSAGES.notFound, code: 'not_found' }, { status: 404 }),
      ),
    );
    renderApp('/proof/gone');

    expect(await screen.findByText(PROOF_MESSAGES.notFound)).toBeInTheDocument();
  });
});

const SETTINGS: ProofSettings = {
  enabled: false,
  slug: 'harbour-coffee',
  pageUrl: 'https://app.example/proof/harbour-coffee',
  badgeUrl: 'https://app.example/api/proof/harbour-coffee/badge.svg',
  head: null,
};

describe('ProofTab', () => {
  it('when the owner publishes the page, then the choice is saved and the badge code is offered', async () => {
    const sent: unknown[] = [];
    server.use(
      http.get('*/api/proof-settings', () => HttpResponse.json(SETTINGS)),
      http.put('*/api/proof-settings', async ({ request }) => {
        const body = (await request.json()) as { enabled: boolean; slug: string };
        sent.push(body);
        return HttpResponse.json({
          ...SETTINGS,
          ...body,
          head: { seq: 3, hash: 'a'.repeat(64), publishedAt: '2026-12-04T06:00:00.000Z' },
        });
      }),
    );
    const { user } = renderWithProviders(<ProofTab />);

    await user.click(await screen.findByLabelText('Publish my proof page'));
    await user.click(screen.getByRole('button', { name: 'Save proof page' }));

    expect(await findToast(PROOF_MESSAGES.saved)).toBeInTheDocument();
    expect(sent).toEqual([{ enabled: true, slug: 'harbour-coffee' }]);
    expect(await screen.findByRole('link', { name: 'Open your proof page' })).toHaveAttribute(
      'href',
      SETTINGS.pageUrl,
    );
    expect(screen.getByLabelText('Badge code')).toHaveTextContent(SETTINGS.badgeUrl);
  });

  it('when the address is taken or not one, then the field says why and nothing is saved twice', async () => {
    const sent: unknown[] = [];
    server.use(
      http.get('*/api/proof-settings', () => HttpResponse.json(SETTINGS)),
      http.put('*/api/proof-settings', async ({ request }) => {
        sent.push(await request.json());
        return HttpResponse.json({ message: PROOF_MESSAGES.slugTaken, code: 'conflict' }, { status: 409 });
      }),
    );
    const { user } = renderWithProviders(<ProofTab />);
    const address = await screen.findByLabelText('Page address');

    await user.clear(address);
    await user.type(address, 'no_');
    await user.click(screen.getByRole('button', { name: 'Save proof page' }));
    expect(await screen.findByText(PROOF_MESSAGES.slug)).toBeInTheDocument();
    expect(sent).toEqual([]);

    await user.clear(address);
    await user.type(address, 'taken-name');
    await user.click(screen.getByRole('button', { name: 'Save proof page' }));
    expect(await screen.findByText(PROOF_MESSAGES.slugTaken)).toBeInTheDocument();
    await waitFor(() => expect(address).toHaveFocus());
    expect(sent).toEqual([{ enabled: false, slug: 'taken-name' }]);
  });
});
