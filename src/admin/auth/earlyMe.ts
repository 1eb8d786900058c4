// The gate's GET /me, asked as soon as the contract is evaluated (a stage of main.tsx) rather than
// after the whole start: the answer travels while react-admin and MUI are evaluated, one round
// trip off the first page's way on a phone (issue 32). The auth provider reads it once.
import { pathFor } from '../../shared/api/routes';
import { createHttpClient, getToken, type HttpClientOptions } from '../../shared/http';

let early: { token: string; answer: Promise<unknown> } | null = null;

/** Asks /me with the stored token, if there is one (`opts`: tests). */
export function askMeEarly(opts: HttpClientOptions = {}): void {
  const token = (opts.getToken ?? getToken)();
  if (!token) return;
  const answer = createHttpClient(opts).get(pathFor('me'));
  answer.catch(() => undefined); // the auth provider reads the failure
  early = { token, answer };
}

/** The early answer for this token, once (later checks ask again); null when there is none. */
export function takeEarlyMe(token: string): Promise<unknown> | null {
  const e = early;
  early = null;
  return e && e.token === token ? e.answer : null;
}
