// The portal's one request function: every call carries the link's id as the Link-Id header, and a
// non-2xx answer becomes a PortalError with the problem's code. No staff session, no XSRF.
import type { TProblem } from '@pms/contract/common';

export class PortalError extends Error {
  readonly problem: TProblem;

  constructor(problem: TProblem) {
    super(problem.detail ?? problem.title);
    this.name = 'PortalError';
    this.problem = problem;
  }

  get type(): string {
    return this.problem.type;
  }
}

let linkId = '';

/** Sets the link every following call names (the `:id` of the portal's url). */
export function selectLink(id: string): void {
  linkId = id;
}

/** selectLink while rendering the link's screens. */
export function useLink(id: string): void {
  selectLink(id);
}

type TMethod = 'GET' | 'POST' | 'PATCH' | 'DELETE';

export type TUploadProgress = (sent: number, total: number) => void;

async function problemOf(response: Response): Promise<TProblem> {
  try {
    const body = (await response.json()) as TProblem;
    if (typeof body.type === 'string') return body;
  } catch {
    // not a problem body
  }
  return { type: 'unknown', title: response.statusText, status: response.status };
}

/** Sends a portal call; `body` is JSON or FormData. Answers the raw response. */
export async function portalFetch(method: TMethod, path: string, body?: unknown): Promise<Response> {
  const headers = new Headers({ accept: 'application/json, application/problem+json', 'link-id': linkId });
  let payload: BodyInit | undefined;
  if (body instanceof FormData) payload = body;
  else if (body !== undefined) {
    headers.set('content-type', 'application/json');
    payload = JSON.stringify(body);
  }
  let response: Response;
  try {
    response = await fetch(`/api/portal${path}`, { method, headers, body: payload, credentials: 'omit' });
  } catch {
    throw new PortalError({ type: 'network', title: 'Network error', status: 0 });
  }
  if (!response.ok) {
    const problem = await problemOf(response);
    if (isLinkProblem(problem.type)) announceLinkProblem(problem);
    throw new PortalError(problem);
  }
  return response;
}

export async function portalJson<T>(method: TMethod, path: string, body?: unknown): Promise<T> {
  const response = await portalFetch(method, path, body);
  const text = response.status === 204 ? '' : await response.text();
  return (text ? JSON.parse(text) : undefined) as T;
}

/** A multipart upload with progress (fetch cannot report upload progress, XHR can). */
export function portalUpload<T>(path: string, form: FormData, onProgress?: TUploadProgress): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `/api/portal${path}`);
    xhr.setRequestHeader('link-id', linkId);
    xhr.setRequestHeader('accept', 'application/json, application/problem+json');
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress?.(event.loaded, event.total);
    };
    xhr.onerror = () => reject(new PortalError({ type: 'network', title: 'Network error', status: 0 }));
    xhr.onload = () => {
      let body: unknown;
      try {
        body = xhr.responseText ? JSON.parse(xhr.responseText) : undefined;
      } catch {
        body = undefined;
      }
      if (xhr.status >= 200 && xhr.status < 300) resolve(body as T);
      else
        reject(
          new PortalError(
            (body as TProblem | undefined)?.type
              ? (body as TProblem)
              : { type: 'unknown', title: xhr.statusText, status: xhr.status },
          ),
        );
    };
    xhr.send(form);
  });
}

const linkProblems = new Set([
  'portal/link_not_found',
  'portal/link_expired',
  'portal/link_revoked',
  'auth/unauthenticated',
]);

export function isLinkProblem(type: string): boolean {
  return linkProblems.has(type);
}

type TLinkListener = (problem: TProblem) => void;
const linkListeners = new Set<TLinkListener>();

/** A link problem found before anyone listened (the calls started before the first render). */
let unheardLinkProblem: TProblem | null = null;

function announceLinkProblem(problem: TProblem): void {
  if (linkListeners.size === 0) unheardLinkProblem = problem;
  else linkListeners.forEach((listener) => listener(problem));
}

/** Tells when any call finds the link unknown, expired or revoked, so the portal shows that screen. */
export function onLinkProblem(listener: TLinkListener): () => void {
  linkListeners.add(listener);
  if (unheardLinkProblem) {
    const problem = unheardLinkProblem;
    unheardLinkProblem = null;
    listener(problem);
  }
  return () => linkListeners.delete(listener);
}
