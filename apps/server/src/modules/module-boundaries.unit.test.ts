import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const modulesDir = fileURLToPath(new URL('.', import.meta.url));

function moduleFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return moduleFiles(full);
    return entry.name.endsWith('.ts') ? [full] : [];
  });
}

/** The modules a file imports: static `from '...'`, side-effect `import '...'` and dynamic `import('...')`. */
function importsOf(source: string): string[] {
  const pattern = /(?:from\s+|import\s*\(?\s*)['"]([^'"]+)['"]/g;
  return [...source.matchAll(pattern)].map((match) => match[1]!);
}

describe('module boundaries', () => {
  const files = moduleFiles(modulesDir);

  it('finds the module files', () => {
    expect(files.length).toBeGreaterThan(30);
  });

  it('keeps every file under modules/ free of imports from plugins/', () => {
    const offending = files.flatMap((file) =>
      importsOf(readFileSync(file, 'utf8'))
        .filter((specifier) => specifier.startsWith('.'))
        .filter((specifier) => {
          const target = path.resolve(path.dirname(file), specifier);
          return target.split(path.sep).includes('plugins');
        })
        .map((specifier) => `${path.relative(modulesDir, file)} imports ${specifier}`),
    );
    expect(offending).toEqual([]);
  });

  it('keeps each module out of the other modules’ queries files', () => {
    const offending = files.flatMap((file) => {
      const ownModule = path.relative(modulesDir, file).split(path.sep)[0];
      return importsOf(readFileSync(file, 'utf8'))
        .filter((specifier) => specifier.endsWith('.queries.ts'))
        .filter((specifier) => {
          const target = path.relative(modulesDir, path.resolve(path.dirname(file), specifier));
          return target.split(path.sep)[0] !== ownModule;
        })
        .map((specifier) => `${path.relative(modulesDir, file)} imports ${specifier}`);
    });
    expect(offending).toEqual([]);
  });
});
