import { createHash, createSecretKey, type KeyObject, randomBytes } from 'node:crypto';
import type { Role } from '@haat/contracts';
import { errors, jwtVerify, SignJWT } from 'jose';
import { unauthenticated } from '../../lib/errors.ts';

export const ACCESS_TOKEN_SECONDS = 15 * 60;
export const REFRESH_PERSISTENT_DAYS = 30;
export const REFRESH_SESSION_HOURS = 12;
const ALG = 'HS256';
/** How far apart the clocks of the instances may be. */
const CLOCK_TOLERANCE_SECONDS = 30;
const ISSUER = 'haat';

/** The marketplace's own shopper sessions (decision 0036): accepted only by the calls that ask for it. */
export const MARKETPLACE_AUDIENCE = 'marketplace';

/** Vendors and operators act on the platform; a customer only at their own shop, or on the marketplace (no shop). */
export const audienceFor = (role: Role, storeId: string | null) =>
  role !== 'CUSTOMER' ? 'platform' : storeId ? `store:${storeId}` : MARKETPLACE_AUDIENCE;

export interface AccessClaims {
  userId: string;
  role: Role;
  /** The customer's shop, when role is CUSTOMER. */
  storeId: string | null;
  /** The refresh-token family of this sign-in. */
  familyId: string;
}

/**
 * The secret as a KeyObject, made once per secret: given raw bytes, jose imports a WebCrypto key on every sign and
 * verify (8 % of the server's CPU on an authenticated request); a KeyObject's conversion it keeps.
 */
const hmacKeys = new WeakMap<Uint8Array, KeyObject>();
function hmacKey(secret: Uint8Array) {
  let key = hmacKeys.get(secret);
  if (!key) {
    key = createSecretKey(secret);
    hmacKeys.set(secret, key);
  }
  return key;
}

export async function signAccessToken(secret: Uint8Array, c: AccessClaims) {
  return new SignJWT({ role: c.role, sid: c.storeId ?? undefined, fid: c.familyId })
    .setProtectedHeader({ alg: ALG })
    .setSubject(c.userId)
    .setIssuer(ISSUER)
    .setAudience(audienceFor(c.role, c.storeId))
    .setIssuedAt()
    .setExpirationTime(`${ACCESS_TOKEN_SECONDS}s`)
    .sign(hmacKey(secret));
}

/**
 * Tokens this process has verified, per secret, by audience and token, with the second they stop being valid: a
 * back-office screen sends the same token with every call for up to 15 minutes, and WebCrypto's HMAC check (all jose
 * offers) was 9 % of the server's CPU on Order Management's list. Only an identical token string for the same
 * audience is taken from here, and only until its `exp` or its age limit; revocation stays `requireActor`'s check.
 */
const verifiedTokens = new WeakMap<Uint8Array, Map<string, { claims: AccessClaims; until: number }>>();
const VERIFIED_TOKENS_MAX = 20_000;

function verifiedFor(secret: Uint8Array) {
  let m = verifiedTokens.get(secret);
  if (!m) {
    m = new Map();
    verifiedTokens.set(secret, m);
  }
  return m;
}

/**
 * Verifies signature, algorithm, issuer, the audience (platform or the one shop) and the lifetime: `exp` and `iat`
 * are required, the token may not live longer than ACCESS_TOKEN_SECONDS nor be older, whatever its `exp` says.
 * Whether its session was since revoked is `requireActor`'s check.
 */
export async function verifyAccessToken(
  secret: Uint8Array,
  token: string,
  audience: string | string[],
): Promise<AccessClaims> {
  const known = verifiedFor(secret);
  const key = `${Array.isArray(audience) ? audience.join(' ') : audience}\n${token}`;
  const hit = known.get(key);
  if (hit && Date.now() / 1000 < hit.until) return hit.claims;
  if (hit) known.delete(key);
  const claims = await verifyAccessTokenAfresh(secret, token, audience);
  if (known.size >= VERIFIED_TOKENS_MAX) known.clear();
  known.set(key, claims);
  return claims.claims;
}

async function verifyAccessTokenAfresh(
  secret: Uint8Array,
  token: string,
  audience: string | string[],
): Promise<{ claims: AccessClaims; until: number }> {
  try {
    const { payload } = await jwtVerify(token, hmacKey(secret), {
      algorithms: [ALG],
      issuer: ISSUER,
      audience,
      requiredClaims: ['exp', 'iat', 'sub'],
      maxTokenAge: ACCESS_TOKEN_SECONDS,
      clockTolerance: CLOCK_TOLERANCE_SECONDS,
    });
    const role = payload.role as Role;
    const lifetime = (payload.exp ?? 0) - (payload.iat ?? 0);
    if (!payload.sub || !['VENDOR', 'CUSTOMER', 'ADMIN'].includes(role)) throw unauthenticated();
    if (lifetime > ACCESS_TOKEN_SECONDS || typeof payload.fid !== 'string') throw unauthenticated();
    const exp = payload.exp ?? 0;
    const iat = payload.iat ?? 0;
    return {
      claims: {
        userId: payload.sub,
        role,
        storeId: typeof payload.sid === 'string' ? payload.sid : null,
        familyId: payload.fid,
      },
      // jose refuses from exp (and from an age over the limit) on, give or take the clock tolerance.
      until: Math.min(exp, iat + ACCESS_TOKEN_SECONDS) + CLOCK_TOLERANCE_SECONDS,
    };
  } catch (err) {
    if (err instanceof errors.JWTClaimValidationFailed && err.claim === 'aud') {
      throw unauthenticated('This sign-in belongs to another shop. Please login here.', 'WRONG_AUDIENCE');
    }
    if (err instanceof errors.JOSEError) throw unauthenticated();
    throw err;
  }
}

/** An opaque refresh token; only its hash is stored. */
export const newRefreshToken = () => randomBytes(32).toString('base64url');
export const hashToken = (token: string) => createHash('sha256').update(token).digest('base64url');
