import { testPanelPage, testPaperPage } from '@campus/domain/shell/pages';
import { screenRoute, type OwnPage } from '../../lib/feature-routes.tsx';

const panel = async () => (await import('./screens/test-panel.tsx')).TestPanelScreen;
const paper = async () => (await import('./screens/test-paper.tsx')).TestPaperScreen;

/**
 * The test panel: its own lazily loaded chunk, outside the signed-in shell (it runs on the attempt's credential,
 * in a window of its own); and its view mode (the desk's View), the paper read-only, in its own chunk and window.
 */
export const ownPages: OwnPage[] = [
  { route: screenRoute(testPanelPage, panel), needsSession: false },
  { route: screenRoute(testPaperPage, paper), needsSession: false },
];
