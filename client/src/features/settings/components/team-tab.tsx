import { MailPlus, Trash2, UserPlus, Users } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';

import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { EmptyState } from '@/components/ui/empty-state';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { SettingsCard } from '@/components/ui/settings-card';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/use-toast';
import { useLocations } from '@/lib/locations';
import { lazyZodResolver } from '@/lib/lazy-zod-resolver';
import { notifyError } from '@/components/ui/notify-error';
import type { InviteMemberInput, TeamMember } from '@shared/schemas/team';
import {
  INVITATION_TTL_DAYS,
  TEAM_ROLE_DESCRIPTIONS,
  TEAM_ROLE_LABELS,
  TEAM_ROLES,
  type TeamRole,
} from '@shared/team-role';

import { useTeam } from '../api/get-team';
import { useInviteMember } from '../api/invite-member';
import { useRemoveMember } from '../api/remove-member';
import { useRevokeInvitation } from '../api/revoke-invitation';
import { useUpdateMember } from '../api/update-member';

const SELECT_CLASS =
  'h-9 w-full rounded-md border border-input bg-transparent px-3 text-sm shadow-xs focus-visible:outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50 disabled:opacity-50';

function RoleSelect({
  id,
  value,
  onChange,
  disabled,
  label,
}: {
  id: string;
  value: TeamRole;
  onChange: (role: TeamRole) => void;
  disabled?: boolean;
  label?: string;
}) {
  return (
    <select
      id={id}
      aria-label={label}
      className={SELECT_CLASS}
      value={value}
      disabled={disabled}
      onChange={(event) => onChange(event.target.value as TeamRole)}
    >
      {TEAM_ROLES.map((role) => (
        <option key={role} value={role}>
          {TEAM_ROLE_LABELS[role]}
        </option>
      ))}
    </select>
  );
}

/** The locations a member works on, by name; "All locations" when unlimited. */
function useLocationNames() {
  const locations = useLocations();
  const names = new Map((locations.data ?? []).map((l) => [l.id, l.name]));
  return (ids: number[] | null) =>
    ids === null ? 'All locations' : ids.map((id) => names.get(id) ?? `Location ${id}`).join(', ');
}

// The rules load with the form's first focus, not with the tab (lib/lazy-zod-resolver.ts).
const inviteResolver = lazyZodResolver<InviteMemberInput, InviteMemberInput>(() =>
  import('@shared/schemas/team').then((m) => m.InviteMemberSchema),
);

function InviteForm() {
  const invite = useInviteMember();
  const locations = useLocations();
  const form = useForm<InviteMemberInput>({
    resolver: inviteResolver,
    defaultValues: { email: '', role: 'responder', locationIds: null },
  });
  const role = form.watch('role');
  const chosen = form.watch('locationIds') ?? null;

  const toggleLocation = (id: number, on: boolean) => {
    const next = new Set(chosen ?? []);
    if (on) next.add(id);
    else next.delete(id);
    form.setValue('locationIds', next.size === 0 ? null : [...next], { shouldValidate: false });
  };

  const onSubmit = form.handleSubmit((values) =>
    invite.mutate(values, {
      onSuccess: (invitation) => {
        toast({
          title: 'Invitation sent',
          description: `${invitation.email} has ${INVITATION_TTL_DAYS} days to accept the link in their email.`,
        });
        form.reset({ email: '', role: values.role, locationIds: null });
      },
      onError: (error) => notifyError(error),
    }),
  );

  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <UserPlus className="size-5" aria-hidden="true" />
          Invite a team member
        </CardTitle>
        <CardDescription>
          They get an email with a link valid for {INVITATION_TTL_DAYS} days and sign in with their own
          password.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <form onSubmit={onSubmit} onFocus={inviteResolver.preload} noValidate className="grid gap-4">
          <div className="grid gap-4 sm:grid-cols-2">
            <FormField id="invite-email" label="Email" error={form.formState.errors.email?.message}>
              <Input type="email" autoComplete="off" {...form.register('email')} />
            </FormField>
            <FormField id="invite-role" label="Role" description={TEAM_ROLE_DESCRIPTIONS[role]}>
              <RoleSelect id="invite-role" value={role} onChange={(value) => form.setValue('role', value)} />
            </FormField>
          </div>
          {locations.data && locations.data.length > 1 ? (
            <fieldset className="grid gap-2">
              <legend className="text-sm font-medium">Locations</legend>
              <p className="text-sm text-muted-foreground">
                Leave all unticked for every location, or tick the ones this person works on.
              </p>
              <div className="flex flex-wrap gap-x-4 gap-y-2">
                {locations.data.map((location) => (
                  <label key={location.id} className="flex items-center gap-2 text-sm">
                    <input
                      type="checkbox"
                      checked={chosen?.includes(location.id) ?? false}
                      onChange={(event) => toggleLocation(location.id, event.target.checked)}
                    />
                    {location.name}
                  </label>
                ))}
              </div>
            </fieldset>
          ) : null}
          <div>
            <Button
              icon={<MailPlus aria-hidden="true" />}
              type="submit"
              pending={invite.isPending}
              pendingLabel="Sending…"
            >
              Send invitation
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}

function MemberRow({ member, onRemove }: { member: TeamMember; onRemove: () => void }) {
  const update = useUpdateMember();
  const locationNames = useLocationNames();
  return (
    <li className="flex flex-col gap-3 border-b py-3 last:border-b-0 sm:flex-row sm:items-center">
      <div className="min-w-0 flex-1">
        <p className="truncate font-medium">{member.firstName}</p>
        <p className="truncate text-sm text-muted-foreground">{member.email}</p>
        <p className="text-sm text-muted-foreground">{locationNames(member.locationIds)}</p>
      </div>
      <div className="flex items-center gap-2">
        <div className="w-36">
          <RoleSelect
            id={`member-role-${member.id}`}
            label={`Role of ${member.email}`}
            value={member.role}
            disabled={update.isPending}
            onChange={(role) =>
              update.mutate(
                { id: member.id, role },
                {
                  onSuccess: () =>
                    toast({
                      title: 'Role changed',
                      description: `${member.email} is now ${TEAM_ROLE_LABELS[role].toLowerCase()}.`,
                    }),
                  onError: (error) => notifyError(error),
                },
              )
            }
          />
        </div>
        <Button variant="ghost" size="icon" aria-label={`Remove ${member.email}`} onClick={onRemove}>
          <Trash2 aria-hidden="true" />
        </Button>
      </div>
    </li>
  );
}

/** Settings › Team (issue 16): owners invite people, change their role and remove them. */
export function TeamTab() {
  const team = useTeam();
  const remove = useRemoveMember();
  const revoke = useRevokeInvitation();
  const [removing, setRemoving] = useState<TeamMember | null>(null);

  let members;
  if (team.isPending) members = <Spinner />;
  else if (team.isError)
    members = (
      <EmptyState icon={Users} title="The team could not be loaded" description={team.error.message} />
    );
  else if (team.data.members.length === 0)
    members = (
      <p className="text-sm text-muted-foreground">No team members yet: only you use this account.</p>
    );
  else
    members = (
      <ul aria-label="Team members">
        {team.data.members.map((member) => (
          <MemberRow key={member.id} member={member} onRemove={() => setRemoving(member)} />
        ))}
      </ul>
    );

  return (
    <div className="grid gap-4">
      <InviteForm />
      <SettingsCard
        title="Members"
        description="You are the owner of this account. Members sign in with their own email."
      >
        {members}
      </SettingsCard>
      {team.data && team.data.invitations.length > 0 ? (
        <Card>
          <CardHeader>
            <CardTitle>Waiting invitations</CardTitle>
          </CardHeader>
          <CardContent>
            <ul aria-label="Waiting invitations">
              {team.data.invitations.map((invitation) => (
                <li
                  key={invitation.id}
                  className="flex flex-col gap-2 border-b py-3 last:border-b-0 sm:flex-row sm:items-center"
                >
                  <div className="min-w-0 flex-1">
                    <p className="truncate font-medium">{invitation.email}</p>
                    <p className="text-sm text-muted-foreground">
                      {TEAM_ROLE_LABELS[invitation.role]} · link valid until{' '}
                      {new Date(invitation.expiresAt).toLocaleDateString()}
                    </p>
                  </div>
                  <Button
                    variant="outline"
                    size="sm"
                    disabled={revoke.isPending}
                    aria-label={`Revoke the invitation to ${invitation.email}`}
                    onClick={() =>
                      revoke.mutate(invitation.id, {
                        onSuccess: () =>
                          toast({
                            title: 'Invitation revoked',
                            description: `The link sent to ${invitation.email} no longer works.`,
                          }),
                        onError: (error) => notifyError(error),
                      })
                    }
                  >
                    Revoke
                  </Button>
                </li>
              ))}
            </ul>
          </CardContent>
        </Card>
      ) : null}
      <ConfirmDialog
        open={removing !== null}
        onOpenChange={(open) => !open && setRemoving(null)}
        title={`Remove ${removing?.email ?? ''}?`}
        description="They are signed out everywhere at once and can no longer open this account."
        confirmLabel="Remove member"
        pending={remove.isPending}
        pendingLabel="Removing…"
        onConfirm={() =>
          removing &&
          remove.mutate(removing.id, {
            onSuccess: () => {
              toast({ title: 'Member removed', description: `${removing.email} no longer has access.` });
              setRemoving(null);
            },
            onError: (error) => notifyError(error),
          })
        }
      />
    </div>
  );
}
