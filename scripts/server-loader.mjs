// The server's entry (apps/api/dist/server.mjs is this file with its two constants filled in by server-bundle.mjs).
// It runs the bundle (server.cjs next to it) through V8's code cache, which Node 20 does not keep by itself (Node
// 22's module.enableCompileCache does): the first start compiles the bundle as usual and, once the server listens
// (server.ts emits 'haat:started' on process), saves the compiled code of everything that ran so far; later starts
// load it instead of parsing and compiling 4 MB of JavaScript again (issue 18, decision 0018). The cache file is
// named after the bundle's content hash, so a rebuilt bundle never meets an old cache; V8 itself refuses a cache
// from another Node version or other flags, and then this start writes a fresh one. Where the folder is read-only
// the server starts without a cache.
//
// Stack traces: code run this way is not mapped by --enable-source-maps on Node 20, so frames in the bundle are
// mapped here through its source map (read on the first error formatted, not at start) with Node's own SourceMap.
import { readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createRequire, Module, SourceMap } from 'node:module';
import { basename, dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import vm from 'node:vm';

const BUNDLE = '__BUNDLE__';
const HASH = '__HASH__';
/** A process that never says it started (a command that is not the server) saves its compiled code this late. */
const SAVE_AFTER_MS = 10_000;

const dir = dirname(fileURLToPath(import.meta.url));
const file = join(dir, BUNDLE);
const cacheFile = join(dir, `${BUNDLE}.${HASH}.v8cache`);

let cached;
try {
  cached = readFileSync(cacheFile);
} catch {
  cached = undefined; // the first start of this build, or the cache could not be read
}
const script = new vm.Script(Module.wrap(readFileSync(file, 'utf8')), {
  filename: file,
  cachedData: cached,
});
mapStackTraces();
const fromCache = !!cached && !script.cachedDataRejected;
// How this start got its code, for the server's ready line.
globalThis[Symbol.for('haat.code-cache')] = fromCache ? 'loaded' : 'compiled';
if (!fromCache) saveCodeCacheLater();

const module = { exports: {} };
script.runInThisContext().call(module.exports, module.exports, createRequire(file), module, file, dir);

function saveCodeCacheLater() {
  let saved = false;
  const save = () => {
    if (saved) return;
    saved = true;
    try {
      const tmp = `${cacheFile}.${process.pid}.tmp`;
      writeFileSync(tmp, script.createCachedData());
      renameSync(tmp, cacheFile); // atomic: a second process starting now reads the old file or the new one
      // An earlier build's cache goes; one written after this bundle was built is a newer build's (a rebuild
      // while this process ran) and stays.
      const built = statSync(file).mtimeMs;
      for (const f of readdirSync(dir))
        if (f.startsWith(`${BUNDLE}.`) && f.endsWith('.v8cache') && f !== basename(cacheFile))
          if (statSync(join(dir, f)).mtimeMs < built) rmSync(join(dir, f), { force: true });
    } catch {
      // a read-only folder: every start compiles, as without the cache
    }
  };
  process.once('haat:started', save);
  setTimeout(save, SAVE_AFTER_MS).unref();
}

function mapStackTraces() {
  /** @type {SourceMap | null | undefined} */
  let map;
  const sourceMap = () => {
    if (map === undefined) {
      try {
        map = new SourceMap(JSON.parse(readFileSync(`${file}.map`, 'utf8')));
      } catch {
        map = null;
      }
    }
    return map;
  };
  const location = (frame) => {
    const line = frame.getLineNumber();
    const column = frame.getColumnNumber();
    if (frame.getFileName() !== file || line == null || column == null) return null;
    const entry = sourceMap()?.findEntry(line - 1, column - 1);
    if (!entry?.originalSource) return null;
    const source = resolve(dir, entry.originalSource.replace(/^file:\/\//, ''));
    return {
      from: `${file}:${line}:${column}`,
      to: `${source}:${entry.originalLine + 1}:${entry.originalColumn + 1}`,
    };
  };
  Error.prepareStackTrace = (error, frames) => {
    let head;
    try {
      head = Error.prototype.toString.call(error); // "name: message", as V8 writes it, for any object
    } catch {
      head = 'Error';
    }
    const lines = frames.map((frame) => {
      const text = `${frame}`;
      const mapped = location(frame);
      return `\n    at ${mapped ? text.replace(mapped.from, mapped.to) : text}`;
    });
    return head + lines.join('');
  };
}
