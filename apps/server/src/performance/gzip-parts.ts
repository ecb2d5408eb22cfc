import { constants, crc32, deflateRawSync } from 'node:zlib';
import { LRUCache } from 'lru-cache';
import { zlibOptions } from './compression.ts';

type TPartCode = { plain: Buffer; deflated: Buffer };

/** A gzip member's header: deflate, no name, no time, unknown system (RFC 1952). */
const gzipHeader = Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 0xff]);
/** The last block of a deflate stream: final, fixed codes, empty (RFC 1951). */
const lastBlock = Buffer.from([3, 0]);

/**
 * Gzip for answers made of parts (see json-parts.ts), each part compressed once. A part is
 * deflated on its own and ends with a sync flush, so it refers to nothing before it and ends on a
 * byte: the parts' deflated bytes one after another are one deflate stream, which a final empty block
 * closes. The gzip trailer's checksum is computed over the parts' bytes on every answer, which is
 * cheap beside compressing them. A plan of a megabyte is sent after a change in one room by deflating
 * that room again, a few kilobytes.
 */
export class GzipParts {
  readonly #codes = new LRUCache<string, TPartCode>({
    maxSize: 64 * 1024 * 1024,
    sizeCalculation: (code) => code.plain.length + code.deflated.length,
  });

  gzip(parts: readonly string[]): Buffer {
    const chunks: Buffer[] = [gzipHeader];
    let checksum = 0;
    let length = 0;
    for (const part of parts) {
      if (part === '') continue;
      const code = this.#codeOf(part);
      checksum = crc32(code.plain, checksum);
      length += code.plain.length;
      chunks.push(code.deflated);
    }
    const trailer = Buffer.alloc(8);
    trailer.writeUInt32LE(checksum, 0);
    trailer.writeUInt32LE(length % 2 ** 32, 4);
    chunks.push(lastBlock, trailer);
    return Buffer.concat(chunks);
  }

  #codeOf(part: string): TPartCode {
    let code = this.#codes.get(part);
    if (!code) {
      const plain = Buffer.from(part);
      code = {
        plain,
        deflated: deflateRawSync(plain, { ...zlibOptions, finishFlush: constants.Z_SYNC_FLUSH }),
      };
      this.#codes.set(part, code);
    }
    return code;
  }
}
