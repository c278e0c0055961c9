import {
  PROOF_LOG_PAGE_MAX,
  PROOF_MESSAGES,
  ProofSlugSchema,
  type ProofHead,
  type ProofLogPage,
  type ProofSettings,
  type ProofSettingsInput,
  type ProofSummary,
} from '@shared/schemas/proof';
import { isUniqueViolation } from '../../db/unique-violation';
import type { AppContext } from '../../lib/context';
import { conflict, notFound } from '../../lib/errors';
import {
  createProofRepository,
  type ProofLogRow,
  type ProofPublicationRow,
  type ProofRepository,
  type PublicProofOwner,
} from './proof.repository';

/** ISO 8601 to the second, as the chain hashes it. */
const hashedTime = (at: Date) => at.toISOString().replace(/\.\d{3}Z$/, 'Z');

const headOf = (publication: ProofPublicationRow): ProofHead => ({
  seq: publication.seq,
  hash: publication.hash,
  publishedAt: publication.publishedAt.toISOString(),
});

const businessOf = (owner: { companyName: string; firstName: string }) =>
  owner.companyName.trim() || owner.firstName.trim();

/** "Harbour Coffee & Co." → "harbour-coffee-co": a first suggestion, which the owner can change. */
export function suggestedSlug(business: string, ownerId: number): string {
  const words = business
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 40)
    .replace(/-+$/, '');
  const parsed = ProofSlugSchema.safeParse(words);
  return parsed.success ? parsed.data : `business-${ownerId}`;
}

export function createProofService(deps: {
  repository: ProofRepository;
  publicBaseUrl: string;
  now: () => Date;
}) {
  const { repository, publicBaseUrl, now } = deps;

  const urlsOf = (slug: string) => ({
    pageUrl: `${publicBaseUrl}/proof/${slug}`,
    badgeUrl: `${publicBaseUrl}/api/proof/${slug}/badge.svg`,
  });

  async function publicOwner(slug: string): Promise<PublicProofOwner> {
    const owner = await repository.ownerOfPublicPage(slug);
    if (!owner) throw notFound(PROOF_MESSAGES.notFound);
    return owner;
  }

  /** The latest publication, made now when the page has none yet. */
  async function currentPublication(ownerId: number): Promise<ProofPublicationRow> {
    return (await repository.latestPublication(ownerId)) ?? repository.publish(ownerId, now());
  }

  const entryOf = (row: ProofLogRow) => ({ ...row, at: hashedTime(row.at) });

  return {
    /** The owner's settings; before the first save, off with a slug made from the business's name. */
    async getSettings(ownerId: number): Promise<ProofSettings> {
      const row = await repository.findSettings(ownerId);
      const slug = row?.slug ?? suggestedSlug(businessOf(await repository.namesOf(ownerId)), ownerId);
      const publication = row ? await repository.latestPublication(ownerId) : undefined;
      return {
        enabled: row?.enabled ?? false,
        slug,
        ...urlsOf(slug),
        head: publication ? headOf(publication) : null,
      };
    },

    /** Saves the settings; turning the page on publishes today's figures at once, so the page never opens empty. */
    async saveSettings(ownerId: number, input: ProofSettingsInput): Promise<ProofSettings> {
      if (await repository.isSlugTaken(input.slug, ownerId)) {
        throw conflict(PROOF_MESSAGES.slugTaken);
      }
      const row = await repository.saveSettings(ownerId, input, now()).catch((error: unknown) => {
        // Another client took the slug between the check and the write.
        throw isUniqueViolation(error) ? conflict(PROOF_MESSAGES.slugTaken) : error;
      });
      const publication = row.enabled ? await repository.publish(ownerId, now()) : undefined;
      return {
        enabled: row.enabled,
        slug: row.slug,
        ...urlsOf(row.slug),
        head: publication ? headOf(publication) : null,
      };
    },

    async summary(slug: string): Promise<ProofSummary> {
      const owner = await publicOwner(slug);
      const publication = await currentPublication(owner.ownerId);
      return {
        business: businessOf(owner),
        asked: publication.asked,
        offeredPublicLinks: publication.offeredPublicLinks,
        filtered: publication.filtered,
        byRating: publication.byRating,
        average: publication.average === null ? null : Math.round(publication.average * 100) / 100,
        count: publication.count,
        head: headOf(publication),
      };
    },

    async logPage(slug: string, after: number, limit = PROOF_LOG_PAGE_MAX): Promise<ProofLogPage> {
      const owner = await publicOwner(slug);
      const page = await repository.logPage(owner.ownerId, after, limit);
      return {
        entries: page.entries.map(entryOf),
        next: page.more ? page.entries.at(-1)!.seq : null,
      };
    },

    /** Publishes every enabled page not yet published today (the scheduler runs it every hour). */
    async publishDue(at: Date): Promise<number> {
      const owners = await repository.ownersDueForPublication(at);
      for (const ownerId of owners) await repository.publish(ownerId, at);
      return owners.length;
    },
  };
}

export type ProofService = ReturnType<typeof createProofService>;

export function proofServiceFor(ctx: Pick<AppContext, 'db' | 'env' | 'now'>): ProofService {
  return createProofService({
    repository: createProofRepository(ctx.db),
    publicBaseUrl: ctx.env.publicBaseUrl,
    now: ctx.now,
  });
}
