// Signed identity tokens (HS256 JWT through jose) and opaque refresh tokens stored hashed.
import { createHash, randomBytes, randomUUID, webcrypto } from 'node:crypto';
import { SignJWT, jwtVerify, errors as joseErrors } from 'jose';
import type { Database } from '../db/index.js';

export interface IdentityClaims {
  /** userId: the identity's stable id (uuid). */
  sub: string;
  usuarioId: number;
  email: string;
  roles: string[];
  modules: string[];
  employee: 'true' | 'false';
  /** The session (refresh token family) the token belongs to. */
  sid: string;
}

export interface ChallengeClaims {
  sub: string;
  usuarioId: number;
  challenge: 'NEW_PASSWORD_REQUIRED' | 'SOFTWARE_TOKEN_MFA';
}

const ISSUER = 'intranet';

export class TokenError extends Error {}

export class TokenService {
  private constructor(
    private key: webcrypto.CryptoKey,
    readonly accessTtlSeconds: number,
  ) {}

  /** The signing key: JWT_SECRET, or one created once in the database and shared by all instances. */
  static async create(db: Database, secret: string | undefined, accessTtlSeconds: number) {
    let value = secret;
    if (!value) {
      await db.query(`INSERT INTO auth.chave (id, valor) VALUES ('jwt', $1) ON CONFLICT (id) DO NOTHING`, [
        randomBytes(48).toString('base64url'),
      ]);
      value = (await db.query<{ valor: string }>(`SELECT valor FROM auth.chave WHERE id = 'jwt'`)).rows[0].valor;
    }
    if (value.length < 32) throw new Error('JWT_SECRET precisa ter ao menos 32 caracteres.');
    // A WebCrypto key, not bytes: it works the same in any JavaScript realm (the UI tests run the
    // server inside jsdom, whose Uint8Array is another class).
    const key = await webcrypto.subtle.importKey('raw', Buffer.from(value, 'utf8'), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign', 'verify']);
    return new TokenService(key, accessTtlSeconds);
  }

  async signIdentity(claims: IdentityClaims) {
    const { sub, ...rest } = claims;
    return new SignJWT({ ...rest, typ: 'id' })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(sub)
      .setIssuer(ISSUER)
      // A unique id: two tokens of one session issued within the same second differ (a refresh
      // always answers a new token).
      .setJti(randomUUID())
      .setIssuedAt()
      .setExpirationTime(`${this.accessTtlSeconds}s`)
      .sign(this.key);
  }

  async signChallenge(claims: ChallengeClaims) {
    const { sub, ...rest } = claims;
    return new SignJWT({ ...rest, typ: 'challenge' })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(sub)
      .setIssuer(ISSUER)
      .setIssuedAt()
      .setExpirationTime('5m')
      .sign(this.key);
  }

  private async verify(token: string, typ: 'id' | 'challenge') {
    try {
      // Only HS256 is accepted: alg "none" and any other algorithm are refused. Every token this
      // service signs expires: one without exp would be valid forever.
      const { payload } = await jwtVerify(token, this.key, { algorithms: ['HS256'], issuer: ISSUER, requiredClaims: ['exp'] });
      if (payload.typ !== typ) throw new TokenError('tipo de token');
      return payload;
    } catch (e) {
      if (e instanceof TokenError || e instanceof joseErrors.JOSEError) throw new TokenError((e as Error).message);
      throw new TokenError('token inválido');
    }
  }

  // Tokens already verified, until they expire: a signature is checked once, not on every call
  // (sessions are still checked on every call, by IdentityService.authenticate).
  private verified = new Map<string, { claims: IdentityClaims; exp: number }>();

  async verifyIdentity(token: string): Promise<IdentityClaims> {
    const hit = this.verified.get(token);
    if (hit && hit.exp > Date.now()) return hit.claims;
    const p = await this.verify(token, 'id');
    const claims = p as unknown as IdentityClaims;
    if (this.verified.size >= 10_000) this.verified.delete(this.verified.keys().next().value!);
    this.verified.set(token, { claims, exp: (p.exp ?? 0) * 1000 });
    return claims;
  }

  async verifyChallenge(token: string): Promise<ChallengeClaims> {
    return (await this.verify(token, 'challenge')) as unknown as ChallengeClaims;
  }

  /**
   * The refresh token that replaces `refreshToken` at rotation: derived from it with the signing key,
   * so a second use within the reuse interval answers the same successor without keeping it in the
   * database, and nobody without the key can compute it.
   */
  async successor(refreshToken: string) {
    const mac = await webcrypto.subtle.sign('HMAC', this.key, Buffer.from(`refresh:${refreshToken}`, 'utf8'));
    return Buffer.from(mac).toString('base64url');
  }
}

export const newRefreshToken = () => randomBytes(32).toString('base64url');
export const sha256 = (value: string) => createHash('sha256').update(value).digest('base64url');
