import { SETTINGS_TABS } from '../client/src/features/settings/settings-tabs';

/** The demo client seeded on the e2e servers (server/seed/demo.ts): full lists show more than an empty account. */
export const DEMO = { email: 'demo@reviewflow.test', password: 'demo-password' };

/** The owner's working screens, every settings tab included: the screen sweeps load each. */
export const OWNER_SCREENS = [
  '/dashboard',
  '/reviews',
  '/get-reviews',
  '/contacts',
  '/templates',
  '/optimized-reviews',
  ...SETTINGS_TABS.map((tab) => `/settings?tab=${tab}`),
];

/** The admin's own screens (a client's area, seen by the admin, is the owner's screens again). */
export const ADMIN_SCREENS = ['/admin', '/admin/clients', '/admin/plans', '/admin/email-test'];

export { SETTINGS_TABS };
