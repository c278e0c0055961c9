import type { ReactNode } from 'react';
import { Star } from 'lucide-react';
import { Link } from 'wouter';
import { SkipLink } from '@/components/ui/skip-link';

const footerLinks = [
  { href: '/', label: 'Home' },
  { href: '/help', label: 'Help Center' },
  { href: '/terms-of-service', label: 'Terms' },
  { href: '/privacy-policy', label: 'Privacy' },
];

const focusRing =
  'rounded-sm focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:ring-offset-background';

/** Shell for the public reading pages (legal texts, help, OAuth error): brand header, centred column, footer. */
export function LegalLayout({ children }: { children: ReactNode }) {
  const year = new Date().getFullYear();

  return (
    <div className="flex min-h-screen flex-col bg-background text-foreground">
      <SkipLink />
      <header className="sticky top-0 z-40 border-b border-border bg-background/90 backdrop-blur supports-[backdrop-filter]:bg-background/70">
        <div className="container flex h-14 max-w-5xl items-center justify-between">
          <Link
            href="/"
            className={`inline-flex items-center gap-2 font-semibold tracking-tight ${focusRing}`}
          >
            <span
              aria-hidden="true"
              className="flex h-7 w-7 items-center justify-center rounded-lg bg-primary text-primary-foreground"
            >
              <Star className="h-3.5 w-3.5 fill-current" />
            </span>
            ReviewFlow
          </Link>
          <Link
            href="/help"
            className={`text-sm text-muted-foreground transition-colors hover:text-foreground ${focusRing}`}
          >
            Help
          </Link>
        </div>
      </header>

      <main id="main" className="container max-w-5xl flex-1 py-10 sm:py-14">
        {children}
      </main>

      <footer className="border-t border-border bg-muted/30">
        <div className="container flex max-w-5xl flex-col gap-4 py-8 text-sm text-muted-foreground sm:flex-row sm:items-center sm:justify-between">
          <nav aria-label="Footer">
            <ul className="flex flex-wrap gap-x-6 gap-y-2">
              {footerLinks.map((link) => (
                <li key={link.href}>
                  <Link href={link.href} className={`transition-colors hover:text-foreground ${focusRing}`}>
                    {link.label}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
          <p>© {year} ReviewFlow. All rights reserved.</p>
        </div>
      </footer>
    </div>
  );
}
