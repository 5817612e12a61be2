import type { PosCatalogueItem } from '@haat/contracts';

/**
 * The counter's search over the catalogue kept on the device (issue 43): name, variant and SKU by word prefix, and
 * barcodes exactly. Built in memory from IndexedDB once the counter opens; nothing of it is stored, so the stored
 * catalogue stays the products alone (50,000 in well under 50 MB).
 *
 * The index is a sorted list of the words of every item (its name, variant label and SKU, each whole and in its
 * letter-and-digit parts) with, per word, the items that have it, in two flat typed arrays. A keystroke finds each
 * typed word's range of words by binary search, walks the items of the typed word with the fewest, and keeps those
 * whose text also has a word starting with each other typed word. Items are in name order, so the first found come
 * first: no sort per keystroke. 50,000 items answer in a few milliseconds, well within 50 ms at 4x CPU throttling
 * (scripts/bench-offline-catalogue.ts measures it).
 */

/**
 * One thing sold at the counter as the device keeps it: a product without options, or one variant; the catalogue's
 * item without what only the download needs. Its `stock` is as last seen from the server, less what this device
 * sold since; `price_paise` per unit now, GST included.
 */
export type CatalogueItem = Pick<
  PosCatalogueItem,
  | 'variant_id'
  | 'product_id'
  | 'name'
  | 'variant_label'
  | 'sku'
  | 'barcode'
  | 'price_paise'
  | 'tax_percentage'
  | 'stock'
  | 'unit'
>;

export interface SearchIndex {
  /** In name order. */
  items: CatalogueItem[];
  /** Every word once, sorted. */
  words: string[];
  /** Item positions of word w: postings[starts[w]] up to postings[starts[w + 1]], ascending. */
  starts: Uint32Array;
  postings: Uint32Array;
  /** Per item: its words, each after a space, to check the other typed words. */
  text: string[];
  /** Per item: its name and variant as sorted (normalised), to find the names starting with a word. */
  keys: string[];
  byBarcode: Map<string, number>;
  /** Scratch of one search: what it found of each item (cleared after). */
  hits: Uint8Array;
}

const EDGES = /^[^\p{L}\p{M}\p{N}]+|[^\p{L}\p{M}\p{N}]+$/gu;
const PARTS = /[^\p{L}\p{M}\p{N}]+/u;
/** A word of plain ASCII letters and digits: no edges to trim, no parts (most words, read fast). */
const PLAIN = /^[a-z0-9]+$/;
/** Anything but printable ASCII: only such text needs Unicode normalising. */
const NON_ASCII = /[^ -~]/;

/** Lower case without Latin accents, as both the index and the typed text are read. */
export function normalize(s: string) {
  const lower = s.toLowerCase();
  return NON_ASCII.test(lower) ? lower.normalize('NFKD').replace(/[\u0300-\u036f]/g, '') : lower;
}

/** The words a text is found by: each whole (punctuation at its ends dropped) and, when joined, its parts. */
function wordsOf(text: string, into: string[]) {
  for (const raw of normalize(text).split(/\s+/)) {
    if (PLAIN.test(raw)) {
      into.push(raw);
      continue;
    }
    const word = raw.replace(EDGES, '');
    if (!word) continue;
    into.push(word);
    const parts = word.split(PARTS);
    if (parts.length > 1) for (const part of parts) if (part) into.push(part);
  }
}

/** The typed words, read as the index reads them. */
export const typedWords = (query: string) =>
  normalize(query)
    .split(/\s+/)
    .map((w) => w.replace(EDGES, ''))
    .filter(Boolean);

/** The items in name order (then variant), with their sort keys: each key made once, not per comparison. */
function inNameOrder(list: readonly CatalogueItem[]) {
  const keyOf = list.map(
    (i) => `${normalize(i.name)}\u0000${i.variant_label ? normalize(i.variant_label) : ''}`,
  );
  const order = list.map((_, k) => k);
  order.sort((a, b) => {
    const x = keyOf[a] ?? '';
    const y = keyOf[b] ?? '';
    return x < y ? -1 : x > y ? 1 : 0;
  });
  return { items: order.map((k) => list[k] as CatalogueItem), keys: order.map((k) => keyOf[k] ?? '') };
}

/** Per word, the items that have it (each once, in item order). */
function postingsOf(items: CatalogueItem[], text: string[]) {
  const posting = new Map<string, number[]>();
  const words: string[] = [];
  items.forEach((item, i) => {
    words.length = 0;
    wordsOf(item.name, words);
    if (item.variant_label) wordsOf(item.variant_label, words);
    if (item.sku) wordsOf(item.sku, words);
    for (const w of words) {
      const list = posting.get(w);
      if (!list) posting.set(w, [i]);
      else if (list[list.length - 1] !== i) list.push(i);
    }
    text[i] = ` ${words.join(' ')}`;
  });
  return posting;
}

/**
 * Builds the index of the items (a copy in name order; the list given is not changed), and runs a search on it once
 * so that the first keystroke does not pay for compiling the search.
 */
export function buildIndex(list: readonly CatalogueItem[]): SearchIndex {
  const { items, keys } = inNameOrder(list);
  const text: string[] = new Array(items.length);
  const posting = postingsOf(items, text);
  const byBarcode = new Map<string, number>();
  items.forEach((item, i) => {
    if (item.barcode && !byBarcode.has(item.barcode)) byBarcode.set(item.barcode, i);
  });
  const words = [...posting.keys()].sort();
  const starts = new Uint32Array(words.length + 1);
  let total = 0;
  words.forEach((w, k) => {
    starts[k] = total;
    total += posting.get(w)?.length ?? 0;
  });
  starts[words.length] = total;
  const postings = new Uint32Array(total);
  words.forEach((w, k) => {
    postings.set(posting.get(w) ?? [], starts[k]);
  });
  const index = { items, keys, words, starts, postings, text, byBarcode, hits: new Uint8Array(items.length) };
  searchIndex(index, 'a b');
  return index;
}

/** The first position in the sorted words not below `s`. */
function lowerBound(words: string[], s: string) {
  let lo = 0;
  let hi = words.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if ((words[mid] ?? '') < s) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** The range of words starting with `prefix`, and how many item entries it holds. */
function rangeOf(words: string[], starts: Uint32Array, prefix: string) {
  const from = lowerBound(words, prefix);
  const to = lowerBound(words, `${prefix}\uffff`);
  return { from, to, size: (starts[to] ?? 0) - (starts[from] ?? 0) };
}

/**
 * The items matching what was typed, at most `limit`: every typed word starts one of an item's words. In stock
 * before out of stock, and those whose name starts with the first typed word before the others; by name within
 * each. A barcode typed whole comes first. Empty text: the first items in stock, by name.
 */
export function searchIndex(index: SearchIndex, query: string, limit = 20): CatalogueItem[] {
  const typed = typedWords(query);
  const { items, hits } = index;
  if (!typed.length) return firstInStock(items, limit);
  const ranges = typed.map((w) => ({ word: ` ${w}`, ...rangeOf(index.words, index.starts, w) }));
  ranges.sort((a, b) => a.size - b.size);
  const [lead, ...others] = ranges;
  const exact = index.byBarcode.get(query.trim());
  const found: CatalogueItem[] = exact === undefined ? [] : [items[exact] as CatalogueItem];
  if (!lead || lead.size === 0) return found;
  const { postings, starts, text } = index;
  // The names starting with the first typed word: one run of the items, which are in name order.
  const first = typed[0] ?? '';
  const named = { from: lowerBound(index.keys, first), to: lowerBound(index.keys, `${first}\uffff`) };
  // Most keystrokes (a first letter or two) fill the page with names starting with the first typed word, in stock:
  // those are one run of the items, read in order until the page is full, without walking every match.
  const rest = typed.slice(1).map((w) => ` ${w}`);
  const quick = namedInStock(index, named, rest, exact, limit - found.length);
  if (quick) return [...found, ...quick];
  // hits[i]: 0 not seen, 1 to 4 its rank (name starts with the first word / other, each in stock / out), 5 no match.
  const counts = [0, 0, 0, 0, 0, 0];
  for (let p = starts[lead.from] ?? 0, end = starts[lead.to] ?? 0; p < end; p++) {
    const i = postings[p] ?? 0;
    if (hits[i]) continue;
    let rank = 5;
    if (!others.length || others.every((o) => (text[i] ?? '').includes(o.word)))
      rank = (i >= named.from && i < named.to ? 1 : 2) + ((items[i]?.stock ?? 0) > 0 ? 0 : 2);
    hits[i] = rank;
    counts[rank] = (counts[rank] ?? 0) + 1;
  }
  for (let rank = 1; rank <= 4 && found.length < limit; rank++) {
    let left = counts[rank] ?? 0;
    const from = rank % 2 ? named.from : 0;
    for (let i = from; i < hits.length && left > 0 && found.length < limit; i++) {
      if (hits[i] !== rank) continue;
      left--;
      if (i !== exact) found.push(items[i] as CatalogueItem);
    }
  }
  hits.fill(0);
  return found;
}

/**
 * The first `want` items in stock whose name starts with the first typed word (the run `named`) and whose words
 * start with each other typed word, in name order; null when there are fewer (the whole search then ranks them).
 */
function namedInStock(
  index: SearchIndex,
  named: { from: number; to: number },
  /** The other typed words, each after a space (as in the item's text). */
  rest: string[],
  exact: number | undefined,
  want: number,
): CatalogueItem[] | null {
  const out: CatalogueItem[] = [];
  for (let i = named.from; i < named.to && out.length < want; i++) {
    const item = index.items[i] as CatalogueItem;
    if (i === exact || item.stock <= 0) continue;
    const text = index.text[i] ?? '';
    if (rest.every((w) => text.includes(w))) out.push(item);
  }
  return out.length >= want ? out : null;
}

function firstInStock(items: CatalogueItem[], limit: number) {
  const out: CatalogueItem[] = [];
  for (const item of items) {
    if (out.length >= limit) break;
    if (item.stock > 0) out.push(item);
  }
  return out;
}

/** The item with this barcode (or SKU typed whole), or null. */
export function findBarcode(index: SearchIndex, code: string): CatalogueItem | null {
  const c = code.trim();
  const at = index.byBarcode.get(c);
  if (at !== undefined) return index.items[at] ?? null;
  const sku = normalize(c);
  return index.items.find((i) => i.sku !== null && normalize(i.sku) === sku) ?? null;
}
