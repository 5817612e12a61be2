// The installed back office's icons (decision 0035), drawn from the brand mark in apps/web/public/favicon.svg and
// written to apps/web/public/icons/ (committed; run again only when the mark changes): 192 and 512 px as the mark
// is (rounded square), and a 512 px maskable one, the bag on a full-bleed square inside the safe zone (the middle
// 80 %), which a phone's launcher crops to its own shape.   tsx scripts/pwa-icons.ts
import { mkdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import sharp from 'sharp';

const PUBLIC = resolve(import.meta.dirname, '../apps/web/public');
const mark = readFileSync(join(PUBLIC, 'favicon.svg'), 'utf8');
const bag = mark.match(/<path[^>]*\/>/g)?.join('') ?? '';
const fill = /<rect[^>]*fill="([^"]+)"/.exec(mark)?.[1];
if (!bag || !fill) throw new Error('favicon.svg: expected a <rect fill> and the bag <path>s');
// The bag spans 18..46 by 19..48 of the mark's 64: centred, at 0.8 it sits well inside the safe circle.
const maskable = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" fill="${fill}"/><g transform="translate(32 32) scale(0.8) translate(-32 -33.5)">${bag}</g></svg>`;

const OUT = join(PUBLIC, 'icons');
mkdirSync(OUT, { recursive: true });
const png = (svg: string, size: number, name: string) =>
  sharp(Buffer.from(svg), { density: (72 * size) / 64 })
    .resize(size, size)
    .png({ compressionLevel: 9 })
    .toFile(join(OUT, name));
await png(mark, 192, 'haat-192.png');
await png(mark, 512, 'haat-512.png');
await png(maskable, 512, 'haat-maskable-512.png');
console.log(`icons written to ${OUT}`);
