import { Download } from 'lucide-react';

import { Button } from '@/components/ui/button';
import { SettingsCard } from '@/components/ui/settings-card';
import { useTenant } from '@/lib/tenant';

/**
 * "Export my data": a plain download link, so the browser streams the ZIP to disk itself. Inside an admin's
 * view of a client it downloads that client's data through the mirrored route.
 */
export function ExportDataCard() {
  const { apiBase } = useTenant();
  return (
    <SettingsCard
      title="Your data"
      description={
        <>
          Download everything your account holds (profile, locations, contacts, review requests, reviews and
          replies, templates, messages sent and settings) as a ZIP of CSV files.
        </>
      }
    >
      <Button asChild variant="outline" className="w-fit">
        <a href={`${apiBase}/account/export`} download>
          <Download aria-hidden="true" />
          Export my data
        </a>
      </Button>
    </SettingsCard>
  );
}
