// Linked accounts from what people sign in from and are paid to: the same device (an id the app
// keeps in the browser), the same payout bank account, the same address. An address many
// accounts use (a carrier's or an office's) says little, so it counts only when few share it.
import type { Signal } from './signals';

export interface LoginTrace {
  userId: number;
  ip: string | null;
  device: string | null;
}
export interface PayoutTrace {
  userId: number;
  bank: string;
  account: string;
}

/** More accounts than this behind one address: a shared network, not one person. */
export const SHARED_IP_LIMIT = 4;
const WEIGHT = { device: 60, bank: 70, ip: 25 } as const;

type Link = keyof typeof WEIGHT;

/** Pairs of accounts sharing a device, a payout account or a rarely shared address, scored. */
export function linkedAccounts(logins: readonly LoginTrace[], payouts: readonly PayoutTrace[]): Signal[] {
  const groups = new Map<string, Set<number>>();
  const put = (k: string, u: number) => {
    let g = groups.get(k);
    if (!g) groups.set(k, (g = new Set()));
    g.add(u);
  };
  for (const l of logins) {
    if (l.device) put(`device|${l.device}`, l.userId);
    if (l.ip) put(`ip|${l.ip}`, l.userId);
  }
  for (const p of payouts) if (p.account.trim()) put(`bank|${p.bank}|${p.account.replace(/\s+/g, '')}`, p.userId);
  const pairs = new Map<string, { links: Set<Link>; shared: string[] }>();
  for (const [k, members] of groups) {
    if (members.size < 2) continue;
    const kind = k.slice(0, k.indexOf('|')) as Link;
    if (kind === 'ip' && members.size > SHARED_IP_LIMIT) continue;
    const ids = [...members].sort((x, y) => x - y);
    for (let i = 0; i < ids.length; i++)
      for (let j = i + 1; j < ids.length; j++) {
        const key = `${ids[i]}:${ids[j]}`;
        let p = pairs.get(key);
        if (!p) pairs.set(key, (p = { links: new Set(), shared: [] }));
        p.links.add(kind);
        if (p.shared.length < 5)
          p.shared.push(
            k
              .replace(/^device\|/, 'device ')
              .replace(/^bank\|/, 'bank ')
              .replace(/^ip\|/, 'ip '),
          );
      }
  }
  return [...pairs].map(([key, p]) => {
    const [a, b] = key.split(':').map(Number);
    const score = Math.min(
      100,
      [...p.links].reduce((s, l) => s + WEIGHT[l], 0),
    );
    return {
      kind: 'linked_accounts' as const,
      key: `linked_accounts:${key}`,
      userIds: [a, b],
      score,
      evidence: {
        figures: { sharedDevice: +p.links.has('device'), sharedBankAccount: +p.links.has('bank'), sharedAddress: +p.links.has('ip') },
        expected: { sharedDevice: 0, sharedBankAccount: 0, sharedAddress: 0 },
        hands: [],
        reasons: [...p.links].map((l) => `shared_${l}`),
        shared: p.shared,
      },
    };
  });
}
