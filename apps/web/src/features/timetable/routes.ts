import { signedInPages } from '@campus/domain/shell/pages';
import type { FeatureRoutes } from '../../lib/feature-routes.ts';

const timetable = async () => ({ Component: (await import('./screens/timetable.tsx')).TimetableScreen });

/** The timetable (spec part 2 §2.2). */
export const timetableRoutes: FeatureRoutes = () => [{ path: signedInPages.timetable, lazy: timetable }];
