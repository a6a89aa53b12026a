import crypto from 'node:crypto';
import { SignJWT, decodeProtectedHeader, errors, jwtVerify } from 'jose';
import type { Portal } from '../http/access.js';
import { FIRST_KID, type SigningKeyRing } from './signing-keys.js';

const ISSUER = 'gpms-auth';
const ALGORITHM = 'HS256';
/** Verified tokens kept per server (a few MB at most: a token and its claims are ≈ 0.5 kB). */
const VERIFIED_LIMIT = 10_000;
const audienceOf = (portal: Portal) => (portal === 'X' ? 'ogpms' : 'gpms');

export interface AccessClaims {
  userId: string;
  sessionId: string;
  portal: Portal;
  authGroupId: string;
  compNo: string | null;
}

export class TokenError extends Error {
  constructor(readonly reason: 'expired' | 'invalid') {
    super(reason === 'expired' ? 'access token expired' : 'access token invalid');
  }
}

/**
 * Short-lived signed access tokens: algorithm pinned, issuer, audience and expiry checked. Signed
 * with the ring's current key, its id in the `kid` header; verified with the key the `kid` names
 * while that key is not retired (server/auth/signing-keys.ts). A token without `kid` was signed
 * before keys rotated: the first key (k0) verifies it.
 */
export class AccessTokens {
  /**
   * Tokens this server has verified, by their exact text (verifying an HS256 token
   * through WebCrypto cost ≈ 0.2 ms of every authenticated request). A signature and the claims under it
   * never change, so what a repeat skips is only that work: a kept token is still refused once its `exp`
   * has passed, and once the key that signed it no longer verifies (asked of the ring each time, as a
   * first verification does). Insertion order bounds it: the oldest goes first past `VERIFIED_LIMIT`.
   */
  private readonly verified = new Map<
    string,
    { claims: AccessClaims & { expiresAt: Date }; kid: string; exp: number }
  >();

  constructor(
    private readonly root: Uint8Array,
    private readonly ring: SigningKeyRing,
    readonly ttlSec: number,
  ) {}

  /** A secret for another purpose, derived from the server's root secret (which never signs a token after the first rotation). */
  derivedSecret(label: string): string {
    return crypto.createHmac('sha256', Buffer.from(this.root)).update(label).digest('hex');
  }

  /** 32 bytes for an encryption key, derived from the root secret with HKDF-SHA256 and `label`. */
  derivedKey(label: string): Buffer {
    return Buffer.from(crypto.hkdfSync('sha256', Buffer.from(this.root), Buffer.alloc(0), label, 32));
  }

  async issue(claims: AccessClaims, now = Date.now()): Promise<{ token: string; expiresAt: Date; kid: string }> {
    const iat = Math.floor(now / 1000);
    const exp = iat + this.ttlSec;
    const signing = await this.ring.signing();
    const token = await new SignJWT({
      sid: claims.sessionId,
      prt: claims.portal,
      grp: claims.authGroupId,
      cmp: claims.compNo,
    })
      .setProtectedHeader({ alg: ALGORITHM, typ: 'JWT', kid: signing.kid })
      .setSubject(claims.userId)
      .setIssuer(ISSUER)
      .setAudience(audienceOf(claims.portal))
      .setIssuedAt(iat)
      .setExpirationTime(exp)
      .setJti(crypto.randomUUID())
      .sign(signing.key);
    return { token, expiresAt: new Date(exp * 1000), kid: signing.kid };
  }

  async verify(token: string, options: { allowExpired?: boolean } = {}): Promise<AccessClaims & { expiresAt: Date }> {
    const kept = options.allowExpired ? undefined : this.verified.get(token);
    if (kept) {
      // jose's own test: expired once the current second reaches `exp`.
      if (Math.floor(Date.now() / 1000) >= kept.exp) {
        this.verified.delete(token);
        throw new TokenError('expired');
      }
      if (!(await this.ring.verifying(kept.kid))) {
        this.verified.delete(token);
        throw new TokenError('invalid');
      }
      return { ...kept.claims };
    }
    try {
      let kid: unknown;
      try {
        kid = decodeProtectedHeader(token).kid ?? FIRST_KID;
      } catch {
        throw new TokenError('invalid');
      }
      // An unknown or retired key is no key: the token is refused as a forged one would be.
      const key = typeof kid === 'string' && kid.length <= 40 ? await this.ring.verifying(kid) : undefined;
      if (!key) throw new TokenError('invalid');
      const { payload } = await jwtVerify(token, key.key, {
        algorithms: [ALGORITHM],
        issuer: ISSUER,
        audience: ['gpms', 'ogpms'],
        // Re-authentication needs to read who an expired token belonged to; it never grants access.
        ...(options.allowExpired ? { currentDate: new Date(0) } : {}),
      });
      const portal = payload.prt;
      if ((portal !== 'I' && portal !== 'X') || payload.aud !== audienceOf(portal)) throw new TokenError('invalid');
      if (typeof payload.sub !== 'string' || typeof payload.sid !== 'string' || typeof payload.grp !== 'string')
        throw new TokenError('invalid');
      const claims: AccessClaims & { expiresAt: Date } = {
        userId: payload.sub,
        sessionId: payload.sid,
        portal,
        authGroupId: payload.grp,
        compNo: typeof payload.cmp === 'string' ? payload.cmp : null,
        expiresAt: new Date((payload.exp ?? 0) * 1000),
      };
      if (!options.allowExpired && typeof payload.exp === 'number') {
        this.verified.set(token, { claims, kid: kid as string, exp: payload.exp });
        if (this.verified.size > VERIFIED_LIMIT) this.verified.delete(this.verified.keys().next().value!);
      }
      return { ...claims };
    } catch (err) {
      if (err instanceof TokenError) throw err;
      if (err instanceof errors.JWTExpired) throw new TokenError('expired');
      throw new TokenError('invalid');
    }
  }
}

/** Opaque refresh tokens: 256 random bits; only their SHA-256 is stored. */
export function newRefreshToken(): { token: string; hash: string } {
  const token = crypto.randomBytes(32).toString('base64url');
  return { token, hash: sha256(token) };
}

export const sha256 = (s: string) => crypto.createHash('sha256').update(s).digest('hex');
