import { z } from 'zod';
import { bindContract } from '../shared/endpoint.ts';
import { filesEndpoints } from './files.endpoints.ts';

/** Request and answer schemas of the file endpoint: the answer is the file itself, streamed. */
export const filesSchemas = {
  file: {
    params: z.object({ token: z.string().max(2000) }),
    /** `download=1` serves a downloadable grant as an attachment (one address for viewing and downloading). */
    query: z.object({ download: z.enum(['1']).optional() }),
    answer: z.unknown(),
  },
  courseFile: {
    params: z.object({
      /** The course whose grant (a cookie, `course_grant`) the request must carry. */
      course: z.coerce.number<number | string>({ error: 'must be a whole number' }).int().positive(),
      /** The file's id: which file of the granted course (checked against the grant, not a session). */
      file: z.coerce.number<number | string>({ error: 'must be a whole number' }).int().positive(),
    }),
    /**
     * `download=1`: as an attachment when the file is not read-only; `preview=pdf`: an office file's PDF;
     * `poster=<n>`: the file's n-th poster image (posterList).
     */
    query: z.object({
      download: z.enum(['1']).optional(),
      preview: z.enum(['pdf']).optional(),
      poster: z.coerce.number<number | string>().int().min(0).max(99).optional(),
    }),
    answer: z.unknown(),
  },
};

/** The file endpoint with its schemas, as the API registers it. */
export const filesContract = bindContract(filesEndpoints, filesSchemas);
