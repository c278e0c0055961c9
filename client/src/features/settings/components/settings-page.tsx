import { lazy, Suspense, type ReactNode } from 'react';
import { useSearchParams } from 'wouter';

import { ContentSpinner } from '@/components/ui/spinner';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { useTeamRole } from '@/lib/team-role';
import { roleAtLeast, type TeamRole } from '@shared/team-role';

import { SETTINGS_TABS, type SettingsTab } from '../settings-tabs';

/**
 * Each tab's panel loads when its tab is first shown (Radix renders the open tab's content only): a settings
 * screen's first load carries one panel, not nine and their forms (issue 43 item 4: under 150 KB). The pointer
 * or the focus on a tab starts loading its panel before the press.
 */
// Through the feature's index, itself loaded with the tab: its hooks are no other tab's weight.
const loadIntegrationsPanel = () => import('@/features/integrations').then((m) => m.loadIntegrationsPanel());

const PANELS = {
  profile: () => import('./profile-tab'),
  locations: () => import('./locations-tab'),
  integrations: loadIntegrationsPanel,
  requests: () => import('./requests-tab'),
  notifications: () => import('./notifications-tab'),
  widget: () => import('./widget-tab'),
  proof: () => import('@/features/proof'),
  api: () => import('@/features/api-access'),
  plan: () => import('./plan-tab'),
  team: () => import('./team-tab'),
} satisfies Record<SettingsTab, () => Promise<unknown>>;

const ProfileTab = lazy(() => PANELS.profile().then((m) => ({ default: m.ProfileTab })));
const LocationsTab = lazy(() => PANELS.locations().then((m) => ({ default: m.LocationsTab })));
const IntegrationsPanel = lazy(() => PANELS.integrations().then((m) => ({ default: m.IntegrationsPanel })));
const RequestsTab = lazy(() => PANELS.requests().then((m) => ({ default: m.RequestsTab })));
const NotificationsTab = lazy(() => PANELS.notifications().then((m) => ({ default: m.NotificationsTab })));
const WidgetTab = lazy(() => PANELS.widget().then((m) => ({ default: m.WidgetTab })));
const ProofTab = lazy(() => PANELS.proof().then((m) => ({ default: m.ProofTab })));
const ApiTab = lazy(() => PANELS.api().then((m) => ({ default: m.ApiTab })));
const PlanTab = lazy(() => PANELS.plan().then((m) => ({ default: m.PlanTab })));
const TeamTab = lazy(() => PANELS.team().then((m) => ({ default: m.TeamTab })));

const preloadPanel = (value: SettingsTab) => void PANELS[value]().catch(() => undefined);

/** A tab's panel, with a spinner while its code loads. */
function Panel({ value, children }: { value: SettingsTab; children: ReactNode }) {
  return (
    <TabsContent value={value}>
      <Suspense fallback={<ContentSpinner label="Loading…" />}>{children}</Suspense>
    </TabsContent>
  );
}

function isSettingsTab(value: string | null): value is SettingsTab {
  return SETTINGS_TABS.includes(value as SettingsTab);
}

/** Each tab with the least team role that uses it (issue 16): the server refuses the rest anyway. */
const TABS: Record<SettingsTab, { label: string; minRole: TeamRole }> = {
  profile: { label: 'Profile', minRole: 'responder' },
  locations: { label: 'Locations', minRole: 'manager' },
  integrations: { label: 'Integrations', minRole: 'owner' },
  requests: { label: 'Requests', minRole: 'manager' },
  notifications: { label: 'Notifications', minRole: 'responder' },
  widget: { label: 'Widget', minRole: 'manager' },
  proof: { label: 'Proof', minRole: 'owner' },
  api: { label: 'API', minRole: 'owner' },
  plan: { label: 'Plan', minRole: 'owner' },
  team: { label: 'Team', minRole: 'owner' },
};

export function SettingsPage() {
  const [searchParams, setSearchParams] = useSearchParams();
  const role = useTeamRole();
  const shown = SETTINGS_TABS.filter((value) => roleAtLeast(role, TABS[value].minRole));
  const requested = searchParams.get('tab');
  const tab: SettingsTab = isSettingsTab(requested) && shown.includes(requested) ? requested : 'profile';
  const shows = (value: SettingsTab) => shown.includes(value);
  const openTab = (value: string) => setSearchParams({ tab: value }, { replace: true });

  return (
    <Tabs value={tab} onValueChange={openTab} className="gap-6">
      {/* Every tab stays in sight: three to a row on a phone, wrapping rows on wider screens (issue 43). Words only:
          an icon beside each repeated its label and cost every settings screen a kilobyte of its first load. */}
      <TabsList className="grid h-auto w-full grid-cols-3 gap-1 md:flex md:w-fit md:flex-wrap md:justify-start">
        {shown.map((value) => {
          return (
            <TabsTrigger
              key={value}
              value={value}
              className="h-9 px-1.5 md:px-3"
              onPointerEnter={() => preloadPanel(value)}
              onFocus={() => preloadPanel(value)}
            >
              {TABS[value].label}
            </TabsTrigger>
          );
        })}
      </TabsList>
      <Panel value="profile">
        <ProfileTab />
      </Panel>
      {shows('locations') ? (
        <Panel value="locations">
          <LocationsTab />
        </Panel>
      ) : null}
      {shows('integrations') ? (
        <Panel value="integrations">
          <IntegrationsPanel onAddLocation={() => openTab('locations')} />
        </Panel>
      ) : null}
      {shows('requests') ? (
        <Panel value="requests">
          <RequestsTab />
        </Panel>
      ) : null}
      {shows('notifications') ? (
        <Panel value="notifications">
          <NotificationsTab />
        </Panel>
      ) : null}
      {shows('widget') ? (
        <Panel value="widget">
          <WidgetTab />
        </Panel>
      ) : null}
      {shows('proof') ? (
        <Panel value="proof">
          <ProofTab />
        </Panel>
      ) : null}
      {shows('api') ? (
        <Panel value="api">
          <ApiTab />
        </Panel>
      ) : null}
      {shows('plan') ? (
        <Panel value="plan">
          <PlanTab />
        </Panel>
      ) : null}
      {shows('team') ? (
        <Panel value="team">
          <TeamTab />
        </Panel>
      ) : null}
    </Tabs>
  );
}

export default SettingsPage;
