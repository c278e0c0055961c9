import { Star } from 'lucide-react';
import { Link } from 'wouter';

/** The ReviewFlow word mark; links home so it works as the "skip to top" of every public page. */
export function Brand() {
  return (
    <Link
      href="/"
      className="inline-flex items-center gap-2 rounded-md font-semibold tracking-tight text-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:ring-offset-background"
    >
      <span
        aria-hidden="true"
        className="flex h-8 w-8 items-center justify-center rounded-lg bg-primary text-primary-foreground shadow-sm"
      >
        <Star className="h-4 w-4 fill-current" />
      </span>
      <span className="text-lg">ReviewFlow</span>
    </Link>
  );
}
