/** A failed HTTP call: the server's `{error:{code, message}}` (DESIGN §7) or a transport failure. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly details: unknown;

  constructor(status: number, code: string, message: string, details?: unknown) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.details = details;
  }

  get isUnauthenticated(): boolean {
    return this.status === 401;
  }
}

export function isApiError(e: unknown): e is ApiError {
  return e instanceof ApiError;
}

/** The server's message when there is one, else undefined (callers pick their own fallback). */
export function serverMessage(e: unknown): string | undefined {
  if (e instanceof ApiError && e.status !== 0 && e.message) return e.message;
  return undefined;
}
