import type { AccessRule } from '@campus/domain/shared/endpoint';

// The access matrix itself (every endpoint's rule) is derived from the areas' manifests: features/index.ts.

/** Routes that serve the process, not the contract: health checks for the load balancer. */
export const infrastructureRoutes: Record<string, AccessRule> = {
  'GET /healthz': 'anonymous',
  'GET /readyz': 'anonymous',
};

/** Routes outside the matrix because they only serve public files: the web app and the API docs. */
export const isStaticRoute = (url: string) => url.startsWith('/my-account') || url.startsWith('/docs');
