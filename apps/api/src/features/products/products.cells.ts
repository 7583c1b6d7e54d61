// The products area's example calls for the access matrix (test/access-cells.test.ts finds this file by its
// name). Test support: the server never loads it.
import type { CellExamples } from '../../../test/access-cells-kit.ts';

export const cells: CellExamples = {
  'products.myProducts': (ids) => ({
    headers: { 'x-prod-user-id': String(ids.userId), 'x-prod-inst-id': String(ids.instituteId) },
  }),
  'products.itemTypes': (ids) => ({
    params: { id: ids.productId },
    headers: { 'x-prod-inst-id': String(ids.instituteId) },
  }),
};
