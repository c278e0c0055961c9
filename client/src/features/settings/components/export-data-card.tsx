import { Download } from 'lucide-react';

import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { useTenant } from '@/lib/tenant';

/**
 * "Export my data": a plain download link, so the browser streams the ZIP to disk itself. Inside an admin's
 * view of a client it downloads that client's data through the mirrored route.
 */
export function ExportDataCard() {
  const { apiBase } = useTenant();
  return (
    <Card>
      <CardHeader>
        <CardTitle>Your data</CardTitle>
        <CardDescription>
          Download everything your account holds (profile, locations, contacts, review requests, reviews and
          replies, templates, messages sent and settings) as a ZIP of CSV files.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <Button asChild variant="outline" className="w-fit">
          <a href={`${apiBase}/account/export`} download>
            <Download aria-hidden="true" />
            Export my data
          </a>
        </Button>
      </CardContent>
    </Card>
  );
}
