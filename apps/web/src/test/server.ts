import { setupServer } from 'msw/node';

/** Mocked HTTP for screen tests; each test adds the handlers it needs with server.use(...). */
export const server = setupServer();
