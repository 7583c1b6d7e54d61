// The products area's public face: whether a user bought a product (the access policies ask).
export { hasBoughtProduct } from './products.repository.ts';
