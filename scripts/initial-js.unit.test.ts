import { describe, expect, it } from 'vitest';
import { initialScripts, staticImports } from './initial-js.ts';

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

describe('staticImports', () => {
  it('follows static imports and re-exports of built chunks, not dynamic imports', () => {
    const code =
      'import{a as e}from"./rolldown-runtime-B1.js";import"./styles-C2.js";export{b}from"./store-D3.js";' +
      'const f=()=>import("./lazy-E4.js");';
    expect(staticImports(code, '/assets/early-A0.js')).toEqual([
      '/assets/rolldown-runtime-B1.js',
      '/assets/styles-C2.js',
      '/assets/store-D3.js',
    ]);
  });
});
