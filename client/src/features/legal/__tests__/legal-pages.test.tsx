import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { ReactElement } from 'react';
import { describe, expect, it } from 'vitest';
import { server } from '@/testing/mocks/server';
import { renderWithProviders } from '@/testing/test-utils';
import HelpPage from '../help-page';
import OAuthErrorPage from '../oauth-error-page';
import PrivacyPolicyPage from '../privacy-policy-page';
import TermsOfServicePage from '../terms-of-service-page';

function renderAt(path: string, page: ReactElement) {
  return renderWithProviders(page, { path });
}

describe('OAuthErrorPage', () => {
  it('when the user declined the permission, then it says so and names the provider', () => {
    renderAt('/oauth-error?provider=google&reason=access_denied', <OAuthErrorPage />);

    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('connect Google Business Profile');
    expect(screen.getByText(/you declined the permission request/i)).toBeInTheDocument();
    expect(screen.getByText(/nothing was changed/i)).toBeInTheDocument();
  });

  it('when the state was invalid, then it says the link expired and to try again', () => {
    renderAt('/oauth-error?provider=facebook&reason=invalid_state', <OAuthErrorPage />);

    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('connect Facebook');
    expect(screen.getByText(/the connection link expired/i)).toHaveTextContent(/start the connection again/i);
  });

  it('when the reason is unknown or missing, then it shows the generic explanation', () => {
    renderAt('/oauth-error', <OAuthErrorPage />);

    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Couldn’t complete the connection');
    expect(screen.getByText(/the connection was cancelled, or the provider refused it/i)).toBeInTheDocument();
    expect(screen.queryByText(/error code/i)).not.toBeInTheDocument();
  });

  it('when the reason is not a plain code, then it is not echoed on the page', () => {
    renderAt('/oauth-error?reason=%3Cb%3Ehello%20there%3C%2Fb%3E', <OAuthErrorPage />);

    expect(screen.getByText(/the connection was cancelled/i)).toBeInTheDocument();
    expect(screen.queryByText(/error code/i)).not.toBeInTheDocument();
  });

  it('when shown, then it offers the way back to Settings and the Dashboard', () => {
    renderAt('/oauth-error?reason=server_error', <OAuthErrorPage />);

    expect(screen.getByRole('link', { name: 'Back to Settings' })).toHaveAttribute(
      'href',
      '/settings?tab=integrations',
    );
    expect(screen.getByRole('link', { name: 'Go to Dashboard' })).toHaveAttribute('href', '/dashboard');
    expect(screen.getByText('server_error')).toBeInTheDocument();
  });
});

describe('PrivacyPolicyPage', () => {
  it('when rendered, then it shows its title, date, contents and contact', () => {
    renderAt('/privacy-policy', <PrivacyPolicyPage />);

    expect(screen.getByRole('heading', { level: 1, name: 'Privacy Policy' })).toBeInTheDocument();
    expect(screen.getByText('21 November 2026')).toHaveAttribute('datetime', '2026-11-21');
    const contents = screen.getByRole('navigation', { name: 'Contents' });
    expect(within(contents).getByRole('link', { name: /controller and processor/i })).toHaveAttribute(
      'href',
      '#our-role',
    );
    expect(screen.getByRole('heading', { level: 2, name: /cookies and local storage/i })).toBeInTheDocument();
    // The processors it names are the ones the product uses.
    for (const processor of ['Our SMTP email provider', 'Twilio', 'Google and Meta (Facebook)', 'Stripe'])
      expect(screen.getByText(processor)).toBeInTheDocument();
    expect(screen.getByText(/Export my data/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'privacy@reviewflow.example' })).toHaveAttribute(
      'href',
      'mailto:privacy@reviewflow.example',
    );
  });
});

describe('TermsOfServicePage', () => {
  it('when rendered, then it shows its title, date, the review-gating rule and contact', async () => {
    renderAt('/terms-of-service', <TermsOfServicePage />);

    expect(screen.getByRole('heading', { level: 1, name: 'Terms of Service' })).toBeInTheDocument();
    expect(screen.getByText('21 November 2026')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: /acceptable use/i })).toBeInTheDocument();
    expect(screen.getByText('No review gating.')).toBeInTheDocument();
    expect(
      await screen.findByText(/100 review requests a calendar month and 3 locations/),
    ).toBeInTheDocument();
    expect(screen.getByText(/20 review requests in all/)).toBeInTheDocument();
    expect(screen.getByText(/7-day grace period/)).toBeInTheDocument();
    expect(screen.getByText(/customer portal/)).toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: 'legal@reviewflow.example' })[0]).toHaveAttribute(
      'href',
      'mailto:legal@reviewflow.example',
    );
  });

  it("when this deployment's limits differ, then the terms quote the server's numbers, never fixed ones", async () => {
    server.use(
      http.get('*/api/plan-terms', () =>
        HttpResponse.json({
          freePlan: { reviewRequestLimit: 250, locationsLimit: null },
          unverifiedRequestCap: 5,
          billingGraceDays: 10,
        }),
      ),
    );
    renderAt('/terms-of-service', <TermsOfServicePage />);

    expect(
      await screen.findByText(/250 review requests a calendar month and unlimited locations/),
    ).toBeInTheDocument();
    expect(screen.getByText(/5 review requests in all/)).toBeInTheDocument();
    expect(screen.getByText(/10-day grace period/)).toBeInTheDocument();
    expect(screen.queryByText(/100 review requests/)).not.toBeInTheDocument();
  });

  it('when rendered, then the layout links home and to the other legal pages', () => {
    renderAt('/terms-of-service', <TermsOfServicePage />);

    expect(within(screen.getByRole('banner')).getByRole('link', { name: 'ReviewFlow' })).toHaveAttribute(
      'href',
      '/',
    );
    const footer = screen.getByRole('contentinfo');
    expect(within(footer).getByRole('link', { name: 'Terms' })).toHaveAttribute('href', '/terms-of-service');
    expect(within(footer).getByRole('link', { name: 'Privacy' })).toHaveAttribute('href', '/privacy-policy');
  });
});

describe('HelpPage', () => {
  it('when rendered, then it shows the topics as accordions and the support address', async () => {
    const { container } = renderAt('/help', <HelpPage />);

    expect(screen.getByRole('heading', { level: 1, name: 'Help Center' })).toBeInTheDocument();
    for (const topic of [
      'Getting started',
      'Collecting reviews',
      'Connecting Google and Facebook',
      'Plans and billing',
      'Your account',
    ]) {
      expect(screen.getByRole('heading', { level: 2, name: topic })).toBeInTheDocument();
    }
    expect(container.querySelectorAll('details').length).toBeGreaterThan(10);
    expect(screen.getByText('What format does the contacts CSV need?')).toBeInTheDocument();
    for (const question of [
      'What does the free plan include?',
      'Where are my invoices, and how do I cancel?',
      'What happens when a payment fails?',
      'I forgot my password. What now?',
      'How do I confirm or change my email?',
      'How do I export my data?',
      'How do I delete my account?',
    ])
      expect(screen.getByText(question)).toBeInTheDocument();
    expect(await screen.findByText(/20 review requests in all/)).toBeInTheDocument();
    expect(screen.getAllByText('name,email,phone').length).toBeGreaterThan(0);
    expect(screen.getByRole('link', { name: 'support@reviewflow.example' })).toHaveAttribute(
      'href',
      'mailto:support@reviewflow.example',
    );
  });
});
