import { mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
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
