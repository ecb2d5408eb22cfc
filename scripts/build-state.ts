// What `npm start` builds before it serves: every output older than one of its sources. Plain
// TypeScript that Node 24 runs as it is (scripts/start.mjs imports it without a build step).
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

export type TBuild = {
  /** The npm workspace whose `build` script makes the output. */
  workspace: string;
  /** The file the build writes last; its age is the age of the build. */
  output: string;
  /** Files and folders (walked recursively) the output is made from. */
  sources: string[];
};

/** What every build depends on: the installed dependencies and the shared contract. */
const sharedSources = [
  'package.json',
  'package-lock.json',
  'tsconfig.base.json',
  'packages/contract/package.json',
  'packages/contract/src',
];

/** The builds `npm start` needs, in order, relative to the repository root. */
export const builds: TBuild[] = [
  {
    workspace: 'apps/web',
    // The staff app and its server renderer (apps/web/dist-ssr); its build empties apps/web/dist, so
    // the portal's build follows it.
    output: 'apps/web/dist/index.html',
    sources: [
      'apps/web/index.html',
      'apps/web/package.json',
      'apps/web/public',
      'apps/web/src',
      'apps/web/ssr.d.ts',
      'apps/web/tsconfig.json',
      'apps/web/vite.config.ts',
      ...sharedSources,
    ],
  },
  {
    workspace: 'apps/portal',
    // The home's server renderer (apps/portal/dist-ssr), then the portal's pages into apps/web/dist:
    // missing there whenever the staff app was built again.
    output: 'apps/web/dist/portal.html',
    sources: [
      'apps/portal/portal.html',
      'apps/portal/portal-home.html',
      'apps/portal/package.json',
      'apps/portal/src',
      'apps/portal/ssr.d.ts',
      'apps/portal/tsconfig.json',
      'apps/portal/vite.config.ts',
      ...sharedSources,
    ],
  },
  {
    workspace: 'apps/server',
    output: 'apps/server/dist/server.js',
    sources: [
      'apps/server/build.mjs',
      'apps/server/package.json',
      'apps/server/src',
      'apps/server/tsconfig.json',
      ...sharedSources,
    ],
  },
];

/**
 * The newest modification time (ms) among files and folders, folders walked recursively. A folder's
 * own time counts too: deleting or renaming a file changes only its folder. Missing paths count as 0.
 */
export function newestModification(paths: string[]): number {
  let newest = 0;
  const visit = (target: string) => {
    if (!existsSync(target)) return;
    const stat = statSync(target);
    newest = Math.max(newest, stat.mtimeMs);
    if (!stat.isDirectory()) return;
    for (const entry of readdirSync(target)) visit(path.join(target, entry));
  };
  paths.forEach(visit);
  return newest;
}

/** Whether a build is missing or older than one of its sources (paths relative to root). */
export function isStale(build: TBuild, root: string): boolean {
  const output = path.resolve(root, build.output);
  if (!existsSync(output)) return true;
  const sources = build.sources.map((source) => path.resolve(root, source));
  return statSync(output).mtimeMs < newestModification(sources);
}

/** Runs a workspace's `npm run build` in root; false when it fails. */
export function runNpmBuild(workspace: string, root: string): boolean {
  const result = spawnSync('npm', ['run', 'build', '-w', workspace], { cwd: root, stdio: 'inherit' });
  return result.status === 0;
}

/** Builds what is stale, in order; returns the workspaces built. Throws when a build fails. */
export function buildStale(
  root: string,
  list: TBuild[] = builds,
  run: (workspace: string, root: string) => boolean = runNpmBuild,
): string[] {
  const built: string[] = [];
  for (const build of list) {
    if (!isStale(build, root)) continue;
    console.log(`Building ${build.workspace} ...`);
    if (!run(build.workspace, root)) throw new Error(`the build of ${build.workspace} failed`);
    built.push(build.workspace);
  }
  return built;
}
