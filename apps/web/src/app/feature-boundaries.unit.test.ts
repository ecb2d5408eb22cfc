import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
const boundaryRule = 'import-x/no-restricted-paths';

// The repository's own ESLint configuration with only the boundary rule running; that rule needs no
// type information, so the type-aware parsing is left out and the check takes seconds.
const eslint = new ESLint({
  cwd: root,
  ruleFilter: ({ ruleId }) => ruleId === boundaryRule,
  overrideConfig: { languageOptions: { parserOptions: { projectService: false } } },
});

async function boundaryErrors(code: string, file: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, 'apps/web/src', file) });
  return (result?.messages ?? []).filter((message) => message.ruleId === boundaryRule).map((m) => m.message);
}

// Loading the configuration and its plugins takes a few seconds on a busy machine.
describe('feature boundaries', { timeout: 60_000 }, () => {
  it('refuse an import from one feature into another', async () => {
    const errors = await boundaryErrors(
      "export { GroupsRoute } from '../../groups/routes/groups-route.tsx';\n",
      'features/dashboard/components/boundary-fixture.ts',
    );
    expect(errors).toEqual([expect.stringContaining('Features do not import each other')]);
  });

  it('refuse an import from a feature into shared code', async () => {
    const errors = await boundaryErrors(
      "export { GroupsRoute } from '../../features/groups/routes/groups-route.tsx';\n",
      'shared/bookings/boundary-fixture.ts',
    );
    expect(errors).toEqual([expect.stringContaining('Shared code does not depend on a feature')]);
  });

  it('allow a feature its own files and the shared ones', async () => {
    const errors = await boundaryErrors(
      [
        "export { BookingStatusBadge } from '../../../shared/bookings/index.ts';",
        "export { StayList } from './stay-list.tsx';",
        '',
      ].join('\n'),
      'features/dashboard/components/boundary-fixture.ts',
    );
    expect(errors).toEqual([]);
  });

  it('hold in the web app as it is', async () => {
    const results = await eslint.lintFiles(['apps/web/src']);
    const violations = results.flatMap((result) =>
      result.messages
        .filter((message) => message.ruleId === boundaryRule)
        .map((message) => `${path.relative(root, result.filePath)}: ${message.message}`),
    );
    expect(violations).toEqual([]);
  });
});
