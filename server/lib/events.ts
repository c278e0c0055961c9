import type { ReviewType } from '@shared/domain';
import type { Provider } from '@shared/integrations';
import type { Database } from '../db/client';

/** The transaction that wrote the change: each subscriber writes its side effect in it, so both commit or neither. */
export type EventExecutor = Pick<Database, 'select' | 'insert' | 'update' | 'delete' | 'execute'>;

/** A review that just arrived, as its bell notification, alert email and `review.created` delivery read it. */
export interface CreatedReview {
  id: number;
  ownerId: number;
  type: ReviewType;
  rating: number;
  reviewerName: string;
  content: string;
}

/** What changed on Google or Facebook about a review the sync watches (issue 47, item 2). */
export type SiteChange =
  /** The reply posted on the site is no longer there. */
  | { kind: 'reply_vanished'; reviewId: number; reviewerName: string; rating: number }
  /** The customer changed their review after the reply: `from` is the rating the reply answered. */
  | { kind: 'review_edited'; reviewId: number; reviewerName: string; from: number; to: number }
  /** The review is no longer on the site. */
  | { kind: 'review_removed'; reviewId: number; reviewerName: string; rating: number; answered: boolean };

/**
 * What happened, said once by the feature that did it (issue 44, item 2). Who reacts (webhooks, the bell,
 * email) subscribes at start (server/events.ts); the feature that emits names none of them.
 */
export type DomainEvent =
  | {
      /** The owner's reply is the review's response now (a first answer or an edit). */
      type: 'review.responded';
      ownerId: number;
      reviewId: number;
      content: string;
      publishedTo: 'google' | 'facebook' | null;
      edited: boolean;
    }
  | {
      /** A reply will not reach its site without the owner: no attempts left, or the connection refused. */
      type: 'reply.failed';
      ownerId: number;
      reviewId: number;
      reason: string;
    }
  | {
      /**
       * Reviews arrived that are news to the owner: a customer's on the review page, or an import's after a
       * location's first (a first import brings the history, which is not announced).
       */
      type: 'reviews.created';
      reviews: CreatedReview[];
    }
  | {
      /** The customer a request went to left their review through it. */
      type: 'review_request.completed';
      ownerId: number;
      reviewRequestId: number;
      contactId: number | null;
      reviewId: number;
      rating: number;
    }
  | {
      /** Requests that will not reach their customer: never sent, or reported undelivered by the provider. */
      type: 'review_requests.failed';
      requests: { id: number; ownerId: number; contactName: string | null }[];
      reason: string;
    }
  | {
      /** The sync found reviews changed on their site: replies gone, reviews edited after a reply, or removed. */
      type: 'site.changes';
      ownerId: number;
      provider: Provider;
      locationName: string;
      changes: SiteChange[];
    }
  | {
      /** A customer answered on their feedback case's page (issue 47, item 3): the business's turn. */
      type: 'feedback.answered';
      ownerId: number;
      reviewId: number;
      /** The answer's feedback_messages row. */
      messageId: number;
      customerName: string;
      body: string;
    }
  | {
      /** A provider refused a location's grant (revoked, expired, access lost): said once per breakage. */
      type: 'integration.disconnected';
      ownerId: number;
      provider: Provider;
      locationName: string;
    }
  | {
      /** A member left a business's team (removed by the owner): nothing of the business may reach them now. */
      type: 'team.member_removed';
      clientId: number;
      userId: number;
    }
  | {
      /**
       * Something the audit log keeps: an admin's call inside a client's area, a plan change, a payment, a
       * change to the team. `actorId` is null for what no one did by hand (a payment provider's event).
       */
      type: 'audited';
      actorId: number | null;
      action: string;
      targetClientId: number | null;
      details: Record<string, unknown>;
    };

export type DomainEventType = DomainEvent['type'];
export type DomainEventOf<T extends DomainEventType> = Extract<DomainEvent, { type: T }>;

/** A feature's reactions, by event. */
export type Subscribers = {
  [T in DomainEventType]?: (tx: EventExecutor, event: DomainEventOf<T>) => Promise<void>;
};

export interface EventBus {
  /** Runs every subscriber of the event, one after another, inside `tx`. */
  emit(tx: EventExecutor, event: DomainEvent): Promise<void>;
}

export function createEventBus(features: Subscribers[]): EventBus {
  return {
    async emit(tx, event) {
      for (const subscribers of features) {
        const react = subscribers[event.type] as
          ((tx: EventExecutor, event: DomainEvent) => Promise<void>) | undefined;
        if (react) await react(tx, event);
      }
    },
  };
}
