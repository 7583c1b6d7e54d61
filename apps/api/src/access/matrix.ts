import { adminContract, adminFilesContract } from '@campus/domain/admin/admin.contract';
import { assignmentsContract } from '@campus/domain/assignments/assignments.contract';
import { authContract } from '@campus/domain/auth/auth.contract';
import { eventsContract } from '@campus/domain/events/events.contract';
import { feesContract } from '@campus/domain/fees/fees.contract';
import { examContract } from '@campus/domain/exam/exam.contract';
import { filesContract } from '@campus/domain/files/files.contract';
import { homeContract } from '@campus/domain/home/home.contract';
import { messagesContract } from '@campus/domain/messages/messages.contract';
import { libraryContract } from '@campus/domain/library/library.contract';
import { documentsContract } from '@campus/domain/documents/documents.contract';
import { mediaContract } from '@campus/domain/media/media.contract';
import { productsContract } from '@campus/domain/products/products.contract';
import { profileContract } from '@campus/domain/profile/profile.contract';
import { routeKey, type AccessRule, type BoundEndpoint } from '@campus/domain/shared/endpoint';
import { reportContract } from '@campus/domain/report/report.contract';
import { shellContract } from '@campus/domain/shell/shell.contract';
import { liveContract } from '@campus/domain/live/live.contract';
import { timetableContract } from '@campus/domain/timetable/timetable.contract';

/** Every area's contract; an area adds its own here, and its routes are registered from `features/index.ts`. */
export const contracts = {
  shell: shellContract,
  auth: authContract,
  files: filesContract,
  home: homeContract,
  profile: profileContract,
  products: productsContract,
  assignments: assignmentsContract,
  events: eventsContract,
  messages: messagesContract,
  fees: feesContract,
  timetable: timetableContract,
  live: liveContract,
  exam: examContract,
  library: libraryContract,
  documents: documentsContract,
  media: mediaContract,
  admin: adminContract,
  adminFiles: adminFilesContract,
  report: reportContract,
};

/** Every endpoint of the API. */
export const allEndpoints: readonly BoundEndpoint[] = Object.values(contracts).flatMap(
  (contract) => Object.values(contract) as BoundEndpoint[],
);

/** Routes that serve the process, not the contract: health checks for the load balancer. */
export const infrastructureRoutes: Record<string, AccessRule> = {
  'GET /healthz': 'anonymous',
  'GET /readyz': 'anonymous',
};

/**
 * Who may call each route, derived from the descriptors (never kept by hand): a route registered without a
 * descriptor stops the server from starting, and a test fails on an endpoint that no route serves.
 */
export const accessMatrix: Readonly<Record<string, AccessRule>> = {
  ...infrastructureRoutes,
  ...Object.fromEntries(allEndpoints.map((endpoint) => [routeKey(endpoint), endpoint.access])),
};

/** Routes outside the matrix because they only serve public files: the web app and the API docs. */
export const isStaticRoute = (url: string) => url.startsWith('/my-account') || url.startsWith('/docs');
