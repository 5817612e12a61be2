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

/** Vendors and operators act on the platform; a customer only at their own shop. */
export const audienceFor = (role: Role, storeId: string | null) =>
  role === 'CUSTOMER' && storeId ? `store:${storeId}` : 'platform';

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
 * Verifies signature, algorithm, issuer, the audience (platform or the one shop) and the lifetime: `exp` and `iat`
 * are required, the token may not live longer than ACCESS_TOKEN_SECONDS nor be older, whatever its `exp` says.
 * Whether its session was since revoked is `requireActor`'s check.
 */
export async function verifyAccessToken(
  secret: Uint8Array,
  token: string,
  audience: string | string[],
): Promise<AccessClaims> {
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
    return {
      userId: payload.sub,
      role,
      storeId: typeof payload.sid === 'string' ? payload.sid : null,
      familyId: payload.fid,
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
