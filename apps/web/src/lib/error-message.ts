import { isErrorCode } from '@pms/contract/errors';
import { i18n } from '../i18n/index.ts';
import { ApiError } from './api-client.ts';

/**
 * The catalogue message for an error in the current language; unknown types say so. A conflict names
 * what it meets (`params.conflict`: a booking or a room lock), which picks the message's context.
 */
export function errorMessage(error: unknown): string {
  if (error instanceof ApiError && isErrorCode(error.type)) {
    const params = error.problem.params ?? {};
    const context = typeof params.conflict === 'string' ? params.conflict : undefined;
    return i18n.t(`errors.${error.type}`, { ...params, context });
  }
  return i18n.t('errors.unknown');
}

/** Whether an error is about the session itself, which the guards handle rather than a message. */
export function isSessionError(error: unknown): boolean {
  return (
    error instanceof ApiError && (error.status === 401 || error.type === 'auth/password_change_required')
  );
}
