/** Reads a dotted field path ('newsletter.heading') from a section config. */
export function getAt(config: unknown, path: string): unknown {
  let cur: unknown = config;
  for (const key of path.split('.')) {
    if (!cur || typeof cur !== 'object') return undefined;
    cur = (cur as Record<string, unknown>)[key];
  }
  return cur;
}

/** A copy of the config with the value at a dotted path replaced (objects on the way are copied). */
export function setAt<T>(config: T, path: string, value: unknown): T {
  const [key, ...rest] = path.split('.');
  if (!key) return config;
  const obj = (config && typeof config === 'object' ? config : {}) as Record<string, unknown>;
  return { ...obj, [key]: rest.length ? setAt(obj[key], rest.join('.'), value) : value } as T;
}
