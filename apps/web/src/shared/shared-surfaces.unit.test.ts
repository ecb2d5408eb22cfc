import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const srcDir = fileURLToPath(new URL('..', import.meta.url));

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

/** The modules a file imports: static `from '...'`, side-effect `import '...'` and dynamic `import('...')`. */
function importsOf(source: string): string[] {
  const pattern = /(?:from\s+|import\s*\(?\s*)['"]([^'"]+)['"]/g;
  return [...source.matchAll(pattern)].map((match) => match[1]!);
}

/** Each relative import of a file as a path under src/, split into its folders. */
function relativeImports(file: string, source = readFileSync(file, 'utf8')) {
  return importsOf(source)
    .filter((specifier) => specifier.startsWith('.'))
    .map((specifier) => ({
      specifier,
      target: path.relative(srcDir, path.resolve(path.dirname(file), specifier)).split(path.sep),
    }));
}

const underSrc = (file: string) => path.relative(srcDir, file).split(path.sep);

/** A file inside `shared/<domain>/` imported from outside that domain by another path than its index. */
function sharedSurfaceViolations(file: string, source?: string): string[] {
  const [top, domain] = underSrc(file);
  return relativeImports(file, source)
    .filter(({ target }) => target[0] === 'shared' && target.length > 2)
    .filter(({ target }) => !(top === 'shared' && domain === target[1]))
    .filter(({ target }) => !(target.length === 3 && target[2] === 'index.ts'))
    .map(({ specifier }) => `${underSrc(file).join('/')} imports ${specifier}`);
}

/** What a feature may import besides its own files. */
const openToFeatures = new Set(['shared', 'ui', 'lib', 'i18n']);

/** A feature's import of anything but its own files and the shared code. */
function featureViolations(file: string, source?: string): string[] {
  const [top, feature] = underSrc(file);
  if (top !== 'features') return [];
  return relativeImports(file, source)
    .filter(({ target }) => !openToFeatures.has(target[0]!))
    .filter(({ target }) => !(target[0] === 'features' && target[1] === feature))
    .map(({ specifier }) => `${underSrc(file).join('/')} imports ${specifier}`);
}

describe('shared surfaces', () => {
  const files = sourceFiles(srcDir);
  const domains = readdirSync(path.join(srcDir, 'shared'), { withFileTypes: true }).filter((entry) =>
    entry.isDirectory(),
  );

  it('finds the source files and the shared domains', () => {
    expect(files.length).toBeGreaterThan(300);
    expect(domains.length).toBeGreaterThan(5);
  });

  it('gives every shared domain an index.ts', () => {
    const missing = domains
      .map((domain) => domain.name)
      .filter((domain) => !files.includes(path.join(srcDir, 'shared', domain, 'index.ts')));
    expect(missing).toEqual([]);
  });

  it('recognises a reach into a shared domain, and only that', () => {
    const feature = path.join(srcDir, 'features/dashboard/components/fixture.tsx');
    const folios = path.join(srcDir, 'shared/folios/fixture.tsx');
    expect(
      sharedSurfaceViolations(feature, "import { X } from '../../../shared/folios/payment-dialog.tsx';"),
    ).toHaveLength(1);
    expect(sharedSurfaceViolations(folios, "import { X } from '../invoices/get-invoices.ts';")).toHaveLength(
      1,
    );
    expect(sharedSurfaceViolations(feature, "import { X } from '../../../shared/folios/index.ts';")).toEqual(
      [],
    );
    expect(sharedSurfaceViolations(folios, "import { X } from './payment-dialog.tsx';")).toEqual([]);
  });

  it('keeps every import of a shared domain from outside it on its index.ts', () => {
    expect(files.flatMap((file) => sharedSurfaceViolations(file))).toEqual([]);
  });

  it('recognises a reach into another feature or the app, and only that', () => {
    const feature = path.join(srcDir, 'features/dashboard/components/fixture.tsx');
    expect(featureViolations(feature, "import { X } from '../../groups/api/get-group.ts';")).toHaveLength(1);
    expect(featureViolations(feature, "import { X } from '../../../app/router.tsx';")).toHaveLength(1);
    const allowed = [
      "import { X } from '../api/get-dashboard.ts';",
      "import { X } from '../../../shared/folios/index.ts';",
      "import { X } from '../../../ui/button.tsx';",
      "import { X } from '../../../lib/format.ts';",
    ].join('\n');
    expect(featureViolations(feature, allowed)).toEqual([]);
  });

  it('keeps each feature to its own files and shared/, ui/, lib/ and i18n/', () => {
    expect(files.flatMap((file) => featureViolations(file))).toEqual([]);
  });
});
