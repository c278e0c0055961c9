import { AlertTriangle, CheckCircle2, Info, Plug } from 'lucide-react';
import { useId, useState } from 'react';
import { useSearchParams } from 'wouter';
import {
  PROVIDER_LABELS,
  type ConnectedNoticeReason,
  type IntegrationsOverview,
  type LocationIntegrations,
  type Provider,
} from '@shared/integrations';

import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { Label } from '@/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { FullPageSpinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/use-toast';
import { notifyError } from '@/components/ui/notify-error';
import { useTenant } from '@/lib/tenant';
import { formatTimeAgo } from '@/lib/utils';

import { useDisconnectIntegration } from '../api/disconnect-integration';
import { connectUrl, useIntegrations } from '../api/get-integrations';
import { useGoogleLocations, useLinkGoogleLocation } from '../api/google-locations';
import { IMPORT_TEXTS, useImportReviews } from '../api/import-reviews';

const PROVIDERS: Provider[] = ['google', 'facebook'];

/**
 * Why Connect is not offered when the server has no credentials for the provider: in the owner's words, with
 * no button that can only fail (issue 43). The administrator finds the variables in the README.
 */
const NOT_CONFIGURED: Record<Provider, string> = {
  google: "Google isn't set up on this server: ask your administrator.",
  facebook: "Facebook isn't set up on this server: ask your administrator.",
};

/** What the Google callback tells us when it could not link a Google location by itself. */
const CONNECTED_NOTICES: Record<ConnectedNoticeReason, string> = {
  choose_location:
    'Google is connected. Your Google account manages several business locations: choose the one each of your locations is below.',
  no_locations:
    'Google is connected, but this Google account manages no business location. Connect again with the Google account that manages your Business Profile.',
  locations_unavailable:
    'Google is connected, but its locations could not be listed just now. Choose your Google location below, or try again in a few minutes.',
};

/** Settings › Integrations: each location's Google and Facebook connection, its imports and its problems. */
export function IntegrationsPanel({ onAddLocation }: { onAddLocation: () => void }) {
  const integrations = useIntegrations();
  const [searchParams] = useSearchParams();
  const reason = searchParams.get('reason') as ConnectedNoticeReason | null;

  if (integrations.isPending) return <FullPageSpinner label="Loading integrations…" />;
  if (integrations.isError)
    return (
      <EmptyState
        icon={Plug}
        title="Integrations could not be loaded"
        description={integrations.error.message}
      />
    );
  const overview = integrations.data;
  if (overview.locations.length === 0)
    return (
      <EmptyState
        icon={Plug}
        title="Add a location first"
        description="Each location connects to its own Google Business Profile and Facebook page."
        action={<Button onClick={onAddLocation}>Go to Locations</Button>}
      />
    );

  const googleTokenStored = overview.locations.some((l) => l.google.tokenStored && !l.google.reconnectNeeded);
  return (
    <div className="grid gap-4">
      {reason && reason in CONNECTED_NOTICES ? (
        <p role="status" className="flex gap-2 rounded-lg border bg-card p-4 text-sm">
          <Info className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden="true" />
          {CONNECTED_NOTICES[reason]}
        </p>
      ) : null}
      <p className="text-sm text-muted-foreground">
        Connected locations are imported automatically every {overview.syncIntervalMinutes} minutes; new
        reviews show up in your list and in the notifications.
      </p>
      <ImportButtons overview={overview} />
      <ul className="grid gap-4" aria-label="Integrations by location">
        {overview.locations.map((location) => (
          <li key={location.locationId}>
            <Card>
              <CardHeader>
                <CardTitle>{location.locationName}</CardTitle>
                <CardDescription>Import reviews and answer them where they were posted.</CardDescription>
              </CardHeader>
              <CardContent className="grid gap-3">
                {PROVIDERS.map((provider) => (
                  <ProviderRow
                    key={provider}
                    provider={provider}
                    location={location}
                    configured={
                      provider === 'google' ? overview.googleConfigured : overview.facebookConfigured
                    }
                    googleTokenStored={googleTokenStored}
                  />
                ))}
              </CardContent>
            </Card>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** "Import now" for each provider with a usable connection, with the import's progress. */
function ImportButtons({ overview }: { overview: IntegrationsOverview }) {
  const connected = PROVIDERS.filter((p) =>
    overview.locations.some((l) => l[p].connected && !l[p].reconnectNeeded),
  );
  if (connected.length === 0) return null;
  return (
    <div className="flex flex-wrap gap-3">
      {connected.map((provider) => (
        <ImportNow key={provider} provider={provider} />
      ))}
    </div>
  );
}

function ImportNow({ provider }: { provider: Provider }) {
  const importer = useImportReviews(provider);
  return (
    <div className="flex flex-wrap items-center gap-2">
      <Button variant="outline" onClick={importer.start} disabled={importer.importing}>
        {importer.importing ? 'Importing...' : IMPORT_TEXTS[provider].button}
      </Button>
      {importer.progress ? (
        <span role="status" className="text-sm text-muted-foreground">
          {importer.progress}
        </span>
      ) : null}
    </div>
  );
}

interface ProviderRowProps {
  provider: Provider;
  location: LocationIntegrations;
  configured: boolean;
  /** Some location holds a working Google token: another can be linked without a new consent. */
  googleTokenStored: boolean;
}

function ProviderRow({ provider, location, configured, googleTokenStored }: ProviderRowProps) {
  const { apiBase } = useTenant();
  const disconnect = useDisconnectIntegration();
  const connection = location[provider];
  const name = PROVIDER_LABELS[provider];
  const status = connection.reconnectNeeded
    ? { label: 'Reconnect needed', variant: 'warning' as const }
    : connection.connected
      ? { label: 'Connected', variant: 'success' as const }
      : connection.tokenStored
        ? { label: 'Choose a location', variant: 'warning' as const }
        : { label: 'Not connected', variant: 'outline' as const };
  const choosing =
    provider === 'google' && !connection.connected && (connection.tokenStored || googleTokenStored);

  const removeToken = () =>
    disconnect.mutate(
      { provider, locationId: location.locationId },
      {
        onSuccess: () =>
          toast({
            title: 'Disconnected',
            description: `${name} was disconnected from ${location.locationName}.`,
          }),
        onError: (error) => notifyError(error),
      },
    );

  const connectLabel = connection.reconnectNeeded
    ? `Reconnect ${shortName(provider)}`
    : `Connect ${shortName(provider)}`;
  return (
    <section aria-label={`${name} for ${location.locationName}`} className="grid gap-3 rounded-lg border p-4">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <div className="flex flex-wrap items-center gap-2">
          <span className="font-medium">{name}</span>
          <Badge variant={status.variant}>{status.label}</Badge>
        </div>
        <div className="flex flex-wrap gap-2">
          {!connection.connected || connection.reconnectNeeded ? (
            configured ? (
              <Button asChild>
                <a href={connectUrl(apiBase, provider, location.locationId)}>{connectLabel}</a>
              </Button>
            ) : null
          ) : null}
          {connection.tokenStored ? (
            <Button variant="outline" disabled={disconnect.isPending} onClick={removeToken}>
              Disconnect
            </Button>
          ) : null}
        </div>
      </div>
      {!configured && (!connection.connected || connection.reconnectNeeded) ? (
        <p className="text-sm text-muted-foreground">{NOT_CONFIGURED[provider]}</p>
      ) : null}
      {connection.reconnectNeeded ? (
        <p className="flex gap-2 text-sm text-amber-800 dark:text-amber-300">
          <AlertTriangle className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          {name} stopped accepting this connection, so its reviews are not imported and replies are not posted
          there. Connect again to resume.
        </p>
      ) : connection.connected ? (
        <SyncLine lastSyncAt={connection.lastSyncAt} lastSyncError={connection.lastSyncError} />
      ) : null}
      {choosing ? <GoogleLocationPicker location={location} /> : null}
    </section>
  );
}

const shortName = (provider: Provider) => (provider === 'google' ? 'Google' : 'Facebook');

function SyncLine({
  lastSyncAt,
  lastSyncError,
}: {
  lastSyncAt: string | null;
  lastSyncError: string | null;
}) {
  return (
    <div className="grid gap-1 text-sm text-muted-foreground">
      <p className="flex items-center gap-1.5">
        <CheckCircle2 className="size-4 shrink-0" aria-hidden="true" />
        {lastSyncAt
          ? `Last imported ${formatTimeAgo(lastSyncAt)}`
          : 'Not imported yet: the first import runs shortly.'}
      </p>
      {lastSyncError ? (
        <p className="flex gap-1.5 text-destructive">
          <AlertTriangle className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          The last import failed: {lastSyncError}
        </p>
      ) : null}
    </div>
  );
}

/** Links one of our locations to one of the Google account's (several Google locations, or a second of ours). */
function GoogleLocationPicker({ location }: { location: LocationIntegrations }) {
  const fieldId = useId();
  const choices = useGoogleLocations(true);
  const link = useLinkGoogleLocation();
  const [chosen, setChosen] = useState<string>('');

  if (choices.isPending)
    return <p className="text-sm text-muted-foreground">Loading your Google locations…</p>;
  if (choices.isError)
    return (
      <p className="text-sm text-destructive">
        Your Google locations could not be listed: {choices.error.message}
      </p>
    );
  const free = choices.data.filter(
    (c) => c.linkedLocationId === null || c.linkedLocationId === location.locationId,
  );
  if (free.length === 0)
    return (
      <p className="text-sm text-muted-foreground">
        Every location of your Google account is already linked to one of your locations.
      </p>
    );

  return (
    <form
      className="flex flex-col gap-2 sm:flex-row sm:items-end"
      onSubmit={(event) => {
        event.preventDefault();
        if (!chosen) return;
        link.mutate(
          { locationId: location.locationId, googleLocationId: chosen },
          {
            onSuccess: () =>
              toast({
                title: 'Google location linked',
                description: `${location.locationName} now imports the reviews of ${choices.data.find((c) => c.name === chosen)?.title ?? 'that location'}.`,
              }),
            onError: (error) => notifyError(error),
          },
        );
      }}
    >
      <div className="grid flex-1 gap-1.5">
        <Label htmlFor={fieldId}>Google location for {location.locationName}</Label>
        <Select value={chosen} onValueChange={setChosen}>
          <SelectTrigger id={fieldId}>
            <SelectValue placeholder="Choose a Google location" />
          </SelectTrigger>
          <SelectContent>
            {free.map((choice) => (
              <SelectItem key={choice.name} value={choice.name}>
                {choice.title || choice.name}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
      </div>
      <Button type="submit" disabled={!chosen || link.isPending}>
        {link.isPending ? 'Linking...' : 'Link'}
      </Button>
    </form>
  );
}
