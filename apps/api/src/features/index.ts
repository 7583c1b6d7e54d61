import { existsSync, readdirSync } from 'node:fs';
import { routeKey, type AccessRule, type BoundEndpoint } from '@campus/domain/shared/endpoint';
import type { FastifyInstance } from 'fastify';
import type { Area } from '../access/define-area.ts';
import { infrastructureRoutes } from '../access/matrix.ts';
import { allPolicies } from '../access/policies.ts';
import type { JobKind } from '../lib/job-queue.ts';
import type { VideoProviders } from '../lib/video-providers.ts';
import type { AuthRateLimits } from './auth/auth.routes.ts';

// The app sets the sign-in rate limits through this index, so it imports no feature directly.
export { defaultAuthRateLimits, type AuthRateLimits } from './auth/auth.routes.ts';

/** What the areas need from the app beyond the app itself; each area's routes take the part they use. */
export interface FeatureOptions {
  rateLimits: AuthRateLimits;
  /** Vimeo and VdoCipher per institute (credentials from the server's configuration). */
  videoProviders: VideoProviders;
  /** How long a preview request waits for its office file's conversion job before answering 503 (ms). */
  officePreviewWaitMs: number;
}

/** The area folders here, each with its manifest `area.ts` (a folder without one stops the server from starting). */
function areaFolders(): string[] {
  const here = new URL('.', import.meta.url);
  const folders = readdirSync(here, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort();
  const missing = folders.filter((name) => !existsSync(new URL(`${name}/area.ts`, here)));
  if (missing.length > 0) throw new Error(`features/${missing.join(', features/')} has no area.ts (its manifest)`);
  return folders;
}

/** Every area, as its manifest registers it: found by folder, so a new area adds no line here. */
export const areas: readonly Area<FeatureOptions>[] = await Promise.all(
  areaFolders().map(async (name) => {
    const { area } = (await import(`./${name}/area.ts`)) as { area: Area<FeatureOptions> };
    if (area.name !== name) throw new Error(`features/${name}/area.ts names itself '${area.name}'`);
    return area;
  }),
);

/** Every endpoint of the API. */
export const allEndpoints: readonly BoundEndpoint[] = areas.flatMap((area) =>
  area.contracts.flatMap((contract) => Object.values(contract)),
);

/**
 * Who may call each route, derived from the descriptors (never kept by hand): a route registered without a
 * descriptor stops the server from starting, and a test fails on an endpoint that no route serves.
 */
export const accessMatrix: Readonly<Record<string, AccessRule>> = {
  ...infrastructureRoutes,
  ...Object.fromEntries(allEndpoints.map((endpoint) => [routeKey(endpoint), endpoint.access])),
};

/** One policy per kind of id the endpoints declare: the shared ones and each area's. */
export const policies = allPolicies(
  [...new Set(allEndpoints.flatMap((endpoint) => endpoint.ids.map((id) => id.kind)))],
  areas.flatMap((area) => (area.policies ? [area.policies] : [])),
);

/** Every kind of background job the areas declare (their `area.ts` `jobs`). */
export const jobKinds: readonly JobKind[] = areas.flatMap((area) => area.jobs ?? []);

/** Every area's routes, registered from its endpoint descriptors, and the policies their declared ids go through. */
export async function registerFeatures(app: FastifyInstance, options: FeatureOptions) {
  app.decorate('policies', policies);
  for (const area of areas) await app.register(area.routes, options);
}
