import { test } from 'vitest';
import { demo, startDemoApp } from './helpers.ts';

/**
 * The API tests' `test`: `demoApp` is the whole application over a fresh database with the demo data
 * (see `startDemoApp`), signed in as `user` in the Austrian property; it starts once per file, for the
 * first test or hook that asks for it, and is closed after the file's last test. A file signed in as
 * someone else says so once: `const test = apiTest.override('user', demo.users.staff)`. The demo's
 * local tax levies are paused unless a file asks for them: `apiTest.override('withLevies', true)`; further
 * settings of the application come as `apiTest.override('env', { WEB_DIST: … })`. Further
 * fixtures of a file (the objects its tests share) extend it: `apiTest.extend('x', { scope: 'file' }, …)`.
 */
export const apiTest = test
  .extend('user', { scope: 'file' }, demo.users.admin as string)
  .extend('withLevies', { scope: 'file' }, false as boolean)
  .extend('env', { scope: 'file' }, {} as Record<string, string>)
  .extend('demoApp', { scope: 'file' }, async ({ user, withLevies, env }, { onCleanup }) => {
    const started = await startDemoApp(user, { withLevies, env });
    onCleanup(() => started.t.close());
    return started;
  });
