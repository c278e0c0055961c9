/** The tabs /settings?tab=... can open (/integrations and /plans redirect here, seed-spec section 2). */
export const SETTINGS_TABS = [
  'profile',
  'locations',
  'integrations',
  'requests',
  'notifications',
  'widget',
  'proof',
  'api',
  'plan',
  'team',
] as const;
export type SettingsTab = (typeof SETTINGS_TABS)[number];
