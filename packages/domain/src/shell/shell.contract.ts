import { z } from 'zod';
import { bindContract } from '../shared/endpoint.ts';
import { shellEndpoints } from './shell.endpoints.ts';

/** Longest host name DNS allows; anything longer cannot be an institute's host. */
export const maxHostLength = 253;

/** Query of GET /api/v1/institutes/getLogoAndFavIcon. */
export const logoQuerySchema = z.object({
  virtualHostUrl: z
    .string({ error: 'is required' })
    .trim()
    .min(1, 'is required')
    .max(maxHostLength, `must be at most ${maxHostLength} characters`)
    .refine((host) => !host.includes('\u0000'), 'must not contain a NUL character'),
});

/** Answer of GET /api/v1/institutes/getLogoAndFavIcon (spec part 1 §7), plus the name for alt text and title. */
export const logoResultSchema = z.object({
  logoPath: z.string(),
  favIconPath: z.string(),
  instituteId: z.number().int(),
  instituteName: z.string(),
});

/** Institute branding found by host. */
export type LogoResult = z.infer<typeof logoResultSchema>;

/** Envelope used by the main API: `{statusCode, message, result}`. */
export function envelopeSchema<T extends z.ZodType>(result: T) {
  return z.object({ statusCode: z.number().int(), message: z.string(), result });
}

/**
 * Normalises what the browser sends as its virtual host: lower case, no scheme, path or port.
 * `https://School.Example.com:8080/x` → `school.example.com`.
 */
export function normaliseHost(input: string): string {
  const withoutScheme = input
    .trim()
    .toLowerCase()
    .replace(/^[a-z][a-z0-9+.-]*:\/\//, '');
  const hostAndPort = withoutScheme.split(/[/?#]/, 1)[0] ?? '';
  if (hostAndPort.startsWith('[')) return hostAndPort.slice(0, hostAndPort.indexOf(']') + 1);
  return hostAndPort.replace(/:\d*$/, '');
}

/** Request and answer schemas of each shell endpoint. */
export const shellSchemas = {
  branding: { query: logoQuerySchema, answer: envelopeSchema(logoResultSchema) },
};

/** The shell endpoints with their schemas, as the API registers them. */
export const shellContract = bindContract(shellEndpoints, shellSchemas);
