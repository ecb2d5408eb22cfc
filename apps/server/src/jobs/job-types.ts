/** The kinds of background job; each has one handler in `job-handlers.ts`. */
export const jobTypes = [
  'room_locks.apply',
  'invoices.render',
  'mail.send',
  'mail.booking_confirmation',
  'doors.sync',
  'channels.import',
  'fiscal.closing_receipts',
  'privacy.export',
  'privacy.expire_exports',
  'privacy.retention',
] as const;
export type TJobType = (typeof jobTypes)[number];

/** Jobs that run on a schedule: one row each, under its key, moved to the next due time after each run. */
export const recurringJobs: readonly { type: TJobType; everyMs: number }[] = [
  // Room locks start and end on their dates: checked every minute.
  { type: 'room_locks.apply', everyMs: 60_000 },
  // Channel import feeds fetched when due (each at its property's pace): looked for every minute.
  { type: 'channels.import', everyMs: 60_000 },
  // The RKSV's month and year receipts of the Austrian cash registers: looked for every minute, so a
  // month's receipt is signed in its first minutes.
  { type: 'fiscal.closing_receipts', everyMs: 60_000 },
  // Personal data exports whose download link has expired: their ZIPs deleted within a minute.
  { type: 'privacy.expire_exports', everyMs: 60_000 },
  // The retention rules: looked for every minute, applied once per property on each of its local days
  // (a run claimed per property and day); nothing is read further once today's runs are done.
  { type: 'privacy.retention', everyMs: 60_000 },
];
