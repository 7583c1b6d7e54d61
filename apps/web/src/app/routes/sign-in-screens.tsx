// The sign-in pages' screens, one file of their own (router.tsx): the login form, its password field and rules, and
// the token login.
export { AccountScreen } from './account.tsx';
export { TokenLogin } from '../../features/auth/components/token-login.tsx';
