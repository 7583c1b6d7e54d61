// The auth area's public face for other areas.
export { temporaryPasswordText } from './password.service.ts';
