/**
 * The console's one way to the REST API: same origin, the session cookie sent by the browser,
 * the session's CSRF token on every request that changes something, and the API's error body
 * turned into an `ApiError` with its message and field details.
 */
export interface ErrorDetail {
  path: string;
  message: string;
}

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly details: ErrorDetail[] = [],
  ) {
    super(message);
  }
}

let csrfToken: string | null = null;
/** Kept in memory only (never in storage): a reload asks GET /auth/session for it again. */
export function setCsrfToken(token: string | null): void {
  csrfToken = token;
}

/**
 * A multipart upload with progress (fetch cannot report it): `onProgress` gets the fraction sent.
 * Resolves with the `data` of the answer; rejects with an ApiError like `api`.
 */
export function uploadWithProgress<T>(
  path: string,
  form: FormData,
  onProgress: (fraction: number) => void,
): Promise<T> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', `/api/v1${path}`);
    if (csrfToken) request.setRequestHeader('X-CSRF-Token', csrfToken);
    request.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(event.loaded / event.total);
    };
    request.onerror = () => reject(new ApiError(0, 'network', 'The upload was interrupted'));
    request.onload = () => {
      const parsed = request.responseText ? JSON.parse(request.responseText) : {};
      if (request.status >= 200 && request.status < 300) resolve(parsed.data as T);
      else {
        const error = parsed.error ?? { code: 'error', message: `HTTP ${request.status}` };
        reject(new ApiError(request.status, error.code, error.message, error.details));
      }
    };
    request.send(form);
  });
}

export async function api<T>(method: string, path: string, body?: unknown): Promise<T> {
  const headers: Record<string, string> = {};
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  if (method !== 'GET' && csrfToken) headers['X-CSRF-Token'] = csrfToken;
  const response = await fetch(`/api/v1${path}`, {
    method,
    headers,
    credentials: 'same-origin',
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  const parsed = text
    ? (JSON.parse(text) as { data?: T; error?: { code: string; message: string; details?: ErrorDetail[] } })
    : {};
  if (!response.ok) {
    const error = parsed.error ?? { code: 'error', message: `HTTP ${response.status}` };
    throw new ApiError(response.status, error.code, error.message, error.details);
  }
  return parsed as T;
}

/** `{ success, data }` → data. */
export async function apiData<T>(method: string, path: string, body?: unknown): Promise<T> {
  return (await api<{ data: T }>(method, path, body)).data;
}

/** What to tell the person about a failure: the API's message, or each field's problem. */
export function errorText(failure: unknown, fallback: string): string {
  if (!(failure instanceof ApiError)) return fallback;
  return failure.details.map((detail) => `${detail.path}: ${detail.message}`).join('; ') || failure.message;
}
