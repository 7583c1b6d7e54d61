import type { FastifyInstance } from 'fastify';
import type { SmsSender } from '../lib/sms.ts';
import { assignmentsRoutes } from './assignments/assignments.routes.ts';
import { authRoutes, type AuthRateLimits } from './auth/auth.routes.ts';
import { filesRoutes } from './files/files.routes.ts';
import { eventsRoutes } from './events/events.routes.ts';
import { homeRoutes } from './home/home.routes.ts';
import { messagesRoutes } from './messages/messages.routes.ts';
import { productsRoutes } from './products/products.routes.ts';
import { profileRoutes } from './profile/profile.routes.ts';
import { shellRoutes } from './shell/shell.routes.ts';

// The app sets the sign-in rate limits through this index, so it imports no feature directly.
export { defaultAuthRateLimits, type AuthRateLimits } from './auth/auth.routes.ts';

/** What the areas need from the app beyond the app itself. */
export interface FeatureOptions {
  sms: SmsSender;
  rateLimits: AuthRateLimits;
}

/** Every area's routes, registered from its endpoint descriptors; a new area adds one line here. */
export async function registerFeatures(app: FastifyInstance, options: FeatureOptions) {
  await app.register(shellRoutes);
  await app.register(authRoutes, options);
  await app.register(filesRoutes);
  await app.register(homeRoutes);
  await app.register(profileRoutes);
  await app.register(productsRoutes);
  await app.register(assignmentsRoutes);
  await app.register(eventsRoutes);
  await app.register(messagesRoutes);
}
