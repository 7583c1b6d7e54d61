import type { ShellArea } from '../shell/index.ts';

/** Messages (spec part 2 §2.5), as the spec writes it; the router matches /messages too. */
export const messagesPages = { messages: '/Messages' } as const;

/** Messages: for everyone. */
export const shellArea: ShellArea = {
  pages: messagesPages,
  menu: { key: 'messages', label: 'Messages', order: 120, path: messagesPages.messages, gatesPages: false },
};
