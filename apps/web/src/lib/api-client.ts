import type { TProblem } from '@pms/contract/common';
import { readCookie } from './cookies.ts';
import { sessionStore } from './session-store.ts';

const apiBase = '/api';
const xsrfCookie = 'XSRF-TOKEN';
const xsrfHeader = 'X-XSRF-TOKEN';
const logoutPath = '/session/logout';
const safeMethods = new Set(['GET', 'HEAD', 'OPTIONS']);

type TMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
export type TQueryParams = Record<string, string | number | boolean | null | undefined>;
export type TRequestOptions = {
  query?: TQueryParams;
  /** A JSON value, or FormData for a multipart upload. */
  body?: unknown;
  signal?: AbortSignal;
};

/** A non-2xx answer: carries the problem body whose `type` is an error code of the contract. */
export class ApiError extends Error {
  readonly problem: TProblem;

  constructor(problem: TProblem) {
    super(problem.detail ?? problem.title);
    this.name = 'ApiError';
    this.problem = problem;
  }

  get type(): string {
    return this.problem.type;
  }

  get status(): number {
    return this.problem.status;
  }
}

function buildUrl(path: string, query: TQueryParams | undefined): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== null) params.set(key, String(value));
  }
  const search = params.toString();
  return `${apiBase}${path}${search ? `?${search}` : ''}`;
}

async function readProblem(response: Response): Promise<TProblem> {
  const fallback: TProblem = { type: 'unknown', title: response.statusText, status: response.status };
  try {
    // The schema (and zod with it) loads with the first problem, not with the first screen.
    const [body, { ZProblem }] = await Promise.all([
      response.json() as Promise<unknown>,
      import('@pms/contract/common'),
    ]);
    const parsed = ZProblem.safeParse(body);
    return parsed.success ? parsed.data : fallback;
  } catch {
    return fallback;
  }
}

/** A 401 ends the local session (the guard then sends the user to login); logout's own 401 is expected. */
function reactToProblem(path: string, problem: TProblem): void {
  if (problem.status === 401 && path !== logoutPath) sessionStore.end('expired');
  if (problem.type === 'auth/password_change_required') sessionStore.requirePasswordChange();
}

const acceptJson = 'application/json, application/problem+json';
/** How long an early answer waits for the screen that asked for it; after that it could be stale. */
const earlyAnswerMs = 10_000;
const earlyAnswers = new Map<string, Promise<Response>>();

/**
 * Starts a GET before the app has loaded (`early.ts`): the first `api.get` of the same path and query
 * takes its answer instead of asking again, within 10 s.
 */
export function requestEarly(path: string, query: TQueryParams): void {
  const url = buildUrl(path, query);
  const answer = fetch(url, { headers: { accept: acceptJson }, credentials: 'include' });
  // Not taken, a failed request is dropped; taken, `send` meets its failure as its own.
  answer.catch(() => undefined);
  earlyAnswers.set(url, answer);
  setTimeout(() => earlyAnswers.delete(url), earlyAnswerMs);
}

function takeEarlyAnswer(url: string): Promise<Response> | undefined {
  const answer = earlyAnswers.get(url);
  earlyAnswers.delete(url);
  return answer;
}

async function send(method: TMethod, path: string, options: TRequestOptions): Promise<Response> {
  const headers = new Headers({ accept: acceptJson });
  let body: BodyInit | undefined;
  if (options.body instanceof FormData) {
    body = options.body;
  } else if (options.body !== undefined) {
    headers.set('content-type', 'application/json');
    body = JSON.stringify(options.body);
  }
  if (!safeMethods.has(method)) {
    const token = readCookie(xsrfCookie);
    if (token) headers.set(xsrfHeader, token);
  }
  const url = buildUrl(path, options.query);
  let response: Response;
  try {
    response = await ((method === 'GET' ? takeEarlyAnswer(url) : undefined) ??
      fetch(url, { method, headers, body, credentials: 'include', signal: options.signal }));
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError({ type: 'unknown', title: 'Network error', status: 0 });
  }
  if (!response.ok) {
    const problem = await readProblem(response);
    reactToProblem(path, problem);
    throw new ApiError(problem);
  }
  return response;
}

async function request<T>(method: TMethod, path: string, options: TRequestOptions = {}): Promise<T> {
  const response = await send(method, path, options);
  const text = response.status === 204 ? '' : await response.text();
  return (text ? JSON.parse(text) : undefined) as T;
}

export type TDownloadProgress = (received: number, total: number | null) => void;

/** Reads a body chunk by chunk, telling how much has arrived, into a blob of the answer's type. */
async function readWithProgress(response: Response, onProgress: TDownloadProgress): Promise<Blob> {
  const length = Number(response.headers.get('content-length'));
  const total = Number.isFinite(length) && length > 0 ? length : null;
  const type = response.headers.get('content-type') ?? '';
  if (!response.body) return response.blob();
  const reader = response.body.getReader();
  const chunks: Uint8Array<ArrayBuffer>[] = [];
  let received = 0;
  onProgress(0, total);
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    received += value.byteLength;
    onProgress(received, total);
  }
  return new Blob(chunks, { type });
}

/** The one HTTP client of the web app: cookies, XSRF header, problem errors, no timeout. */
export const api = {
  get: <T>(path: string, options?: TRequestOptions) => request<T>('GET', path, options),
  post: <T>(path: string, options?: TRequestOptions) => request<T>('POST', path, options),
  put: <T>(path: string, options?: TRequestOptions) => request<T>('PUT', path, options),
  patch: <T>(path: string, options?: TRequestOptions) => request<T>('PATCH', path, options),
  delete: <T = void>(path: string, options?: TRequestOptions) => request<T>('DELETE', path, options),

  /**
   * Fetches a file (by GET, or as the answer of a POST) and the name its content-disposition gives it;
   * `onProgress` hears the bytes received so far and the length the server announced (null when it
   * announced none).
   */
  async download(
    path: string,
    options?: TRequestOptions & { method?: 'GET' | 'POST'; onProgress?: TDownloadProgress },
  ): Promise<{ blob: Blob; fileName: string | null }> {
    // The header parser loads with the first download, not with every screen.
    const [response, { fileNameFromDisposition }] = await Promise.all([
      send(options?.method ?? 'GET', path, options ?? {}),
      import('./content-disposition.ts'),
    ]);
    const onProgress = options?.onProgress;
    return {
      blob: onProgress ? await readWithProgress(response, onProgress) : await response.blob(),
      fileName: fileNameFromDisposition(response.headers.get('content-disposition')),
    };
  },
};
