import { endpoint } from '../shared/endpoint.ts';
import type { productsSchemas } from './products.contract.ts';

type Schemas = typeof productsSchemas;

/** The product service: what the user bought, and a bought product's item types (spec part 1 §7). */
export const productsEndpoints = {
  myProducts: endpoint<Schemas['myProducts']>({
    id: 'products.myProducts',
    method: 'GET',
    path: '/prod/student-product/my-products',
    service: 'product',
    access: 'session',
    ids: [
      { in: 'headers', name: 'x-prod-inst-id', kind: 'institute' },
      { in: 'headers', name: 'x-prod-user-id', kind: 'user' },
    ],
  }),
  itemTypes: endpoint<Schemas['itemTypes']>({
    id: 'products.itemTypes',
    method: 'GET',
    path: '/prod/student-product/item-type-description/:id',
    service: 'product',
    access: 'session',
    ids: [
      { in: 'headers', name: 'x-prod-inst-id', kind: 'institute' },
      { in: 'params', name: 'id', kind: 'product' },
    ],
  }),
};
