// The Today area's example calls for the access matrix (test/access-cells.test.ts finds this file by its name).
// Test support: the server never loads it.
import type { CellExamples } from '../../../test/access-cells-kit.ts';

export const cells: CellExamples = {
  'today.today': () => ({}),
};
