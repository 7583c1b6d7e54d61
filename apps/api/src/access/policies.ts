import type { DeclaredId, IdKind } from '@campus/domain/shared/endpoint';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../errors.ts';
import { isAcademicYearOf } from './access.repository.ts';
import type { RequestScope } from './scope.ts';

/** The refusal of an object id: the same whether the object exists elsewhere or not at all. */
export const notFound = () => new AppError(404, 'NOT_FOUND', 'Not Found');
/** The refusal of an id of the session's own that is not the session's. */
export const forbidden = (message: string) => new AppError(403, 'FORBIDDEN', message);

/** A policy: may this session use `value` as an id of this kind? Throws the denial; may narrow the scope. */
export type Policy = (scope: RequestScope, value: unknown, request: FastifyRequest) => void | Promise<void>;

/** An id field's values: an array's elements, or the one value. */
export const idValues = (value: unknown): number[] => (Array.isArray(value) ? value : [value]) as number[];

declare module 'fastify' {
  interface FastifyInstance {
    /** One policy per kind of id (features/index.ts: the shared ones and each area's). */
    policies: Readonly<Record<IdKind, Policy>>;
  }
}

/** The policies of an area's own kinds of id (`features/<area>/<area>.policy.ts`, named in its manifest). */
export type AreaPolicies = Partial<Record<IdKind, Policy>>;

/**
 * The policies of the ids every area shares: the session's own (institute, student, user, account, user type,
 * device), its batches and academic years, and the sign-in choice. Each area brings the policies of its own kinds
 * (`allPolicies`). Object kinds answer 404 so that an id that exists and one that does not look alike; the
 * session's own ids answer 403. packages/domain/src/shared/endpoint.ts says what each kind names.
 */
export const sharedPolicies = {
  async institute(scope, value, request) {
    if (scope.auth) {
      if (value !== scope.auth.instituteId) throw forbidden('You may not access another institute');
      return;
    }
    // Anonymous calls name the institute of the host they were sent to, or none at all.
    if (value !== undefined && value !== (await request.server.instituteIdOfHost(request))) {
      throw new AppError(404, 'NOT_FOUND', 'No institute is registered at this address');
    }
  },
  student(scope, value) {
    // Absent exactly when the session views no student (open-course users).
    if (value !== (scope.session.studentId ?? undefined)) throw notFound();
  },
  user(scope, value) {
    if (value !== scope.session.userId) throw forbidden('You may only see your own account');
  },
  account(scope, value) {
    if (value !== scope.session.accountUserId) throw forbidden('You may only change your own account');
  },
  userType(scope, value) {
    if (value !== scope.session.userType) throw forbidden('Not your user type');
  },
  device(scope, value) {
    // On sign-in calls the request names the device it signs in from; afterwards it must be the session's.
    if (!scope.auth) return;
    if (value !== undefined && value !== scope.auth.deviceId) {
      throw new AppError(400, 'BAD_REQUEST', 'deviceId does not match this login');
    }
  },
  async academicYear(scope, value) {
    if (!(await isAcademicYearOf(scope.db, scope.session.instituteId, value as number))) throw notFound();
  },
  choice() {
    // Resolved by the login service only among the accounts the request's own login and password (or phone)
    // match; an id outside that set matches nothing, so there is nothing to check beforehand.
  },
  async batch(scope, value) {
    if (!(await scope.batchIds()).includes(value as number)) throw notFound();
  },
} satisfies AreaPolicies;

/**
 * One policy per kind of id: the shared ones and every area's. A kind with none, or with two, stops the server from
 * starting (a declared id would otherwise go unchecked, or be checked by whichever area came last).
 */
export function allPolicies(
  kinds: readonly IdKind[],
  areas: readonly AreaPolicies[],
): Readonly<Record<IdKind, Policy>> {
  const merged: AreaPolicies = {};
  for (const policies of [sharedPolicies, ...areas]) {
    for (const [kind, policy] of Object.entries(policies) as [IdKind, Policy][]) {
      if (merged[kind]) throw new Error(`Two policies for ids of kind '${kind}'`);
      merged[kind] = policy;
    }
  }
  const missing = kinds.filter((kind) => !merged[kind]);
  if (missing.length > 0) throw new Error(`No policy for ids of kind '${missing.join("', '")}'`);
  return merged as Record<IdKind, Policy>;
}

/** The value of a declared id in one parsed request part (`a.b` nested, `a[]` every element of an array). */
export function readDeclared(part: unknown, name: string): unknown {
  const isEach = name.endsWith('[]');
  const value = (isEach ? name.slice(0, -2) : name)
    .split('.')
    .reduce<unknown>(
      (object, key) => (object && typeof object === 'object' ? (object as Record<string, unknown>)[key] : undefined),
      part,
    );
  return isEach ? (Array.isArray(value) ? value : value === undefined ? [] : [value]) : value;
}

/** Runs the policy of every declared id found in `parts` (the request's parsed params, query, body, headers). */
export async function authorizeIds(
  scope: RequestScope,
  request: FastifyRequest,
  ids: readonly DeclaredId[],
  parts: Partial<Record<DeclaredId['in'], unknown>>,
) {
  // In declaration order: an institute is checked before the objects inside it.
  for (const declared of ids) {
    if (!(declared.in in parts)) continue;
    const value = readDeclared(parts[declared.in], declared.name);
    // `a[]`: each element is an id of the kind.
    const values = declared.name.endsWith('[]') ? (value as unknown[]) : [value];
    for (const each of values) await request.server.policies[declared.kind](scope, each, request);
  }
}
