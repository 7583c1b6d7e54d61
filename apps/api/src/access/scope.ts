import type { FastifyInstance } from 'fastify';
import { AppError } from '../errors.ts';
import type { AuthContext } from '../types.d.ts';
import { findStudentBatchIds } from './access.repository.ts';
import type { InstituteSettings } from './institute-settings.ts';

/** Message of a signed-in route reached without a session (the auth hook refuses these first). */
const unauthorized = () => new AppError(401, 'UNAUTHORIZED', 'Unauthorized');

/**
 * What one request may see, narrowed by the policies before its handler runs: the session, the institute's
 * settings, the student's batches this year and the objects the declared ids named. Each lookup runs at most once
 * per request and is shared by the policies and the handler. Each area's policy file adds the slots of the objects
 * its ids name (`declare module` on this class, e.g. `scope.assignment` in assignments.policy.ts).
 */
export class RequestScope {
  private batchIdsOnce?: Promise<number[]>;

  private readonly app: FastifyInstance;
  /** The signed-in user, or null on anonymous routes. */
  readonly auth: AuthContext | null;

  constructor(app: FastifyInstance, auth: AuthContext | null) {
    this.app = app;
    this.auth = auth;
  }

  /** The database the request's lookups run on. */
  get db() {
    return this.app.db;
  }

  /** The signed-in user of a route whose access rule requires one. */
  get session(): AuthContext {
    if (!this.auth) throw unauthorized();
    return this.auth;
  }

  /** The student the session views (own, or a parent's chosen child); 404 for accounts without one. */
  get studentId(): number {
    const { studentId } = this.session;
    if (studentId === null) throw new AppError(404, 'NOT_FOUND', 'Not Found');
    return studentId;
  }

  /** The batches (sections) of the viewed student in the session's academic year. */
  batchIds(): Promise<number[]> {
    const { instituteId, academicYearId } = this.session;
    this.batchIdsOnce ??= findStudentBatchIds(this.app.db, instituteId, this.studentId, academicYearId);
    return this.batchIdsOnce;
  }

  /** The session's institute settings (cached across requests). */
  settings(): Promise<InstituteSettings> {
    return this.app.instituteSettings.get(this.session.instituteId);
  }

  /** The time zone the institute counts its days in. */
  async timeZone(): Promise<string> {
    return (await this.settings()).timeZone;
  }
}
