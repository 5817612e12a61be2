import { useCallback, useState } from 'react';

/** Reads a value kept in localStorage; storage can be missing or blocked (private mode), which reads as unset. */
export function readStored(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

export function writeStored(key: string, value: string) {
  try {
    window.localStorage.setItem(key, value);
  } catch {
    // Blocked storage: the choice lasts for this page only.
  }
}

/** A boolean kept in localStorage under `key` (e.g. the collapsed sidebar). */
export function useStoredFlag(key: string, initial = false): [boolean, (next: boolean) => void] {
  const [value, setValue] = useState(() => {
    const raw = readStored(key);
    return raw === null ? initial : raw === 'true';
  });
  const set = useCallback(
    (next: boolean) => {
      setValue(next);
      writeStored(key, String(next));
    },
    [key],
  );
  return [value, set];
}
