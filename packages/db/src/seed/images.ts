/**
 * Demo pictures: small deterministic SVGs drawn from a seed, so the demo catalogue needs no image files.
 * The API serves `demoImageUrl(...)` by calling `renderDemoImage(...)`.
 */
import { hash, random } from './random.ts';

export type DemoImageKind = 'product' | 'store' | 'banner';

/** Gradient start, gradient end, and a deep ink colour used for the label. */
const PALETTES: readonly (readonly [string, string, string])[] = [
  ['#ff9a8b', '#ff6a88', '#7a1f3d'],
  ['#f6d365', '#fda085', '#7c3a12'],
  ['#84fab0', '#8fd3f4', '#134e4a'],
  ['#a18cd1', '#fbc2eb', '#4c1d95'],
  ['#fccb90', '#d57eeb', '#5b21b6'],
  ['#43cea2', '#185a9d', '#0c2d48'],
  ['#f093fb', '#f5576c', '#831843'],
  ['#4facfe', '#00c6fb', '#0c4a6e'],
  ['#fa709a', '#fee140', '#7c2d12'],
  ['#30cfd0', '#330867', '#1e1b4b'],
  ['#ff7e5f', '#feb47b', '#7c2d12'],
  ['#11998e', '#38ef7d', '#064e3b'],
  ['#c471f5', '#fa71cd', '#581c87'],
  ['#e0c3fc', '#8ec5fc', '#1e3a8a'],
];

const FONT = "system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif";

function escapeXml(text: string): string {
  return text
    .replace(/[^\P{Cc}\n]/gu, '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');
}

/** Breaks `label` into at most `maxLines` lines of about `width` characters, ending with … if cut. */
function wrap(label: string, width: number, maxLines: number): string[] {
  const words = label.trim().replace(/\s+/g, ' ').split(' ').filter(Boolean);
  const lines: string[] = [];
  let line = '';
  for (const word of words) {
    const piece = word.length > width ? `${word.slice(0, width - 1)}…` : word;
    if (!line) line = piece;
    else if (line.length + 1 + piece.length <= width) line = `${line} ${piece}`;
    else {
      lines.push(line);
      line = piece;
    }
  }
  if (line) lines.push(line);
  if (lines.length > maxLines) {
    const kept = lines.slice(0, maxLines);
    const last = kept[maxLines - 1] ?? '';
    kept[maxLines - 1] = `${last.length >= width ? last.slice(0, width - 1) : last}…`;
    return kept;
  }
  return lines.length ? lines : [' '];
}

const r1 = (n: number) => Math.round(n * 10) / 10;

/** One decorative shape centred at (x, y) with radius-like size `s`. */
function shape(kind: number, x: number, y: number, s: number, fill: string, opacity: number, turn: number) {
  const common = `fill="${fill}" fill-opacity="${r1(opacity)}"`;
  switch (kind % 5) {
    case 0:
      return `<circle cx="${r1(x)}" cy="${r1(y)}" r="${r1(s)}" ${common}/>`;
    case 1:
      return `<rect x="${r1(x - s)}" y="${r1(y - s)}" width="${r1(2 * s)}" height="${r1(2 * s)}" rx="${r1(s * 0.28)}" transform="rotate(${Math.round(turn)} ${r1(x)} ${r1(y)})" ${common}/>`;
    case 2: {
      const pts = [0, 120, 240]
        .map((a) => {
          const rad = ((a + turn) * Math.PI) / 180;
          return `${r1(x + s * Math.cos(rad))},${r1(y + s * Math.sin(rad))}`;
        })
        .join(' ');
      return `<polygon points="${pts}" ${common}/>`;
    }
    case 3:
      return `<circle cx="${r1(x)}" cy="${r1(y)}" r="${r1(s * 0.8)}" fill="none" stroke="${fill}" stroke-opacity="${r1(opacity)}" stroke-width="${r1(s * 0.22)}"/>`;
    default:
      return `<rect x="${r1(x - s * 1.4)}" y="${r1(y - s * 0.35)}" width="${r1(2.8 * s)}" height="${r1(0.7 * s)}" rx="${r1(s * 0.35)}" transform="rotate(${Math.round(turn)} ${r1(x)} ${r1(y)})" ${common}/>`;
  }
}

function textLines(lines: string[], x: number, y: number, size: number, color: string, anchor: string) {
  const gap = size * 1.2;
  const spans = lines
    .map((line, i) => `<tspan x="${x}" y="${r1(y + i * gap)}">${escapeXml(line)}</tspan>`)
    .join('');
  return `<text font-family="${FONT}" font-size="${size}" font-weight="700" fill="${color}" text-anchor="${anchor}" letter-spacing="-0.5">${spans}</text>`;
}

/** Renders a demo picture: a gradient from a palette chosen by `seed`, a few shapes, and `label`. */
export function renderDemoImage(kind: DemoImageKind, seed: string, label: string): string {
  const h = hash(`${kind}:${seed}`);
  const rnd = random(h);
  const palette = PALETTES[h % PALETTES.length] ?? PALETTES[0];
  const [from, to, ink] = palette ?? ['#84fab0', '#8fd3f4', '#134e4a'];
  const width = kind === 'banner' ? 1600 : 800;
  const height = kind === 'banner' ? 700 : 800;
  const angle = Math.round(rnd() * 360);
  const id = `g${h.toString(36)}`;
  const parts: string[] = [];

  parts.push(
    `<defs><linearGradient id="${id}" gradientTransform="rotate(${angle} 0.5 0.5)"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs>`,
    `<rect width="${width}" height="${height}" fill="url(#${id})"/>`,
  );

  // Soft background shapes.
  const count = kind === 'banner' ? 7 : 5;
  for (let i = 0; i < count; i++) {
    const x = kind === 'banner' ? width * (0.45 + rnd() * 0.6) : rnd() * width;
    const y = rnd() * height;
    const s = (kind === 'banner' ? 60 : 50) + rnd() * 130;
    parts.push(shape(Math.floor(rnd() * 5), x, y, s, '#ffffff', 0.12 + rnd() * 0.18, rnd() * 360));
  }

  if (kind === 'product') {
    // The "product": a bold shape on a soft disc above the label card.
    parts.push(`<circle cx="400" cy="320" r="200" fill="#ffffff" fill-opacity="0.3"/>`);
    parts.push(shape(Math.floor(rnd() * 5), 400, 320, 120, '#ffffff', 0.9, rnd() * 90));
    parts.push(shape(Math.floor(rnd() * 5), 470, 250, 46, ink, 0.55, rnd() * 90));
    const lines = wrap(label, 24, 2);
    const size = 44;
    const boxH = 70 + lines.length * size * 1.2;
    parts.push(
      `<rect x="60" y="${r1(740 - boxH)}" width="680" height="${r1(boxH)}" rx="32" fill="#ffffff" fill-opacity="0.92"/>`,
    );
    parts.push(textLines(lines, 400, 740 - boxH + 35 + size, size, ink, 'middle'));
  } else if (kind === 'store') {
    // A shop awning across the top, then the shop's name on a sign board.
    const stripes = 8;
    const w = width / stripes;
    for (let i = 0; i < stripes; i++) {
      const fill = i % 2 ? '#ffffff' : ink;
      const op = i % 2 ? 0.9 : 0.75;
      parts.push(
        `<rect x="${r1(i * w)}" y="0" width="${r1(w)}" height="150" fill="${fill}" fill-opacity="${op}"/>`,
      );
      parts.push(
        `<circle cx="${r1(i * w + w / 2)}" cy="150" r="${r1(w / 2)}" fill="${fill}" fill-opacity="${op}"/>`,
      );
    }
    const lines = wrap(label, 18, 3);
    const size = 60;
    const boxH = 90 + lines.length * size * 1.2;
    const top = 470 - boxH / 2;
    parts.push(
      `<rect x="70" y="${r1(top)}" width="660" height="${r1(boxH)}" rx="36" fill="#ffffff" fill-opacity="0.94"/>`,
    );
    parts.push(textLines(lines, 400, top + 45 + size, size, ink, 'middle'));
    parts.push(
      `<rect x="330" y="${r1(top + boxH + 40)}" width="140" height="10" rx="5" fill="#ffffff" fill-opacity="0.8"/>`,
    );
  } else {
    // Banner: a large ring on the right, the label left-aligned.
    parts.push(`<circle cx="1240" cy="350" r="230" fill="#ffffff" fill-opacity="0.22"/>`);
    parts.push(shape(Math.floor(rnd() * 5), 1240, 350, 140, '#ffffff', 0.85, rnd() * 90));
    parts.push(shape(3, 1240, 350, 270, '#ffffff', 0.5, 0));
    const lines = wrap(label, 18, 2);
    const size = 84;
    const top = 350 - (lines.length * size * 1.2) / 2 + size * 0.8;
    const boxH = 110 + lines.length * size * 1.2;
    parts.push(
      `<rect x="90" y="${r1(top - size - 55)}" width="${r1(Math.min(960, Math.max(...lines.map((l) => l.length)) * size * 0.56 + 80))}" height="${r1(boxH)}" rx="40" fill="#ffffff" fill-opacity="0.9"/>`,
    );
    parts.push(textLines(lines, 130, top, size, ink, 'start'));
  }

  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" role="img" aria-label="${escapeXml(label)}">${parts.join('')}</svg>`;
}

/** The URL under which the API serves `renderDemoImage(kind, seed, label)`. */
export function demoImageUrl(kind: DemoImageKind, seed: string, label: string): string {
  return `/media/demo/${kind}/${encodeURIComponent(seed)}.svg?t=${encodeURIComponent(label)}`;
}
