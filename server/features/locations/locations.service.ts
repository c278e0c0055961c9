import { randomBytes } from 'node:crypto';
import {
  publicReviewLinksOf,
  type Location,
  type LocationFormValues,
  type UpdateLocationInput,
} from '@shared/schemas/locations';
import type { QrCodeResponse } from '@shared/schemas/review-requests';
import { TEAM_MESSAGES } from '@shared/schemas/team';
import { forbidden, notFound } from '../../lib/errors';
import { qrCodeFor } from '../../lib/qr-code';
import type { AppContext } from '../../lib/context';
import type { Transaction } from '../../db/client';
import type { Scope } from '../../db/scope';
import { createPlanLimits, locationLimitMessage, overLimit, type PlanLimits } from '../billing';
import {
  createLocationsRepository,
  type LocationRow,
  type LocationsRepository,
} from './locations.repository';
import { isUniqueViolation } from '../../db/unique-violation';

export const LOCATION_NOT_FOUND = 'Location not found';

/** 128 random bits, base64url: the permanent link of the location's public review page. */
export function newPublicLink(): string {
  return randomBytes(16).toString('base64url');
}

/** The location as the API shows it: provider tokens never leave the server, only whether one is set. */
export function toLocation(row: LocationRow, publicBaseUrl: string): Location {
  return {
    id: row.id,
    name: row.name,
    address: row.address,
    googlePlaceId: row.googlePlaceId,
    googleReviewUrl: row.googleReviewUrl,
    facebookPageUrl: row.facebookPageUrl,
    timeZone: row.timeZone,
    defaultLanguage: row.defaultLanguage,
    googleAccessToken: row.googleAccessToken ? 'connected' : null,
    googleLocationId: row.googleLocationId,
    facebookConnected: Boolean(row.facebookAccessToken && row.facebookPageId),
    publicLink: row.publicLink,
    publicUrl: `${publicBaseUrl}/review/${row.publicLink}`,
    publicReviewLinks: publicReviewLinksOf(row),
    createdAt: row.createdAt.toISOString(),
  };
}

export function createLocationsService(
  repo: LocationsRepository,
  publicBaseUrl: string,
  /** The plan's location limit (issue 11); without it, no limit. */
  limits?: Pick<PlanLimits, 'planOf'>,
) {
  const show = (row: LocationRow) => toLocation(row, publicBaseUrl);

  /**
   * The plan's say on one more location, asked where it is inserted, after the client's row is locked:
   * the plan and the count are those the insert will follow. Full: 402, naming the limit and the plan.
   */
  const admitFor =
    (ownerId: number) =>
    async (tx: Transaction, existing: number): Promise<void> => {
      if (!limits) return;
      const plan = await limits.planOf(ownerId, tx);
      const limit = plan.locationsLimit;
      if (limit !== null && existing >= limit) throw overLimit(locationLimitMessage(plan, limit));
    };

  return {
    async list(scope: Scope): Promise<Location[]> {
      return (await repo.list(scope)).map(show);
    },

    async get(scope: Scope, id: number): Promise<Location> {
      const row = await repo.findById(scope, id);
      if (!row) throw notFound(LOCATION_NOT_FOUND);
      return show(row);
    },

    /** A new location is the whole business's: a member limited to some locations may not add one. */
    async create(scope: Scope, input: LocationFormValues): Promise<Location> {
      if (scope.locationIds !== null) throw forbidden(TEAM_MESSAGES.everyLocationOnly);
      const { ownerId } = scope;
      // A collision of 128 random bits will not happen; one retry covers the impossible.
      for (let attempt = 0; ; attempt += 1) {
        try {
          return show(
            await repo.insert({ ownerId, ...input, publicLink: newPublicLink() }, admitFor(ownerId)),
          );
        } catch (err) {
          if (attempt > 0 || !isUniqueViolation(err)) throw err;
        }
      }
    },

    async update(scope: Scope, id: number, input: UpdateLocationInput): Promise<Location> {
      const changes = Object.fromEntries(Object.entries(input).filter(([, value]) => value !== undefined));
      const row = await repo.update(scope, id, changes);
      if (!row) throw notFound(LOCATION_NOT_FOUND);
      return show(row);
    },

    async remove(scope: Scope, id: number): Promise<void> {
      if (!(await repo.remove(scope, id))) throw notFound(LOCATION_NOT_FOUND);
    },

    /** The location's permanent QR code, for the printed poster: it opens the public review page. */
    async qrCode(scope: Scope, id: number): Promise<QrCodeResponse> {
      const row = await repo.findById(scope, id);
      if (!row) throw notFound(LOCATION_NOT_FOUND);
      return qrCodeFor(show(row).publicUrl);
    },
  };
}

/** The service over the app's database, as its routes use it (routes never build a repository). */
export function locationsServiceFor(ctx: Pick<AppContext, 'db' | 'env' | 'now'>) {
  return createLocationsService(
    createLocationsRepository(ctx.db),
    ctx.env.publicBaseUrl,
    createPlanLimits(ctx),
  );
}
