// What other areas may use of products: its pages' addresses.
export { productDetailPath, productsPages } from './products.page.ts';
