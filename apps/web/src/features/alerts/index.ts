import { lazy } from 'react';

// What other features may use of alerts: the header's bell, and the profile's alert settings (their code loads
// with the profile, not with the header).
export { AlertsBell } from './components/bell-button.tsx';
export const AlertSettingsSection = lazy(() => import('./components/alert-settings.tsx'));
