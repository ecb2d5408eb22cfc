import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { GzipParts } from './gzip-parts.ts';

describe('GzipParts', () => {
  it('writes one gzip member whose text is the parts joined, multi-byte characters and empty parts too', () => {
    const parts = ['{"rooms":[', '{"name":"Jürgen Größe"}', '', ',{"name":"Zoë"}', ']}'];
    expect(gunzipSync(new GzipParts().gzip(parts)).toString()).toBe(parts.join(''));
  });

  it('reuses a part it compressed for another answer, and parts larger than a deflate window', () => {
    const gzip = new GzipParts();
    const large = JSON.stringify(Array.from({ length: 4000 }, (_, i) => ({ id: i, name: `Gast ${i}` })));
    expect(large.length).toBeGreaterThan(64 * 1024);
    expect(gunzipSync(gzip.gzip(['[', large, ']'])).toString()).toBe(`[${large}]`);
    const again = ['{"a":', large, ',"b":1}'];
    expect(gunzipSync(gzip.gzip(again)).toString()).toBe(again.join(''));
  });

  it('writes the empty document as a valid member', () => {
    expect(gunzipSync(new GzipParts().gzip([])).toString()).toBe('');
  });
});
