import { useEffect, useRef } from 'react';

import { buttonVariants } from '@/components/ui/button';
import { cn } from '@/lib/utils';

import { CheckIcon, StarIcon } from './icons';
import { starLabel } from './star-rating';
import type { ReviewLinks } from './types';

interface ThankYouProps {
  businessName: string;
  contactFirstName?: string | null;
  reviewLinks: ReviewLinks;
  rating?: number | null;
  alreadySubmitted?: boolean;
  preview?: boolean;
}

/**
 * After a review, whatever its rating: every customer is offered the public review sites (asking only
 * happy customers would be review gating, against Google's policy and the FTC's rule; PRODUCT.md section 7).
 */
export function ThankYou({
  businessName,
  contactFirstName,
  reviewLinks,
  rating,
  alreadySubmitted,
  preview,
}: ThankYouProps) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => headingRef.current?.focus(), []);

  const sites = [
    { name: 'Google', href: reviewLinks.google },
    { name: 'Facebook', href: reviewLinks.facebook },
  ].filter((site): site is { name: string; href: string } => Boolean(site.href));

  return (
    <div className="flex flex-col items-center text-center">
      <div className="grid size-14 place-items-center rounded-full bg-emerald-100 text-emerald-700 dark:bg-emerald-900/40 dark:text-emerald-300">
        <CheckIcon className="size-8" />
      </div>
      <h2 ref={headingRef} tabIndex={-1} className="mt-4 text-2xl font-bold tracking-tight outline-none">
        {alreadySubmitted ? 'Thank you!' : `Thank you${contactFirstName ? `, ${contactFirstName}` : ''}!`}
      </h2>
      <p className="mt-2 text-muted-foreground">
        {alreadySubmitted
          ? `Your review was already received. ${businessName} appreciates it.`
          : `Your review has been sent to ${businessName}.`}
      </p>
      {rating ? (
        <div className="mt-3 flex gap-0.5" role="img" aria-label={`You rated ${starLabel(rating)}`}>
          {[1, 2, 3, 4, 5].map((n) => (
            <StarIcon
              key={n}
              className={cn(
                'size-6',
                n <= rating
                  ? 'fill-amber-400 stroke-amber-500'
                  : 'fill-transparent stroke-muted-foreground/60',
              )}
            />
          ))}
        </div>
      ) : null}

      {sites.length > 0 && (
        <div className="mt-6 w-full border-t pt-6">
          <p className="font-medium">Would you share your experience publicly too?</p>
          <p className="mt-1 text-sm text-muted-foreground">
            Good or bad, an honest review helps other customers. It only takes a minute.
          </p>
          <div className="mt-4 flex flex-col gap-2">
            {sites.map((site) => (
              <a
                key={site.name}
                href={site.href}
                target="_blank"
                rel="noopener noreferrer"
                className={cn(buttonVariants({ variant: 'outline', size: 'lg' }), 'min-h-12 w-full')}
              >
                Post on {site.name}
                <span className="sr-only"> (opens in a new tab)</span>
              </a>
            ))}
          </div>
        </div>
      )}

      {preview && (
        <p className="mt-6 w-full rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm font-medium text-amber-900 dark:border-amber-700 dark:bg-amber-950/50 dark:text-amber-200">
          Preview: nothing was saved
        </p>
      )}
    </div>
  );
}
