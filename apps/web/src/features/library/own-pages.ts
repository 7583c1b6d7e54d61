import { mediaPage } from '@campus/domain/shell/pages';
import { screenRoute, type OwnPage } from '../../lib/feature-routes.tsx';

const media = async () => (await import('./screens/media-page.tsx')).MediaPageScreen;

/**
 * The media page a phone's YouTube play opens in a new window (spec part 2 §2.1): outside the signed-in shell, a
 * window of its own with nothing but the video; the router puts it behind the session guard.
 */
export const ownPages: OwnPage[] = [{ route: screenRoute(mediaPage, media), needsSession: true }];
