export * from './core.ts';
export * from './base-data.ts';
export * from './front-office.ts';
export * from './jobs.ts';
export * from './mail.ts';
export * from './payments.ts';
export * from './doors.ts';
export * from './channels.ts';
