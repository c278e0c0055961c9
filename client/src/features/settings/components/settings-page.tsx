import { Bell, Code, CreditCard, KeyRound, MapPin, Plug, Send, User, Users } from 'lucide-react';
import { useSearchParams } from 'wouter';

import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { ApiTab } from '@/features/api-access';
import { IntegrationsPanel } from '@/features/integrations';
import { useTeamRole } from '@/lib/team-role';
import { roleAtLeast, type TeamRole } from '@shared/team-role';

import { LocationsTab } from './locations-tab';
import { NotificationsTab } from './notifications-tab';
import { PlanTab } from './plan-tab';
import { ProfileTab } from './profile-tab';
import { RequestsTab } from './requests-tab';
import { TeamTab } from './team-tab';
import { WidgetTab } from './widget-tab';
import { SETTINGS_TABS, type SettingsTab } from '../settings-tabs';

function isSettingsTab(value: string | null): value is SettingsTab {
  return SETTINGS_TABS.includes(value as SettingsTab);
}

/** Each tab with the least team role that uses it (issue 16): the server refuses the rest anyway. */
const TABS: Record<SettingsTab, { label: string; icon: typeof User; minRole: TeamRole }> = {
  profile: { label: 'Profile', icon: User, minRole: 'responder' },
  locations: { label: 'Locations', icon: MapPin, minRole: 'manager' },
  integrations: { label: 'Integrations', icon: Plug, minRole: 'owner' },
  requests: { label: 'Requests', icon: Send, minRole: 'manager' },
  notifications: { label: 'Notifications', icon: Bell, minRole: 'owner' },
  widget: { label: 'Widget', icon: Code, minRole: 'manager' },
  api: { label: 'API', icon: KeyRound, minRole: 'owner' },
  plan: { label: 'Plan', icon: CreditCard, minRole: 'owner' },
  team: { label: 'Team', icon: Users, minRole: 'owner' },
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
      {/* Every tab stays in sight: three to a row on a phone, wrapping rows on wider screens (issue 43). */}
      <TabsList className="grid h-auto w-full grid-cols-3 gap-1 md:flex md:w-fit md:flex-wrap md:justify-start">
        {shown.map((value) => {
          const Icon = TABS[value].icon;
          return (
            <TabsTrigger
              key={value}
              value={value}
              className="h-9 px-1.5 md:px-3 [&_svg]:hidden md:[&_svg]:block"
            >
              <Icon aria-hidden="true" />
              {TABS[value].label}
            </TabsTrigger>
          );
        })}
      </TabsList>
      <TabsContent value="profile">
        <ProfileTab />
      </TabsContent>
      {shows('locations') ? (
        <TabsContent value="locations">
          <LocationsTab />
        </TabsContent>
      ) : null}
      {shows('integrations') ? (
        <TabsContent value="integrations">
          <IntegrationsPanel onAddLocation={() => openTab('locations')} />
        </TabsContent>
      ) : null}
      {shows('requests') ? (
        <TabsContent value="requests">
          <RequestsTab />
        </TabsContent>
      ) : null}
      {shows('notifications') ? (
        <TabsContent value="notifications">
          <NotificationsTab />
        </TabsContent>
      ) : null}
      {shows('widget') ? (
        <TabsContent value="widget">
          <WidgetTab />
        </TabsContent>
      ) : null}
      {shows('api') ? (
        <TabsContent value="api">
          <ApiTab />
        </TabsContent>
      ) : null}
      {shows('plan') ? (
        <TabsContent value="plan">
          <PlanTab />
        </TabsContent>
      ) : null}
      {shows('team') ? (
        <TabsContent value="team">
          <TeamTab />
        </TabsContent>
      ) : null}
    </Tabs>
  );
}

export default SettingsPage;
