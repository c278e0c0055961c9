import { Link2, Send, Users } from 'lucide-react';
import { Link } from 'wouter';

import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { useTenant } from '@/lib/tenant';

/**
 * Quick actions (seed-spec section 2): a link and QR code without a contact, a request to a contact, and the
 * contacts.
 */
export function QuickActions({
  onCreateRequest,
  onGenerateLink,
  onPreload,
}: {
  onCreateRequest: () => void;
  onGenerateLink: () => void;
  /** Starts loading the dialogs' code when the pointer or the focus reaches a button that opens one. */
  onPreload?: () => void;
}) {
  const { routeBase } = useTenant();
  return (
    <Card>
      <CardHeader className="pb-3">
        <CardTitle className="text-base">Quick Actions</CardTitle>
      </CardHeader>
      <CardContent className="grid gap-2">
        <Button
          variant="outline"
          className="justify-start"
          onClick={onGenerateLink}
          onPointerEnter={onPreload}
          onFocus={onPreload}
        >
          <Link2 aria-hidden="true" />
          Generate Review Link
        </Button>
        <Button
          variant="outline"
          className="justify-start"
          onClick={onCreateRequest}
          onPointerEnter={onPreload}
          onFocus={onPreload}
        >
          <Send aria-hidden="true" />
          Send Review Requests
        </Button>
        <Button variant="outline" className="justify-start" asChild>
          <Link href={`${routeBase}/contacts`}>
            <Users aria-hidden="true" />
            Manage Contacts
          </Link>
        </Button>
      </CardContent>
    </Card>
  );
}
