// What other areas may use of the shell: what an area declares of its pages and menu item (`<area>.page.ts`).
export { isOnlineMode, type MenuContext, type ShellArea } from './menu.ts';
