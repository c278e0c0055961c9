import { describe, expect, it } from 'vitest';
import { resetLinkToast } from '../send-reset-link';

describe("the admin's reset-link toast", () => {
  it('when the email went out, then it says so', () => {
    expect(resetLinkToast({ to: 'pat@example.com', status: 'sent' })).toEqual({
      title: 'Reset link sent to pat@example.com',
    });
  });

  it('when email is not set up, then it says nothing was sent and the outbox does not hold a usable link', () => {
    const toast = resetLinkToast({ to: 'pat@example.com', status: 'outbox' });
    expect(toast.title).toBe('Reset link for pat@example.com not sent');
    expect(toast.description).toContain('link hidden');
    expect(toast.description).not.toContain('find the message');
  });

  it('when the provider refused it, then it is an error', () => {
    expect(resetLinkToast({ to: 'pat@example.com', status: 'failed' }).variant).toBe('destructive');
  });
});
