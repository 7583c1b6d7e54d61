import { endpoint } from '../shared/endpoint.ts';
import type { shellSchemas } from './shell.contract.ts';

type Schemas = typeof shellSchemas;

/** The institute found by the host the browser used: its logo, favicon and name (spec part 1 §7). */
export const shellEndpoints = {
  branding: endpoint<Schemas['branding']>({
    id: 'shell.branding',
    method: 'GET',
    path: '/api/v1/institutes/getLogoAndFavIcon',
    service: 'main',
    access: 'anonymous',
    ids: [],
  }),
};
