import { describe, expect, it } from 'vitest';
import { initialScripts } from './initial-js.ts';

describe('initialScripts', () => {
  it('takes the module entry and its modulepreloads, not styles, icons or lazy chunks', () => {
    const html = `<!doctype html><html><head>
    <link rel="icon" type="image/svg+xml" href="/favicon.svg" />
    <script type="module" crossorigin src="/assets/index-a1.js"></script>
    <link rel="modulepreload" crossorigin href="/assets/vendor-b2.js">
    <link rel="stylesheet" crossorigin href="/assets/index-c3.css">
    </head><body><div id="root"></div></body></html>`;
    expect(initialScripts(html)).toEqual(['/assets/index-a1.js', '/assets/vendor-b2.js']);
  });
});
