import { ArrowLeft, ShieldCheck } from 'lucide-react';
import { Link } from 'wouter';

import { Button } from '@/components/ui/button';

export interface AdminViewInfo {
  clientName: string;
}

/** Shown while an admin is inside a client's area (seed-spec section 2). */
export function AdminViewBanner({ clientName }: AdminViewInfo) {
  return (
    <div
      role="region"
      aria-label="Admin View"
      className="flex flex-wrap items-center justify-between gap-2 border-b border-amber-300/60 bg-amber-50 px-4 py-2 text-amber-950 dark:border-amber-400/30 dark:bg-amber-400/10 dark:text-amber-100 sm:px-6"
    >
      <p className="flex min-w-0 items-center gap-2 text-sm">
        <ShieldCheck className="size-4 shrink-0" aria-hidden="true" />
        <span className="font-semibold">Admin View</span>
        <span aria-hidden="true">·</span>
        <span className="truncate">
          Viewing <span className="font-medium">{clientName}</span>
        </span>
      </p>
      <Button
        asChild
        variant="outline"
        size="sm"
        className="border-amber-400/60 bg-transparent hover:bg-amber-100 dark:hover:bg-amber-400/20"
      >
        <Link href="/admin/clients">
          <ArrowLeft aria-hidden="true" />
          Back to Admin
        </Link>
      </Button>
    </div>
  );
}
