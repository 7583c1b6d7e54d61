import { endpoint } from '../shared/endpoint.ts';
import type { filesSchemas } from './files.contract.ts';

type Schemas = typeof filesSchemas;

/** Stored files, served to whoever holds an address a route signed after checking the user's right to it. */
export const filesEndpoints = {
  file: endpoint<Schemas['file']>({
    id: 'files.file',
    method: 'GET',
    path: '/api/v1/files/:token',
    service: 'main',
    access: 'signed',
    answerType: 'file',
    ids: [],
  }),
  /**
   * A file of a course under one course grant (signed once per study-material answer and sent as a cookie scoped
   * to this course's path): the grant names the institute, course and user, the path the course and the file.
   * Served only if the file belongs to the granted course. The address is the same for every user.
   */
  courseFile: endpoint<Schemas['courseFile']>({
    id: 'files.courseFile',
    method: 'GET',
    path: '/api/v1/files/course/:course/:file',
    service: 'main',
    access: 'signed',
    answerType: 'file',
    ids: [],
  }),
};
