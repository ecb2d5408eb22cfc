import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { catalogues } from '../i18n/catalogues.ts';
import { featureNamespaces, type TNamespace } from '../i18n/namespaces.ts';
import { screenNamespaces } from './screen-namespaces.ts';

const src = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const featuresDir = path.join(src, 'features');

/** The top-level catalogue key of each feature namespace: `bookings` for t('bookings.title'). */
const namespaceKeys = featureNamespaces.map((namespace) => ({
  namespace,
  key: Object.keys(catalogues[namespace].de)[0]!,
}));

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(file);
    return /\.tsx?$/.test(entry.name) && !entry.name.includes('.test.') ? [file] : [];
  });
}

/** The shared files (outside features, app and i18n) a file imports by relative path. */
function sharedImports(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  return [...text.matchAll(/(?:from|import)\s*\(?\s*'(\.{1,2}\/[^']+)'/g)]
    .map((match) => path.resolve(path.dirname(file), match[1]!))
    .filter((target) => existsSync(target) && /^(shared|ui|lib)\//.test(path.relative(src, target)));
}

/** The namespaces whose keys a feature's files, and the shared files they reach, name. */
function namespacesUsedBy(feature: string): TNamespace[] {
  const files = new Set(sourceFiles(path.join(featuresDir, feature)));
  for (const file of files) for (const target of sharedImports(file)) files.add(target);
  const text = [...files].map((file) => readFileSync(file, 'utf8')).join('\n');
  return namespaceKeys
    .filter(({ key }) => new RegExp(`['"\`]${key}\\.`).test(text))
    .map(({ namespace }) => namespace);
}

describe('screenNamespaces', () => {
  it('names every feature', () => {
    const features = readdirSync(featuresDir, { withFileTypes: true }).filter((entry) => entry.isDirectory());
    expect(Object.keys(screenNamespaces).sort()).toEqual(features.map((entry) => entry.name).sort());
  });

  it.each(Object.entries(screenNamespaces))(
    "%s loads exactly the namespaces its screens' keys come from",
    (feature, namespaces) => {
      expect([...namespaces].sort()).toEqual(namespacesUsedBy(feature).sort());
    },
  );
});
