// Sending email, SMS and WhatsApp: what other features send and render through, and what routes/ and jobs.ts mount.
import type { sendEmail } from './delivery.service';

export { sendEmail, sendText } from './delivery.service';
export { createDeliveryRepository } from './delivery.repository';
export { createDeliveryPublicRoutes, createDeliveryRoutes } from './delivery.routes';
export { createDeliveryJobHandlers } from './delivery.jobs';

/** sendEmail's shape, for a feature that is handed it instead of importing it (notifications.jobs). */
export type SendEmail = typeof sendEmail;
