// What Mantine's Table.ScrollContainer renders for `type="scrollarea"` (see vite.config.ts). This app's tables
// scroll natively (`type="native"`), so it is never rendered: a plain element, should that change.
export const ScrollArea = 'div';
