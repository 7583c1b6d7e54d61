import type { ShellArea } from '../shell/index.ts';

/** My Products and one purchased product (spec part 1 §2). */
export const productsPages = { product: '/product', productDetail: '/product/:id' } as const;

/** The address of one purchased product (`productsPages.productDetail`). */
export const productDetailPath = (id: number) => productsPages.productDetail.replace(':id', String(id));

/** My Products: where the institute has a store. */
export const shellArea: ShellArea = {
  pages: productsPages,
  menu: {
    key: 'products',
    label: 'My Products',
    order: 90,
    path: productsPages.product,
    isShown: (session) => session.inst_set_up.store,
    gatesPages: true,
    bannerName: 'MY PRODUCTS',
  },
};
