// Access tokens: jose HS256 JWTs, 12 h, carrying the user's token version. Bumping the version
// in the database (delete, role change, log out everywhere, password reset) kills old tokens.
import { SignJWT, jwtVerify } from 'jose';

export const TOKEN_TTL_SECONDS = 12 * 60 * 60;

export interface TokenClaims {
  userId: number;
  tokenVersion: number;
}

/** Verified tokens kept to skip the HMAC on repeat requests; revocation is still checked in the database. */
const CACHE_MAX = 10_000;

export class TokenService {
  private readonly key: Uint8Array;
  private readonly cache = new Map<string, TokenClaims & { exp: number }>();
  constructor(secret: string) {
    this.key = new TextEncoder().encode(secret);
  }

  sign(claims: TokenClaims): Promise<string> {
    return new SignJWT({ tv: claims.tokenVersion })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(String(claims.userId))
      .setIssuedAt()
      .setExpirationTime(`${TOKEN_TTL_SECONDS}s`)
      .sign(this.key);
  }

  /** Claims of a valid token, or null (bad signature, other algorithm, expired, malformed). */
  async verify(token: string): Promise<TokenClaims | null> {
    const hit = this.cache.get(token);
    if (hit) {
      if (hit.exp * 1000 > Date.now()) return { userId: hit.userId, tokenVersion: hit.tokenVersion };
      this.cache.delete(token);
      return null;
    }
    try {
      const { payload } = await jwtVerify(token, this.key, { algorithms: ['HS256'] });
      const userId = Number(payload.sub);
      const tokenVersion = payload.tv;
      if (!Number.isSafeInteger(userId) || userId <= 0 || typeof tokenVersion !== 'number' || typeof payload.exp !== 'number') return null;
      if (this.cache.size >= CACHE_MAX) this.cache.delete(this.cache.keys().next().value!);
      this.cache.set(token, { userId, tokenVersion, exp: payload.exp });
      return { userId, tokenVersion };
    } catch {
      return null;
    }
  }
}
