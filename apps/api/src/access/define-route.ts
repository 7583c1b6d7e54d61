import { z } from 'zod';
import type {
  BoundEndpoint,
  DeclaredId,
  EndpointAnswer,
  EndpointParsed,
  EndpointSchemas,
} from '@campus/domain/shared/endpoint';
import { errorBodySchema } from '@campus/domain/shared/error.contract';
import type { FastifyContextConfig, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../errors.ts';
import { authorizeIds } from './policies.ts';
import { RequestScope } from './scope.ts';

/** What a handler gets: the parsed request parts, the narrowed scope, and the raw request and reply. */
export type RouteContext<S extends EndpointSchemas> = EndpointParsed<S> & {
  scope: RequestScope;
  request: FastifyRequest;
  reply: FastifyReply;
  /** Checks the declared `multipart` ids once the handler has read the multipart JSON field. */
  authorizeMultipart: (json: unknown) => Promise<void>;
};

type Handler<S extends EndpointSchemas> = (context: RouteContext<S>) => Promise<EndpointAnswer<S>>;

const errorResponses = Object.fromEntries(
  [400, 401, 403, 404, 409, 413, 415, 422, 429].map((code) => [code, errorBodySchema]),
);

/** Names a handler may read from a request part without declaring them: anything that does not look like an id. */
const looksLikeId = (key: string) => /(^id$|_id$|Id$|_ids?$|Ids$|Id_array$|^id_)/.test(key);

/**
 * In tests (`strictIds`), request parts are handed to the handler behind a guard that fails the request when the
 * handler reads an id-like field the descriptor does not declare: such an id would reach the handler unchecked.
 */
function guardReads(part: unknown, location: DeclaredId['in'], declared: readonly DeclaredId[], routeId: string) {
  if (!part || typeof part !== 'object') return part;
  const allowed = new Set(declared.filter((id) => id.in === location).map((id) => id.name.split(/[.[]/)[0]));
  return new Proxy(part as Record<string, unknown>, {
    get(target, key, receiver) {
      if (typeof key === 'string' && looksLikeId(key) && !allowed.has(key)) {
        throw new Error(`${routeId} read ${location}.${key}, an id its descriptor does not declare`);
      }
      return Reflect.get(target, key, receiver);
    },
  });
}

/**
 * Registers one endpoint: the path, method, schemas and access rule all come from its descriptor, every declared
 * id is checked by its policy before `handler` runs, and the answer is serialised from the answer's schema.
 * The only way a feature adds a route: the auth hook refuses to register a route without a descriptor.
 */
export function defineRoute<S extends EndpointSchemas>(
  app: FastifyInstance,
  endpoint: BoundEndpoint<S>,
  handler: Handler<S>,
  options: { config?: FastifyContextConfig; bodyLimit?: number } = {},
) {
  const { schemas } = endpoint;
  const multipartIds = endpoint.ids.filter((id) => id.in === 'multipart');
  const strict = app.strictIds;
  app.route({
    method: endpoint.method,
    url: endpoint.path,
    config: { ...options.config, endpoint },
    ...(options.bodyLimit ? { bodyLimit: options.bodyLimit } : {}),
    // A stored file goes byte for byte (serve-file.ts); every other answer may be compressed (app.ts).
    ...(endpoint.answerType === 'file' ? { compress: false as const } : {}),
    schema: {
      tags: [endpoint.id.split('.')[0]!],
      ...(schemas.params ? { params: schemas.params } : {}),
      ...(schemas.query ? { querystring: schemas.query } : {}),
      ...(schemas.body && endpoint.bodyType !== 'multipart' ? { body: schemas.body } : {}),
      ...(schemas.headers ? { headers: schemas.headers } : {}),
      // Multipart bodies stream past the schema: the OpenAPI says what to send in words.
      ...(endpoint.bodyType === 'multipart' && schemas.multipart
        ? {
            consumes: ['multipart/form-data'],
            description:
              'A multipart/form-data body: first a field fileJson holding JSON of this schema, then the file parts. ' +
              `fileJson: ${JSON.stringify(z.toJSONSchema(schemas.multipart, { io: 'input', unrepresentable: 'any' }))}`,
          }
        : {}),
      response: { 200: schemas.answer, ...errorResponses },
    },
    handler: async (request, reply) => {
      const scope = new RequestScope(app, request.auth);
      const parts = { params: request.params, query: request.query, body: request.body, headers: request.headers };
      await authorizeIds(scope, request, endpoint.ids, parts);
      let multipartChecked = multipartIds.length === 0;
      const guard = (part: unknown, location: DeclaredId['in']) =>
        strict ? guardReads(part, location, endpoint.ids, endpoint.id) : part;
      const answer = await handler({
        params: guard(parts.params, 'params'),
        query: guard(parts.query, 'query'),
        body: guard(parts.body, 'body'),
        headers: guard(parts.headers, 'headers'),
        scope,
        request,
        reply,
        authorizeMultipart: async (json) => {
          await authorizeIds(scope, request, multipartIds, { multipart: json });
          multipartChecked = true;
        },
      } as RouteContext<S>);
      // A handler that forgot to check the ids of its multipart field answers nothing.
      if (!multipartChecked) throw new AppError(500, 'INTERNAL', 'Internal Server Error');
      return answer;
    },
  });
}
