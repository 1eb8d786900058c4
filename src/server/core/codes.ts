// Short human-readable codes (deposit references, deposit and withdrawal codes).
import { randomInt } from 'node:crypto';

/** No 0/O, 1/I/L, 5/S, 8/B, 2/Z: easy to read out over the phone and to type into a bank memo. */
export const UNAMBIGUOUS = 'ACDEFGHJKMNPQRTUVWXY34679';

export function randomCode(length: number, alphabet = UNAMBIGUOUS): string {
  let s = '';
  for (let i = 0; i < length; i++) s += alphabet[randomInt(alphabet.length)];
  return s;
}

/** Personal deposit reference: 'D' + 7 characters. */
export const newDepositCode = () => `D${randomCode(7)}`;
export const newDepositRecordCode = () => `DEP-${randomCode(8)}`;
export const newWithdrawalCode = () => `WDR-${randomCode(8)}`;
/** Outcome/ledger code of a transfer: stable, derived from its id. */
export const transferCode = (id: number) => `TX-${String(id).padStart(8, '0')}`;
