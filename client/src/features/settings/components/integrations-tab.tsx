import { Plug } from 'lucide-react';

import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { FullPageSpinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/use-toast';
import { notifyError } from '@/lib/notify-error';
import { useTenant } from '@/lib/tenant';
import { isGoogleConnected, type Location } from '@shared/schemas/locations';

import {
  connectUrl,
  useDisconnectIntegration,
  type IntegrationProvider,
} from '../api/disconnect-integration';
import { useLocations } from '../api/get-locations';

const PROVIDERS: {
  provider: IntegrationProvider;
  name: string;
  connect: string;
  connected: (l: Location) => boolean;
}[] = [
  {
    provider: 'google',
    name: 'Google Business Profile',
    connect: 'Connect Google',
    connected: isGoogleConnected,
  },
  {
    provider: 'facebook',
    name: 'Facebook',
    connect: 'Connect Facebook',
    connected: (l) => l.facebookConnected,
  },
];

export function IntegrationsTab({ onAddLocation }: { onAddLocation: () => void }) {
  const { apiBase } = useTenant();
  const locations = useLocations();
  const disconnect = useDisconnectIntegration();

  if (locations.isPending) return <FullPageSpinner label="Loading integrations…" />;
  if (locations.isError)
    return (
      <EmptyState
        icon={Plug}
        title="Integrations could not be loaded"
        description={locations.error.message}
      />
    );
  if (locations.data.length === 0)
    return (
      <EmptyState
        icon={Plug}
        title="Add a location first"
        description="Each location connects to its own Google Business Profile and Facebook page."
        action={<Button onClick={onAddLocation}>Go to Locations</Button>}
      />
    );

  return (
    <ul className="grid gap-4" aria-label="Integrations by location">
      {locations.data.map((location) => (
        <li key={location.id}>
          <Card>
            <CardHeader>
              <CardTitle>{location.name}</CardTitle>
              <CardDescription>Import reviews and answer them where they were posted.</CardDescription>
            </CardHeader>
            <CardContent className="grid gap-3">
              {PROVIDERS.map(({ provider, name, connect, connected }) => {
                const isConnected = connected(location);
                return (
                  <section
                    key={provider}
                    aria-label={`${name} for ${location.name}`}
                    className="flex flex-col gap-3 rounded-lg border p-4 sm:flex-row sm:items-center sm:justify-between"
                  >
                    <div className="flex flex-wrap items-center gap-2">
                      <span className="font-medium">{name}</span>
                      <Badge variant={isConnected ? 'success' : 'outline'}>
                        {isConnected ? 'Connected' : 'Not connected'}
                      </Badge>
                    </div>
                    {isConnected ? (
                      <Button
                        variant="outline"
                        disabled={disconnect.isPending}
                        onClick={() =>
                          disconnect.mutate(
                            { provider, locationId: location.id },
                            {
                              onSuccess: () =>
                                toast({
                                  title: 'Disconnected',
                                  description: `${name} was disconnected from ${location.name}.`,
                                }),
                              onError: (error) => notifyError(error),
                            },
                          )
                        }
                      >
                        Disconnect
                      </Button>
                    ) : (
                      <Button asChild>
                        <a href={connectUrl(apiBase, provider, location.id)}>{connect}</a>
                      </Button>
                    )}
                  </section>
                );
              })}
            </CardContent>
          </Card>
        </li>
      ))}
    </ul>
  );
}
