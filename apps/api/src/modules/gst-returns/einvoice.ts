import {
  type EinvoiceFile,
  GST_STATE_CODES,
  paiseToRupees,
  type TaxDocumentSnapshot,
  type TaxLine,
} from '@haat/contracts';
import { uqcOf } from './gstr1.ts';

/*
 * The e-invoice of an issued B2B invoice (issue 39) in the IRP's format INV-01 version 1.1
 * (docs/gst/einvoice-inv01-v1.1.schema.json), from the document's snapshot alone: the figures printed on the invoice.
 * Pure. Amounts stay in paise until each figure is written, in rupees with two decimals, by `rupees` below.
 */

/** Paise to rupees with two decimals: the one conversion of the file. */
const rupees = paiseToRupees;

/** dd/mm/yyyy of a moment in India. */
export const einvoiceDate = (iso: string) => {
  const ist = new Date(new Date(iso).getTime() + 5.5 * 3600_000).toISOString();
  return `${ist.slice(8, 10)}/${ist.slice(5, 7)}/${ist.slice(0, 4)}`;
};

/** The portal's text fields take no double quote or backslash. */
const clean = (s: string, max: number) => s.replace(/["\\]/g, "'").replace(/\s+/g, ' ').trim().slice(0, max);

const STATE_NAMES = new Set(Object.keys(GST_STATE_CODES).map((s) => s.toLowerCase()));
const PIN = /\b([1-9][0-9]{5})\b/;

/**
 * An address's PIN code, place (the town before the state and PIN) and the lines before it, from its lines as the
 * snapshot keeps them ("Shop 12, MG Road, Jaipur, Rajasthan 302001"). Null when it has no PIN code.
 */
export function addressParts(lines: string[]) {
  const parts = lines.flatMap((l) => l.split(',')).map((p) => p.trim());
  let at = -1;
  for (let i = parts.length - 1; i >= 0 && at < 0; i--) if (PIN.test(parts[i] ?? '')) at = i;
  if (at < 0) return null;
  const pin = Number(PIN.exec(parts[at] ?? '')?.[1]);
  const bare = (p: string) => {
    const rest = p.replace(PIN, '').trim();
    return STATE_NAMES.has(rest.toLowerCase()) ? '' : rest;
  };
  let loc = at;
  while (loc >= 0 && bare(parts[loc] ?? '').length < 3) loc--;
  const place = loc >= 0 ? bare(parts[loc] ?? '') : '';
  const before = parts.slice(0, Math.max(loc, 0)).filter(Boolean).join(', ');
  return { pin, loc: place, addr1: before || place };
}

/** What an e-invoice needs that the invoice lacks, named for the merchant; empty when the file can be written. */
export function einvoiceGaps(s: TaxDocumentSnapshot): string[] {
  const gaps: string[] = [];
  if (s.kind !== 'INVOICE') gaps.push('an e-invoice is written for a tax invoice only');
  if (!s.seller.gstin) gaps.push("the shop's GSTIN");
  const seller = addressParts(s.seller.address);
  if (!seller?.loc || !seller.pin) gaps.push("the shop's PIN code and town in its address");
  if (!s.buyer.gstin) gaps.push("the buyer's GSTIN (a B2C invoice has no e-invoice)");
  if (clean((s.billTo ?? s.buyer).name, 100).length < 3)
    gaps.push("the buyer's legal name (3 characters or more)");
  const buyer = addressParts((s.billTo ?? s.buyer).address);
  if (!buyer?.pin) gaps.push("the buyer's PIN code in the address");
  else if (!buyer.loc) gaps.push("the buyer's town in the address");
  const noHsn = s.breakup.lines.filter((l) => !/^([0-9]{4}|[0-9]{6}|[0-9]{8})$/.test(l.hsn ?? ''));
  if (noHsn.length) gaps.push(`an HSN code on ${noHsn.map((l) => `"${l.name}"`).join(', ')}`);
  return gaps;
}

/** One line of the invoice as an item: quantity x unit price - discount = taxable value, and its tax. */
function item(l: TaxLine, i: number) {
  const service = !!l.service || l.quantity == null;
  const gross = l.taxablePaise + l.discountPaise;
  const unitPaise = l.quantity ? (l.unitRatePaise ?? gross / l.quantity) : gross;
  const desc = clean(l.name, 300);
  return {
    SlNo: String(i + 1),
    ...(desc.length >= 3 ? { PrdDesc: desc } : {}),
    IsServc: l.service ? ('Y' as const) : ('N' as const),
    HsnCd: l.hsn ?? '',
    ...(service ? {} : { Qty: l.quantity ?? 0, Unit: uqcOf(l.unit, false) }),
    // The unit rate to three decimals, as the format allows (a whole number of paise on every current snapshot).
    UnitPrice: Math.round(unitPaise * 10) / 1000,
    TotAmt: rupees(gross),
    Discount: rupees(l.discountPaise),
    AssAmt: rupees(l.taxablePaise),
    GstRt: l.ratePercent,
    IgstAmt: rupees(l.igstPaise),
    CgstAmt: rupees(l.cgstPaise),
    SgstAmt: rupees(l.sgstPaise),
    TotItemVal: rupees(l.grossPaise),
  };
}

function party(p: { name: string; address: string[]; gstin: string }, stcd: string, locMax: number) {
  const a = addressParts(p.address);
  return {
    Gstin: p.gstin,
    LglNm: clean(p.name, 100),
    Addr1: clean(a?.addr1 ?? '', 100),
    Loc: clean(a?.loc ?? '', locMax),
    Pin: a?.pin ?? 0,
    Stcd: stcd,
  };
}

/** The INV-01 JSON of a B2B invoice; call einvoiceGaps first (this writes whatever the snapshot has). */
export function buildEinvoice(s: TaxDocumentSnapshot): EinvoiceFile {
  const b = s.breakup;
  const buyerGstin = s.buyer.gstin ?? '';
  const seller = party(
    { ...s.seller, name: s.seller.legalName, gstin: s.seller.gstin ?? '' },
    s.seller.stateCode,
    50,
  );
  const tradeName = clean(s.seller.name, 100);
  return {
    Version: '1.1',
    TranDtls: { TaxSch: 'GST', SupTyp: 'B2B', RegRev: 'N', IgstOnIntra: 'N' },
    DocDtls: { Typ: 'INV', No: s.number, Dt: einvoiceDate(s.issuedAt) },
    SellerDtls: {
      ...seller,
      ...(tradeName.length >= 3 && tradeName !== seller.LglNm ? { TrdNm: tradeName } : {}),
    },
    // The buyer is where its GSTIN is registered (its first two digits); the place of supply is where the goods go.
    BuyerDtls: {
      ...party({ ...(s.billTo ?? s.buyer), gstin: buyerGstin }, buyerGstin.slice(0, 2), 100),
      Pos: s.placeOfSupply.code,
    },
    ItemList: b.lines.map(item),
    ValDtls: {
      AssVal: rupees(b.taxablePaise),
      CgstVal: rupees(b.cgstPaise),
      SgstVal: rupees(b.sgstPaise),
      IgstVal: rupees(b.igstPaise),
      RndOffAmt: rupees(b.roundOffPaise),
      TotInvVal: rupees(b.totalPaise),
    },
  };
}
