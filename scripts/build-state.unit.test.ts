import { existsSync, mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildStale, builds, isStale, newestModification, type TBuild } from './build-state.ts';

const repositoryRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
/** Sources were written an hour ago and the last build ran ten minutes ago. */
const sourceTime = new Date(Date.now() - 3_600_000);
const buildTime = new Date(Date.now() - 600_000);

let root: string;
const web: TBuild = {
  workspace: 'web',
  output: 'web/dist/index.html',
  sources: ['web/index.html', 'web/src', 'package-lock.json', 'web/missing.config.ts'],
};
const server: TBuild = { workspace: 'server', output: 'server/dist/server.js', sources: ['server/src'] };

function write(file: string, time: Date, content = 'x'): void {
  const full = path.join(root, file);
  mkdirSync(path.dirname(full), { recursive: true });
  writeFileSync(full, content);
  utimesSync(full, time, time);
}

/** Sets the modification time of a file or folder, as an edit (or a deletion inside it) does. */
function touch(target: string, time = new Date()): void {
  utimesSync(path.join(root, target), time, time);
}

beforeEach(() => {
  root = mkdtempSync(path.join(tmpdir(), 'pms-build-state-'));
  for (const file of ['web/index.html', 'web/src/main.tsx', 'web/src/app/router.tsx', 'package-lock.json'])
    write(file, sourceTime);
  write('server/src/server.ts', sourceTime);
  for (const folder of ['web', 'web/src', 'web/src/app', 'server', 'server/src']) touch(folder, sourceTime);
});
afterEach(() => {
  rmSync(root, { recursive: true, force: true });
});

/** A build step standing in for `npm run build`: it writes the output now and records the call. */
function fakeBuilder(calls: string[]) {
  return (workspace: string) => {
    calls.push(workspace);
    write([web, server].find((build) => build.workspace === workspace)!.output, new Date());
    return true;
  };
}

describe('build state', () => {
  it('finds the newest time among files and folders, walking folders and ignoring missing paths', () => {
    touch('web/src/app/router.tsx', buildTime);
    const newest = newestModification(
      ['web/index.html', 'web/src', 'nothing/here'].map((source) => path.join(root, source)),
    );
    expect(newest).toBe(buildTime.getTime());
  });

  it('is stale without an output, fresh once built, whether a source is a file or a folder', () => {
    expect(isStale(web, root)).toBe(true);
    write(web.output, buildTime);
    expect(isStale(web, root)).toBe(false);
  });

  it.each([
    ['a file in a nested source folder', 'web/src/app/router.tsx'],
    ['a source listed as a file', 'web/index.html'],
    ['the dependency lock file', 'package-lock.json'],
  ])('is stale after a change of %s', (_name, source) => {
    write(web.output, buildTime);
    touch(source);
    expect(isStale(web, root)).toBe(true);
  });

  it('is stale after a source file is deleted', () => {
    write(web.output, buildTime);
    rmSync(path.join(root, 'web/src/app/router.tsx'));
    expect(isStale(web, root)).toBe(true);
  });

  it('is stale after a source file is added, even one carrying an old time', () => {
    write(web.output, buildTime);
    write('web/src/new-screen.tsx', sourceTime);
    expect(isStale(web, root)).toBe(true);
  });

  it('builds only what is stale, and nothing on the next start', () => {
    write(server.output, buildTime);
    const calls: string[] = [];
    expect(buildStale(root, [web, server], fakeBuilder(calls))).toEqual(['web']);
    expect(buildStale(root, [web, server], fakeBuilder(calls))).toEqual([]);
    touch('server/src/server.ts');
    expect(buildStale(root, [web, server], fakeBuilder(calls))).toEqual(['server']);
    expect(calls).toEqual(['web', 'server']);
  });

  it('stops at a failing build', () => {
    const calls: string[] = [];
    const failing = (workspace: string) => {
      calls.push(workspace);
      return false;
    };
    expect(() => buildStale(root, [web, server], failing)).toThrow(/web/);
    expect(calls).toEqual(['web']);
  });

  it('lists sources of the real builds that exist, including dependencies and build configuration', () => {
    for (const build of builds) {
      for (const source of build.sources)
        expect(existsSync(path.join(repositoryRoot, source)), source).toBe(true);
      expect(build.sources).toEqual(
        expect.arrayContaining([
          'package-lock.json',
          `${build.workspace}/package.json`,
          `${build.workspace}/tsconfig.json`,
          `${build.workspace}/src`,
          'packages/contract/src',
        ]),
      );
      expect(() => isStale(build, repositoryRoot)).not.toThrow();
    }
    expect(builds.find((build) => build.workspace === 'apps/web')!.sources).toContain(
      'apps/web/vite.config.ts',
    );
    expect(builds.find((build) => build.workspace === 'apps/portal')!.sources).toContain(
      'apps/portal/vite.config.ts',
    );
  });
});
