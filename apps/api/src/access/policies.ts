import { inboxPhoneOf } from '@campus/domain/messages/messages-rules';
import type { DeclaredId, IdKind } from '@campus/domain/shared/endpoint';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../errors.ts';
import { findVideo } from '../lib/video-sources.ts';
import { findAssignment, findAttachmentsByIds } from '../features/assignments/index.ts';
import { findExamLabel, findVisibleTestIds } from '../features/exam/index.ts';
import { findStudentReceipt } from '../features/fees/index.ts';
import { findAccountPhone } from '../features/messages/index.ts';
import { hasBoughtProduct } from '../features/products/index.ts';
import { findClassSession, findRecording } from '../features/timetable/index.ts';
import { isAcademicYearOf } from './access.repository.ts';
import {
  entitlementValues,
  findEntitledCourse,
  findEntitledDocument,
  findEntitledFile,
  isStudentSubject,
} from '../features/library/index.ts';
import type { RequestScope } from './scope.ts';
import { findAttemptedQuestion } from '../features/report/index.ts';

const notFound = () => new AppError(404, 'NOT_FOUND', 'Not Found');
const forbidden = (message: string) => new AppError(403, 'FORBIDDEN', message);

/** A policy: may this session use `value` as an id of this kind? Throws the denial; may narrow the scope. */
type Policy = (scope: RequestScope, value: unknown, request: FastifyRequest) => void | Promise<void>;

const numbers = (value: unknown): number[] => (Array.isArray(value) ? value : [value]) as number[];

/**
 * The study library, documents and shared videos (features/library/library-access.repository.ts). An absent
 * optional id names nothing and passes; the handler decides whether it needed one. Every refusal is a bare 404.
 */
const libraryPolicies = {
  viewer(scope, value) {
    if (value === undefined) return;
    const { studentId, userId } = scope.session;
    if (value !== (studentId ?? userId)) throw notFound();
  },
  async course(scope, value, request) {
    if (value === undefined) return;
    const course = await findEntitledCourse(scope, request.server.now(), value as number);
    if (!course) throw notFound();
    scope.course = course;
  },
  courseProduct(scope, value) {
    if (value === undefined || value === null || value === 0) return;
    if (!scope.course || scope.course.productId !== value) throw notFound();
  },
  async subject(scope, value) {
    if (value === undefined) return;
    if (!(await isStudentSubject(scope, value as number))) throw notFound();
  },
  async libraryFile(scope, value, request) {
    if (value === undefined) return;
    const file = await findEntitledFile(scope, request.server.now(), value as number);
    if (!file) throw notFound();
    scope.libraryFile = file;
  },
  async document(scope, value, request) {
    const document = await findEntitledDocument(scope, request.server.now(), value as number);
    if (!document) throw notFound();
    scope.document = document;
  },
  async video(scope, value, request) {
    const { instituteId, studentId, academicYearId } = scope.session;
    const found = await findVideo({
      db: scope.db,
      instituteId,
      videoId: String(value),
      entitlement: await entitlementValues(scope, request.server.now()),
      studentId,
      academicYearId,
    });
    if (!found) throw notFound();
    scope.video = found;
  },
} satisfies Partial<Record<IdKind, Policy>>;

/**
 * One policy per kind of id (packages/domain/src/shared/endpoint.ts says what each kind names). Object kinds answer
 * 404 so that an id that exists and one that does not look alike; the session's own ids answer 403.
 */
export const policies: Record<IdKind, Policy> = {
  ...libraryPolicies,
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
  async assignment(scope, value) {
    const { instituteId } = scope.session;
    const row = await findAssignment(scope.db, instituteId, scope.studentId, await scope.batchIds(), value as number);
    if (!row) throw notFound();
    scope.assignment = row;
  },
  async attachment(scope, value) {
    const ids = [...new Set(numbers(value ?? []))];
    if (ids.length === 0) {
      scope.attachments = [];
      return;
    }
    const { instituteId } = scope.session;
    const [rows, batchIds] = await Promise.all([findAttachmentsByIds(scope.db, instituteId, ids), scope.batchIds()]);
    // Every id must be one this student may open; otherwise nothing is answered.
    const visible = rows.filter(({ attachment, batchId, isSolutionReleased, submitterId }) => {
      if (attachment.kind === 'teacher') return batchIds.includes(batchId);
      if (attachment.kind === 'solution') return batchIds.includes(batchId) && isSolutionReleased;
      return submitterId === scope.studentId;
    });
    if (visible.length !== ids.length) throw notFound();
    scope.attachments = visible;
  },
  async phone(scope, value) {
    // The account that signed in owns the phone (a parent's inbox is the parent's, whichever child is viewed).
    const { instituteId, accountUserId } = scope.session;
    const row = await findAccountPhone(scope.db, instituteId, accountUserId);
    if (!row?.phone) throw notFound();
    if (value !== inboxPhoneOf(row.countryCallingCode, row.phone)) {
      throw forbidden('You may only read the messages sent to your own phone number');
    }
    scope.accountPhone = row.phone;
  },
  async academicYear(scope, value) {
    if (!(await isAcademicYearOf(scope.db, scope.session.instituteId, value as number))) throw notFound();
  },
  async receipt(scope, value) {
    // Receipts exist for the student only while the institute offers them (spec part 2 §6).
    if (!(await scope.settings()).isFeeReceiptEnabled) {
      throw forbidden('Fee receipts are not available for this institute');
    }
    const row = await findStudentReceipt(scope.db, scope.session.instituteId, scope.studentId, String(value));
    if (!row) throw notFound();
    scope.receipt = row;
  },
  choice() {
    // Resolved by the login service only among the accounts the request's own login and password (or phone)
    // match; an id outside that set matches nothing, so there is nothing to check beforehand.
  },
  async classSession(scope, value) {
    const row = await findClassSession(scope.db, scope.session.instituteId, await scope.batchIds(), value as number);
    if (!row) throw notFound();
    scope.classSession = row;
  },
  async recording(scope, value) {
    const row = await findRecording(scope.db, scope.session.instituteId, await scope.batchIds(), value as number);
    if (!row) throw notFound();
    scope.recording = row;
  },
  async batch(scope, value) {
    if (!(await scope.batchIds()).includes(value as number)) throw notFound();
  },
  async test(scope, value) {
    // Each id a test set for the student's sections this year or sold in a product the user bought.
    const ids = [...new Set(numbers(value))];
    const { instituteId, userId, studentId } = scope.session;
    const batchIds = studentId === null ? [] : await scope.batchIds();
    const visible = await findVisibleTestIds(scope.db, instituteId, batchIds, userId, ids);
    if (visible.length !== ids.length) throw notFound();
  },
  async question(scope, value) {
    const { instituteId, userId, studentId } = scope.session;
    if (!(await findAttemptedQuestion(scope.db, instituteId, { userId, studentId }, value as number))) throw notFound();
  },
  async testLabel(scope, value) {
    if (value === 'MockP' || value === 'OnlineP') return;
    if (typeof value !== 'number' || !(await findExamLabel(scope.db, scope.session.instituteId, value))) {
      throw notFound();
    }
  },
  async product(scope, value) {
    const { instituteId, userId } = scope.session;
    if (!(await hasBoughtProduct(scope.db, instituteId, userId, value as number))) {
      throw new AppError(404, 'NOT_FOUND', 'No Products Available');
    }
  },
};

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
    for (const each of values) await policies[declared.kind](scope, each, request);
  }
}
