import { isSessionDayOver } from '@campus/domain/shell/day';
import { isPageAllowed } from '@campus/domain/shell/menu';
import { examPages, shellArea as examArea } from '@campus/domain/exam/exam.page';
import { homePages, shellArea as homeArea } from '@campus/domain/home/home.page';
import { messagesPages, shellArea as messagesArea } from '@campus/domain/messages/messages.page';
import { productsPages, shellArea as productsArea } from '@campus/domain/products/products.page';
import { profilePages, shellArea as profileArea } from '@campus/domain/profile/profile.page';
import { timetablePages, shellArea as timetableArea } from '@campus/domain/timetable/timetable.page';
import { productIdOf } from '@campus/domain/shell/pages';
import type { Endpoint } from '@campus/domain/shared/endpoint';
import { examEndpoints } from '@campus/domain/exam/exam.endpoints';
import { feesEndpoints } from '@campus/domain/fees/fees.endpoints';
import { homeEndpoints } from '@campus/domain/home/home.endpoints';
import { messagesEndpoints } from '@campus/domain/messages/messages.endpoints';
import { productsEndpoints } from '@campus/domain/products/products.endpoints';
import { profileEndpoints } from '@campus/domain/profile/profile.endpoints';
import { deskAuthorization, productTestIdsInput, productTestTypes } from '../features/exam/api/desk-requests.ts';
import { announcementsInput, bannersInput, feeDuesInput, showsBanners } from '../features/home/api/home-requests.ts';
import { inboxPhone, messagesInput } from '../features/messages/api/messages-requests.ts';
import { myProductsInput } from '../features/products/api/products-requests.ts';
import { profileInput } from '../features/profile/api/profile-requests.ts';
import { openingPlace, opensOnYear, timetableInput } from '../features/timetable/api/timetable-requests.ts';
import { timetableEndpoints } from '@campus/domain/timetable/timetable.endpoints';
import { localDate } from '../lib/local-date.ts';
import { endpointUrl, partHeaders, requestHeaders, type RequestParts } from '../lib/request.ts';
import type { StoredSession } from '../lib/session.ts';

// A signed-in route's first requests (GETs, and POSTs whose endpoint is `readOnly`), for the page's boot script
// (src/boot.ts) to send before the app's code has loaded: the data then arrives beside the code instead of after it
// (issue 18, the data-bound routes' LCP).
// Each uses the feature's own request builder, so it is the request the screen's query sends (early-data.test.ts
// checks it on every route here); the api client takes the answer instead of asking again (lib/early-calls.ts).

interface FirstRequest {
  endpoint: Endpoint;
  parts: RequestParts;
  /** A credential other than the session's (the exam desk's). */
  authorization?: string;
}

const home = (session: StoredSession): FirstRequest[] => [
  ...(showsBanners(session) ? [{ endpoint: homeEndpoints.banners, parts: bannersInput(session.user_type) }] : []),
  { endpoint: homeEndpoints.announcements, parts: announcementsInput(session) },
  ...[feeDuesInput(session)].flatMap((parts) => (parts ? [{ endpoint: feesEndpoints.summary, parts }] : [])),
];

const products = (session: StoredSession): FirstRequest[] => [
  { endpoint: productsEndpoints.myProducts, parts: myProductsInput(session.user_id, session.institute_id) },
];

/** Where the route is opened: its address's query (`?date=` on the timetable) and the time. */
interface Opening {
  address: URLSearchParams;
  now: Date;
}

/**
 * The areas whose routes have first requests below: enough for the menu's gate on those routes, and the boot script
 * then carries these six declarations rather than every area's (lib/shell-areas.ts).
 */
export const earlyAreas = [examArea, homeArea, messagesArea, productsArea, profileArea, timetableArea];

/** Each route's first requests, by the route's path in lower case (the router ignores case). */
const firstRequests: Record<string, (session: StoredSession, opening: Opening) => FirstRequest[]> = {
  [homePages.dashboard]: home,
  [homePages.announcement]: home,
  [messagesPages.messages.toLowerCase()]: (session) =>
    inboxPhone(session) === '' ? [] : [{ endpoint: messagesEndpoints.byPhone, parts: messagesInput(session) }],
  [productsPages.product]: products,
  [productsPages.productDetail]: products,
  [profilePages.profile.toLowerCase()]: (session) =>
    session.student_id === null
      ? []
      : [{ endpoint: profileEndpoints.profile, parts: profileInput(session.institute_id, session.student_id) }],
  // The month it opens on; its holidays come after (the month is what the screen waits for, issue 26).
  [timetablePages.timetable]: (session, { address, now }) => {
    if (opensOnYear(address)) return [];
    const { month } = openingPlace(session, address, localDate(now));
    return [{ endpoint: timetableEndpoints.timetable, parts: timetableInput(session, month.year, month.month) }];
  },
  [examPages.exam]: (session) => [
    { endpoint: examEndpoints.labels, parts: {}, authorization: deskAuthorization(session) },
    ...productTestTypes.map((itemType) => ({
      endpoint: examEndpoints.productTestIds,
      parts: productTestIdsInput(session, itemType),
    })),
  ],
};

/** The route pattern of an address inside the app (`/product/7` → `/product/:id`), in lower case. */
const routeOf = (path: string) => (productIdOf(path) === undefined ? path.toLowerCase() : productsPages.productDetail);

/** A request the boot script sends: the method, address, headers and body exactly as the api client would. */
/** The routes that have first requests (for the test that keeps `earlyAreas` complete). */
export const earlyRoutes = () => Object.keys(firstRequests);

export interface EarlyRequest {
  url: string;
  headers: Record<string, string>;
  /** POST where it is one (a GET by default), with its JSON body. */
  method?: string;
  body?: string;
  /** A POST whose endpoint only reads: its answer is taken only while fresh, as a GET's (lib/early-calls.ts). */
  readOnly?: boolean;
  /** The endpoint's id (`messages.byPhone`): the boot script paints from some answers (app/boot-screen.ts). */
  endpoint: string;
}

/**
 * The first requests of the route at `path` (inside the app, without the base; `search` its query) for a session
 * still valid `now`; none for a route the menu hides from this session (the app sends it to the dashboard instead).
 */
export function earlyRequests(path: string, session: StoredSession | null, now: Date, search = ''): EarlyRequest[] {
  if (!session || isSessionDayOver(session.logindatetime, now) || !isPageAllowed(earlyAreas, session, path)) return [];
  const requests = firstRequests[routeOf(path)]?.(session, { address: new URLSearchParams(search), now }) ?? [];
  return requests
    .filter(({ endpoint }) => endpoint.method === 'GET' || endpoint.readOnly)
    .map(({ endpoint, parts, authorization }) => {
      const body = parts.body === undefined ? undefined : JSON.stringify(parts.body);
      return {
        endpoint: endpoint.id,
        url: endpointUrl(endpoint, parts),
        headers: {
          ...requestHeaders(session.student_auth),
          ...partHeaders(parts),
          // As the api client marks a JSON body.
          ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
          ...(authorization ? { Authorization: authorization } : {}),
        },
        ...(endpoint.method === 'GET' ? {} : { method: endpoint.method, body, readOnly: true }),
      };
    });
}
