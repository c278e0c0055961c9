import { simplePage } from '../../lib/simple-page';

/** The pages an email's unsubscribe link shows: no script, so the strict CSP holds (lib/simple-page). */
export const unsubscribePages = {
  invalid: () => simplePage('Link not valid', 'This unsubscribe link is not valid. Nothing was changed.'),
  ask: () =>
    simplePage(
      'Unsubscribe from review requests?',
      'You will no longer receive review requests by email from this business.',
      '<form method="post"><button type="submit">Unsubscribe</button></form>',
    ),
  done: () =>
    simplePage(
      'You have been unsubscribed',
      'You will no longer receive review requests by email from this business.',
    ),
};
