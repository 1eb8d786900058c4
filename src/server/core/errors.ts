// Application errors: every one maps to `{error:{code, message}}` with its HTTP status.
export class AppError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly details?: { path: string; message: string }[],
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const badRequest = (message: string, code = 'INVALID_INPUT', details?: { path: string; message: string }[]) => new AppError(400, code, message, details);
export const unauthorized = (message = 'Authentication required') => new AppError(401, 'UNAUTHORIZED', message);
export const forbidden = (message = 'Not allowed', code = 'FORBIDDEN') => new AppError(403, code, message);
export const notFound = (what = 'Resource') => new AppError(404, 'NOT_FOUND', `${what} not found`);
export const conflict = (message: string, code = 'CONFLICT') => new AppError(409, code, message);

/** Thrown by the ledger when a debit would take a non-bank account below zero. */
export class InsufficientFundsError extends AppError {
  constructor(readonly accountId: number) {
    super(409, 'INSUFFICIENT_BALANCE', 'Insufficient balance');
  }
}

/** A write of a table's former owner, refused by the fence (cluster/leases.ts): another instance owns the table now. */
export class StaleEpochError extends Error {
  constructor(readonly tableId: number) {
    super(`table ${tableId}: another instance owns it now`);
    this.name = 'StaleEpochError';
  }
}
