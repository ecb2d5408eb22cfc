import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { TProblem } from '@pms/contract';
import { toAppError } from '../db/constraint-errors.ts';
import { invalidField, type TFieldError } from '../errors.ts';

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
const titleOf = (status: number) => titles[status] ?? STATUS_CODES[status] ?? 'Error';

const problemContentType = 'application/problem+json; charset=utf-8';

type TZodIssue = { path?: PropertyKey[]; code?: string; message?: string; errors?: TZodIssue[][] };

function joinPath(base: string, segments: PropertyKey[]): string {
  if (segments.length === 0) return base;
  return `${base.replace(/\/$/, '')}/${segments.map(String).join('/')}`;
}

/** The fields one zod issue names; a union that no option matched names the failures of every option. */
function issueErrors(path: string, issue: TZodIssue): TFieldError[] {
  if (issue.code === 'invalid_union' && issue.errors?.length) {
    return issue.errors.flat().flatMap((inner) => issueErrors(joinPath(path, inner.path ?? []), inner));
  }
  return [{ path, message: issue.message ?? 'invalid' }];
}

function validationProblem(instance: string | undefined, errors: TFieldError[], detail?: string): TProblem {
  const unique = new Map(errors.map((error) => [`${error.path} ${error.message}`, error]));
  return {
    type: 'validation',
    title: titleOf(400),
    status: 400,
    detail: detail ?? 'The request is not valid.',
    instance,
    errors: [...unique.values()],
  };
}

// Fastify's own 400s about the request as a whole: the URL's percent-encoding, the body's JSON.
const requestFieldOfError: Record<string, string> = {
  FST_ERR_BAD_URL: 'url',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'body',
  FST_ERR_CTP_INVALID_JSON_BODY: 'body',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'body',
};

/** The problem+json an error answers with. */
function toProblem(error: FastifyError, request: FastifyRequest): TProblem {
  const instance = request.url.split('?')[0];
  if (hasZodFastifySchemaValidationErrors(error)) {
    return validationProblem(
      instance,
      error.validation.flatMap((entry) =>
        issueErrors(`${error.validationContext ?? ''}${entry.instancePath}`, {
          ...(entry.params as TZodIssue),
          code: entry.keyword,
          message: entry.message,
        }),
      ),
    );
  }
  const field = requestFieldOfError[error.code];
  if (field) return validationProblem(instance, [{ path: field, message: error.message }], error.message);
  const appError = toAppError(error);
  if (appError) {
    return {
      type: appError.code,
      title: titleOf(appError.status),
      status: appError.status,
      detail: appError.detail,
      instance,
      ...(appError.params ? { params: appError.params } : {}),
      ...(appError.errors ? { errors: appError.errors } : {}),
    };
  }
  if (error.statusCode && error.statusCode < 500) {
    const status = error.statusCode;
    return {
      type: status === 413 ? 'file/too_large' : status === 429 ? 'auth/too_many_attempts' : 'general',
      title: titleOf(status),
      status,
      detail: error.message,
      instance,
    };
  }
  request.log.error({ err: error }, 'request failed');
  return { type: 'unknown', title: titleOf(500), status: 500, instance };
}

function sendProblem(reply: FastifyReply, problem: TProblem): FastifyReply {
  return reply.status(problem.status).type(problemContentType).send(problem);
}

/**
 * Fastify's `frameworkErrors`: errors of its router, before any route runs (a URL that is not valid
 * percent-encoding, a path parameter over maxParamLength), answered as problems like every other error.
 */
export function sendFrameworkError(error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  void sendProblem(reply, toProblem(error, request));
}

const clientErrorStatus: Record<string, number> = {
  HPE_HEADER_OVERFLOW: 431,
  HPE_CHUNK_EXTENSIONS_OVERFLOW: 413,
  ERR_HTTP_REQUEST_TIMEOUT: 408,
};

/**
 * Fastify's `clientErrorHandler`: what Node's HTTP parser refuses before Fastify sees a request (headers
 * and URL beyond maxHeaderSize, bytes that are not HTTP, a request too slow to arrive), answered on the
 * raw socket as problem+json, as Node itself does with a plain text answer.
 */
export function answerClientError(error: NodeJS.ErrnoException, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const status = clientErrorStatus[error.code ?? ''] ?? 400;
  const problem: TProblem = { type: 'general', title: titleOf(status), status, detail: error.message };
  const body = JSON.stringify(problem);
  if (socket.writable && socket.bytesWritten === 0) {
    socket.write(
      `HTTP/1.1 ${status} ${titleOf(status)}\r\nContent-Type: ${problemContentType}\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(error);
}

/** One error handler: every failure leaves as problem+json whose type is the spec's error code. */
export function registerProblemHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => sendProblem(reply, toProblem(error, request)));

  app.setNotFoundHandler((request, reply) => {
    return reply
      .status(404)
      .type(problemContentType)
      .send({
        type: 'not_found',
        title: titleOf(404),
        status: 404,
        detail: `No route ${request.method} ${request.url.split('?')[0]}`,
        instance: request.url.split('?')[0],
      } satisfies TProblem);
  });
}

/**
 * An update (PUT or PATCH) that names no field to change is a client's mistake, not a no-op: it is
 * refused as a validation problem naming the body. Runs after the caller's access was checked.
 */
export function registerUpdateRules(app: FastifyInstance): void {
  app.addHook('preValidation', (request, _reply, done) => {
    if (request.method !== 'PUT' && request.method !== 'PATCH') return done();
    const body = request.body;
    const isEmpty =
      typeof body === 'object' && body !== null && !Array.isArray(body) && Object.keys(body).length === 0;
    done(isEmpty ? invalidField('body', 'Name at least one field to change.') : undefined);
  });
}
