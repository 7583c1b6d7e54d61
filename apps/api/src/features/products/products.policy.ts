import { AppError } from '../../errors.ts';
import type { AreaPolicies } from '../../access/policies.ts';
import { hasBoughtProduct } from './index.ts';

/** The products area's id: a product the user bought. */
export const productsPolicies = {
  async product(scope, value) {
    const { instituteId, userId } = scope.session;
    if (!(await hasBoughtProduct(scope.db, instituteId, userId, value as number))) {
      throw new AppError(404, 'NOT_FOUND', 'No Products Available');
    }
  },
} satisfies AreaPolicies;
