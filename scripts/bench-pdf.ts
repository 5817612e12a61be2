// `npx tsx scripts/bench-pdf.ts`: an invoice PDF with Indian scripts (issue 39: <= 150 ms and <= 150 kB). Renders
// a tax invoice from a snapshot in-process, without a database: once with Latin names only and once with a line
// in each of eight scripts (Devanagari, Bengali, Gurmukhi, Gujarati, Tamil, Telugu, Kannada, Malayalam) and the
// buyer in Devanagari. For each: the first document in a fresh process after warmPdf (what the first invoice
// after a start costs; the Indian fonts are parsed then), the first without warmPdf, then wall clock and CPU per
// document over BENCH_RUNS (default 50), and the size. Each case runs in a child process of its own.
import { execFileSync } from 'node:child_process';
import { buildTaxSnapshot, type TaxLineInput } from '@haat/contracts';
import { percentile } from './bench-kit.ts';

const INDIC = [
  'मसाला चाय 250 g',
  'দার্জিলিং চা পাতা',
  'ਪੰਜਾਬੀ ਚਾਹ ਮਸਾਲਾ',
  'ગુજરાતી ચા મસાલો',
  'தமிழ் மஞ்சள் தூள்',
  'తెలుగు కారం పొడి',
  'ಕನ್ನಡ ಕಾಫಿ ಪುಡಿ',
  'മലയാളം ചായപ്പൊടി',
];
const LATIN = [
  'Masala Chai 250 g',
  'Darjeeling Tea Leaves',
  'Punjabi Chai Masala',
  'Gujarati Tea Masala',
  'Turmeric Powder',
  'Guntur Chilli Powder',
  'Coorg Coffee Powder',
  'Kerala Tea Dust',
];

function snapshot(indic: boolean) {
  const lines: TaxLineInput[] = (indic ? INDIC : LATIN).map((name, i) => ({
    name,
    hsn: i % 2 ? '0902' : '0910',
    quantity: 1 + (i % 3),
    unit: 'pcs',
    unitPricePaise: 24_900 + i * 5_000,
    ratePercent: 5,
  }));
  return buildTaxSnapshot({
    kind: 'INVOICE',
    number: 'INV/2026-27/000042',
    issuedAt: new Date('2026-11-29T06:00:00Z'),
    shop: {
      storeName: 'Chai Sutra',
      legalName: 'Chai Sutra Traders',
      gstin: '19ABCDE1234F1Z5',
      address: ['Ground Floor, 18B Park Street', 'Kolkata, West Bengal 700016'],
      state: 'West Bengal',
    },
    buyer: {
      name: indic ? 'रवि क्षत्रिय' : 'Ravi Kumar',
      address: [indic ? '14 ಕನ್ನಡ ರಸ್ತೆ' : '14 Residency Road', 'Bengaluru, Karnataka 560025', 'India'],
      state: 'Karnataka',
      phone: '9876543210',
    },
    orderNumber: 'ORD-1042',
    paymentMethod: 'UPI',
    lines,
    discountPaise: 5_000,
    shippingPaise: 4_900,
  });
}

/** One case, in this (child) process: prints its measurements as JSON. */
async function child(indic: boolean, warm: boolean) {
  const { warmPdf } = await import('../apps/api/src/lib/pdf.ts');
  const { taxDocumentPdf } = await import('../apps/api/src/modules/payments/document-pdf.ts');
  const s = snapshot(indic);
  const w0 = performance.now();
  if (warm) await warmPdf();
  const warmMs = performance.now() - w0;
  const t0 = performance.now();
  const first = await taxDocumentPdf(s);
  const firstMs = performance.now() - t0;
  const wall: number[] = [];
  let cpu = 0;
  let bytes = first.length;
  for (let i = 0; i < Number(process.env.BENCH_RUNS ?? 50); i++) {
    const u0 = process.cpuUsage();
    const started = performance.now();
    bytes = (await taxDocumentPdf(s)).length;
    wall.push(performance.now() - started);
    const u = process.cpuUsage(u0);
    cpu += (u.user + u.system) / 1000;
  }
  wall.sort((a, b) => a - b);
  const r = (n: number) => Math.round(n * 10) / 10;
  console.log(
    JSON.stringify({
      warmMs: r(warmMs),
      firstMs: r(firstMs),
      p50: r(percentile(wall, 50)),
      p95: r(percentile(wall, 95)),
      cpu: r(cpu / wall.length),
      kB: r(bytes / 1024),
    }),
  );
}

const [mode, warm] = process.argv.slice(2);
if (mode === 'latin' || mode === 'indic') await child(mode === 'indic', warm === 'warm');
else {
  for (const m of ['latin', 'indic'])
    for (const w of ['warm', 'cold']) {
      const out = execFileSync('npx', ['tsx', 'scripts/bench-pdf.ts', m, w], { encoding: 'utf8' });
      console.log(`${m.padEnd(5)} ${w === 'warm' ? 'after warmPdf' : 'no warmPdf   '} ${out.trim()}`);
    }
}
