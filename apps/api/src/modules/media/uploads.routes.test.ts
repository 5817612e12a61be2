import { mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { crc32, deflateSync } from 'node:zlib';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { verifiedVendor } from '../accounts/accounts.test-helpers.ts';

let t: TestApp;
const uploadDir = mkdtempSync(join(tmpdir(), 'haat-uploads-'));
beforeAll(async () => {
  t = await createTestApp({ UPLOAD_DIR: uploadDir });
});
afterAll(() => t?.close());

async function vendorWithShop(name: string) {
  const { auth, call } = await verifiedVendor(t, 'up');
  const [cat] = (await call('GET', '/api/store/shop/category/')).json().data;
  const store = (
    await call('POST', '/api/store/shop/shop/create-store/', {
      store_name: name,
      store_category_id: cat.id,
      phone_number: '9812345678',
    })
  ).json().data;
  return { auth, storeId: store.id as string };
}

function multipart(bytes: Buffer, filename: string, type: string) {
  const boundary = `----haat${Date.now()}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return {
    payload: Buffer.concat([head, bytes, tail]),
    contentType: `multipart/form-data; boundary=${boundary}`,
  };
}

const png = (w: number, h: number) =>
  sharp({ create: { width: w, height: h, channels: 3, background: '#ea580c' } })
    .png()
    .toBuffer();

/** A real, valid PNG of one colour: 1-bit grey, so 16,000 x 16,000 (256 megapixels) is a few tens of KB. */
function pngBomb(w: number, h: number) {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([len, body, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(w, 0);
  ihdr.writeUInt32BE(h, 4);
  ihdr.set([1, 0, 0, 0, 0], 8); // bit depth 1, greyscale, deflate, no filter, no interlace
  const rows = Buffer.alloc((1 + Math.ceil(w / 8)) * h); // each row: filter byte 0, then zero bits
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(rows, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

const upload = (
  auth: Record<string, string>,
  storeId: string,
  kind: string,
  body: ReturnType<typeof multipart>,
) =>
  t.app.inject({
    method: 'POST',
    url: `/api/store/upload/?store_id=${storeId}&kind=${kind}`,
    headers: { ...auth, 'content-type': body.contentType },
    payload: body.payload,
  });

describe('POST /api/store/upload/', () => {
  it('re-encodes an image as WebP within its size and serves it back', async () => {
    const v = await vendorWithShop('Upload Shop One');
    const res = await upload(
      v.auth,
      v.storeId,
      'logo',
      multipart(await png(2000, 1000), 'logo.png', 'image/png'),
    );
    expect(res.statusCode).toBe(201);
    const url: string = res.json().data.url;
    expect(url).toMatch(new RegExp(`^/media/uploads/${v.storeId}/logo-[0-9a-f-]{36}\\.webp$`));
    const img = await t.app.inject({ url });
    expect(img.statusCode).toBe(200);
    expect(img.headers['content-type']).toBe('image/webp');
    const meta = await sharp(img.rawPayload).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 512, height: 256 });
  });

  it('judges the file by its bytes: text named .png, a GIF logo, a logo over 5 MB and a photo over 10 MB are refused', async () => {
    const v = await vendorWithShop('Upload Shop Two');
    const fake = await upload(
      v.auth,
      v.storeId,
      'logo',
      multipart(Buffer.from('not an image at all'), 'x.png', 'image/png'),
    );
    expect(fake.statusCode).toBe(400);
    expect(fake.json().message).toBe('This file is not an image we can read');
    const gif = await sharp({ create: { width: 4, height: 4, channels: 3, background: '#000' } })
      .gif()
      .toBuffer();
    const gifRes = await upload(v.auth, v.storeId, 'logo', multipart(gif, 'x.png', 'image/png'));
    expect(gifRes.json().message).toBe('The logo must be a PNG or JPG image');
    const big = Buffer.concat([await png(10, 10), Buffer.alloc(5 * 1024 * 1024 + 10)]);
    const bigRes = await upload(v.auth, v.storeId, 'logo', multipart(big, 'big.png', 'image/png'));
    expect(bigRes.statusCode).toBe(400);
    expect(bigRes.json().message).toBe('The image must be 5 MB or smaller');
    const huge = Buffer.concat([await png(10, 10), Buffer.alloc(10 * 1024 * 1024 + 10)]);
    const hugeRes = await upload(v.auth, v.storeId, 'product', multipart(huge, 'huge.png', 'image/png'));
    expect(hugeRes.statusCode).toBe(400);
    expect(hugeRes.json().message).toBe('The image must be 10 MB or smaller');
    expect(() => readdirSync(join(uploadDir, v.storeId))).toThrow();
    // A product photo of 6 MB is within its 10 MB.
    const photo = await sharp({ create: { width: 1600, height: 1600, channels: 3, background: '#c2410c' } })
      .png({ compressionLevel: 0 })
      .toBuffer();
    expect(photo.length).toBeGreaterThan(5 * 1024 * 1024);
    const ok = await upload(v.auth, v.storeId, 'product', multipart(photo, 'photo.png', 'image/png'));
    expect(ok.statusCode).toBe(201);
  });

  it('refuses an image over 40 megapixels from its header, before decoding it', async () => {
    const v = await vendorWithShop('Upload Shop Bomb');
    const bomb = pngBomb(16_000, 16_000);
    expect(bomb.length).toBeLessThan(300_000);
    expect(await sharp(bomb, { limitInputPixels: false }).metadata()).toMatchObject({
      width: 16_000,
      height: 16_000,
    });
    const started = Date.now();
    const res = await upload(v.auth, v.storeId, 'product', multipart(bomb, 'bomb.png', 'image/png'));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      message: 'The image must be at most 40 megapixels (this one is 16000 x 16000)',
      error: { code: 'VALIDATION_FAILED', issues: [{ path: 'file' }] },
    });
    expect(Date.now() - started).toBeLessThan(1000);
    expect(() => readdirSync(join(uploadDir, v.storeId))).toThrow();
    // Just inside the limit (8,000 x 5,000) is decoded and shrunk to the photo size.
    const large = await upload(
      v.auth,
      v.storeId,
      'product',
      multipart(pngBomb(8_000, 5_000), 'l.png', 'image/png'),
    );
    expect(large.statusCode).toBe(201);
  });

  it("refuses another vendor's shop (404), a missing token (401) and a bad kind (400), writing nothing", async () => {
    const owner = await vendorWithShop('Upload Shop Three');
    const other = await vendorWithShop('Upload Shop Four');
    const body = multipart(await png(20, 20), 'a.png', 'image/png');
    expect((await upload(other.auth, owner.storeId, 'banner', body)).statusCode).toBe(404);
    expect((await upload({}, owner.storeId, 'banner', body)).statusCode).toBe(401);
    expect((await upload(owner.auth, owner.storeId, 'wallpaper', body)).statusCode).toBe(400);
    expect(() => readdirSync(join(uploadDir, owner.storeId))).toThrow();
  });
});
