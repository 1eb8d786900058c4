// Which peers may say who the client is (X-Forwarded-For). Off by default: a client could
// otherwise name any address and walk around every per-address limit.
import { isIP } from 'node:net';

/** false: the peer is the client; n: trust n proxy hops; a list: trust these addresses / CIDRs. */
export type TrustProxy = false | number | string[];

/**
 * TRUST_PROXY: unset, '' or 'false' = off; a whole number = hop count (0 = off); else a
 * comma-separated list of addresses or CIDR ranges (e.g. `10.0.0.0/8,127.0.0.1`). Anything
 * else (including 'true': trusting everyone is what this setting exists to avoid) is refused.
 */
export function parseTrustProxy(value: string | undefined): TrustProxy {
  const v = (value ?? '').trim();
  if (v === '' || v.toLowerCase() === 'false') return false;
  if (/^\d+$/.test(v)) return Number(v) > 0 ? Number(v) : false;
  const list = v
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  for (const entry of list) {
    const [addr, bits, extra] = entry.split('/');
    const family = isIP(addr);
    const maxBits = family === 4 ? 32 : 128;
    const badBits = bits !== undefined && (!/^\d+$/.test(bits) || Number(bits) > maxBits);
    if (!family || badBits || extra !== undefined) throw new Error(`TRUST_PROXY: "${entry}" is not an address, a CIDR range or a hop count`);
  }
  return list.length ? list : false;
}

/**
 * Fastify's form. Its own numeric trustProxy trusts nothing, so a hop count becomes "the first n
 * hops" (as Express does): the peer and the next n-1 addresses of X-Forwarded-For. Only safe when
 * the app cannot be reached except through those proxies.
 */
export function fastifyTrustProxy(t: TrustProxy | undefined): boolean | string[] | ((address: string, hop: number) => boolean) {
  if (typeof t === 'number') return (_address, hop) => hop < t;
  return t ?? false;
}
