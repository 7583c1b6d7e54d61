// What other areas may use of the shell: the signed-in pages' addresses.
export { signedInPages } from './pages.ts';
