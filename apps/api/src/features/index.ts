import type { FastifyInstance } from 'fastify';
import type { SmsSender } from '../lib/sms.ts';
import { adminRoutes } from './admin/admin.routes.ts';
import { assignmentsRoutes } from './assignments/assignments.routes.ts';
import { authRoutes, type AuthRateLimits } from './auth/auth.routes.ts';
import { filesRoutes } from './files/files.routes.ts';
import { eventsRoutes } from './events/events.routes.ts';
import { feesRoutes } from './fees/fees.routes.ts';
import { reportRoutes } from './report/report.routes.ts';
import { examRoutes } from './exam/exam.routes.ts';
import { homeRoutes } from './home/home.routes.ts';
import { messagesRoutes } from './messages/messages.routes.ts';
import { productsRoutes } from './products/products.routes.ts';
import { profileRoutes } from './profile/profile.routes.ts';
import { shellRoutes } from './shell/shell.routes.ts';
import { liveRoutes } from './live/live.routes.ts';
import { timetableRoutes } from './timetable/timetable.routes.ts';
import { libraryRoutes } from './library/library.routes.ts';
import { documentsRoutes } from './documents/documents.routes.ts';
import { mediaRoutes } from './media/media.routes.ts';
import type { VideoProviders } from '../lib/video-providers.ts';
import type { OfficePreviewSettings } from './files/files.routes.ts';

// The app sets the sign-in rate limits through this index, so it imports no feature directly.
export { defaultAuthRateLimits, type AuthRateLimits } from './auth/auth.routes.ts';

/** What the areas need from the app beyond the app itself. */
export interface FeatureOptions {
  sms: SmsSender;
  rateLimits: AuthRateLimits;
  /** Vimeo and VdoCipher per institute (credentials from the server's configuration). */
  videoProviders: VideoProviders;
  /** Office previews: the converter (undefined: LibreOffice in the sandbox) and the sandbox's limits. */
  officePreviews: OfficePreviewSettings;
}

/** Every area's routes, registered from its endpoint descriptors; a new area adds one line here. */
export async function registerFeatures(app: FastifyInstance, options: FeatureOptions) {
  await app.register(shellRoutes);
  await app.register(authRoutes, options);
  await app.register(filesRoutes, options.officePreviews);
  await app.register(homeRoutes);
  await app.register(profileRoutes);
  await app.register(productsRoutes);
  await app.register(assignmentsRoutes);
  await app.register(eventsRoutes);
  await app.register(messagesRoutes);
  await app.register(feesRoutes);
  await app.register(timetableRoutes);
  await app.register(liveRoutes);
  await app.register(examRoutes);
  await app.register(libraryRoutes);
  await app.register(documentsRoutes);
  await app.register(mediaRoutes, { videoProviders: options.videoProviders });
  await app.register(adminRoutes);
  await app.register(reportRoutes);
}
