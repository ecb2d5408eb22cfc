// What a browser downloads before the first screen: the module scripts of the built index.html, the
// chunks it preloads (Vite lists every static import of the app's entry as a modulepreload link), and
// every chunk those import statically in turn (the early script's imports have no links of their own).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

const initialScript = /<(?:script type="module"[^>]*\ssrc|link rel="modulepreload"[^>]*\shref)="([^"]+)"/g;
/** A static import or re-export of a sibling chunk in built code; `import("…")` is not one. */
const staticImport = /(?:\bimport|\bexport)\s*(?:[\w$*{},\s]*?from\s*)?["'](\.\/[^"']+\.js)["']/g;

/** The site paths of the JavaScript files the page loads up front, in document order. */
export function initialScripts(indexHtml: string): string[] {
  return [...indexHtml.matchAll(initialScript)].map((match) => match[1]!);
}

/** The sibling chunks a built chunk imports statically, as site paths beside it. */
export function staticImports(code: string, sitePath: string): string[] {
  const folder = path.posix.dirname(sitePath);
  return [...code.matchAll(staticImport)].map((match) => path.posix.join(folder, match[1]!));
}

/** The gzip size of a built web app's initial JavaScript, read from its output folder. */
export function initialJsGzipBytes(distDir: string, page = 'index.html'): { files: string[]; bytes: number } {
  const read = (file: string) => readFileSync(path.join(distDir, file.replace(/^\//, '')));
  const files = initialScripts(read(page).toString('utf8'));
  for (let i = 0; i < files.length; i++)
    for (const imported of staticImports(read(files[i]!).toString('utf8'), files[i]!))
      if (!files.includes(imported)) files.push(imported);
  const bytes = files.reduce((sum, file) => sum + gzipSync(read(file)).length, 0);
  return { files, bytes };
}

/**
 * The budgets of what a page loads before its first screen, gzipped, in decimal kilobytes (100 kB is
 * 100,000 bytes): the staff app's, and the guest portal's on a phone.
 */
export const initialJsBudgets = [
  { name: 'staff app', page: 'index.html', budgetKB: 100 },
  { name: 'guest portal', page: 'portal.html', budgetKB: 25 },
] as const;

/** Each page's initial JavaScript against its budget, from a built output folder, with its line of report. */
export function initialJsReport(distDir: string) {
  return initialJsBudgets.map(({ name, page, budgetKB }) => {
    const { files, bytes } = initialJsGzipBytes(distDir, page);
    const isWithinBudget = bytes <= budgetKB * 1000;
    const line = `${name} initial JS (gzip): ${(bytes / 1000).toFixed(1)} kB = ${(bytes / 1024).toFixed(1)} KiB in ${files.length} ${files.length === 1 ? 'file' : 'files'} (budget ${budgetKB} kB = ${((budgetKB * 1000) / 1024).toFixed(1)} KiB)${isWithinBudget ? '' : ' EXCEEDED'}`;
    return { name, files, bytes, budgetKB, isWithinBudget, line };
  });
}

/** `node scripts/initial-js.ts [dist]`: the figures, and exit code 1 when a page is over its budget. */
if (import.meta.main) {
  const report = initialJsReport(process.argv[2] ?? 'apps/web/dist');
  for (const { line } of report) console.log(line);
  if (report.some((page) => !page.isWithinBudget)) process.exitCode = 1;
}
