/**
 * GST on an invoice, in integer paise, computed in this one place for the screen, the PDF and the export
 * (decision 0009). Prices are GST-inclusive; the order's discount comes off the goods before tax; shipping billed
 * with the goods is a composite supply, charged at the highest rate among the goods it carries.
 */

/** GST state codes (the first two digits of a GSTIN), for the place of supply. */
export const GST_STATE_CODES: Record<string, string> = {
  'Jammu and Kashmir': '01',
  'Himachal Pradesh': '02',
  Punjab: '03',
  Chandigarh: '04',
  Uttarakhand: '05',
  Haryana: '06',
  Delhi: '07',
  Rajasthan: '08',
  'Uttar Pradesh': '09',
  Bihar: '10',
  Sikkim: '11',
  'Arunachal Pradesh': '12',
  Nagaland: '13',
  Manipur: '14',
  Mizoram: '15',
  Tripura: '16',
  Meghalaya: '17',
  Assam: '18',
  'West Bengal': '19',
  Jharkhand: '20',
  Odisha: '21',
  Chhattisgarh: '22',
  'Madhya Pradesh': '23',
  Gujarat: '24',
  'Dadra and Nagar Haveli and Daman and Diu': '26',
  Maharashtra: '27',
  Karnataka: '29',
  Goa: '30',
  Lakshadweep: '31',
  Kerala: '32',
  'Tamil Nadu': '33',
  Puducherry: '34',
  'Andaman and Nicobar Islands': '35',
  Telangana: '36',
  'Andhra Pradesh': '37',
  Ladakh: '38',
};

const GSTIN_SHAPE = /^[0-9]{2}[A-Z]{5}[0-9]{4}[A-Z][1-9A-Z]Z[0-9A-Z]$/;
const CHARS = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';

/** The GSTIN check digit (its 15th character) from the first 14, as GSTN computes it. */
export function gstinCheckDigit(first14: string) {
  let sum = 0;
  for (let i = 0; i < 14; i++) {
    const v = CHARS.indexOf(first14[i] ?? '');
    const p = v * (i % 2 === 0 ? 1 : 2);
    sum += Math.floor(p / 36) + (p % 36);
  }
  return CHARS[(36 - (sum % 36)) % 36] ?? '0';
}

/** Whether a GSTIN has the right shape, a real state code and the right check digit. */
export function isValidGstin(gstin: string) {
  if (!GSTIN_SHAPE.test(gstin)) return false;
  if (!Object.values(GST_STATE_CODES).includes(gstin.slice(0, 2)) && gstin.slice(0, 2) !== '97') return false;
  return gstinCheckDigit(gstin.slice(0, 14)) === gstin[14];
}

export interface TaxLineInput {
  name: string;
  hsn: string | null;
  /** Null on a credit note for a value only (no goods came back): it prints no quantity and no rate. */
  quantity: number | null;
  unit: string;
  /** GST-inclusive price per unit, paise (a value-only credit note: the whole line's GST-inclusive value). */
  unitPricePaise: number;
  /** GST rate in percent (0, 5, 18, 40 ...), from the product. */
  ratePercent: number;
}

export interface TaxLine {
  name: string;
  /** HSN code of goods, or SAC of a service (shipping, the cash-on-delivery fee). */
  hsn: string | null;
  /** True for a service line (shipping, COD fee): its code is a SAC. */
  service?: boolean;
  quantity: number | null;
  unit: string;
  ratePercent: number;
  /** Price per unit before GST and discount (null on a value-only line): quantity x rate - discount = taxable. */
  unitRatePaise: number | null;
  /** The line's amount: taxable value plus its tax. */
  grossPaise: number;
  /** The discount before GST. */
  discountPaise: number;
  taxablePaise: number;
  cgstPaise: number;
  sgstPaise: number;
  igstPaise: number;
}

export interface TaxBreakup {
  lines: TaxLine[];
  /** Totals over the lines (the shipping line included). */
  taxablePaise: number;
  cgstPaise: number;
  sgstPaise: number;
  igstPaise: number;
  /**
   * What the buyer paid less the lines' amounts (taxable + tax), a few paise either way: prices include GST,
   * and the tax of each line is worked out from its taxable value and rounded. Printed as "Round off".
   */
  roundOffPaise: number;
  /** What the buyer paid: taxable + tax + round off. */
  totalPaise: number;
  intraState: boolean;
}

/**
 * The GST rates the GST portal takes (CGST Rate notifications as amended for GST 2.0 from 22 September 2025: 5, 18
 * and 40 for most goods, 12 and 28 still on the older notifications, and the special rates for precious stones,
 * gold and job work). A product's rate is one of them.
 */
export const GST_RATES = [0, 0.1, 0.25, 1, 1.5, 3, 5, 6, 7.5, 12, 18, 28, 40] as const;
export const isGstRate = (n: number) => (GST_RATES as readonly number[]).includes(n);

/** SAC of the services billed with the goods (decision 0027): courier and delivery of the goods sold. */
export const SHIPPING_SAC = '996812';
/** SAC of the cash-on-delivery fee, billed as part of the same delivery service. */
export const COD_FEE_SAC = '996812';

/** Splits `amount` over `weights` in proportion, in whole paise, the remainders to the largest fractions. */
export function apportion(amount: number, weights: number[]): number[] {
  const total = weights.reduce((a, b) => a + b, 0);
  if (total <= 0 || amount === 0) return weights.map(() => 0);
  const exact = weights.map((w) => (amount * w) / total);
  const out = exact.map(Math.floor);
  let left = amount - out.reduce((a, b) => a + b, 0);
  const order = exact.map((e, i) => ({ i, f: e - Math.floor(e) })).sort((a, b) => b.f - a.f || a.i - b.i);
  for (const { i } of order) {
    if (left <= 0) break;
    out[i] = (out[i] ?? 0) + 1;
    left -= 1;
  }
  return out;
}

/**
 * THE rounding rule of the platform (screen, PDF, CSV, GSTR-1 and e-invoice files all read its results):
 * half away from zero to the paisa.
 */
export const roundPaise = (x: number) => Math.sign(x) * Math.round(Math.abs(x) + 1e-9);

/** A GST-inclusive amount without its GST, to the paisa. */
export const withoutGst = (inclusive: number, rate: number) => roundPaise((inclusive * 100) / (100 + rate));

/**
 * The tax on a taxable value: within the state, CGST and SGST each at half the rate and each rounded, so they are
 * always equal; to another state, IGST at the whole rate.
 */
export function taxOn(taxable: number, rate: number, intraState: boolean) {
  if (!intraState) return { cgst: 0, sgst: 0, igst: roundPaise((taxable * rate) / 100) };
  const half = roundPaise((taxable * rate) / 200);
  return { cgst: half, sgst: half, igst: 0 };
}

/**
 * The GST on a supplier's bill or an expense (one figure, as recorded) by head, for the input tax credit: from a
 * supplier in the shop's state CGST and SGST, two halves that add up to the tax exactly (an odd paisa goes to CGST);
 * from another state all of it IGST. The tax is whole paise and never negative (the tables' checks).
 */
export function taxHeadsOf(taxPaise: number, intraState: boolean) {
  if (!Number.isSafeInteger(taxPaise) || taxPaise < 0)
    throw new RangeError(`GST must be whole paise, not negative: ${taxPaise}`);
  if (!intraState) return { cgst: 0, sgst: 0, igst: taxPaise };
  const cgst = Math.ceil(taxPaise / 2);
  return { cgst, sgst: taxPaise - cgst, igst: 0 };
}

/**
 * One line: the unit rate is the GST-inclusive price without GST, the discount (GST-inclusive share of the
 * order's) likewise; taxable = quantity x rate - discount, the tax on it; a value-only line has no rate.
 */
function taxLine(l: TaxLineInput, discountInclusive: number, intraState: boolean): TaxLine {
  const unitRate = l.quantity == null ? null : withoutGst(l.unitPricePaise, l.ratePercent);
  const value = unitRate == null ? withoutGst(l.unitPricePaise, l.ratePercent) : unitRate * (l.quantity ?? 0);
  const discount = withoutGst(discountInclusive, l.ratePercent);
  const taxable = value - discount;
  const t = taxOn(taxable, l.ratePercent, intraState);
  return {
    name: l.name,
    hsn: l.hsn,
    quantity: l.quantity,
    unit: l.unit,
    ratePercent: l.ratePercent,
    unitRatePaise: unitRate,
    grossPaise: taxable + t.cgst + t.sgst + t.igst,
    discountPaise: discount,
    taxablePaise: taxable,
    cgstPaise: t.cgst,
    sgstPaise: t.sgst,
    igstPaise: t.igst,
  };
}

/**
 * The GST of an order: each goods line's taxable value after its share of the discount, the shipping (and a
 * cash-on-delivery fee) each as a service line at the highest goods rate (a composite supply), CGST and SGST within
 * the shop's state, IGST to another state, and the round off that makes the total exactly what the buyer paid.
 */
export function computeGst(input: {
  lines: TaxLineInput[];
  discountPaise: number;
  shippingPaise: number;
  /** The cash-on-delivery fee, taxed like shipping. */
  codFeePaise?: number;
  intraState: boolean;
}): TaxBreakup {
  const values = input.lines.map((l) => l.unitPricePaise * (l.quantity ?? 1));
  const goodsValue = values.reduce((a, b) => a + b, 0);
  const discount = Math.min(input.discountPaise, goodsValue);
  const discounts = apportion(discount, values);
  const lines = input.lines.map((l, i) => taxLine(l, discounts[i] ?? 0, input.intraState));
  // Shipping, and the cash-on-delivery fee taxed like it, as lines of their own at the highest goods rate.
  const rate = Math.max(0, ...input.lines.map((l) => l.ratePercent));
  const charges: [string, string, number][] = [
    ['Shipping (with the goods)', SHIPPING_SAC, input.shippingPaise],
    ['Cash on delivery fee', COD_FEE_SAC, input.codFeePaise ?? 0],
  ];
  for (const [name, sac, grossPaise] of charges) {
    if (grossPaise <= 0) continue;
    const line = taxLine(
      { name, hsn: sac, quantity: null, unit: '', unitPricePaise: grossPaise, ratePercent: rate },
      0,
      input.intraState,
    );
    lines.push({ ...line, service: true });
  }
  const sum = (k: 'taxablePaise' | 'cgstPaise' | 'sgstPaise' | 'igstPaise' | 'grossPaise') =>
    lines.reduce((a, l) => a + l[k], 0);
  const totalPaise =
    goodsValue - discount + Math.max(0, input.shippingPaise) + Math.max(0, input.codFeePaise ?? 0);
  return {
    lines,
    taxablePaise: sum('taxablePaise'),
    cgstPaise: sum('cgstPaise'),
    sgstPaise: sum('sgstPaise'),
    igstPaise: sum('igstPaise'),
    roundOffPaise: totalPaise - sum('grossPaise'),
    totalPaise,
    intraState: input.intraState,
  };
}

/**
 * The GST inside an order's price before its invoice exists (the cart's "Includes GST", the order's tax): the
 * invoice's own rule, so the figure the shopper sees is the one the invoice charges. A shop without a GSTIN
 * charges none; the cart, not knowing the shipping state yet, estimates within the shop's state.
 */
export function gstIncluded(input: {
  lines: { unitPricePaise: number; quantity: number; ratePercent: number }[];
  discountPaise: number;
  shippingPaise: number;
  codFeePaise?: number;
  intraState: boolean;
  registered: boolean;
}) {
  const b = computeGst({
    ...input,
    lines: input.lines.map((l) => ({
      name: '',
      hsn: null,
      unit: '',
      quantity: l.quantity,
      unitPricePaise: l.unitPricePaise,
      ratePercent: input.registered ? l.ratePercent : 0,
    })),
  });
  return b.cgstPaise + b.sgstPaise + b.igstPaise;
}

const ONES = [
  '',
  'One',
  'Two',
  'Three',
  'Four',
  'Five',
  'Six',
  'Seven',
  'Eight',
  'Nine',
  'Ten',
  'Eleven',
  'Twelve',
  'Thirteen',
  'Fourteen',
  'Fifteen',
  'Sixteen',
  'Seventeen',
  'Eighteen',
  'Nineteen',
];
const TENS = ['', '', 'Twenty', 'Thirty', 'Forty', 'Fifty', 'Sixty', 'Seventy', 'Eighty', 'Ninety'];

function belowHundred(n: number) {
  if (n < 20) return ONES[n] ?? '';
  return `${TENS[Math.floor(n / 10)]}${n % 10 ? ` ${ONES[n % 10]}` : ''}`;
}
function belowThousand(n: number) {
  const h = Math.floor(n / 100);
  const r = n % 100;
  return [h ? `${ONES[h]} Hundred` : '', r ? belowHundred(r) : ''].filter(Boolean).join(' ');
}

/** A whole number in words in the Indian system: 1,23,45,678 is One Crore Twenty Three Lakh ... */
export function numberInWords(n: number): string {
  if (n === 0) return 'Zero';
  const crore = Math.floor(n / 10_000_000);
  const lakh = Math.floor((n % 10_000_000) / 100_000);
  const thousand = Math.floor((n % 100_000) / 1000);
  const rest = n % 1000;
  return [
    crore ? `${numberInWords(crore)} Crore` : '',
    lakh ? `${belowHundred(lakh)} Lakh` : '',
    thousand ? `${belowHundred(thousand)} Thousand` : '',
    rest ? belowThousand(rest) : '',
  ]
    .filter(Boolean)
    .join(' ');
}

/** An amount in paise in words: "Rupees One Thousand Two Hundred and Fifty Paise Only". */
export function rupeesInWords(paise: number) {
  const rupees = Math.floor(paise / 100);
  const p = paise % 100;
  return `Rupees ${numberInWords(rupees)}${p ? ` and ${belowHundred(p)} Paise` : ''} Only`;
}

/** The Indian financial year (April to March) of a moment, as "2026-27", in IST. */
export function financialYear(at: Date) {
  const ist = new Date(at.getTime() + 5.5 * 3600_000);
  const y = ist.getUTCFullYear();
  const start = ist.getUTCMonth() >= 3 ? y : y - 1;
  return `${start}-${String((start + 1) % 100).padStart(2, '0')}`;
}

/** A document number of a series: INV/26-27/00001 (at most 16 characters of letters, digits, '-' and '/'). */
export function documentNumber(prefix: 'INV' | 'BOS' | 'CN', fy: string, seq: number) {
  return `${prefix}/${fy.slice(2)}/${String(seq).padStart(5, '0')}`;
}
