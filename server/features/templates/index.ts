// Message templates: the owner's routes, and how a template becomes the message a customer reads.
export { createTemplatesRoutes } from './templates.routes';
export { composeEmail, composeText, reminderSubject, templateFor, type ComposedEmail } from './compose';
