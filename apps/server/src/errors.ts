import { errorStatus, type TErrorCode } from '@pms/contract';

/** The one error type services throw; the error handler maps its code to problem+json. */
export class AppError extends Error {
  readonly code: TErrorCode;
  readonly status: number;
  readonly detail: string | undefined;
  readonly params: Record<string, string | number> | undefined;

  constructor(code: TErrorCode, detail?: string, params?: Record<string, string | number>) {
    super(detail ?? code);
    this.code = code;
    this.status = errorStatus[code];
    this.detail = detail;
    this.params = params;
  }
}

export const notFound = (what = 'record') => new AppError('not_found', `${what} not found`);
