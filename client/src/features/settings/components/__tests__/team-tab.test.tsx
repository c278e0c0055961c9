import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';

import { buildUser, findToast, renderWithProviders, screen, server } from '@/testing/test-utils';
import type { TeamMember, TeamOverview } from '@shared/schemas/team';

import { SettingsPage } from '../settings-page';
import { TeamTab } from '../team-tab';

const member: TeamMember = {
  id: 3,
  userId: 30,
  email: 'robin@example.com',
  firstName: 'Robin',
  role: 'responder',
  locationIds: null,
  createdAt: '2026-02-01T00:00:00.000Z',
};

function teamHandlers(overview: TeamOverview) {
  const calls: { method: string; url: string; body: unknown }[] = [];
  const record = async ({ request }: { request: Request }) => {
    const body = request.method === 'DELETE' ? undefined : await request.json();
    calls.push({ method: request.method, url: new URL(request.url).pathname, body });
  };
  server.use(
    http.get('*/api/team', () => HttpResponse.json(overview)),
    http.post('*/api/team/invitations', async (info) => {
      await record(info);
      const body = calls.at(-1)!.body as { email: string; role: string };
      return HttpResponse.json(
        {
          id: 9,
          ...body,
          locationIds: null,
          expiresAt: '2026-03-01T00:00:00.000Z',
          createdAt: '2026-02-22T00:00:00.000Z',
        },
        { status: 201 },
      );
    }),
    http.patch('*/api/team/members/:id', async (info) => {
      await record(info);
      return HttpResponse.json({ ...member, ...(calls.at(-1)!.body as object) });
    }),
    http.delete('*/api/team/members/:id', async (info) => {
      await record(info);
      return new HttpResponse(null, { status: 204 });
    }),
  );
  return calls;
}

describe('TeamTab', () => {
  it('when the owner invites an address as manager, then the invitation is sent with that role for all locations', async () => {
    const calls = teamHandlers({ members: [], invitations: [] });
    const { user } = renderWithProviders(<TeamTab />);

    expect(await screen.findByText(/No team members yet/)).toBeInTheDocument();
    await user.type(screen.getByLabelText('Email'), 'sam@example.com');
    await user.selectOptions(screen.getByLabelText('Role'), 'manager');
    expect(
      screen.getByText('Reviews, review requests, contacts, templates and locations.'),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Send invitation' }));

    expect(await findToast('Invitation sent')).toBeInTheDocument();
    expect(calls).toEqual([
      {
        method: 'POST',
        url: '/api/team/invitations',
        body: { email: 'sam@example.com', role: 'manager', locationIds: null },
      },
    ]);
  });

  it('when the email is not an address, then the field says so and nothing is sent', async () => {
    const calls = teamHandlers({ members: [], invitations: [] });
    const { user } = renderWithProviders(<TeamTab />);
    await user.type(await screen.findByLabelText('Email'), 'not-an-email');
    await user.click(screen.getByRole('button', { name: 'Send invitation' }));
    expect(await screen.findByText('Please enter a valid email address.')).toBeInTheDocument();
    expect(calls).toEqual([]);
  });

  it('when the owner changes a role and removes a member, then each is sent for that member', async () => {
    const calls = teamHandlers({
      members: [member],
      invitations: [
        {
          id: 5,
          email: 'waiting@example.com',
          role: 'manager',
          locationIds: null,
          expiresAt: '2026-03-01T00:00:00.000Z',
          createdAt: '2026-02-22T00:00:00.000Z',
        },
      ],
    });
    const { user } = renderWithProviders(<TeamTab />);

    expect(await screen.findByText('robin@example.com')).toBeInTheDocument();
    expect(screen.getByText('waiting@example.com')).toBeInTheDocument();
    await user.selectOptions(screen.getByLabelText('Role of robin@example.com'), 'manager');
    expect(await findToast('Role changed')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Remove robin@example.com' }));
    await user.click(await screen.findByRole('button', { name: 'Remove member' }));
    expect(await findToast('Member removed')).toBeInTheDocument();

    expect(calls.map((c) => [c.method, c.url, c.body])).toEqual([
      ['PATCH', '/api/team/members/3', { role: 'manager' }],
      ['DELETE', '/api/team/members/3', undefined],
    ]);
  });
});

describe('SettingsPage for team members', () => {
  it('when a responder opens Settings, then only their profile and push alerts show, and an owner also sees Team', async () => {
    server.use(
      http.get('*/api/user', () =>
        HttpResponse.json(
          buildUser({
            role: 'member',
            team: { role: 'responder', clientId: 1, businessName: 'Acme Dental', locationIds: null },
          }),
        ),
      ),
    );
    const first = renderWithProviders(<SettingsPage />, { path: '/settings?tab=team' });
    // Once the session is known (the profile form shows), the tabs follow the role.
    await screen.findByLabelText('First name');
    expect(screen.queryByRole('tab', { name: 'Team' })).not.toBeInTheDocument();
    expect(screen.queryByRole('tab', { name: 'Plan' })).not.toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Profile' })).toHaveAttribute('aria-selected', 'true');
    // Their own phone's push alerts, not the owner's email alerts.
    expect(screen.getByRole('tab', { name: 'Notifications' })).toBeInTheDocument();
    first.unmount();

    server.use(
      http.get('*/api/user', () => HttpResponse.json(buildUser())),
      http.get('*/api/team', () => HttpResponse.json({ members: [], invitations: [] })),
    );
    renderWithProviders(<SettingsPage />, { path: '/settings?tab=team' });
    expect(await screen.findByRole('tab', { name: 'Team' })).toHaveAttribute('aria-selected', 'true');
  });
});
