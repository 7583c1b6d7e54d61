import fastJsonStringify from 'fast-json-stringify';
import type { FastifySerializerCompiler } from 'fastify';
import { z } from 'zod';

type JsonSchema = Record<string, unknown>;

/**
 * zod's `X | null` comes out as `anyOf: [X, {type: 'null'}]`, which fast-json-stringify can only serialise by
 * validating each value against both; `type: [X, 'null']` says the same and serialises directly.
 */
function simplify(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(simplify);
  if (!schema || typeof schema !== 'object') return schema;
  const entries = Object.entries(schema as JsonSchema).map(([key, value]) => [key, simplify(value)] as const);
  const node = Object.fromEntries(entries) as JsonSchema;
  // fast-json-stringify writes required fields first; where some are optional, that would reorder the answer's
  // fields. Such objects keep their order instead (the zod check in tests still finds a missing field).
  const properties = node.properties as JsonSchema | undefined;
  const required = node.required as string[] | undefined;
  if (properties && required && required.length < Object.keys(properties).length) delete node.required;
  const anyOf = node.anyOf as JsonSchema[] | undefined;
  if (anyOf?.length === 2) {
    const other = anyOf.find((branch) => branch.type !== 'null');
    const hasNull = anyOf.some((branch) => branch.type === 'null' && Object.keys(branch).length === 1);
    if (hasNull && other && typeof other.type === 'string') {
      const { anyOf: _dropped, ...rest } = node;
      return { ...rest, ...other, type: [other.type, 'null'] };
    }
  }
  return node;
}

/** The JSON Schema of an answer as it goes out. */
export const answerJsonSchema = (schema: z.ZodType) =>
  simplify(z.toJSONSchema(schema, { target: 'draft-7', io: 'output', unrepresentable: 'any' })) as JsonSchema;

/**
 * Answers are written by a serializer compiled once per route from the answer's schema (fast-json-stringify): only
 * the fields the schema names leave the server. With `checkAnswers` (tests), each answer is first validated by
 * the full zod schema, so a handler that answers off-contract fails loudly, and its bytes are compared with what
 * zod's own encoding writes.
 */
export function answerSerializerCompiler({
  checkAnswers,
}: {
  checkAnswers: boolean;
}): FastifySerializerCompiler<z.ZodType> {
  return ({ schema, method, url }) => {
    const stringify = fastJsonStringify(answerJsonSchema(schema));
    if (!checkAnswers) return stringify;
    return (data: unknown) => {
      const checked = schema.safeParse(data);
      if (!checked.success) {
        throw new Error(`Answer of ${method} ${url} is off its contract: ${z.prettifyError(checked.error)}`);
      }
      const written = stringify(data);
      // The bytes must be those the zod serializer wrote before (encode, then JSON.stringify): same fields, order
      // and values, so moving to the compiled serializer changed no answer.
      const before = JSON.stringify(z.encode(schema, data));
      if (written !== before)
        throw new Error(`Answer of ${method} ${url} serialises differently:\n${written}\n${before}`);
      return written;
    };
  };
}

/**
 * The compiled serializer of an answer schema, as the serializer compiler builds it for each route: for a route
 * that keeps an answer's bytes (library: a course's study material) and writes them once per change.
 */
export const compileAnswerSerializer = (schema: z.ZodType): ((data: unknown) => string) =>
  fastJsonStringify(answerJsonSchema(schema));
