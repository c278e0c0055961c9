import { Bell, Code, CreditCard, KeyRound, MapPin, Plug, Send, User } from 'lucide-react';
import { useSearchParams } from 'wouter';

import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { ApiTab } from '@/features/api-access';
import { IntegrationsPanel } from '@/features/integrations';

import { LocationsTab } from './locations-tab';
import { NotificationsTab } from './notifications-tab';
import { PlanTab } from './plan-tab';
import { ProfileTab } from './profile-tab';
import { RequestsTab } from './requests-tab';
import { WidgetTab } from './widget-tab';

/** The tabs /settings?tab=... can open (/integrations and /plans redirect here, seed-spec section 2). */
export const SETTINGS_TABS = [
  'profile',
  'locations',
  'integrations',
  'requests',
  'notifications',
  'widget',
  'api',
  'plan',
] as const;
export type SettingsTab = (typeof SETTINGS_TABS)[number];

function isSettingsTab(value: string | null): value is SettingsTab {
  return SETTINGS_TABS.includes(value as SettingsTab);
}

const TABS: Record<SettingsTab, { label: string; icon: typeof User }> = {
  profile: { label: 'Profile', icon: User },
  locations: { label: 'Locations', icon: MapPin },
  integrations: { label: 'Integrations', icon: Plug },
  requests: { label: 'Requests', icon: Send },
  notifications: { label: 'Notifications', icon: Bell },
  widget: { label: 'Widget', icon: Code },
  api: { label: 'API', icon: KeyRound },
  plan: { label: 'Plan', icon: CreditCard },
};

export function SettingsPage() {
  const [searchParams, setSearchParams] = useSearchParams();
  const requested = searchParams.get('tab');
  const tab: SettingsTab = isSettingsTab(requested) ? requested : 'profile';
  const openTab = (value: string) => setSearchParams({ tab: value }, { replace: true });

  return (
    <Tabs value={tab} onValueChange={openTab} className="gap-6">
      <TabsList className="grid w-full grid-cols-3 sm:inline-flex sm:w-fit">
        {SETTINGS_TABS.map((value) => {
          const Icon = TABS[value].icon;
          return (
            <TabsTrigger key={value} value={value} className="px-1.5 sm:px-3 [&_svg]:hidden sm:[&_svg]:block">
              <Icon aria-hidden="true" />
              {TABS[value].label}
            </TabsTrigger>
          );
        })}
      </TabsList>
      <TabsContent value="profile">
        <ProfileTab />
      </TabsContent>
      <TabsContent value="locations">
        <LocationsTab />
      </TabsContent>
      <TabsContent value="integrations">
        <IntegrationsPanel onAddLocation={() => openTab('locations')} />
      </TabsContent>
      <TabsContent value="requests">
        <RequestsTab />
      </TabsContent>
      <TabsContent value="notifications">
        <NotificationsTab />
      </TabsContent>
      <TabsContent value="widget">
        <WidgetTab />
      </TabsContent>
      <TabsContent value="api">
        <ApiTab />
      </TabsContent>
      <TabsContent value="plan">
        <PlanTab />
      </TabsContent>
    </Tabs>
  );
}

export default SettingsPage;
