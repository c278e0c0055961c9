import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Spinner } from '@/components/ui/spinner';
import { formatDate } from '@/lib/utils';
import type { AdminClientRow } from '@shared/admin';
import { TEAM_ROLE_LABELS } from '@shared/schemas/team';

import { useClientMembers } from '../api/get-client-members';

/** The people who work in a client's account besides the client itself (issue 16). */
export function ClientMembersDialog({ client, onClose }: { client: AdminClientRow; onClose: () => void }) {
  const members = useClientMembers(client.id);
  const name = client.companyName || client.firstName;
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Team of {name}</DialogTitle>
          <DialogDescription>
            {client.email} is the owner. Members sign in with their own email; the owner manages them in
            Settings › Team.
          </DialogDescription>
        </DialogHeader>
        {members.isPending ? (
          <Spinner label="Loading members…" />
        ) : members.isError ? (
          <p role="alert" className="text-destructive">
            {members.error.message}
          </p>
        ) : members.data.length === 0 ? (
          <p className="text-sm text-muted-foreground">No team members: only the owner uses this account.</p>
        ) : (
          <ul aria-label={`Members of ${name}`} className="grid gap-2">
            {members.data.map((member) => (
              <li
                key={member.id}
                className="flex flex-wrap items-baseline justify-between gap-2 border-b pb-2"
              >
                <span className="min-w-0">
                  <span className="font-medium">{member.firstName}</span>{' '}
                  <span className="text-sm text-muted-foreground">{member.email}</span>
                </span>
                <span className="text-sm">
                  {TEAM_ROLE_LABELS[member.role]}
                  {member.locationIds ? ` · ${member.locationIds.length} location(s)` : ''} · since{' '}
                  {formatDate(member.createdAt)}
                </span>
              </li>
            ))}
          </ul>
        )}
      </DialogContent>
    </Dialog>
  );
}
