// The one way the pages talk to the service: JSON in and out, the Error shape turned into a readable message.

export const API_BASE = '/dashboard/api';

/** One refused field of a body the service checked, with its sentence (a project form's save). */
export interface FieldProblem {
  field: string;
  message: string;
}

export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly fields: FieldProblem[];
  constructor(status: number, code: string, message: string, fields: FieldProblem[] = []) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.fields = fields;
  }
}

let onUnauthorized = () => {};

/** Called when any request (but sign-in itself) answers 401: the session is gone. */
export function setUnauthorizedHandler(handler: () => void) {
  onUnauthorized = handler;
}

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export async function api<T>(
  method: Method,
  path: string,
  body?: unknown,
  opts: { signal?: AbortSignal; expect401?: boolean } = {},
): Promise<T> {
  const headers: Record<string, string> = { accept: 'application/json' };
  const init: RequestInit = { method, headers, credentials: 'same-origin', signal: opts.signal };
  // Every state-changing request is JSON (ADR 0060: a cross-site form cannot send that).
  if (method !== 'GET') {
    headers['content-type'] = 'application/json';
    init.body = JSON.stringify(body ?? {});
  }
  let res: Response;
  try {
    res = await fetch(API_BASE + path, init);
  } catch (err) {
    if (isAbort(err)) throw err;
    throw new ApiError(
      0,
      'network_error',
      'Could not reach the service. Check that it is running, then try again.',
    );
  }
  const text = res.status === 204 ? '' : await res.text();
  let data: unknown = null;
  try {
    data = text ? JSON.parse(text) : null;
  } catch {
    data = null;
  }
  if (!res.ok) {
    const error = (data as { error?: { code?: unknown; message?: unknown; fields?: unknown } } | null)?.error;
    const message =
      typeof error?.message === 'string' && error.message
        ? error.message
        : `The service answered ${res.status}${res.statusText ? ` ${res.statusText}` : ''}.`;
    if (res.status === 401 && !opts.expect401) onUnauthorized();
    const fields = Array.isArray(error?.fields) ? (error.fields as FieldProblem[]) : [];
    throw new ApiError(
      res.status,
      typeof error?.code === 'string' ? error.code : 'http_error',
      message,
      fields,
    );
  }
  return data as T;
}

export function isAbort(err: unknown): boolean {
  return err instanceof DOMException && err.name === 'AbortError';
}

/** A message for the person, whatever was thrown. */
export function messageOf(err: unknown): string {
  if (err instanceof Error && err.message) return err.message;
  return 'Something went wrong.';
}
