import { z } from 'zod';
import { bindContract } from '../shared/endpoint.ts';
import { filesEndpoints } from './files.endpoints.ts';

/** Request and answer schemas of the file endpoint: the answer is the file itself, streamed. */
export const filesSchemas = {
  file: { params: z.object({ token: z.string().max(2000) }), answer: z.unknown() },
};

/** The file endpoint with its schemas, as the API registers it. */
export const filesContract = bindContract(filesEndpoints, filesSchemas);
