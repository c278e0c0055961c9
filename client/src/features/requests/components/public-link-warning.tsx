import { TriangleAlert } from 'lucide-react';
import { Link } from 'wouter';

import { useLocations } from '@/lib/locations';
import { useTenant } from '@/lib/tenant';

const LINK_CLASS = 'font-medium underline';

/**
 * Says before sending when a location's customers would be offered no public review site after they rate
 * (issue 41): it has no Google or Facebook link typed by hand and none from a connection. With `locationId`,
 * about the chosen location ('' for none chosen yet); without, about every location (Get Reviews).
 */
export function PublicLinkWarning({ locationId }: { locationId?: number | string }) {
  const { routeBase } = useTenant();
  const locations = useLocations();
  const missing = (locations.data ?? []).filter(
    (location) =>
      (locationId === undefined || String(location.id) === String(locationId)) &&
      // An answer without the field says nothing either way.
      location.publicReviewLinks &&
      !location.publicReviewLinks.google &&
      !location.publicReviewLinks.facebook,
  );
  if (missing.length === 0) return null;

  const names = new Intl.ListFormat('en', { type: 'conjunction' }).format(missing.map((l) => l.name));
  return (
    <p
      role="status"
      className="flex items-start gap-2 rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100"
    >
      <TriangleAlert className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
      <span>
        Customers of {names} won&apos;t be offered Google or Facebook after they rate:{' '}
        {missing.length === 1 ? 'it has' : 'they have'} no public review link. Connect Google or Facebook in{' '}
        <Link href={`${routeBase}/settings?tab=integrations`} className={LINK_CLASS}>
          Settings › Integrations
        </Link>
        , or add the link in{' '}
        <Link href={`${routeBase}/settings?tab=locations`} className={LINK_CLASS}>
          Settings › Locations
        </Link>
        .
      </span>
    </p>
  );
}
