// The admin area's example calls for the access matrix (test/access-cells.test.ts finds this file by its
// name). Test support: the server never loads it.
import { adminEndpointNames, kindExamples, type CellExamples } from '../../../test/access-cells-kit.ts';

export const cells: CellExamples = {
  // The admin files: one small text file under an external id, and its delete.
  'admin.filesUpload': () => ({ multipart: { external_id: 'CELL-FILE' } }),
  'admin.filesDelete': () => ({ body: { rows: [{ external_id: 'CELL-FILE' }] } }),
  // The admin API: each kind's first example row (a delete names it by its key fields; other fields are ignored).
  ...Object.fromEntries(
    kindExamples.flatMap(({ kind, rows }) => {
      const names = adminEndpointNames(kind);
      const call = () => ({ body: { rows: [rows[0]!] } });
      return [
        [`admin.${names.upsert}`, call],
        [`admin.${names.remove}`, call],
      ];
    }),
  ),
};
