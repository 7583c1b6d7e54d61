import type { Db } from './db/client.ts';

/** Who may call a route; every route declares one (checked when routes register). */
export type AccessRule = 'anonymous' | 'session' | 'student' | 'tenant';

declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
    /** The server's clock; tests replace it to fix `now`. */
    now: () => Date;
  }
  interface FastifyContextConfig {
    access?: AccessRule;
  }
}
