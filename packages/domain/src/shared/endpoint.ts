// Endpoint descriptors: one zod-free object per HTTP call, read by the API (route registration, policies, the
// access matrix and its generated tests) and by the web (the typed client). Only zod's *types* are named here, so
// importing a descriptor never brings zod into the web bundle.
import type { z } from 'zod';

/** The logical service a call goes to; each has its own base address in the web app (ARCHITECTURE.md). */
export type Service = 'main' | 'product' | 'exam';

/**
 * Who may call an endpoint:
 * - anonymous: anyone (sign-in calls, branding);
 * - signed: anyone holding an address the server signed (the signature is the grant);
 * - session: any signed-in user of the host's institute (students, parents, open-course users) — reads;
 * - student: a signed-in user who is not a parent — the user's own writes (parents only view);
 * - examdesk / scorecard: the scoped credentials of the exam service and the score card;
 * - attempt: the credential of one running test attempt (the test panel's calls; exam area);
 * - apiKey: an institute's own system, by its API key (server to server);
 * - adminKey: an institute's own system, by one of its admin API keys (the admin API; never a session).
 * Every session rule also requires the session's institute to be the host's.
 */
export type AccessRule =
  'anonymous' | 'signed' | 'session' | 'student' | 'examdesk' | 'scorecard' | 'attempt' | 'apiKey' | 'adminKey';

/** HTTP methods the contract uses. */
export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** Where a request carries a value; `multipart` is a JSON field of a multipart body, read while streaming. */
export type IdLocation = 'params' | 'query' | 'body' | 'headers' | 'multipart';

/**
 * What an id names; one policy per kind decides whether the session may use it:
 * - institute: the session's institute (or, on anonymous calls, the host's);
 * - student: the student the session views (own, or a parent's chosen child; absent for open-course users);
 * - user: the user the session views; account: the account that signed in (parents: the parent);
 * - userType: the session's own; device: the session's (on sign-in calls, the device signing in);
 * - assignment: an assignment set for the student's batches this year;
 * - attachment: an assignment file the student may open (teacher files, released solutions, own submission);
 * - product: a product the user bought;
 * - phone: the phone number of the account that signed in (parents: the parent's), with the institute's country
 *   calling code in front (`+919000000001`);
 * - academicYear: an academic year of the session's institute;
 * - receipt: a fee receipt number of the student the session views, while the institute's receipt option is on;
 * - test: a test of the session's institute assigned to the student's batches this year or to a product the user
 *   bought; testLabel: a test label of the institute, or a placeholder label (MockP, OnlineP);
 * - choice: on sign-in calls, one of the accounts the request's own login matches (the login service picks it
 *   only from that set, after the password or phone check, so it names nothing the caller could not reach);
 * - classSession: a timetable entry (class, live class, exam) of one of the student's batches this year;
 * - recording: a recording of a live class of one of the student's batches this year;
 * - batch: one of the student's batches (sections) this year.
 * - viewer: the student the session views, or the user for open-course users (`student_or_user_id`); absent: none;
 * - course: a study library course the session is entitled to (free: enrolled in its standard; paid: bought);
 * - courseProduct: the product of the course named before it (0 or absent for a free course);
 * - subject: a subject of the viewed student's standards this academic year (documents by subject);
 * - libraryFile: a study library file in a course the session is entitled to;
 * - document: a document shared with a subject of the viewed student's standards this academic year, or with an
 *   e-course the session is entitled to;
 * - video: a Vimeo, VdoCipher or YouTube id shared where the session may watch it (api: features/media/video-sources).
 * - question: a question of a test the viewed user (or open-course user) submitted an attempt at (report area).
 * - alert: an alert to the account that signed in (a parent's are the parent's, whichever child is viewed).
 * - child: a student linked to the parent account that signed in (a student's session has none).
 */
export type IdKind =
  | 'institute'
  | 'student'
  | 'user'
  | 'account'
  | 'userType'
  | 'device'
  | 'assignment'
  | 'attachment'
  | 'product'
  | 'phone'
  | 'academicYear'
  | 'receipt'
  | 'choice'
  | 'test'
  | 'testLabel'
  | 'classSession'
  | 'recording'
  | 'batch'
  | 'viewer'
  | 'child'
  | 'course'
  | 'courseProduct'
  | 'subject'
  | 'libraryFile'
  | 'document'
  | 'video'
  | 'question'
  | 'alert';

/** One id an endpoint carries: where, under which name (dots for nested fields), and what it names. */
export interface DeclaredId {
  readonly in: IdLocation;
  /** Field name; `a.b` for a field of an object, `a[]` for every element of an array field. */
  readonly name: string;
  readonly kind: IdKind;
}

/** The zod schemas of one endpoint (declared in the area's contract file). */
export interface EndpointSchemas {
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  headers?: z.ZodType;
  /** The JSON field of a multipart body (`multipart` ids live in it). */
  multipart?: z.ZodType;
  answer: z.ZodType;
}

/** A call described once: both sides read it. `S` names the contract's schemas by type only. */
export interface Endpoint<S extends EndpointSchemas = EndpointSchemas> {
  /** `area.name`, unique across the API. */
  readonly id: string;
  readonly method: Method;
  /** Path with `:name` parameters. */
  readonly path: string;
  readonly service: Service;
  readonly access: AccessRule;
  readonly ids: readonly DeclaredId[];
  /** The refusal a parent gets on a `student` endpoint, where the spec words it (default: no changes). */
  readonly parentMessage?: string;
  /** How the body travels: JSON (default) or multipart with files. */
  readonly bodyType?: 'json' | 'multipart';
  /**
   * How the answer travels: JSON (default, compressed when over 1 KB and the client accepts it) or a stored file's
   * bytes, sent as stored (a Range answer's offsets count those bytes; images, video and PDFs gain nothing).
   */
  readonly answerType?: 'json' | 'file';
  /**
   * A POST that only reads (the spec sends some reads as POSTs): like a GET, the page's boot script may send it
   * before the app asks, and its answer is taken only while fresh (apps/web lib/early-calls.ts).
   */
  readonly readOnly?: boolean;
  /** Phantom: carries the schema types; never set at run time. */
  readonly schemaTypes?: S;
}

type InputParts = 'params' | 'query' | 'body' | 'headers';

/** What a caller passes: each request part the endpoint has, in the form the contract accepts. */
export type EndpointInput<S extends EndpointSchemas> = {
  [K in InputParts as S[K] extends z.ZodType ? K : never]: S[K] extends z.ZodType ? z.input<S[K]> : never;
};

/** What the server parsed: each request part after validation. */
export type EndpointParsed<S extends EndpointSchemas> = {
  [K in InputParts]: S[K] extends z.ZodType ? z.output<S[K]> : undefined;
};

/** The answer of a successful call. */
export type EndpointAnswer<S extends EndpointSchemas> = z.output<S['answer']>;

/** Schemas of an endpoint value. */
export type SchemasOf<E> = E extends Endpoint<infer S> ? S : never;

/** Declares an endpoint; the schema types come from the contract (`typeof area.schemas.name`). */
export function endpoint<S extends EndpointSchemas>(descriptor: Omit<Endpoint<S>, 'schemaTypes'>): Endpoint<S> {
  return descriptor;
}

/** The path of a call with its parameters filled in (each one URL-encoded). */
export function fillPath(path: string, params: Record<string, unknown> | undefined): string {
  return path.replace(/:([A-Za-z_][A-Za-z0-9_]*)/g, (_match, name: string) => {
    const value = params?.[name];
    if (value === undefined || value === null) throw new Error(`Missing path parameter ${name}`);
    return encodeURIComponent(String(value));
  });
}

/** `METHOD path`, the key the access matrix and the route table use. */
export const routeKey = (endpointValue: Pick<Endpoint, 'method' | 'path'>) =>
  `${endpointValue.method} ${endpointValue.path}`;

/** An endpoint with its run-time schemas: what the API registers. Only server code holds these. */
export interface BoundEndpoint<S extends EndpointSchemas = EndpointSchemas> extends Endpoint<S> {
  readonly schemas: S;
}

/**
 * Pairs an area's descriptors with its schemas (in the area's contract file). The types make a schema that does
 * not match its descriptor a compile error; the check makes a missing or extra one an error at start-up.
 */
export function bindContract<E extends Record<string, Endpoint<EndpointSchemas>>>(
  endpoints: E,
  schemas: { [K in keyof E]: SchemasOf<E[K]> },
): { [K in keyof E]: BoundEndpoint<SchemasOf<E[K]>> } {
  const names = Object.keys(endpoints);
  const extra = Object.keys(schemas).filter((name) => !names.includes(name));
  if (extra.length > 0) throw new Error(`Schemas without an endpoint: ${extra.join(', ')}`);
  return Object.fromEntries(
    names.map((name) => {
      const found = schemas[name as keyof E];
      if (!found) throw new Error(`Endpoint ${name} has no schemas`);
      return [name, { ...endpoints[name], schemas: found }];
    }),
  ) as { [K in keyof E]: BoundEndpoint<SchemasOf<E[K]>> };
}
