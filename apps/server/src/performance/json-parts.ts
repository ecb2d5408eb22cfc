/**
 * A JSON document's text in parts, in order: joined, they are the document. An answer made of parts
 * that mostly stay the same between reads (a room plan's rooms) is sent without writing and
 * compressing the whole document again: what is kept per part is found by the part's text (see
 * gzip-parts.ts), so a part should be the same string as in the last read while it is unchanged.
 */
export class JsonParts {
  readonly parts: readonly string[];

  constructor(parts: readonly string[]) {
    this.parts = parts;
  }

  /** The document's length in UTF-16 code units, the measure the answer cache keeps by. */
  get length(): number {
    return this.parts.reduce((sum, part) => sum + part.length, 0);
  }

  toString(): string {
    return this.parts.join('');
  }
}
