import { GST_STATE_CODES, gstinCheckDigit, withoutGst } from '@haat/contracts';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../client.ts';
import { rowsOf, withStore } from '../context.ts';
import { stores } from '../schema/platform.ts';
import { storeLocations } from '../schema/tenant.ts';
import { expenses } from '../schema/whole-shop.ts';
import { between, random } from './random.ts';

/*
 * A year of a demo shop's expenses (issue 38), so its profit and loss has something to subtract: each of the last
 * 12 months (this one so far) has rent, salaries, electricity, internet and phone, courier bills, packaging, bank
 * charges, and now and then marketing, repairs or travel, with the GST in them where a business would be charged
 * it (18 % on services, rent from a registered landlord), and the payee's GSTIN where the payee is registered, so
 * GSTR-3B claims that GST; the packaging bought for cash has GST but no GSTIN (3B lists it as not claimed).
 * Deterministic per shop (its slug), about 100 rows, and written once: a shop that has any expense is left alone.
 */

type Method = (typeof expenses.$inferInsert)['method'];
interface Line {
  category: string;
  day: number;
  rupees: number;
  /** GST rate included in the amount (0: none). */
  rate: number;
  payee: string;
  gstin?: string;
  method: Method;
  description: string;
}

const gstin = (first14: string) => `${first14}${gstinCheckDigit(first14)}`;
const COURIER = gstin('07AAGCD9372M1Z');
const ADS = gstin('29AACCF5678Q1Z');
/** Registered in the shop's own state (rent is taxed where the shop is): CGST and SGST on their bills. */
const localPayees = (code: string) => ({
  landlord: gstin(`${code}AAPFR4821K1Z`),
  telecom: gstin(`${code}AAACB2894G1Z`),
  bank: gstin(`${code}AAACH4321B1Z`),
});

/** One month's lines for a shop of `size` (1 small to 3 busy), from the shop's random source. */
function monthLines(
  rnd: () => number,
  size: number,
  month: number,
  local: ReturnType<typeof localPayees>,
): Line[] {
  const rent = 6_000 + size * 3_000;
  const lines: Line[] = [
    {
      category: 'Rent',
      day: 1,
      rupees: rent,
      rate: 18,
      payee: 'Rao Properties',
      gstin: local.landlord,
      method: 'BANK',
      description: 'Shop rent',
    },
    {
      category: 'Salaries and wages',
      day: 1,
      rupees: 5_000 * size + between(rnd, 0, 4) * 500,
      rate: 0,
      payee: 'Staff salaries',
      method: 'BANK',
      description: 'Monthly salaries',
    },
    {
      category: 'Electricity',
      day: 8 + between(rnd, 0, 4),
      rupees: between(rnd, 1_400, 2_600 + size * 900),
      rate: 0,
      payee: 'State electricity board',
      method: 'UPI',
      description: 'Electricity bill',
    },
    {
      category: 'Internet and phone',
      day: 5,
      rupees: 1_179,
      rate: 18,
      payee: 'Airtel Business',
      gstin: local.telecom,
      method: 'UPI',
      description: 'Broadband and phone',
    },
    {
      category: 'Courier and shipping',
      day: 15,
      rupees: between(rnd, 4, 12) * 100 * size,
      rate: 18,
      payee: 'Delhivery',
      gstin: COURIER,
      method: 'BANK',
      description: 'Courier bill, first half',
    },
    {
      category: 'Courier and shipping',
      day: 28,
      rupees: between(rnd, 4, 12) * 100 * size,
      rate: 18,
      payee: 'Delhivery',
      gstin: COURIER,
      method: 'BANK',
      description: 'Courier bill, second half',
    },
    {
      category: 'Packaging',
      day: 10 + between(rnd, 0, 10),
      rupees: between(rnd, 6, 18) * 100,
      rate: 18,
      payee: 'Boxwala Packaging',
      method: 'CASH',
      description: 'Cartons and tape',
    },
    {
      category: 'Bank charges',
      day: 27,
      rupees: between(rnd, 80, 320) + 0.5 * between(rnd, 0, 1),
      rate: 18,
      payee: 'HDFC Bank',
      gstin: local.bank,
      method: 'BANK',
      description: 'Account and UPI charges',
    },
  ];
  if (month % 3 === 0)
    lines.push({
      category: 'Marketing',
      day: 20,
      rupees: between(rnd, 15, 40) * 100,
      rate: 18,
      payee: 'Meta Ads',
      gstin: ADS,
      method: 'CARD',
      description: 'Instagram ads',
    });
  if (rnd() < 0.3)
    lines.push({
      category: 'Repairs',
      day: between(rnd, 2, 26),
      rupees: between(rnd, 4, 25) * 100,
      rate: 0,
      payee: 'Local electrician',
      method: 'CASH',
      description: 'Shop repairs',
    });
  if (rnd() < 0.25)
    lines.push({
      category: 'Travel',
      day: between(rnd, 2, 26),
      rupees: between(rnd, 3, 12) * 100,
      rate: 0,
      payee: 'Auto and train',
      method: 'CASH',
      description: 'Market visit for stock',
    });
  return lines;
}

const IST = 5.5 * 3_600_000;

/** Writes a year of expenses for one demo shop, once; returns how many rows it wrote. */
export async function seedDemoExpenses(db: Db, storeId: string, now: Date): Promise<number> {
  const [shop] = await db.select({ slug: stores.slug }).from(stores).where(eq(stores.id, storeId));
  if (!shop) return 0;
  return withStore(db, storeId, async (tx) => {
    const [any] = rowsOf<{ n: number }>(
      await tx.execute(sql`select count(*)::int as n from expenses where store_id = ${storeId}`),
    );
    if (Number(any?.n ?? 0) > 0) return 0;
    const rnd = random(`expenses:${shop.slug}`);
    const [where] = await tx
      .select({ state: storeLocations.state })
      .from(storeLocations)
      .where(eq(storeLocations.storeId, storeId));
    const payees = localPayees(GST_STATE_CODES[where?.state ?? ''] ?? '27');
    const size = 1 + (between(rnd, 0, 99) % 3);
    const local = new Date(now.getTime() + IST);
    const today = local.toISOString().slice(0, 10);
    const rows = Array.from({ length: 12 }, (_, i) => {
      const first = new Date(Date.UTC(local.getUTCFullYear(), local.getUTCMonth() - 11 + i, 1));
      return monthLines(rnd, size, first.getUTCMonth(), payees).map((l) => {
        const spentOn = new Date(first.getTime() + (l.day - 1) * 86_400_000).toISOString().slice(0, 10);
        const amountPaise = Math.round(l.rupees * 100);
        return {
          storeId,
          category: l.category,
          spentOn,
          amountPaise,
          gstPaise: l.rate ? amountPaise - withoutGst(amountPaise, l.rate) : 0,
          payee: l.payee,
          payeeGstin: l.gstin ?? null,
          description: l.description,
          method: l.method,
        };
      });
    })
      .flat()
      .filter((r) => r.spentOn <= today);
    if (rows.length) await tx.insert(expenses).values(rows);
    return rows.length;
  });
}
