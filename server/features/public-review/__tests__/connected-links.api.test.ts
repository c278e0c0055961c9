import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reviews, type locations } from '../../../db/schema';
import { createContact, createLocation, createReviewRequest, createUser } from '../../../testing/factories';
import { agentFor, createTestApp } from '../../../testing/test-app';
import { createTestDatabase, testDatabaseKinds, type TestDatabase } from '../../../testing/test-db';

const GOOGLE_CONNECTED = 'https://g.page/r/CaBcDeF/review';
const FACEBOOK_CONNECTED = 'https://www.facebook.com/harbourcafe/reviews';

/**
 * Issue 41, point 1 (PRODUCT.md sections 7 and 10): after rating, every customer is offered the location's
 * Google and Facebook links whatever the rating; a link typed by hand wins, else the one the connection gave.
 */
describe.each(testDatabaseKinds)('the links the public review page offers on %s', (kind) => {
  let database: TestDatabase;

  beforeAll(async () => {
    database = await createTestDatabase(kind);
  });
  afterAll(async () => {
    await database?.drop();
  });

  const db = () => database.handle.db;
  const app = () => createTestApp(db());

  /** A connected location (links stored by its connections) and a sent request to one customer. */
  async function arrange(links: Partial<typeof locations.$inferInsert> = {}) {
    const owner = await createUser(db());
    const location = await createLocation(db(), owner.id, {
      googleReviewUrl: null,
      facebookPageUrl: null,
      googleConnectedReviewUrl: GOOGLE_CONNECTED,
      facebookConnectedReviewUrl: FACEBOOK_CONNECTED,
      ...links,
    });
    const contact = await createContact(db(), owner.id, { name: 'Sam Rivera' });
    const request = await createReviewRequest(db(), owner.id, location.id, {
      contactId: contact.id,
      status: 'sent',
    });
    return { owner, location, request };
  }

  it('when no link was typed, then a 2★ customer is offered the connected links and the review records them', async () => {
    const { request } = await arrange();
    const connected = { google: GOOGLE_CONNECTED, facebook: FACEBOOK_CONNECTED };

    const page = await agentFor(app()).get(`/api/public/review/${request.uniqueLink}`).expect(200);
    const submitted = await agentFor(app())
      .post(`/api/public/review/${request.uniqueLink}`)
      .send({ rating: 2, content: 'Cold coffee' })
      .expect(200);

    expect(page.body.reviewLinks).toEqual(connected);
    expect(submitted.body).toEqual({ ok: true, reviewLinks: connected });
    const [review] = await db().select().from(reviews).where(eq(reviews.reviewRequestId, request.id));
    expect(review).toMatchObject({ rating: 2, offeredLinks: connected });
  });

  it('when a link was typed by hand, then it wins over the connected one, each site on its own', async () => {
    const { request } = await arrange({
      googleReviewUrl: 'https://search.google.com/local/writereview?placeid=typed',
    });

    const submitted = await agentFor(app())
      .post(`/api/public/review/${request.uniqueLink}`)
      .send({ rating: 5 })
      .expect(200);

    expect(submitted.body.reviewLinks).toEqual({
      google: 'https://search.google.com/local/writereview?placeid=typed',
      facebook: FACEBOOK_CONNECTED,
    });
  });

  it("when a customer rates through the location's permanent link, then the connected links are offered too", async () => {
    const { location } = await arrange({ facebookConnectedReviewUrl: null });
    const links = { google: GOOGLE_CONNECTED, facebook: null };

    const page = await agentFor(app()).get(`/api/public/review/${location.publicLink}`).expect(200);
    const submitted = await agentFor(app())
      .post(`/api/public/review/${location.publicLink}`)
      .send({ rating: 1, name: 'Walk-in' })
      .expect(200);

    expect(page.body).toMatchObject({ kind: 'location', reviewLinks: links });
    expect(submitted.body.reviewLinks).toEqual(links);
    const [review] = await db().select().from(reviews).where(eq(reviews.locationId, location.id));
    expect(review!.offeredLinks).toEqual(links);
  });
});
