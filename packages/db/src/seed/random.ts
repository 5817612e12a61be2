/** FNV-1a, 32 bit: a stable number from a string. */
export function hash(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** A small deterministic random source in [0, 1) (mulberry32). */
export function random(seed: number | string): () => number {
  let a = typeof seed === 'string' ? hash(seed) : seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** An integer in [min, max] from `rnd`. */
export const between = (rnd: () => number, min: number, max: number) =>
  min + Math.floor(rnd() * (max - min + 1));

/** One element of a non-empty list, picked by `rnd`. */
export function pick<T>(rnd: () => number, list: readonly T[]): T {
  const item = list[Math.floor(rnd() * list.length)] ?? list[0];
  if (item === undefined) throw new Error('pick from an empty list');
  return item;
}
