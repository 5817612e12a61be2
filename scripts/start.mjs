// `npm start`: builds the web app when its build is missing or older than its sources, then starts the server.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

const webDir = 'apps/web';
const built = join(webDir, 'dist/index.html');

function newestMtime(dir) {
  if (!statSync(dir).isDirectory()) return statSync(dir).mtimeMs;
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const p = join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(p) : statSync(p).mtimeMs);
  }
  return newest;
}

const stale = (output, sources) =>
  !existsSync(output) || statSync(output).mtimeMs < Math.max(...sources.map(newestMtime));
const run = (args) => {
  const r = spawnSync(args[0], args.slice(1), { stdio: 'inherit' });
  if (r.status !== 0) process.exit(r.status ?? 1);
};

if (
  stale(built, [
    join(webDir, 'src'),
    join(webDir, 'public'),
    join(webDir, 'index.html'),
    'packages/contracts/src',
  ])
) {
  console.log('Building the web app…');
  run(['npm', 'run', 'build', '-w', '@haat/web']);
}
const serverBundle = 'apps/api/dist/server.mjs';
// The bundling scripts too: the entry (server-loader.mjs) is written from them.
if (
  stale(serverBundle, [
    'apps/api/src',
    'packages/contracts/src',
    'packages/db/src',
    'scripts/server-bundle.mjs',
    'scripts/server-loader.mjs',
    'scripts/build-server.mjs',
  ]) ||
  !existsSync('apps/api/dist/supervisor.mjs')
) {
  console.log('Building the server…');
  run([process.execPath, 'scripts/build-server.mjs']);
}

// The supervisor starts the server's workers and starts one again if it dies (apps/api/src/supervisor.ts).
const server = spawn(process.execPath, ['apps/api/dist/supervisor.mjs'], {
  stdio: 'inherit',
  env: process.env,
});
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => server.kill(sig));
server.on('exit', (code) => process.exit(code ?? 0));
