import { productsContract } from '@campus/domain/products/products.contract';
import { defineArea } from '../../access/define-area.ts';
import { productsPolicies } from './products.policy.ts';
import { productsRoutes } from './products.routes.ts';

export const area = defineArea({
  name: 'products',
  contracts: [productsContract],
  routes: productsRoutes,
  policies: productsPolicies,
});
