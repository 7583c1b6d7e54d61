// The messages area's example calls for the access matrix (test/access-cells.test.ts finds this file by its
// name). Test support: the server never loads it.
import type { CellExamples } from '../../../test/access-cells-kit.ts';

export const cells: CellExamples = {
  'messages.byPhone': (ids) => ({
    params: { instituteId: ids.instituteId, phone: ids.phone },
    query: { start_index: 0, batch_size: 1000 },
  }),
};
