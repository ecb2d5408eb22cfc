// A bare Fastify route answering the bytes of BENCH_BODY_FILE: the ceiling a JSON API on this machine
// can reach, to set the bookings list's throughput against.
import { readFileSync } from 'node:fs';
import Fastify from 'fastify';

const body = readFileSync(process.env.BENCH_BODY_FILE!, 'utf8');
const app = Fastify({ logger: false });
app.get('/api/health', (_request, reply) => reply.send({ status: 'ok' }));
app.get('/api/bookings', (_request, reply) => reply.type('application/json; charset=utf-8').send(body));
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
process.on('SIGTERM', () => void app.close().then(() => process.exit(0)));
