// Retention rules as data (decision 193): how long each kind of record is kept, with the legal reference
// admins see beside it, and the log of the daily job that applies them (ids only, no personal data).
import { z } from 'zod';
import { ZId, ZText, ZTimestamp } from './common.ts';

/** The kinds of record a rule keeps for a time. */
export const retentionRecords = [
  'registration_form',
  'id_picture',
  'accounting_record',
  'guest_profile',
] as const;
export const ZRetentionRecord = z.enum(retentionRecords);
export type TRetentionRecord = z.infer<typeof ZRetentionRecord>;

/** From which of a record's dates its period runs. */
export const retentionStarts = [
  'entry',
  'arrival',
  'end_of_year',
  'last_stay',
  'confirmation_or_check_out',
] as const;
export const ZRetentionStart = z.enum(retentionStarts);

export const ZRetentionRule = z.object({
  id: ZId,
  record: ZRetentionRecord,
  /** The country whose law the rule was seeded from (ISO code in capitals). */
  country: z.string(),
  start: ZRetentionStart,
  years: z.number().int(),
  months: z.number().int(),
  days: z.number().int(),
  graceMonths: z.number().int(),
  reference: z.string(),
  updatedAt: ZTimestamp,
});
export type TRetentionRule = z.infer<typeof ZRetentionRule>;

const period = (max: number) => z.number().int().min(0).max(max);

/** An admin's change of a rule: the period, the grace and the reference, which cannot be blanked. */
export const ZUpdateRetentionRuleRequest = z.object({
  years: period(100),
  months: period(1200),
  days: period(36500),
  graceMonths: period(1200),
  reference: ZText.trim().min(1).max(500),
});
export type TUpdateRetentionRuleRequest = z.infer<typeof ZUpdateRetentionRuleRequest>;

export const ZRetentionRecordParams = z.object({ record: ZRetentionRecord });

export const retentionLogObjectTypes = ['booking', 'file', 'contact', 'invoice'] as const;
export const retentionLogActions = ['deleted', 'anonymised', 'kept'] as const;

/** What the job did to one record under which rule, and when: ids only. */
export const ZRetentionLogEntry = z.object({
  id: ZId,
  runId: ZId,
  ruleId: ZId,
  record: ZRetentionRecord,
  objectType: z.enum(retentionLogObjectTypes),
  objectId: ZId,
  action: z.enum(retentionLogActions),
  fileCount: z.number().int(),
  ranAt: ZTimestamp,
});
export type TRetentionLogEntry = z.infer<typeof ZRetentionLogEntry>;

/** Revealing an ID picture: why staff need to see it, kept in the contact's history. */
export const ZRevealFileRequest = z.object({ reason: ZText.trim().min(1).max(500) });
export type TRevealFileRequest = z.infer<typeof ZRevealFileRequest>;
