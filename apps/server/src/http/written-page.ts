// What the pages the server writes (the portal home, the staff app's room plan) share: the language of
// a browser and JSON inside a script element.
import type { FastifyRequest } from 'fastify';
import Negotiator from 'negotiator';

/** The browser's language among `supported` (its Accept-Language), else German, the first of them. */
export function browserLanguage<T extends string>(request: FastifyRequest, supported: readonly T[]): T {
  // A browser's `en-GB` is English and `de-CH` German: the negotiator matches languages by their prefix.
  const accepted = new Negotiator(request).language([...supported]);
  return (accepted as T | undefined) ?? supported[0]!;
}

/** JSON text inside a `<script>` element: no `<` may end it early (`</script>`) or open a comment. */
export function scriptJson(json: string): string {
  return json.replace(/</g, '\\u003c');
}
