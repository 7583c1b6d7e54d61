import { endpoint } from '../shared/endpoint.ts';
import type { authSchemas } from './auth.contract.ts';

type Schemas = typeof authSchemas;

/** Sign-in, sessions, passwords and single sign-on (spec part 1 §7). */
export const authEndpoints = {
  login: endpoint<Schemas['login']>({
    id: 'auth.login',
    method: 'POST',
    path: '/api/v2/user/v3/login',
    service: 'main',
    access: 'anonymous',
    ids: [
      { in: 'body', name: 'institute_id', kind: 'institute' },
      { in: 'body', name: 'user_id', kind: 'choice' },
      { in: 'body', name: 'device_id', kind: 'device' },
    ],
  }),
  forgotPassword: endpoint<Schemas['forgotPassword']>({
    id: 'auth.forgotPassword',
    method: 'POST',
    path: '/api/v2/user/forgotPassword',
    service: 'main',
    access: 'anonymous',
    ids: [
      { in: 'body', name: 'institute_id', kind: 'institute' },
      // An opaque pick from the 'Forgot Password For' list, bound to the phone; `user_id` is ignored.
      { in: 'body', name: 'choice_id', kind: 'choice' },
    ],
  }),
  academicYears: endpoint<Schemas['academicYears']>({
    id: 'auth.academicYears',
    method: 'GET',
    path: '/api/v1/academicYear/all/:instituteId',
    service: 'main',
    access: 'session',
    ids: [{ in: 'params', name: 'instituteId', kind: 'institute' }],
  }),
  logout: endpoint<Schemas['logout']>({
    id: 'auth.logout',
    method: 'GET',
    path: '/api/v1/alternateLogin/logout',
    service: 'main',
    access: 'session',
    ids: [{ in: 'query', name: 'deviceId', kind: 'device' }],
  }),
  changePassword: endpoint<Schemas['changePassword']>({
    id: 'auth.changePassword',
    method: 'POST',
    path: '/api/v1/changePwd',
    service: 'main',
    access: 'session',
    ids: [
      { in: 'body', name: 'institute_id', kind: 'institute' },
      // Parents change the parent's own password (spec part 1 §6): the signed-in account's.
      { in: 'body', name: 'userid', kind: 'account' },
    ],
  }),
  ssoLink: endpoint<Schemas['ssoLink']>({
    id: 'auth.ssoLink',
    method: 'POST',
    path: '/api/v1/sso/link',
    service: 'main',
    access: 'apiKey',
    ids: [],
  }),
  ssoExchange: endpoint<Schemas['ssoExchange']>({
    id: 'auth.ssoExchange',
    method: 'POST',
    path: '/prod/ext/sso/login',
    service: 'product',
    access: 'anonymous',
    ids: [],
  }),
  /**
   * A parent of several children switches the child the session views without signing in again (issue 31: an
   * alert about one child opens on that child). Not in the spec: its login picks a child once.
   */
  switchChild: endpoint<Schemas['switchChild']>({
    id: 'auth.switchChild',
    method: 'POST',
    path: '/api/v1/auth/switch-child',
    service: 'main',
    access: 'session',
    ids: [{ in: 'body', name: 'student_id', kind: 'child' }],
  }),
};
