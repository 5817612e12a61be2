import { randomUUID } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { AppError } from '../../lib/errors.ts';

const MB = 1024 * 1024;
/** Size in pixels after re-encoding, and the largest file accepted (product photos: 10 MB each, 02 §9). */
export const UPLOAD_KINDS = {
  logo: { width: 512, height: 512, maxBytes: 5 * MB },
  banner: { width: 1600, height: 1000, maxBytes: 10 * MB },
  product: { width: 1200, height: 1200, maxBytes: 10 * MB },
  /** A bill or receipt photographed for an expense (issue 38): large enough to read its small print. */
  receipt: { width: 1600, height: 1600, maxBytes: 10 * MB },
} as const;
/**
 * The most pixels an upload may decode to (40 megapixels, a 7,700 x 5,200 photo). Checked from the header before
 * anything is decoded: a 16,000 x 16,000 PNG of one colour is 256 megapixels (about 1 GB decoded) in a few KB.
 */
export const MAX_INPUT_PIXELS = 40_000_000;
/** The largest upload of any kind (the multipart limit). */
export const MAX_UPLOAD_BYTES = Math.max(...Object.values(UPLOAD_KINDS).map((k) => k.maxBytes));
export const tooLarge = (kind: UploadKind) =>
  `The image must be ${UPLOAD_KINDS[kind].maxBytes / MB} MB or smaller`;
const FORMAT_NAMES: Record<UploadKind, string> = {
  logo: 'The logo must be a PNG or JPG image',
  banner: 'The image must be a PNG, JPG or WebP image',
  product: 'The image must be a PNG, JPG, GIF or WebP image',
  receipt: 'The receipt must be a PNG, JPG or WebP image',
};
export type UploadKind = keyof typeof UPLOAD_KINDS;
/** Formats accepted per kind, judged from the bytes themselves, never from the file name or declared type. */
const ACCEPTED: Record<UploadKind, string[]> = {
  logo: ['png', 'jpeg'],
  banner: ['png', 'jpeg', 'webp'],
  product: ['png', 'jpeg', 'webp', 'gif'],
  receipt: ['png', 'jpeg', 'webp'],
};

const invalid = (message: string) =>
  new AppError(400, 'VALIDATION_FAILED', message, { issues: [{ path: 'file', message }] });

/**
 * Checks an uploaded image by decoding it, re-encodes it as WebP within the kind's size (which also drops
 * metadata and anything hidden in the file), and keeps it under the shop's folder. Returns its public URL.
 */
export async function storeImage(
  uploadDir: string,
  storeId: string,
  kind: UploadKind,
  bytes: Buffer,
): Promise<string> {
  if (bytes.length > UPLOAD_KINDS[kind].maxBytes) throw invalid(tooLarge(kind));
  // Loaded on first upload: sharp's native library costs start-up time every other request never needs.
  const { default: sharp } = await import('sharp');
  let meta: { format?: string; width?: number; height?: number };
  try {
    // Reads the header only: nothing is decoded yet.
    meta = await sharp(bytes, { limitInputPixels: false }).metadata();
  } catch {
    throw invalid('This file is not an image we can read');
  }
  if (!meta.format || !ACCEPTED[kind].includes(meta.format)) {
    throw invalid(FORMAT_NAMES[kind]);
  }
  const pixels = (meta.width ?? 0) * (meta.height ?? 0);
  const tooManyPixels = () =>
    invalid(
      `The image must be at most ${MAX_INPUT_PIXELS / 1_000_000} megapixels (this one is ${meta.width} x ${meta.height})`,
    );
  if (pixels > MAX_INPUT_PIXELS) throw tooManyPixels();
  const { width, height } = UPLOAD_KINDS[kind];
  // The same limit again for the decoder itself, should a header understate what follows.
  let out: Buffer;
  try {
    out = await sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS })
      .rotate()
      .resize({ width, height, fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 82 })
      .toBuffer();
  } catch (err) {
    // A header that promised a readable image over a body that is not one (or understated its size).
    if (err instanceof Error && /pixel limit/i.test(err.message)) throw tooManyPixels();
    throw invalid('This file is not an image we can read');
  }
  const dir = join(resolve(uploadDir), storeId);
  await mkdir(dir, { recursive: true });
  const name = `${kind}-${randomUUID()}.webp`;
  await writeFile(join(dir, name), out);
  return `/media/uploads/${storeId}/${name}`;
}
