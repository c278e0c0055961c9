import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import LandingPage from '../landing-page';

function renderLandingPage() {
  const { hook } = memoryLocation({ path: '/' });
  return render(
    <Router hook={hook}>
      <LandingPage />
    </Router>,
  );
}

describe('LandingPage', () => {
  it('when rendered, then the top bar offers Login and Sign up for free', () => {
    renderLandingPage();

    const header = screen.getByRole('banner');
    expect(within(header).getByRole('link', { name: 'ReviewFlow' })).toHaveAttribute('href', '/');
    expect(within(header).getByRole('link', { name: 'Login' })).toHaveAttribute('href', '/auth');
    expect(within(header).getByRole('link', { name: 'Sign up for free' })).toHaveAttribute(
      'href',
      '/auth?tab=register',
    );
  });

  it('when rendered, then every Login and sign-up link leads to the auth screen', () => {
    renderLandingPage();

    for (const link of screen.getAllByRole('link', { name: 'Login' })) {
      expect(link).toHaveAttribute('href', '/auth');
    }
    const signUpLinks = screen.getAllByRole('link', { name: /sign up for free/i });
    expect(signUpLinks.length).toBeGreaterThanOrEqual(3); // top bar, hero, call to action
    for (const link of signUpLinks) {
      expect(link).toHaveAttribute('href', '/auth?tab=register');
    }
  });

  it('when rendered, then the hero, the three features and the call to action are headed', () => {
    renderLandingPage();

    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(/five-star reviews/i);
    for (const title of [
      'Multi-channel review collection',
      'Business profile integration',
      'Analytics dashboard',
    ]) {
      expect(screen.getByRole('heading', { level: 3, name: title })).toBeInTheDocument();
    }
    expect(screen.getByText(/email, sms and whatsapp requests/i)).toBeInTheDocument();
    expect(screen.getByText(/google and facebook reviews imported/i)).toBeInTheDocument();
    expect(
      screen.getByRole('heading', { level: 2, name: 'Start collecting reviews today' }),
    ).toBeInTheDocument();
  });

  it('when rendered, then the 94% and 72% marketing stats show with their captions', () => {
    renderLandingPage();

    expect(screen.getByText('94%')).toBeInTheDocument();
    expect(screen.getByText(/read online reviews before choosing a local business/i)).toBeInTheDocument();
    expect(screen.getByText('72%')).toBeInTheDocument();
    expect(screen.getByText(/will leave a review when they are asked/i)).toBeInTheDocument();
  });

  it('when rendered, then the footer links to Login, Sign up, Terms and Privacy with this year', () => {
    renderLandingPage();

    const footer = screen.getByRole('contentinfo');
    expect(within(footer).getByRole('link', { name: 'Login' })).toHaveAttribute('href', '/auth');
    expect(within(footer).getByRole('link', { name: 'Sign up' })).toHaveAttribute(
      'href',
      '/auth?tab=register',
    );
    expect(within(footer).getByRole('link', { name: 'Terms' })).toHaveAttribute('href', '/terms-of-service');
    expect(within(footer).getByRole('link', { name: 'Privacy' })).toHaveAttribute('href', '/privacy-policy');
    expect(
      within(footer).getByText(new RegExp(`© ${new Date().getFullYear()} ReviewFlow`)),
    ).toBeInTheDocument();
  });
});
