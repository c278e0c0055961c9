// Private feedback that closes (issue 47, item 3): the business's routes, the customer's page, the delivery of
// messages, and the reactions that open a case and send its first reply.
import type { AppContext } from '../../lib/context';
import type { JobHandlers } from '../../lib/queue/worker';
import { createFeedbackDelivery } from './feedback-delivery';

export { createFeedbackCasesRoutes } from './feedback-cases.routes';
export { createFeedbackPublicRoutes } from './feedback-public.routes';
export { feedbackSubscribers } from './feedback-subscribers';
export { hasFeedbackCase } from './feedback-cases.repository';

export function createFeedbackJobHandlers(ctx: AppContext): JobHandlers {
  const delivery = createFeedbackDelivery(ctx);
  return { 'send-feedback-message': (payload, job) => delivery.deliver(payload, job) };
}
