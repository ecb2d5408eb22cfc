import { describe, expect } from 'vitest';
import { readFileSync } from 'node:fs';
import { defaultRetentionRules } from '../../lib/retention.ts';
import { demo, parsed } from '../../../test/helpers.ts';
import { apiTest as test } from '../../../test/api-test.ts';
import { ZProperty } from '@pms/contract';
import { listRetentionRules, listStoredRetentionRules } from './index.ts';

describe('retention rules', () => {
  test("each demo property keeps its country's rules with their legal references", async ({ demoApp }) => {
    const { t, ids } = demoApp;
    const austria = await listStoredRetentionRules(t.db, ids[demo.austria]!);
    expect(austria.map(({ id: _id, updatedAt: _updatedAt, ...rule }) => rule)).toEqual(
      defaultRetentionRules.filter((rule) => rule.country === 'AT'),
    );
    const germany = await listRetentionRules(t.db, ids[demo.germany]!);
    expect(germany.map((rule) => [rule.record, rule.years, rule.graceMonths, rule.reference])).toEqual(
      defaultRetentionRules
        .filter((rule) => rule.country === 'DE')
        .map((rule) => [rule.record, rule.years, rule.graceMonths, rule.reference]),
    );
  });

  test('a new property gets the rules of its country, and one of another country none', async ({
    demoApp,
  }) => {
    const { t, client } = demoApp;
    const created = parsed(
      await client.post('/api/properties', { name: 'Haus am See', address: { country: 'de' } }),
      ZProperty,
    );
    expect((await listRetentionRules(t.db, created.id)).map((rule) => rule.country)).toEqual([
      'DE',
      'DE',
      'DE',
      'DE',
    ]);
    const swiss = parsed(
      await client.post('/api/properties', { name: 'Chalet Bergblick', address: { country: 'ch' } }),
      ZProperty,
    );
    expect(await listRetentionRules(t.db, swiss.id)).toEqual([]);
  });

  test('the migration seeds the same rules as lib/retention.ts', () => {
    const migration = readFileSync(
      new URL('../../db/migrations/0034_retention.sql', import.meta.url),
      'utf8',
    );
    for (const rule of defaultRetentionRules) {
      const row = `('${rule.country}', '${rule.record}', '${rule.start}', ${rule.years}, ${rule.months}, ${rule.days}, ${rule.graceMonths}, '${rule.reference}')`;
      expect(migration).toContain(row);
    }
  });
});
