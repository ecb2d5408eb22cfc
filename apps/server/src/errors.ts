import { errorStatus, type TErrorCode, type TProblem } from '@pms/contract';

export type TFieldError = NonNullable<TProblem['errors']>[number];

/** The one error type services throw; the error handler maps its code to problem+json. */
export class AppError extends Error {
  readonly code: TErrorCode;
  readonly status: number;
  readonly detail: string | undefined;
  readonly params: Record<string, string | number> | undefined;
  /** The fields a validation error is about, as the schema validation names them (`body/file`). */
  readonly errors: TFieldError[] | undefined;

  constructor(
    code: TErrorCode,
    detail?: string,
    params?: Record<string, string | number>,
    errors?: TFieldError[],
  ) {
    super(detail ?? code);
    this.code = code;
    this.status = errorStatus[code];
    this.detail = detail;
    this.params = params;
    this.errors = errors;
  }
}

export const notFound = (what = 'record') => new AppError('not_found', `${what} not found`);

/** A request value its schema cannot judge (a multipart part, say), refused as a validation problem naming it. */
export const invalidField = (path: string, message: string) =>
  new AppError('validation', message, undefined, [{ path, message }]);
