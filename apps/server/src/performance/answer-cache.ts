import { brotliCompressSync, gzipSync } from 'node:zlib';
import { Negotiator } from '@fastify/accept-negotiator';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { LRUCache } from 'lru-cache';
import { brotliOptions, compressionEncodings, compressionThreshold, zlibOptions } from './compression.ts';
import { JsonParts } from './json-parts.ts';
import { GzipParts } from './gzip-parts.ts';
import { identityOf } from '../http/request-actor.ts';

type TEncoding = (typeof compressionEncodings)[number];
/** A kept answer: its JSON, and its bytes as sent, each encoding written once when first asked for. */
type TAnswer = { text: string | JsonParts; encoded: Partial<Record<TEncoding | 'identity', Buffer>> };

const encoders: Record<TEncoding, (json: string) => Buffer> = {
  br: (json) => brotliCompressSync(json, brotliOptions),
  gzip: (json) => gzipSync(json, zlibOptions),
};

declare module 'fastify' {
  interface FastifyInstance {
    /** Answers kept under their property's data version (see AnswerCache). */
    answers: AnswerCache;
  }
}

/**
 * The route options of a route that sends kept answers: out of the compression plugin's hooks, as its
 * answers go out in the encoding written once for them, and its errors are small.
 */
export const keptAnswerRouteOptions = { compress: false } as const;

/** What else a kept answer depends on, and under which of its property's versions it is kept. */
export type TKeptAnswerOptions = {
  /** Whatever else the answer depends on (the property's today, for one). */
  varies?: readonly string[];
  /**
   * `dataVersion` (the default) changes with every committed change to the property; `bookingsVersion`
   * leaves out a room's housekeeping status, for answers that do not show it (migration 0036).
   */
  keptUnder?: 'dataVersion' | 'bookingsVersion';
};

/**
 * Answers computed from one property's data, kept in memory under the property's data version: every
 * committed change to the property counts its version up (migration 0008), so the next request after
 * a change computes afresh, on every instance. An answer that does not show rooms' housekeeping status
 * may be kept under the bookings version instead, which such a change leaves (migration 0036). The version comes with the request's identity, read in
 * the session's own statement or from the change feed, never guessed. An answer is kept as its JSON,
 * serialized by the route's response schema, and written once per encoding a client asks for (its
 * UTF-8 bytes uncompressed, or compressed). An answer a service writes in parts (JsonParts) goes out
 * in gzip where the client takes it, each part compressed once for every answer it is in (see
 * GzipParts).
 */
export class AnswerCache {
  readonly #answers = new LRUCache<string, TAnswer>({
    maxSize: 64 * 1024 * 1024,
    // The JSON, its bytes as sent uncompressed, and at most about as much again in compressed copies.
    sizeCalculation: (answer) => 3 * answer.text.length,
  });
  readonly #negotiator = new Negotiator<TEncoding>({ supportedValues: [...compressionEncodings] });
  readonly #partsNegotiator = new Negotiator<TEncoding>({ supportedValues: ['gzip', 'br'] });
  readonly #gzipParts = new GzipParts();
  /** Answers being made, by key: requests that miss the same key meanwhile wait for the one answer. */
  readonly #making = new Map<string, Promise<TAnswer>>();

  /**
   * Sends the answer to the request: kept, or made by `produce`. Its key is the property, its version
   * (`keptUnder`), the caller's kind and role, the url and `varies`.
   */
  async send(
    request: FastifyRequest,
    reply: FastifyReply,
    produce: () => Promise<unknown>,
    { varies = [], keptUnder = 'dataVersion' }: TKeptAnswerOptions = {},
  ): Promise<FastifyReply> {
    const identity = identityOf(request);
    const { actor } = identity;
    const version = identity[keptUnder];
    const key =
      version === null
        ? null
        : [actor.propertyId, keptUnder, version, actor.kind, actor.role, request.url, ...varies].join('\n');
    const answer =
      key === null
        ? await made(reply, produce)
        : (this.#answers.get(key) ?? (await this.#makeOnce(key, reply, produce)));
    const { text } = answer;
    reply.type('application/json; charset=utf-8');
    if (text.length < compressionThreshold) return reply.send(text.toString());
    reply.header('vary', 'accept-encoding');
    const accepted = request.headers['accept-encoding'];
    const negotiator = text instanceof JsonParts ? this.#partsNegotiator : this.#negotiator;
    const encoding = accepted ? negotiator.negotiate(accepted) : null;
    // Uncompressed, the bytes are written once too: a JSON text is encoded to UTF-8 on every write.
    if (!encoding) return reply.send((answer.encoded.identity ??= Buffer.from(text.toString())));
    const body = (answer.encoded[encoding] ??=
      text instanceof JsonParts && encoding === 'gzip'
        ? this.#gzipParts.gzip(text.parts)
        : encoders[encoding](text.toString()));
    return reply.header('content-encoding', encoding).send(body);
  }

  /**
   * The answer under `key`, made once however many requests miss it at once (after a change, every
   * request in flight does): the first request makes it, the others wait for it. It is kept when made.
   */
  #makeOnce(key: string, reply: FastifyReply, produce: () => Promise<unknown>): Promise<TAnswer> {
    let making = this.#making.get(key);
    if (!making) {
      making = made(reply, produce)
        .then((answer) => {
          this.#answers.set(key, answer);
          return answer;
        })
        .finally(() => this.#making.delete(key));
      this.#making.set(key, making);
    }
    return making;
  }
}

async function made(reply: FastifyReply, produce: () => Promise<unknown>): Promise<TAnswer> {
  return { text: textOf(reply, await produce()), encoded: {} };
}

/** What `produced` is sent as: its parts, or its JSON as the route's response schema writes it. */
function textOf(reply: FastifyReply, produced: unknown): string | JsonParts {
  if (produced instanceof JsonParts) return produced;
  const serialized = reply.serialize(produced);
  return typeof serialized === 'string' ? serialized : new TextDecoder().decode(serialized);
}
