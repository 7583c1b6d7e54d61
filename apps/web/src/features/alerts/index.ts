// What other features may use of alerts: the header's bell.
export { AlertsBell } from './components/bell-button.tsx';
