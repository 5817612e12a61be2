import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

/*
 * A shop's gateway secrets encrypted at rest (issue 44): AES-256-GCM with a 32-byte key from GATEWAY_SECRET_KEY, a
 * fresh 12-byte nonce per secret, stored as `v1.<nonce>.<tag>.<ciphertext>` (base64url). A changed or missing key
 * makes the stored secrets unreadable (the shop connects its gateway again); a tampered value fails its tag.
 */

const VERSION = 'v1';
/** Development and tests only: a fixed key, so secrets saved before a restart still open. Never in production. */
const DEV_KEY = createHash('sha256').update('haat development gateway key (not for production)').digest();

export interface SecretBox {
  seal(plain: string): string;
  open(sealed: string): string;
}

/** GATEWAY_SECRET_KEY as 32 bytes: 64 hexadecimal characters or base64 of 32 bytes; null when malformed. */
export function parseGatewayKey(raw: string): Buffer | null {
  const value = raw.trim();
  if (/^[0-9a-fA-F]{64}$/.test(value)) return Buffer.from(value, 'hex');
  const bytes = Buffer.from(value, 'base64');
  return bytes.length === 32 ? bytes : null;
}

/**
 * The key to seal secrets with: GATEWAY_SECRET_KEY, else (outside production) the development key with a warning;
 * null in production without one (saving a gateway is then refused).
 */
export function gatewayKey(
  config: { NODE_ENV: string; GATEWAY_SECRET_KEY?: string | undefined },
  warn: (message: string) => void = () => {},
): Buffer | null {
  if (config.GATEWAY_SECRET_KEY) return parseGatewayKey(config.GATEWAY_SECRET_KEY);
  if (config.NODE_ENV === 'production') return null;
  warn('GATEWAY_SECRET_KEY is not set: payment gateway secrets are sealed with the development key');
  return DEV_KEY;
}

export function secretBox(key: Buffer): SecretBox {
  if (key.length !== 32) throw new Error('A gateway key is 32 bytes');
  return {
    seal(plain) {
      const nonce = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, nonce);
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      const parts = [nonce, cipher.getAuthTag(), body].map((b) => b.toString('base64url'));
      return [VERSION, ...parts].join('.');
    },
    open(sealed) {
      const [version, nonce, tag, body] = sealed.split('.');
      if (version !== VERSION || !nonce || !tag || body === undefined) throw new Error('Not a sealed secret');
      const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(nonce, 'base64url'));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      const plain = Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]);
      return plain.toString('utf8');
    },
  };
}
