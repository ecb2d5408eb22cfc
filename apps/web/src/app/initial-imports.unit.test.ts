import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const src = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const root = path.resolve(src, '../../..');
const contractDir = path.join(root, 'packages/contract');
const contractExports = (
  JSON.parse(readFileSync(path.join(contractDir, 'package.json'), 'utf8')) as {
    exports: Record<string, string>;
  }
).exports;

/** The modules a file imports at run time and up front: no `import type`, no `import()`. */
function staticImports(file: string): string[] {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest);
  return source.statements.flatMap((statement) => {
    if (ts.isImportDeclaration(statement) && !statement.importClause?.isTypeOnly)
      return [(statement.moduleSpecifier as ts.StringLiteral).text];
    if (ts.isExportDeclaration(statement) && statement.moduleSpecifier && !statement.isTypeOnly)
      return [(statement.moduleSpecifier as ts.StringLiteral).text];
    return [];
  });
}

/** A source file of the web app or the contract, or the package name of a library. */
function resolve(specifier: string, from: string): { file: string } | { library: string } {
  if (specifier.startsWith('.')) return { file: path.resolve(path.dirname(from), specifier) };
  const contractPath = /^@pms\/contract(\/.*)?$/.exec(specifier);
  if (contractPath) {
    const target = contractExports[`.${contractPath[1] ?? ''}`];
    if (!target) throw new Error(`${specifier} is not exported by the contract`);
    return { file: path.join(contractDir, target) };
  }
  const [scope, name] = specifier.split('/');
  return { library: scope!.startsWith('@') ? `${scope}/${name}` : scope! };
}

/** For each library the page loads up front, the import chain from main.tsx that brings it. */
function initialLibraries(): Map<string, string[]> {
  const entry = path.join(src, 'main.tsx');
  const chains = new Map<string, string[]>([[entry, [path.relative(root, entry)]]]);
  const libraries = new Map<string, string[]>();
  const pending = [entry];
  for (let file = pending.pop(); file; file = pending.pop()) {
    if (!/\.tsx?$/.test(file)) continue;
    for (const specifier of staticImports(file)) {
      const target = resolve(specifier, file);
      const chain = [...chains.get(file)!, 'file' in target ? path.relative(root, target.file) : specifier];
      if ('library' in target) {
        if (!libraries.has(target.library)) libraries.set(target.library, chain);
      } else if (!chains.has(target.file)) {
        chains.set(target.file, chain);
        pending.push(target.file);
      }
    }
  }
  return libraries;
}

describe('initial imports', () => {
  it('keep zod out of the first chunk: stored data is checked by hand, schemas load with screens', () => {
    const libraries = initialLibraries();
    expect(libraries.get('react-dom')).toBeDefined();
    expect(libraries.get('zod') ?? []).toEqual([]);
  });
});
