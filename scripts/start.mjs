// `npm start`: builds the web app when its build is missing or older than its sources, then starts the server.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

const webDir = 'apps/web';
const built = join(webDir, 'dist/index.html');

function newestMtime(dir) {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const p = join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(p) : statSync(p).mtimeMs);
  }
  return newest;
}

const sources = [join(webDir, 'src'), join(webDir, 'public'), 'packages/contracts/src'];
const sourceTime = Math.max(statSync(join(webDir, 'index.html')).mtimeMs, ...sources.map(newestMtime));
if (!existsSync(built) || statSync(built).mtimeMs < sourceTime) {
  console.log('Building the web app…');
  const r = spawnSync('npm', ['run', 'build', '-w', '@haat/web'], { stdio: 'inherit' });
  if (r.status !== 0) process.exit(r.status ?? 1);
}

const server = spawn(process.execPath, ['--import', 'tsx', 'apps/api/src/server.ts'], {
  stdio: 'inherit',
  env: process.env,
});
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => server.kill(sig));
server.on('exit', (code) => process.exit(code ?? 0));
