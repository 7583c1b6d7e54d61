// The alerts area's public face (issue 31): its kinds, channels and rules, and the bell's call shapes.
export * from './alerts-rules.ts';
export * from './alerts-settings.ts';
export { bellSize, type Alert, type AlertSettingsTable } from './alerts.contract.ts';
export * from './alerts-delivery.ts';
