// The auth area's public face for other areas: the password texts, and the children a parent account may view
// (Today answers for each).
export { temporaryPasswordText } from './password.service.ts';
export { findChildren, findUser } from './auth.repository.ts';
