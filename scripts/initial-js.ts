// What a browser downloads before the first screen: the module script of the built index.html and
// the chunks it preloads (Vite lists every static import of the entry as a modulepreload link).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

const initialScript = /<(?:script type="module"[^>]*\ssrc|link rel="modulepreload"[^>]*\shref)="([^"]+)"/g;

/** The site paths of the JavaScript files the page loads up front, in document order. */
export function initialScripts(indexHtml: string): string[] {
  return [...indexHtml.matchAll(initialScript)].map((match) => match[1]!);
}

/** The gzip size of a built web app's initial JavaScript, read from its output folder. */
export function initialJsGzipBytes(distDir: string, page = 'index.html'): { files: string[]; bytes: number } {
  const files = initialScripts(readFileSync(path.join(distDir, page), 'utf8'));
  const bytes = files.reduce(
    (sum, file) => sum + gzipSync(readFileSync(path.join(distDir, file.replace(/^\//, '')))).length,
    0,
  );
  return { files, bytes };
}
