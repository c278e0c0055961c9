import { Ban, CheckCircle2, Eye, KeyRound, Pencil, Trash2, Users } from 'lucide-react';
import { Link } from 'wouter';

import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { useIsMobile } from '@/lib/use-mobile';
import { formatDate } from '@/lib/utils';
import type { AdminClientRow } from '@shared/admin';

export interface ClientActions {
  onEdit: (client: AdminClientRow) => void;
  onToggleStatus: (client: AdminClientRow) => void;
  onDelete: (client: AdminClientRow) => void;
  /** Emails the client a password reset link (the forgot-password email). */
  onSendResetLink: (client: AdminClientRow) => void;
  /** Shows the client's team members (issue 16). */
  onShowTeam?: (client: AdminClientRow) => void;
}

function StatusBadge({ client }: { client: AdminClientRow }) {
  return client.status === 'active' ? (
    <Badge variant="success">Active</Badge>
  ) : (
    <Badge variant="destructive">Disabled</Badge>
  );
}

function PlanName({ client }: { client: AdminClientRow }) {
  // No plan assigned means the free plan's limits apply (plan-limits.ts): the client is on Free.
  if (!client.plan) return <span>Free</span>;
  return (
    <span>
      {client.plan.name}
      {client.plan.archived ? <span className="text-muted-foreground"> (archived)</span> : null}
    </span>
  );
}

function RowActions({ client, actions }: { client: AdminClientRow; actions: ClientActions }) {
  const name = client.companyName || client.firstName;
  return (
    <div className="flex flex-wrap items-center justify-end gap-1">
      <Button asChild variant="outline" size="sm">
        <Link href={`/admin/client/${client.id}`} aria-label={`View ${name}`}>
          <Eye aria-hidden="true" />
          View
        </Link>
      </Button>
      {actions.onShowTeam ? (
        <Button
          variant="ghost"
          size="sm"
          onClick={() => actions.onShowTeam?.(client)}
          aria-label={`Team of ${name}`}
        >
          <Users aria-hidden="true" />
          <span className="sr-only lg:not-sr-only">Team</span>
        </Button>
      ) : null}
      <Button variant="ghost" size="sm" onClick={() => actions.onEdit(client)} aria-label={`Edit ${name}`}>
        <Pencil aria-hidden="true" />
        <span className="sr-only sm:not-sr-only">Edit</span>
      </Button>
      <Button
        variant="ghost"
        size="sm"
        onClick={() => actions.onSendResetLink(client)}
        disabled={client.status !== 'active'}
        aria-label={`Send a password reset link to ${name}`}
        title="Send reset link"
      >
        <KeyRound aria-hidden="true" />
        <span className="sr-only lg:not-sr-only">Reset link</span>
      </Button>
      <Button
        variant="ghost"
        size="sm"
        onClick={() => actions.onToggleStatus(client)}
        aria-label={`${client.status === 'active' ? 'Disable' : 'Enable'} ${name}`}
      >
        {client.status === 'active' ? <Ban aria-hidden="true" /> : <CheckCircle2 aria-hidden="true" />}
        <span className="sr-only sm:not-sr-only">{client.status === 'active' ? 'Disable' : 'Enable'}</span>
      </Button>
      <Button
        variant="ghost"
        size="sm"
        className="text-destructive hover:text-destructive"
        onClick={() => actions.onDelete(client)}
        aria-label={`Delete ${name}`}
      >
        <Trash2 aria-hidden="true" />
      </Button>
    </div>
  );
}

/** The clients list: a table on wide screens, cards on phones. */
export function ClientsTable({ clients, actions }: { clients: AdminClientRow[]; actions: ClientActions }) {
  const mobile = useIsMobile();

  if (mobile) {
    return (
      <ul className="grid gap-3" aria-label="Clients">
        {clients.map((client) => (
          <li key={client.id}>
            <Card>
              <CardContent className="grid gap-2 p-4">
                <div className="flex items-start justify-between gap-2">
                  <div className="min-w-0">
                    <p className="truncate font-semibold">{client.companyName || client.firstName}</p>
                    <p className="truncate text-sm text-muted-foreground">
                      {client.firstName} · {client.email}
                    </p>
                  </div>
                  <StatusBadge client={client} />
                </div>
                <p className="text-sm">
                  <PlanName client={client} /> · {client.reviews} reviews · {formatDate(client.createdAt)}
                </p>
                <RowActions client={client} actions={actions} />
              </CardContent>
            </Card>
          </li>
        ))}
      </ul>
    );
  }

  return (
    <div className="overflow-x-auto rounded-xl border bg-card">
      <Table>
        <TableHeader className="border-b bg-muted/50 text-left text-muted-foreground">
          <TableRow>
            <TableHead>Company</TableHead>
            <TableHead>Name</TableHead>
            <TableHead>Email</TableHead>
            <TableHead>Plan</TableHead>
            <TableHead className="text-right">Reviews</TableHead>
            <TableHead>Created</TableHead>
            <TableHead>Status</TableHead>
            <TableHead className="text-right" hiddenLabel="Actions" />
          </TableRow>
        </TableHeader>
        <TableBody className="divide-y">
          {clients.map((client) => (
            <TableRow key={client.id} className="hover:bg-muted/30">
              <TableCell className="font-medium">{client.companyName || '—'}</TableCell>
              <TableCell>{client.firstName}</TableCell>
              <TableCell className="max-w-[16rem] truncate">{client.email}</TableCell>
              <TableCell>
                <PlanName client={client} />
              </TableCell>
              <TableCell className="text-right tabular-nums">{client.reviews}</TableCell>
              <TableCell className="whitespace-nowrap">{formatDate(client.createdAt)}</TableCell>
              <TableCell>
                <StatusBadge client={client} />
              </TableCell>
              <TableCell>
                <RowActions client={client} actions={actions} />
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </div>
  );
}
