import { randomBytes } from 'node:crypto';
import type { Channel, RequestStatus, ReviewType } from '@shared/schemas/domain';
import { FEEDBACK_CASE_MAX_RATING } from '@shared/schemas/feedback-cases';
import type { Database, Transaction } from '../db/client';
import {
  contacts,
  feedbackCases,
  feedbackMessages,
  locations,
  proofSettings,
  reviewRequests,
  reviews,
} from '../db/schema';

/**
 * The demo client's data: two locations, a score of contacts, about sixty reviews of every source and rating
 * over the last 90 days (some answered), and a score of review requests in every settled state. Choices come from a
 * seeded generator, so every new database shows the same believable picture; only dates follow today.
 */

export const DEMO_COUNTS = { locations: 2, contacts: 20, reviews: 60, reviewRequests: 17 } as const;

const DAY = 24 * 60 * 60 * 1000;
const HOUR = 60 * 60 * 1000;

/** mulberry32: a tiny deterministic generator; the demo must look the same on every machine. */
function generator(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)),
    pick: <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!,
  };
}

const link = () => randomBytes(16).toString('base64url');

const CONTACTS: { name: string; tags: string[] }[] = [
  { name: 'Olivia Bennett', tags: ['regular'] },
  { name: 'Liam Carter', tags: ['wholesale'] },
  { name: 'Sophia Nguyen', tags: ['regular', 'catering'] },
  { name: 'Noah Fischer', tags: [] },
  { name: 'Emma Rossi', tags: ['regular'] },
  { name: 'Mason Okafor', tags: ['catering'] },
  { name: 'Ava Lindqvist', tags: ['vip'] },
  { name: 'Lucas Moreau', tags: [] },
  { name: 'Mia Tanaka', tags: ['regular'] },
  { name: 'Ethan Brooks', tags: ['wholesale'] },
  { name: 'Isabella García', tags: ['vip', 'regular'] },
  { name: 'James Whitaker', tags: [] },
  { name: 'Charlotte Dubois', tags: ['catering'] },
  { name: 'Benjamin Kowalski', tags: ['regular'] },
  { name: 'Amelia Hughes', tags: [] },
  { name: 'Henry Adeyemi', tags: ['vip'] },
  { name: 'Harper Sullivan', tags: ['regular'] },
  { name: 'Daniel Park', tags: [] },
  { name: 'Ella Schneider', tags: ['wholesale'] },
  { name: 'Samuel Costa', tags: ['regular'] },
];

/** Reviewers who are not contacts (most public reviews come from strangers). */
const STRANGERS = [
  'Grace Holloway',
  'Oscar Lindgren',
  'Priya Raman',
  'Tom Fletcher',
  'Zoe Marchetti',
  'Marcus Bell',
  'Hannah Yoshida',
  'Leo Castillo',
  'Nora Quinn',
  'Felix Wagner',
  'Ruby Chowdhury',
  'Arjun Mehta',
  'Chloe Laurent',
  'Isaac Ferreira',
  'Lily Andersen',
  'Caleb Morgan',
];

const TEXTS: Record<'great' | 'good' | 'mixed' | 'poor' | 'bad', string[]> = {
  great: [
    'The sourdough here is the best in town. Crisp crust, open crumb, and the staff always remember my order.',
    'Ordered a birthday cake for my daughter and it was perfect. Beautiful decoration and not too sweet. Thank you!',
    'Lovely little bakery. The almond croissants sell out fast for a reason. Worth getting up early for.',
    'Friendly team, spotless shop and the coffee is excellent. My new favourite Saturday morning stop.',
    'Catered our office breakfast for 40 people. Everything arrived on time and everyone asked where it came from.',
    'Cinnamon rolls are out of this world. Warm, gooey and generous. Five stars without hesitation.',
    'They made a gluten-free loaf that actually tastes like bread. I could cry. Thank you so much!',
    'Always a warm welcome and a smile. The pastries are consistently fantastic.',
  ],
  good: [
    'Great bread and good coffee. It gets busy at lunchtime, so expect a short wait.',
    'Really nice pastries. Seating is a bit limited but the quality makes up for it.',
    'Tasty quiche and a good flat white. Prices are fair for the quality.',
    'Solid neighbourhood bakery. The rye loaf is a staple in our house now.',
    'Good selection and kind staff. Would love to see more vegan options.',
  ],
  mixed: [
    'The bread was good but my croissant was a little dry. Service was friendly enough.',
    'Decent coffee, average pastries. Nothing wrong, nothing memorable either.',
    'Nice shop, but they had run out of half the menu when I came by in the afternoon.',
    'Cake tasted great but the order was ready 20 minutes later than promised.',
  ],
  poor: [
    'Waited almost half an hour for a coffee and a muffin. The muffin was stale.',
    'My custom cake order was wrong: wrong flavour and the name was misspelled.',
    'Staff seemed overwhelmed and a bit rude. Food was fine but the visit was not pleasant.',
  ],
  bad: [
    'Found a hair in my sandwich. When I mentioned it, nobody apologised.',
    'Paid for a dozen bagels and got nine. Called and nobody picked up. Very disappointing.',
    'Bread was mouldy the next morning. Will not be back.',
  ],
};

const RESPONSES: Record<'positive' | 'neutral' | 'negative', string[]> = {
  positive: [
    'Thank you so much for the kind words! We are thrilled you enjoyed it and look forward to seeing you again soon.',
    'What a lovely review, thank you! We will pass this on to the whole team.',
    'Thank you for choosing us! Comments like yours make our early mornings worth it.',
  ],
  neutral: [
    'Thank you for the honest feedback. We are working on keeping the counter stocked later in the day and hope to do better next time.',
  ],
  negative: [
    'We are very sorry about your experience. This is not our standard. Please write to hello@sunrisebakery.test so we can make it right.',
    'Thank you for telling us, and our apologies. Our manager would like to hear more: please contact hello@sunrisebakery.test.',
  ],
};

function ratingFor(rand: ReturnType<typeof generator>): number {
  // Mostly happy customers, as in a real, healthy business: about 70% positive.
  const roll = rand.next();
  if (roll < 0.45) return 5;
  if (roll < 0.7) return 4;
  if (roll < 0.82) return 3;
  if (roll < 0.92) return 2;
  return 1;
}

function textFor(rating: number): keyof typeof TEXTS {
  return rating === 5
    ? 'great'
    : rating === 4
      ? 'good'
      : rating === 3
        ? 'mixed'
        : rating === 2
          ? 'poor'
          : 'bad';
}

export const DEMO_PROOF_SLUG = 'sunrise-bakery';

/** Source spread of a typical client: Google first, then private feedback, Facebook, a few videos. */
const TYPES: ReviewType[] = [
  ...Array<ReviewType>(24).fill('google'),
  ...Array<ReviewType>(12).fill('facebook'),
  ...Array<ReviewType>(16).fill('private'),
  ...Array<ReviewType>(8).fill('video'),
];

/**
 * Every request is settled: nothing in the demo runs its delivery job, so a 'queued' one would read "Queued"
 * forever. A steady flow over both dashboard windows (6 in the 30 days before, 11 in the last 30), so its
 * trend is a believable percentage, not "+1000 %" over a single earlier request.
 */
const REQUEST_PLAN: { status: RequestStatus; method: Channel; daysAgo: number }[] = [
  { status: 'completed', method: 'email', daysAgo: 58 },
  { status: 'completed', method: 'sms', daysAgo: 50 },
  { status: 'opened', method: 'email', daysAgo: 45 },
  { status: 'completed', method: 'email', daysAgo: 40 },
  { status: 'delivered', method: 'sms', daysAgo: 38 },
  { status: 'sent', method: 'whatsapp', daysAgo: 33 },
  { status: 'completed', method: 'sms', daysAgo: 26 },
  { status: 'completed', method: 'whatsapp', daysAgo: 12 },
  { status: 'opened', method: 'email', daysAgo: 9 },
  { status: 'opened', method: 'sms', daysAgo: 6 },
  { status: 'delivered', method: 'sms', daysAgo: 5 },
  { status: 'delivered', method: 'whatsapp', daysAgo: 4 },
  { status: 'sent', method: 'email', daysAgo: 3 },
  { status: 'sent', method: 'email', daysAgo: 2 },
  { status: 'failed', method: 'sms', daysAgo: 2 },
  { status: 'delivered', method: 'email', daysAgo: 1 },
  { status: 'sent', method: 'whatsapp', daysAgo: 1 },
];

function shuffled<T>(items: readonly T[], rand: ReturnType<typeof generator>): T[] {
  const copy = [...items];
  for (let i = copy.length - 1; i > 0; i--) {
    const j = rand.int(0, i);
    [copy[i], copy[j]] = [copy[j]!, copy[i]!];
  }
  return copy;
}

/** Fills the demo client's area in one transaction: all of it or nothing. */
export async function seedDemoData(db: Database, ownerId: number, now = new Date()): Promise<void> {
  const rand = generator(20260305);
  const at = (daysAgo: number, hours = 0) => new Date(now.getTime() - daysAgo * DAY + hours * HOUR);

  await db.transaction(async (tx) => {
    const [downtown, riverside] = await tx
      .insert(locations)
      .values([
        {
          ownerId,
          name: 'Sunrise Bakery Downtown',
          address: '12 Market Street, Springfield',
          googlePlaceId: 'ChIJdemo-downtown',
          googleReviewUrl: 'https://search.google.com/local/writereview?placeid=ChIJdemo-downtown',
          facebookPageUrl: 'https://www.facebook.com/sunrisebakerydowntown/reviews',
          publicLink: link(),
        },
        {
          ownerId,
          name: 'Sunrise Bakery Riverside',
          address: '48 River Road, Springfield',
          googlePlaceId: 'ChIJdemo-riverside',
          googleReviewUrl: 'https://search.google.com/local/writereview?placeid=ChIJdemo-riverside',
          facebookPageUrl: 'https://www.facebook.com/sunrisebakeryriverside/reviews',
          publicLink: link(),
        },
      ])
      .returning();
    const places = [downtown!, riverside!];

    const people = await tx
      .insert(contacts)
      .values(
        CONTACTS.map((contact, i) => {
          const [first, last] = contact.name.toLowerCase().normalize('NFD').replace(/\p{M}/gu, '').split(' ');
          return {
            ownerId,
            name: contact.name,
            email: `${first}.${last}@example.com`,
            // 555-01xx numbers are reserved for fiction: they never reach a real phone.
            phone: `+1202555${String(100 + i).padStart(4, '0')}`,
            tags: contact.tags,
            createdAt: at(95 - i * 3),
            updatedAt: at(95 - i * 3),
          };
        }),
      )
      .returning();

    const requests = await tx
      .insert(reviewRequests)
      .values(
        REQUEST_PLAN.map((plan, i) => {
          const created = at(plan.daysAgo, -2 - i);
          const step = (n: number) => new Date(created.getTime() + n * 15 * 60 * 1000);
          const reached = (s: RequestStatus[]) => s.includes(plan.status);
          return {
            ownerId,
            locationId: places[i % 2]!.id,
            contactId: people[i]!.id,
            method: plan.method,
            uniqueLink: link(),
            status: plan.status,
            failureReason: plan.status === 'failed' ? 'The phone number cannot receive text messages' : null,
            createdAt: created,
            queuedAt: created,
            sentAt: reached(['sent', 'delivered', 'opened', 'completed']) ? step(1) : null,
            deliveredAt: reached(['delivered', 'opened', 'completed']) ? step(2) : null,
            openedAt: reached(['opened', 'completed']) ? step(20) : null,
            completedAt: plan.status === 'completed' ? step(24) : null,
            failedAt: plan.status === 'failed' ? step(1) : null,
          };
        }),
      )
      .returning();
    const completed = requests.filter((r) => r.status === 'completed');

    const types = shuffled(TYPES, rand);
    const rows = types.map((type, i) => {
      const rating = ratingFor(rand);
      const ageDays = Math.round((i / types.length) * 88 * 10) / 10 + rand.next();
      const place = rand.pick(places);
      // The completed requests each produced one private review, right when the customer finished.
      const fromRequest = type === 'private' ? completed.shift() : undefined;
      const createdAt = fromRequest?.completedAt ?? at(ageDays, -rand.int(0, 10));
      const contact = fromRequest
        ? people.find((p) => p.id === fromRequest.contactId)
        : type === 'private' || type === 'video'
          ? rand.pick(people)
          : undefined;
      // Older reviews are more often answered; the last fortnight still has work waiting.
      const age = (now.getTime() - createdAt.getTime()) / DAY;
      const answered = age > 14 ? rand.next() < 0.6 : rand.next() < 0.2;
      // A few Google customers raised their rating after the reply (the dashboard's "raised after your
      // reply"): the reply answered 2 stars. Chosen by position, so the other draws stay as they were.
      const ratingAtReply = answered ? (type === 'google' && rating >= 4 && i % 6 === 0 ? 2 : rating) : null;
      const replied = ratingAtReply ?? rating;
      const band = replied >= 4 ? 'positive' : replied === 3 ? 'neutral' : 'negative';
      const externalId = type === 'google' || type === 'facebook' ? `demo-${type}-${i}` : null;
      return {
        ownerId,
        locationId: place.id,
        type,
        rating,
        content: rand.pick(TEXTS[textFor(rating)]),
        videoUrl: null,
        contactId: contact?.id ?? null,
        reviewRequestId: fromRequest?.id ?? null,
        reviewerName: contact?.name ?? rand.pick(STRANGERS),
        externalId,
        // What the review page offered next, whatever the rating: the proof page counts it.
        offeredLinks:
          type === 'private' || type === 'video'
            ? { google: place.googleReviewUrl, facebook: place.facebookPageUrl }
            : null,
        sourceUrl:
          type === 'google'
            ? `https://www.google.com/maps/reviews/${place.googlePlaceId}/${externalId}`
            : type === 'facebook'
              ? `https://www.facebook.com/${place.id}/reviews/${externalId}`
              : null,
        createdAt,
        // Connected all along: each review reached ReviewFlow as it was written (no import backlog).
        receivedAt: createdAt,
        responseContent: answered ? rand.pick(RESPONSES[band]) : null,
        respondedAt: answered ? new Date(createdAt.getTime() + rand.int(2, 60) * HOUR) : null,
        ratingAtReply,
      };
    });
    // A response is never dated in the future.
    for (const row of rows) if (row.respondedAt && row.respondedAt > now) row.respondedAt = now;
    // Oldest first, as they arrived: the proof log chains them in that order.
    const stored = await tx
      .insert(reviews)
      .values(rows.toSorted((a, b) => a.createdAt.getTime() - b.createdAt.getTime()))
      .returning();
    await seedFeedbackCases(tx, stored);
    // The demo business publishes its proof of honest collection (/proof/sunrise-bakery).
    await tx.insert(proofSettings).values({ ownerId, enabled: true, slug: DEMO_PROOF_SLUG });
  });
}

/**
 * The low private ratings from known customers each opened a feedback case (issue 47, item 3): an answered one
 * waits for the customer (its message kept in the outbox, as the demo sends nothing), the rest are the
 * business's turn.
 */
async function seedFeedbackCases(tx: Transaction, stored: (typeof reviews.$inferSelect)[]) {
  const low = stored.filter(
    (r) => r.type === 'private' && r.contactId !== null && r.rating <= FEEDBACK_CASE_MAX_RATING,
  );
  for (const review of low) {
    const replied = review.respondedAt;
    const [feedbackCase] = await tx
      .insert(feedbackCases)
      .values({
        ownerId: review.ownerId,
        reviewId: review.id,
        contactId: review.contactId,
        linkKey: link(),
        status: replied ? 'waiting' : 'open',
        openedAt: review.createdAt,
        lastActivityAt: replied ?? review.createdAt,
        lastAuthor: replied ? 'business' : null,
      })
      .returning();
    if (!replied) continue;
    await tx.insert(feedbackMessages).values({
      caseId: feedbackCase!.id,
      author: 'business',
      body: review.responseContent!,
      createdAt: replied,
      channel: 'email',
      deliveryStatus: 'outbox',
    });
  }
}
