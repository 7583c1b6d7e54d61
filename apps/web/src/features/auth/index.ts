// What other features may use of sign-in: opening a screen on one of a parent's children (alerts, Today, an
// address naming a child).
export { useOpenForChild } from './hooks/use-switch-child.ts';
