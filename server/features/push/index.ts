// Web Push to the owner's and members' devices (issue 45): the routes, the jobs, and the events it reacts to.
export { createPushRoutes } from './push.routes';
export { createPushJobHandlers } from './push.jobs';
export { pushSubscribers } from './push-subscribers';
