import { endpoint } from '../shared/endpoint.ts';
import type { todaySchemas } from './today.contract.ts';

type Schemas = typeof todaySchemas;

/**
 * Today on home (issue 31; not in the spec): the signed-in account's day in one answer — a student's own, a
 * parent's for every child linked to the account (not only the one the session views). Read-only, so parents may
 * call it; it names no id: the children are the session's own.
 */
export const todayEndpoints = {
  today: endpoint<Schemas['today']>({
    id: 'today.today',
    method: 'GET',
    path: '/api/v1/today',
    service: 'main',
    access: 'session',
    ids: [],
  }),
};
