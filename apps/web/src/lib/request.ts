import { fillPath, type Endpoint, type Service } from '@campus/domain/shared/endpoint';

// The parts of a request that need nothing but the endpoint and the caller's values: the api client sends them,
// and the page's boot script (src/boot.ts) builds a route's first requests with them before the app has loaded.

/**
 * The device's time zone, read once per page and shared by the boot script and the app (each is its own bundle):
 * building an Intl.DateTimeFormat costs tens of milliseconds on a slow phone, which every request paid while the
 * page was starting (a CPU profile of /fees on a 4x-slowed CPU gave it 158 ms, then 105-166 ms in the app after
 * the boot script had paid it too).
 */
export function deviceTimeZone(): string {
  const page = globalThis as { campusTimeZone?: string };
  page.campusTimeZone ??= Intl.DateTimeFormat().resolvedOptions().timeZone;
  return page.campusTimeZone;
}

/** Headers every call carries (spec part 1 §7): source, the user's time zone and, when given, the credential. */
export function requestHeaders(authorization?: string | null): Record<string, string> {
  const headers: Record<string, string> = { Source: 'WEB', 'X-Time-Zone': deviceTimeZone() };
  if (authorization) headers.Authorization = authorization;
  return headers;
}

/**
 * The base address of each logical service (ARCHITECTURE.md), from the build's environment; empty sends the call
 * to the page's own origin. Read per call, so a test can stub the environment.
 */
export function serviceBase(service: Service): string {
  const bases: Record<Service, string | undefined> = {
    main: import.meta.env.VITE_MAIN_API_BASE,
    product: import.meta.env.VITE_PRODUCT_API_BASE,
    exam: import.meta.env.VITE_EXAM_API_BASE,
  };
  return (bases[service] ?? '').replace(/\/+$/, '');
}

/** The request parts `call` reads, whatever the endpoint. */
export interface RequestParts {
  params?: Record<string, unknown>;
  query?: Record<string, unknown>;
  body?: unknown;
  headers?: Record<string, unknown>;
}

/** The address of a call: its service's base, the path with its parameters, the query without empty values. */
export function endpointUrl(endpoint: Endpoint, parts: Pick<RequestParts, 'params' | 'query'> = {}): string {
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(parts.query ?? {})) {
    if (value !== undefined && value !== null) query.append(name, String(value));
  }
  const search = query.toString();
  return `${serviceBase(endpoint.service)}${fillPath(endpoint.path, parts.params)}${search ? `?${search}` : ''}`;
}

/** A part's headers as strings, without the empty ones. */
export function partHeaders(parts: Pick<RequestParts, 'headers'>): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(parts.headers ?? {})) {
    if (value !== undefined && value !== null) headers[name] = String(value);
  }
  return headers;
}
