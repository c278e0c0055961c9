import { CreditCard, MapPin, Plug, User } from 'lucide-react';
import { useSearchParams } from 'wouter';

import { EmptyState } from '@/components/ui/empty-state';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';

/** The tabs /settings?tab=... can open (/integrations and /plans redirect here, seed-spec section 2). */
export const SETTINGS_TABS = ['profile', 'locations', 'integrations', 'plan'] as const;
export type SettingsTab = (typeof SETTINGS_TABS)[number];

function isSettingsTab(value: string | null): value is SettingsTab {
  return SETTINGS_TABS.includes(value as SettingsTab);
}

const TABS: Record<SettingsTab, { label: string; icon: typeof User; title: string; description: string }> = {
  profile: {
    label: 'Profile',
    icon: User,
    title: 'Your profile',
    description: 'Your name, company and password will be editable here.',
  },
  locations: {
    label: 'Locations',
    icon: MapPin,
    title: 'Locations',
    description: 'The places your customers review, with their review links and QR posters.',
  },
  integrations: {
    label: 'Integrations',
    icon: Plug,
    title: 'Integrations',
    description: 'Connect Google Business Profile and Facebook to import and answer reviews.',
  },
  plan: {
    label: 'Plan',
    icon: CreditCard,
    title: 'Your plan',
    description: 'Your subscription and billing details will appear here.',
  },
};

export function SettingsPage() {
  const [searchParams, setSearchParams] = useSearchParams();
  const requested = searchParams.get('tab');
  const tab: SettingsTab = isSettingsTab(requested) ? requested : 'profile';

  return (
    <Tabs
      value={tab}
      onValueChange={(value) => setSearchParams({ tab: value }, { replace: true })}
      className="gap-6"
    >
      <TabsList className="grid w-full grid-cols-4 sm:inline-flex sm:w-fit">
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
      {SETTINGS_TABS.map((value) => (
        <TabsContent key={value} value={value}>
          <EmptyState
            icon={TABS[value].icon}
            title={TABS[value].title}
            description={TABS[value].description}
          />
        </TabsContent>
      ))}
    </Tabs>
  );
}

export default SettingsPage;
