import { Router } from 'express';
import {
  FeedbackCaseListQuerySchema,
  FeedbackCaseParamsSchema,
  FeedbackMessageSchema,
} from '@shared/schemas/feedback-cases';
import { ReviewIdParamsSchema } from '@shared/schemas/reviews';
import type { AppContext } from '../../lib/context';
import { scopeOf } from '../../middleware/tenant';
import { validate } from '../../middleware/validate';
import { feedbackCasesServiceFor } from './feedback-cases.service';

/** The business's side of feedback cases: the list on Reviews, a review's case, its messages and status. */
export function createFeedbackCasesRoutes(ctx: AppContext): Router {
  const cases = feedbackCasesServiceFor(ctx);
  const router = Router();

  router.get(
    '/feedback-cases',
    validate({ query: FeedbackCaseListQuerySchema }, async ({ query }, req, res) => {
      res.json(await cases.list(scopeOf(req), query));
    }),
  );
  router.get(
    '/reviews/:id/feedback-case',
    validate({ params: ReviewIdParamsSchema }, async ({ params }, req, res) => {
      res.json(await cases.ofReview(scopeOf(req), params.id));
    }),
  );
  router.get(
    '/feedback-cases/:id',
    validate({ params: FeedbackCaseParamsSchema }, async ({ params }, req, res) => {
      res.json(await cases.get(scopeOf(req), params.id));
    }),
  );
  router.post(
    '/feedback-cases/:id/messages',
    validate(
      { params: FeedbackCaseParamsSchema, body: FeedbackMessageSchema },
      async ({ params, body }, req, res) => {
        res.status(201).json(await cases.send(scopeOf(req), params.id, body.body));
      },
    ),
  );
  router.post(
    '/feedback-cases/:id/resolve',
    validate({ params: FeedbackCaseParamsSchema }, async ({ params }, req, res) => {
      res.json(await cases.resolve(scopeOf(req), params.id));
    }),
  );
  router.post(
    '/feedback-cases/:id/reopen',
    validate({ params: FeedbackCaseParamsSchema }, async ({ params }, req, res) => {
      res.json(await cases.reopen(scopeOf(req), params.id));
    }),
  );
  return router;
}
