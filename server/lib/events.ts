import type { Database } from '../db/client';

/** The transaction that wrote the change: each subscriber writes its side effect in it, so both commit or neither. */
export type EventExecutor = Pick<Database, 'select' | 'insert' | 'update' | 'execute'>;

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
