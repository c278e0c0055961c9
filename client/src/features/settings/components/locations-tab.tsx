import { Copy, ExternalLink, MapPin, Pencil, Plus, Trash2 } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';

import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { Input } from '@/components/ui/input';
import { DialogLoading, FullPageSpinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/use-toast';
import { notifyError } from '@/components/ui/notify-error';
import { preloader } from '@/lib/preloader';
import { useOpenedOnce } from '@/lib/use-opened-once';
import type { Location } from '@shared/schemas/locations';

import { useDeleteLocation } from '../api/delete-location';
import { useLocations } from '@/lib/locations';
import { useLimitedToLocations } from '@/lib/team-role';
import { copyText } from '@/components/ui/copy-text';
import { LANGUAGE_LABELS } from '@shared/i18n/languages';

// The add and edit form (its rules, react-hook-form and Radix Dialog) loads when first opened, not with the tab.
const loadFormDialog = () => import('./location-form-dialog');
const LocationFormDialog = lazy(() => loadFormDialog().then((m) => ({ default: m.LocationFormDialog })));
const preloadFormDialog = preloader(loadFormDialog);

export function LocationsTab() {
  const locations = useLocations();
  const [editing, setEditing] = useState<Location | null | undefined>(undefined);
  const [deleting, setDeleting] = useState<Location | null>(null);
  const formMounted = useOpenedOnce(editing !== undefined);

  const limited = useLimitedToLocations();
  const addButton = limited ? null : (
    <Button onClick={() => setEditing(null)} onPointerEnter={preloadFormDialog} onFocus={preloadFormDialog}>
      <Plus aria-hidden="true" />
      Add location
    </Button>
  );

  let body;
  if (locations.isPending) body = <FullPageSpinner label="Loading locations…" />;
  else if (locations.isError)
    body = (
      <EmptyState icon={MapPin} title="Locations could not be loaded" description={locations.error.message} />
    );
  else if (locations.data.length === 0)
    body = (
      <EmptyState
        icon={MapPin}
        title="No locations yet"
        description="Add the place your customers review: its review links and its public review page."
        action={addButton}
      />
    );
  else
    body = (
      <ul className="grid gap-4 lg:grid-cols-2" aria-label="Locations">
        {locations.data.map((location) => (
          <li key={location.id}>
            <Card className="h-full">
              <CardHeader className="flex-row items-start justify-between gap-2 space-y-0">
                <div className="min-w-0">
                  <CardTitle className="truncate">{location.name}</CardTitle>
                  {location.address ? <CardDescription>{location.address}</CardDescription> : null}
                  {location.defaultLanguage ? (
                    <CardDescription>
                      Customers' language: {LANGUAGE_LABELS[location.defaultLanguage]}
                    </CardDescription>
                  ) : null}
                </div>
                <div className="flex shrink-0 gap-1">
                  <Button
                    variant="ghost"
                    size="icon"
                    aria-label={`Edit ${location.name}`}
                    onClick={() => setEditing(location)}
                    onPointerEnter={preloadFormDialog}
                    onFocus={preloadFormDialog}
                  >
                    <Pencil aria-hidden="true" />
                  </Button>
                  <Button
                    variant="ghost"
                    size="icon"
                    aria-label={`Delete ${location.name}`}
                    onClick={() => setDeleting(location)}
                  >
                    <Trash2 aria-hidden="true" />
                  </Button>
                </div>
              </CardHeader>
              <CardContent className="grid gap-3 text-sm">
                <div className="grid gap-1.5">
                  <label htmlFor={`public-link-${location.id}`} className="font-medium">
                    Public review link
                  </label>
                  <div className="flex gap-2">
                    <Input
                      id={`public-link-${location.id}`}
                      readOnly
                      value={location.publicUrl}
                      onFocus={(event) => event.target.select()}
                    />
                    <Button
                      variant="outline"
                      size="icon"
                      aria-label={`Copy public link for ${location.name}`}
                      onClick={() =>
                        void copyText(
                          location.publicUrl,
                          {
                            title: 'Link copied',
                            description: 'Paste it anywhere your customers will see it.',
                          },
                          'the link',
                        )
                      }
                    >
                      <Copy aria-hidden="true" />
                    </Button>
                  </div>
                </div>
                {/* What customers are offered: the typed link, else the connection's (issue 41). */}
                <ReviewLink
                  label="Google review link"
                  href={location.publicReviewLinks.google}
                  connected={!location.googleReviewUrl && location.publicReviewLinks.google !== null}
                  site="Google"
                />
                <ReviewLink
                  label="Facebook page"
                  href={location.publicReviewLinks.facebook}
                  connected={!location.facebookPageUrl && location.publicReviewLinks.facebook !== null}
                  site="Facebook"
                />
              </CardContent>
            </Card>
          </li>
        ))}
      </ul>
    );

  return (
    <div className="grid gap-4">
      {addButton && locations.data && locations.data.length > 0 ? (
        <div className="flex justify-end">{addButton}</div>
      ) : null}
      {body}
      {formMounted ? (
        <Suspense fallback={<DialogLoading />}>
          <LocationFormDialog
            open={editing !== undefined}
            onOpenChange={(open) => !open && setEditing(undefined)}
            location={editing}
          />
        </Suspense>
      ) : null}
      <DeleteLocationDialog location={deleting} onClose={() => setDeleting(null)} />
    </div>
  );
}

function ReviewLink({
  label,
  href,
  connected,
  site,
}: {
  label: string;
  href: string | null;
  /** The link came from the Google or Facebook connection, not typed here. */
  connected: boolean;
  site: string;
}) {
  return (
    <p className="flex flex-wrap items-center gap-x-2">
      <span className="text-muted-foreground">{label}:</span>
      {href ? (
        <a
          href={href}
          target="_blank"
          rel="noreferrer noopener"
          className="inline-flex min-w-0 items-center gap-1 text-primary underline-offset-4 hover:underline"
        >
          <span className="truncate">{new URL(href).hostname}</span>
          <ExternalLink className="size-3.5" aria-hidden="true" />
        </a>
      ) : (
        <span>Not set</span>
      )}
      {connected ? <span className="text-xs text-muted-foreground">from your {site} connection</span> : null}
    </p>
  );
}

function DeleteLocationDialog({ location, onClose }: { location: Location | null; onClose: () => void }) {
  const remove = useDeleteLocation();
  return (
    <ConfirmDialog
      open={location !== null}
      onOpenChange={(open) => !open && onClose()}
      title={`Delete ${location?.name ?? ''}?`}
      description="Its review requests are deleted with it and its public link stops working. Reviews already received stay in your list."
      confirmLabel="Delete location"
      pending={remove.isPending}
      pendingLabel="Deleting…"
      onConfirm={() =>
        location &&
        remove.mutate(location.id, {
          onSuccess: () => {
            toast({ title: 'Location deleted', description: `${location.name} was deleted.` });
            onClose();
          },
          onError: (error) => notifyError(error),
        })
      }
    />
  );
}
