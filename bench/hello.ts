// A bare Fastify hello-world: the reference every route's throughput is compared with.
import Fastify from 'fastify';

const app = Fastify({ logger: false });
app.get('/', async () => ({ hello: 'world' }));
await app.listen({ port: Number(process.env.PORT ?? 8099), host: '127.0.0.1' });
