import type { FastifyInstance } from 'fastify';

/**
 * The read-only paper's grants (the desk's View): signed, with no row, for one test and one user of one institute.
 * A launch grant is exchanged by the panel's open for a paper grant, which the paper's read takes.
 */
export interface ViewGrant {
  instituteId: number;
  userId: number;
  testId: number;
}

type ViewPurpose = 'launch' | 'paper';

export function signViewGrant(app: FastifyInstance, purpose: ViewPurpose, grant: ViewGrant, lifetimeMs: number) {
  const payload = `${grant.instituteId}-${grant.userId}-${grant.testId}-${app.now().getTime() + lifetimeMs}`;
  return `view.${payload}.${app.signer.tag(`exam-view-${purpose}:${payload}`)}`;
}

/** The grant of a token signed for `purpose` and not expired; undefined for any other string. */
export function verifyViewGrant(app: FastifyInstance, purpose: ViewPurpose, token: string): ViewGrant | undefined {
  const [kind, payload, tag, extra] = token.split('.');
  if (kind !== 'view' || !payload || !tag || extra !== undefined) return undefined;
  if (app.signer.tag(`exam-view-${purpose}:${payload}`) !== tag) return undefined;
  const [instituteId, userId, testId, expiresAt] = payload.split('-').map(Number);
  if (!instituteId || !userId || !testId || !expiresAt || expiresAt <= app.now().getTime()) return undefined;
  return { instituteId, userId, testId };
}
