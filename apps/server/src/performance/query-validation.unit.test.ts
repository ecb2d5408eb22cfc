import Fastify from 'fastify';
import { serializerCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { afterAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { validatorCompilerKeepingQueries } from './query-validation.ts';

const app = Fastify({ logger: false });
app.setValidatorCompiler(validatorCompilerKeepingQueries);
app.setSerializerCompiler(serializerCompiler);
const api = app.withTypeProvider<ZodTypeProvider>();
const seen: unknown[] = [];
api.get(
  '/list',
  {
    schema: {
      querystring: z.object({
        page: z.coerce.number().int().min(1).default(1),
        archived: z
          .enum(['true', 'false'])
          .optional()
          .transform((value) => value === 'true'),
      }),
    },
  },
  (request) => {
    seen.push({ ...request.query });
    // A handler that changes its query changes its own copy, never the next request's.
    (request.query as Record<string, unknown>).page = 99;
    return { ok: true };
  },
);
api.post(
  '/items',
  {
    schema: { querystring: z.object({ dry: z.string().optional() }), body: z.object({ name: z.string() }) },
  },
  (request) => ({ name: request.body.name }),
);
afterAll(() => app.close());

describe('validatorCompilerKeepingQueries', () => {
  it('gives each request the parsed value of its query, defaults and transforms applied, as its own copy', async () => {
    seen.length = 0;
    for (let i = 0; i < 3; i++) expect((await app.inject('/list?archived=true')).statusCode).toBe(200);
    expect((await app.inject('/list')).statusCode).toBe(200);
    expect(seen).toEqual([
      { page: 1, archived: true },
      { page: 1, archived: true },
      { page: 1, archived: true },
      { page: 1, archived: false },
    ]);
  });

  it('refuses an invalid query every time, before and after a valid one was kept', async () => {
    expect((await app.inject('/list?page=0')).statusCode).toBe(400);
    expect((await app.inject('/list?page=2')).statusCode).toBe(200);
    expect((await app.inject('/list?page=0')).statusCode).toBe(400);
    expect((await app.inject('/list?page=2&archived=maybe')).statusCode).toBe(400);
  });

  it('validates a body with every request, whatever its query', async () => {
    const post = (body: unknown) =>
      app.inject({ method: 'POST', url: '/items?dry=1', payload: body as object });
    expect((await post({ name: 'A' })).json()).toEqual({ name: 'A' });
    expect((await post({ name: 7 })).statusCode).toBe(400);
    expect((await post({ name: 'B' })).json()).toEqual({ name: 'B' });
  });
});
