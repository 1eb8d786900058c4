// The API's path prefixes, apart from the route table (routes.ts) so that a caller needing only a
// prefix does not build every schema of the contract (the back office loads the table on first call).
export const USER = '/api/v1/user';
export const ADMIN = '/api/v1/admin';
export const CHAT = '/api/chat';
/** QPay calls the room here (docs/payments.md). */
export const QPAY_CALLBACK = '/api/v1/qpay/callback';
