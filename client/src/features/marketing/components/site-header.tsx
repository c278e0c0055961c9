import { Link } from 'wouter';
import { Button } from '@/components/ui/button';
import { Brand } from './brand';

export function SiteHeader() {
  return (
    <header className="sticky top-0 z-40 border-b border-border/60 bg-background/80 backdrop-blur supports-[backdrop-filter]:bg-background/60">
      <div className="container flex h-16 items-center justify-between gap-2">
        <Brand />
        <nav aria-label="Account" className="flex items-center gap-1 sm:gap-2">
          <Button asChild variant="ghost" size="sm">
            <Link href="/auth">Login</Link>
          </Button>
          <Button asChild size="sm">
            <Link href="/auth?tab=register">Sign up for free</Link>
          </Button>
        </nav>
      </div>
    </header>
  );
}
