import { rmSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig, devices } from '@playwright/test';
import { chromiumArgs, chromiumPath } from './chromium.ts';

const e2eDir = path.dirname(fileURLToPath(import.meta.url));
const artifactsDir = path.join(e2eDir, 'artifacts');
const port = Number(process.env.E2E_PORT ?? 3390);
const baseURL = `http://127.0.0.1:${port}`;

// Every run starts from a fresh embedded database with the demo data. The workers load this file
// too and inherit the runner's environment: only the runner, which sets the variable, deletes.
if (!process.env.E2E_DATA_DIR) {
  process.env.E2E_DATA_DIR = path.join(tmpdir(), `pms-e2e-${port}`);
  rmSync(process.env.E2E_DATA_DIR, { recursive: true, force: true });
}

export default defineConfig({
  testDir: './tests',
  outputDir: path.join(artifactsDir, 'test-results'),
  fullyParallel: true,
  // The server and Chromium need CPU too: one worker per two cores, so a loaded two-core machine is
  // not asked for more than it has. Timeouts are sized for such a machine; tests wait on locators and
  // responses, so a fast machine does not wait for them.
  workers: Math.max(1, Math.floor(availableParallelism() / 2)),
  retries: 0,
  forbidOnly: Boolean(process.env.CI),
  timeout: 120_000,
  expect: { timeout: 20_000 },
  reporter: [['list'], ['junit', { outputFile: path.join(artifactsDir, 'junit.xml') }]],
  use: {
    baseURL,
    locale: 'de-DE',
    timezoneId: 'Europe/Vienna',
    screenshot: 'only-on-failure',
    trace: 'retain-on-failure',
    actionTimeout: 30_000,
    navigationTimeout: 60_000,
  },
  projects: [
    {
      name: 'chromium',
      use: {
        ...devices['Desktop Chrome'],
        launchOptions: { executablePath: chromiumPath, args: chromiumArgs },
      },
    },
  ],
  webServer: {
    // The built server under the Node that runs Playwright (the pinned Node 24 in npm scripts).
    command: `"${process.execPath}" ../apps/server/dist/server.js`,
    cwd: e2eDir,
    url: `${baseURL}/api/health`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'pipe',
    stderr: 'pipe',
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: baseURL,
      DATA_DIR: process.env.E2E_DATA_DIR,
      WEB_DIST: path.join(e2eDir, '../apps/web/dist'),
      LOG_LEVEL: 'warn',
      // The channel journey's platform calendar is served on this machine (a development setting).
      ALLOW_PRIVATE_OUTBOUND: 'true',
    },
  },
});
