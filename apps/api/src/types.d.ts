import type { Db } from './db/client.ts';
import type { FileSigner } from './lib/signed-urls.ts';
import type { JobQueue } from './lib/job-queue.ts';
import type { OfficePreviewer } from './lib/office-preview.ts';
import type { MailSender } from './lib/mail.ts';
import type { PushSender } from './lib/push.ts';
import type { SmsSender } from './lib/sms.ts';
import type { AppError } from './errors.ts';
import type { Storage } from './lib/storage.ts';

import type { AccessRule, BoundEndpoint } from '@campus/domain/shared/endpoint';
import type { InstituteSettingsCache } from './access/institute-settings.ts';

export type { AccessRule };

/** The signed-in user behind a request. */
export interface AuthContext {
  instituteId: number;
  loginId: string;
  /** The account that signed in (the parent for parent logins). */
  accountUserId: number;
  /** The user whose data is viewed (the chosen child for parents). */
  userId: number;
  studentId: number | null;
  userType: number;
  isParent: boolean;
  academicYearId: number;
  deviceId: string;
}

/** The test attempt behind a panel request (access rule `attempt`). */
export interface AttemptAuth {
  instituteId: number;
  attemptId: number;
  testId: number;
  studentId: number | null;
  userId: number;
  attemptNo: number;
  startedAt: Date;
  endsAt: Date;
  submittedAt: Date | null;
  result: unknown;
}

declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
    storage: Storage;
    signer: FileSigner;
    /** The server's clock; tests replace it to fix `now`. */
    now: () => Date;
    /** The background job queue (lib/job-queue.ts): routes enqueue; on WORKER=inline this process runs the jobs too. */
    jobs: JobQueue;
    /** The SMS gateway the sms-send job hands texts to (lib/sms.ts). */
    sms: SmsSender;
    /** Where alerts go by email where jobs run here (lib/mail.ts). */
    mail: MailSender;
    /** Where alerts go by Web Push where jobs run here (lib/push.ts); undefined without VAPID keys. */
    push: PushSender | undefined;
    /** The VAPID public key browsers subscribe with (base64url); null: Web Push is not set up. */
    pushKey: string | null;
    /** The push services a subscription may name. */
    pushServices: readonly string[];
    /** The office-preview job's converter on WORKER=inline; undefined where a worker converts (lib/office-preview.ts). */
    officePreviews: OfficePreviewer | undefined;
    /** The institute reached at the request's host, if any. */
    instituteIdOfHost: (request: FastifyRequest) => Promise<number | undefined>;
    /** Institute settings (time zone, switches), cached across requests. */
    instituteSettings: InstituteSettingsCache;
    /** Tests: handlers that read an undeclared id fail (see access/define-route.ts). */
    strictIds: boolean;
  }
  interface FastifyContextConfig {
    access?: AccessRule;
    /** The descriptor the route was registered from. */
    endpoint?: BoundEndpoint;
    /** Reachable by a session that must first replace a temporary password (change password, logout). */
    allowDuringPasswordChange?: boolean;
    /**
     * A panel route whose own statement checks the attempt credential (the save): a credential this process has
     * already looked up is not read again before the handler; the handler's statement must match it.
     */
    attemptCheckedByStatement?: boolean;
  }
  interface FastifyRequest {
    auth: AuthContext | null;
    /** The institute of an authenticated institute system (apiKey routes). */
    apiInstituteId: number | null;
    /** The attempt whose credential a panel request carries (rule `attempt`). */
    attemptAuth: AttemptAuth | null;
    /**
     * Set when `attemptAuth` came from the credential cache unread (routes with `attemptCheckedByStatement`): the
     * hash the handler's statement must match, and a fresh read for answers given before the handler runs.
     */
    attemptUnread: {
      credentialHash: string;
      read: () => Promise<AttemptAuth | undefined>;
      /** The refusal of a credential that is no longer current: 409 when a Resume replaced it, else 401. */
      refusal: () => Promise<AppError>;
    } | null;
    /** The admin API key of the institute's system (adminKey routes). */
    adminKey: { id: number; instituteId: number } | null;
  }
}
