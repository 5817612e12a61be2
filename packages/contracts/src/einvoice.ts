import { z } from 'zod';

/*
 * The e-invoice of a B2B invoice (issue 39): the JSON the Invoice Registration Portal (IRP) takes, in the format of
 * FORM GST INV-01 version 1.1 (docs/gst/einvoice-inv01-v1.1.schema.json holds its JSON schema, written from the
 * published field table), and what the IRP gives back for it, which the merchant enters: the IRN, the
 * acknowledgement number and date, and the signed QR code.
 */

const yn = z.enum(['Y', 'N']);
const party = {
  Gstin: z.string(),
  LglNm: z.string(),
  TrdNm: z.string().optional(),
  Addr1: z.string(),
  Addr2: z.string().optional(),
  Loc: z.string(),
  Pin: z.number().int(),
  Stcd: z.string(),
};

/** The e-invoice JSON as Haat writes it (the sections a shop selling B2B fills). */
export const einvoiceFile = z.object({
  Version: z.literal('1.1'),
  TranDtls: z.object({
    TaxSch: z.literal('GST'),
    SupTyp: z.literal('B2B'),
    RegRev: yn,
    IgstOnIntra: yn,
  }),
  DocDtls: z.object({ Typ: z.enum(['INV', 'CRN', 'DBN']), No: z.string(), Dt: z.string() }),
  SellerDtls: z.object(party),
  BuyerDtls: z.object({ ...party, Pos: z.string() }),
  ItemList: z.array(
    z.object({
      SlNo: z.string(),
      PrdDesc: z.string().optional(),
      IsServc: yn,
      HsnCd: z.string(),
      Qty: z.number().optional(),
      Unit: z.string().optional(),
      UnitPrice: z.number(),
      TotAmt: z.number(),
      Discount: z.number(),
      AssAmt: z.number(),
      GstRt: z.number(),
      IgstAmt: z.number(),
      CgstAmt: z.number(),
      SgstAmt: z.number(),
      TotItemVal: z.number(),
    }),
  ),
  ValDtls: z.object({
    AssVal: z.number(),
    CgstVal: z.number(),
    SgstVal: z.number(),
    IgstVal: z.number(),
    RndOffAmt: z.number(),
    TotInvVal: z.number(),
  }),
});
export type EinvoiceFile = z.infer<typeof einvoiceFile>;

export const einvoiceQuery = z.object({ document_id: z.uuid('document_id must be a document id') });

/** The acknowledgement date as the IRP returns it (AckDt, "2026-12-07 14:05:00", India time), or with a T. */
const ACK_DATE = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2})(?::(\d{2}))?$/;

/** The moment of an acknowledgement date (India time), or null when it is no real date and time. */
export function ackDateToUtc(s: string): Date | null {
  const m = ACK_DATE.exec(s.trim());
  if (!m) return null;
  const [y, mo, d, h, mi, sec] = m.slice(1).map((x) => Number(x ?? 0)) as number[];
  const utc = Date.UTC(y ?? 0, (mo ?? 1) - 1, d, h, mi, sec);
  const back = new Date(utc);
  if (back.getUTCMonth() !== (mo ?? 1) - 1 || back.getUTCDate() !== d || (h ?? 0) > 23 || (mi ?? 0) > 59)
    return null;
  return new Date(utc - 5.5 * 3600_000);
}

/** What the IRP returned for the invoice, as the merchant enters it. */
export const irnBody = z.object({
  irn: z
    .string()
    .trim()
    .regex(/^[0-9a-f]{64}$/, 'The IRN is 64 characters, digits and the letters a to f (lower case)'),
  ack_no: z
    .string()
    .trim()
    .regex(/^[0-9]{1,20}$/, 'The acknowledgement number is up to 20 digits'),
  ack_date: z
    .string()
    .trim()
    .refine(
      (s) => ackDateToUtc(s) !== null,
      'The acknowledgement date as the IRP gives it: yyyy-mm-dd hh:mm:ss (India time)',
    ),
  signed_qr: z
    .string()
    .trim()
    .min(1, 'Paste the signed QR code the IRP returned')
    .max(2500, 'The signed QR code is at most 2500 characters')
    .regex(
      /^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/,
      'The signed QR code is the signed JWT the IRP returned (three parts separated by dots)',
    ),
});
export type IrnBody = z.infer<typeof irnBody>;
