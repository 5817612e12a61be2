// Issue 18, decision 0017: what server rendering costs the server. A demo shop's home, listing and product page as a
// browser asks for them (its Host, Accept, gzip), from one server with SSR=off (the page as before: index.html with
// the host and the data injected) and one with SSR=on, measured interleaved (off, on, off, on) on one fresh
// PostgreSQL database with the demo seed. Reports per page: req/s, p50/p99, server CPU ms per request, the HTML's
// bytes (raw and gzip), and the render time the server reports (Server-Timing `ssr`, median and p95 of 200
// requests one at a time).
//   npm run bench:ssr (builds first)   BENCH_SECONDS=10 BENCH_ROUNDS=2 BENCH_CONNECTIONS=10
import { type IncomingHttpHeaders, request } from 'node:http';
import { gzipSync } from 'node:zlib';
import {
  freshDatabase,
  machine,
  measure,
  ms,
  percentile,
  type Server,
  seededShop,
  startServer,
} from './bench-kit.ts';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 2);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const DURATION = Number(process.env.BENCH_SECONDS ?? 10);
const SAMPLES = 200;

type Mode = 'off' | 'on';
const get = (url: string, headers: Record<string, string>) =>
  new Promise<{ body: string; headers: IncomingHttpHeaders }>((resolve, reject) => {
    request(url, { headers }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (c: string) => {
        body += c;
      });
      res.on('end', () => resolve({ body, headers: res.headers }));
    })
      .on('error', reject)
      .end();
  });
interface Result {
  rps: number[];
  p50: number[];
  p99: number[];
  cpu: number[];
  load: number[];
}

async function main() {
  const db = await freshDatabase('haat_bench_ssr');
  const servers: Partial<Record<Mode, Server>> = {};
  try {
    const shop = await seededShop(db.url);
    const pages = [
      { name: 'Shop home', path: '/' },
      { name: 'Listing', path: '/products' },
      { name: 'Product page', path: `/product/${shop.product}` },
    ];
    for (const mode of ['off', 'on'] as const)
      servers[mode] = await startServer(db.url, { HOST: '127.0.0.1', SSR: mode });

    const headers = (s: Server) => ({
      host: `${shop.slug}.localhost:${s.port}`,
      accept: 'text/html,application/xhtml+xml',
      'accept-encoding': 'gzip, deflate, br, zstd',
    });
    // Bytes and render times, one request at a time.
    const facts: string[] = [];
    for (const page of pages) {
      for (const mode of ['off', 'on'] as const) {
        const s = servers[mode];
        if (!s) continue;
        const renderMs: number[] = [];
        let html = '';
        for (let i = 0; i < SAMPLES; i++) {
          // node:http, since fetch does not send a Host header of its own.
          const res = await get(`${s.origin}${page.path}`, { ...headers(s), 'accept-encoding': 'identity' });
          html = res.body;
          const dur = /ssr;dur=([\d.]+)/.exec(String(res.headers['server-timing'] ?? ''))?.[1];
          if (dur) renderMs.push(Number(dur));
        }
        renderMs.sort((a, b) => a - b);
        const rendered = /<div id="root">(?!<\/div>)/.test(html);
        facts.push(
          `| ${page.name} | SSR ${mode} | ${(html.length / 1000).toFixed(1)} kB | ${(gzipSync(html, { level: 5 }).length / 1000).toFixed(1)} kB | ${rendered ? 'yes' : 'no'} | ${renderMs.length ? `${ms(percentile(renderMs, 50))} / ${ms(percentile(renderMs, 95))}` : '-'} |`,
        );
      }
    }

    const results = new Map<string, Result>();
    for (let round = 0; round < ROUNDS; round++) {
      for (const page of pages) {
        for (const mode of ['off', 'on'] as const) {
          const s = servers[mode];
          if (!s) continue;
          console.error(`round ${round + 1}: ${page.name}, SSR ${mode}`);
          const m = await measure(
            {
              url: `${s.origin}${page.path}`,
              connections: CONNECTIONS,
              duration: DURATION,
              headers: headers(s),
            },
            { pid: s.pid },
          );
          if (Object.keys(m.statuses).some((code) => code !== '200'))
            throw new Error(`${page.name}: answers ${JSON.stringify(m.statuses)}`);
          const key = `${page.name}|${mode}`;
          const r = results.get(key) ?? { rps: [], p50: [], p99: [], cpu: [], load: [] };
          r.rps.push(m.rps);
          r.p50.push(m.p50);
          r.p99.push(m.p99);
          r.cpu.push(m.cpuMsPerReq ?? Number.NaN);
          r.load.push(m.load);
          results.set(key, r);
        }
      }
    }

    console.log(
      `\n### ${new Date().toISOString().slice(0, 10)}: ${await machine()}; shop ${shop.slug}; ${CONNECTIONS} connections, ${DURATION} s x ${ROUNDS} rounds, interleaved\n`,
    );
    console.log('| Page | Server | req/s | p50 ms | p99 ms | server CPU ms/req | load avg at start |');
    console.log('|---|---|---|---|---|---|---|');
    const list = (xs: number[], f = (n: number) => ms(n)) => xs.map(f).join(' / ');
    for (const page of pages)
      for (const mode of ['off', 'on'] as const) {
        const r = results.get(`${page.name}|${mode}`);
        if (!r) continue;
        console.log(
          `| ${page.name} | SSR ${mode} | ${list(r.rps, (n) => String(Math.round(n)))} | ${list(r.p50)} | ${list(r.p99)} | ${list(r.cpu, (n) => n.toFixed(2))} | ${list(r.load, (n) => n.toFixed(2))} |`,
        );
      }
    console.log('\n| Page | Server | HTML | gzip | #root rendered | render ms (median / p95) |');
    console.log('|---|---|---|---|---|---|');
    for (const f of facts) console.log(f);
  } finally {
    for (const s of Object.values(servers)) await s?.stop();
    await db.drop();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
