import { Link } from 'wouter';
import { Brand } from './brand';

const linkGroups = [
  {
    title: 'Account',
    links: [
      { href: '/auth', label: 'Login' },
      { href: '/auth?tab=register', label: 'Sign up' },
    ],
  },
  {
    title: 'Legal',
    links: [
      { href: '/terms-of-service', label: 'Terms' },
      { href: '/privacy-policy', label: 'Privacy' },
    ],
  },
];

export function SiteFooter() {
  const year = new Date().getFullYear();

  return (
    <footer className="border-t border-border bg-muted/30">
      <div className="container grid gap-10 py-12 sm:grid-cols-[2fr_1fr_1fr]">
        <div className="space-y-3">
          <Brand />
          <p className="max-w-xs text-sm leading-6 text-muted-foreground">
            Collect more reviews, answer every one of them, and see what your customers are telling you.
          </p>
        </div>
        {linkGroups.map((group) => (
          <nav key={group.title} aria-label={group.title}>
            <h2 className="text-sm font-semibold text-foreground">{group.title}</h2>
            <ul className="mt-3 space-y-2">
              {group.links.map((link) => (
                <li key={link.href}>
                  <Link
                    href={link.href}
                    className="rounded-sm text-sm text-muted-foreground transition-colors hover:text-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
                  >
                    {link.label}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
        ))}
      </div>
      <div className="border-t border-border">
        <p className="container py-6 text-sm text-muted-foreground">
          © {year} ReviewFlow. All rights reserved.
        </p>
      </div>
    </footer>
  );
}
