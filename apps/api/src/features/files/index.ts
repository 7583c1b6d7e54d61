// The files area's public face: what other areas may use.
export { enqueueOfficePreview, isOfficeName } from './office-preview.jobs.ts';
