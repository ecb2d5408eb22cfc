import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { TProblem } from '@pms/contract';
import { AppError } from '../errors.ts';

const titles: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  409: 'Conflict',
  413: 'Payload Too Large',
  415: 'Unsupported Media Type',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  503: 'Service Unavailable',
};

const problemContentType = 'application/problem+json; charset=utf-8';

// Integrity violations the database reports, mapped to the error code whose rule they enforce.
const constraintCodes: Record<string, AppError['code']> = {};

/** Lets a module name the error code that a database constraint of its tables stands for. */
export function registerConstraintCode(constraint: string, code: AppError['code']): void {
  constraintCodes[constraint] = code;
}

// SQLSTATEs that stand for one error code whatever the constraint: a reference to a record that is not
// there (or belongs to another property: the tenant keys); a lock or statement that timed out.
const stateCodes: Record<string, AppError['code']> = {
  '23503': 'not_found',
  '55P03': 'unavailable',
  '57014': 'unavailable',
};

function databaseError(error: unknown): AppError | null {
  let current: unknown = error;
  for (let depth = 0; current && depth < 4; depth++) {
    const candidate = current as { code?: string; constraint?: string; cause?: unknown };
    if (candidate.constraint && constraintCodes[candidate.constraint]) {
      return new AppError(constraintCodes[candidate.constraint]!);
    }
    const byState = candidate.code ? stateCodes[candidate.code] : undefined;
    if (byState) return new AppError(byState);
    // node-postgres' pool gives up waiting for a free connection with this error, which has no code.
    if (current instanceof Error && current.message === 'timeout exceeded when trying to connect') {
      return new AppError('unavailable');
    }
    current = candidate.cause;
  }
  return null;
}

/** Finds the AppError behind an error, including database constraint violations. */
export function toAppError(error: unknown): AppError | null {
  if (error instanceof AppError) return error;
  return databaseError(error);
}

/** One error handler: every failure leaves as problem+json whose type is the spec's error code. */
export function registerProblemHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const instance = request.url.split('?')[0];
    let problem: TProblem;
    if (hasZodFastifySchemaValidationErrors(error)) {
      problem = {
        type: 'validation',
        title: titles[400]!,
        status: 400,
        detail: 'The request is not valid.',
        instance,
        errors: error.validation.map((issue) => ({
          path: `${error.validationContext ?? ''}${issue.instancePath}`,
          message: issue.message ?? 'invalid',
        })),
      };
    } else {
      const appError = toAppError(error);
      if (appError) {
        problem = {
          type: appError.code,
          title: titles[appError.status] ?? 'Error',
          status: appError.status,
          detail: appError.detail,
          instance,
          ...(appError.params ? { params: appError.params } : {}),
        };
      } else if (error.statusCode && error.statusCode < 500) {
        const status = error.statusCode;
        problem = {
          type: status === 413 ? 'file/too_large' : status === 429 ? 'auth/too_many_attempts' : 'general',
          title: titles[status] ?? 'Error',
          status,
          detail: error.message,
          instance,
        };
      } else {
        request.log.error({ err: error }, 'request failed');
        problem = { type: 'unknown', title: titles[500]!, status: 500, instance };
      }
    }
    return reply.status(problem.status).type(problemContentType).send(problem);
  });

  app.setNotFoundHandler((request, reply) => {
    return reply
      .status(404)
      .type(problemContentType)
      .send({
        type: 'not_found',
        title: titles[404]!,
        status: 404,
        detail: `No route ${request.method} ${request.url.split('?')[0]}`,
        instance: request.url.split('?')[0],
      } satisfies TProblem);
  });
}
