import { unknownPlaceholders, type TMailKind } from '@pms/contract';
import { AppError } from '../errors.ts';

/** Refuses a subject or text with a placeholder the kind of e-mail cannot fill in (400). */
export function assertKnownPlaceholders(kind: TMailKind, ...templates: (string | null | undefined)[]): void {
  const unknown = [...new Set(templates.flatMap((text) => (text ? unknownPlaceholders(kind, text) : [])))];
  if (unknown.length > 0) {
    throw new AppError(
      'mail/unknown_placeholder',
      `unknown placeholder ${unknown.map((name) => `{${name}}`).join(', ')}`,
      { placeholders: unknown.join(', ') },
    );
  }
}
