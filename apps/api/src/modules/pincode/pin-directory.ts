import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { gunzipSync } from 'node:zlib';
import { INDIAN_STATES } from '@haat/contracts/indian-states';

type State = (typeof INDIAN_STATES)[number];

/**
 * India Post's PIN code directory as the app ships it: apps/api/assets/india-pin-directory.tsv.gz, one line per
 * PIN code ("PIN<TAB>city<TAB>state", sorted), made by scripts/pin-directory.ts (which says where it came from).
 * Loaded once per process on first use (35–95 ms), into three typed arrays and a list of city names: 19,159 PIN
 * codes and 612 cities, 131 kB of typed arrays and 0.4–0.6 MB more heap in all (process.memoryUsage() around the
 * first load, with its gunzip; pin-directory.test.ts bounds the data). No network at run time.
 */
const FILE = 'india-pin-directory.tsv.gz';

/** Next to the sources (apps/api/src/modules/pincode) or to the server bundle (apps/api/dist). */
const CANDIDATES = [`../../../assets/${FILE}`, `../assets/${FILE}`];

export interface PinDirectory {
  /** The PIN codes, ascending. */
  pins: Int32Array;
  /** For each PIN code, its city's index in `cities`. */
  cityOf: Uint16Array;
  /** For each PIN code, its state's index in INDIAN_STATES. */
  stateOf: Uint8Array;
  cities: string[];
}

export function directoryFile() {
  for (const rel of CANDIDATES) {
    const path = fileURLToPath(new URL(rel, import.meta.url));
    if (existsSync(path)) return path;
  }
  throw new Error(`The PIN code directory (${FILE}) is missing: run npx tsx scripts/pin-directory.ts`);
}

/** Parses the directory's text (the unzipped file). */
export function parseDirectory(text: string): PinDirectory {
  const lines = text.split('\n').filter((l) => l.length > 0);
  const pins = new Int32Array(lines.length);
  const cityOf = new Uint16Array(lines.length);
  const stateOf = new Uint8Array(lines.length);
  const cities: string[] = [];
  const cityIndex = new Map<string, number>();
  const states = INDIAN_STATES as readonly string[];
  lines.forEach((line, i) => {
    const [pin = '', city = '', state = ''] = line.split('\t');
    const s = states.indexOf(state);
    if (s < 0) throw new Error(`PIN code directory: unknown state "${state}" for ${pin}`);
    let c = cityIndex.get(city);
    if (c === undefined) {
      c = cities.push(city) - 1;
      cityIndex.set(city, c);
    }
    pins[i] = Number(pin);
    cityOf[i] = c;
    stateOf[i] = s;
  });
  return { pins, cityOf, stateOf, cities };
}

let loaded: PinDirectory | null = null;

/** The directory, read and parsed on the first call of the process. */
export function pinDirectory(): PinDirectory {
  loaded ??= parseDirectory(gunzipSync(readFileSync(directoryFile())).toString('utf8'));
  return loaded;
}

/** Where a PIN code is (binary search), or null for a PIN code India Post does not list. */
export function findPin(dir: PinDirectory, pin: string): { city: string; state: State } | null {
  const want = Number(pin);
  let lo = 0;
  let hi = dir.pins.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >>> 1;
    const at = dir.pins[mid] ?? 0;
    if (at === want) {
      return {
        city: dir.cities[dir.cityOf[mid] ?? 0] ?? '',
        state: INDIAN_STATES[dir.stateOf[mid] ?? 0] ?? INDIAN_STATES[0],
      };
    }
    if (at < want) lo = mid + 1;
    else hi = mid - 1;
  }
  return null;
}
