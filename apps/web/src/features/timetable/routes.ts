import { signedInPages } from '@campus/domain/shell/pages';
import { screenRoute, type FeatureRoutes } from '../../lib/feature-routes.tsx';

const timetable = async () => (await import('./screens/timetable.tsx')).TimetableScreen;

/** The timetable (spec part 2 §2.2). */
export const timetableRoutes: FeatureRoutes = [screenRoute(signedInPages.timetable, timetable)];
