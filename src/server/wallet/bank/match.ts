// Deposit codes in a bank line's description: the player's personal reference (`D` + 7
// characters of the unambiguous alphabet, core/codes.ts), as typed into the transfer memo, also
// with spaces or dashes inside. Withdrawal and payout batch codes in outgoing lines.
import { UNAMBIGUOUS } from '../../core/codes';

/** Every position, overlapping ones too ("DD7KXHP3Q" holds D7KXHP3Q). */
const CODE_AT = new RegExp(`(?=(D[${UNAMBIGUOUS}]{7}))`, 'g');

/** Every distinct deposit-code-shaped string in the text (upper case). */
export function depositCodesIn(description: string): string[] {
  const up = description.toUpperCase();
  const found = new Set<string>();
  for (const m of up.matchAll(new RegExp(`(?<![A-Z0-9])D[${UNAMBIGUOUS}]{7}(?![A-Z0-9])`, 'g'))) found.add(m[0]);
  // Typed with spaces or dashes ("D7KX HP3Q"): the same without them.
  if (found.size === 0) for (const m of up.replace(/[\s-]+/g, '').matchAll(CODE_AT)) found.add(m[1]);
  return [...found];
}

/** Withdrawal codes (WDR-XXXXXXXX) in an outgoing line's description. */
export function withdrawalCodesIn(description: string): string[] {
  return [...new Set([...description.toUpperCase().matchAll(new RegExp(`WDR-?[${UNAMBIGUOUS}]{8}`, 'g'))].map((m) => m[0].replace(/^WDR-?/, 'WDR-')))];
}

/** Payout batch codes (PB-XXXXXXXX) in an outgoing line's description. */
export function batchCodesIn(description: string): string[] {
  return [...new Set([...description.toUpperCase().matchAll(new RegExp(`PB-?[${UNAMBIGUOUS}]{8}`, 'g'))].map((m) => m[0].replace(/^PB-?/, 'PB-')))];
}
