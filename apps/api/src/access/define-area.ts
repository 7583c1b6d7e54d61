import type { BoundEndpoint } from '@campus/domain/shared/endpoint';
import type { FastifyInstance } from 'fastify';
import type { JobKind } from '../lib/job-queue.ts';
import type { AreaPolicies } from './policies.ts';

/**
 * One area of the API as it registers itself (issue 29): its contracts, whose endpoints make the access matrix, the
 * routes that serve them and the policies of its kinds of id. `features/index.ts` finds every area's `area.ts`, so a new area touches no shared list.
 */
export interface Area<Options = unknown> {
  /** The area's folder under `features/`. */
  readonly name: string;
  /** Its HTTP contracts (from the domain package): every endpoint in them must be served by `routes`. */
  readonly contracts: readonly Readonly<Record<string, BoundEndpoint>>[];
  /** Registers the routes; `options` is what the app hands every area (features/index.ts `FeatureOptions`). */
  readonly routes: (app: FastifyInstance, options: Options) => Promise<void>;
  /** The policies of the kinds of id the area owns (`<area>.policy.ts`); the shared kinds are access/policies.ts's. */
  readonly policies?: AreaPolicies;
  /** Its kinds of background job (lib/job-queue.ts): a worker, or the API process on WORKER=inline, runs them. */
  readonly jobs?: readonly JobKind[];
}

/** An area's manifest, as its `area.ts` exports it (`export const area = defineArea({ … })`). */
export const defineArea = <Options = unknown>(area: Area<Options>): Area<Options> => area;
