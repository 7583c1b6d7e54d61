// The alerts area's public face: enqueueing the production of alerts after the data they come from changed.
export { enqueueAlerts } from './alerts.jobs.ts';
