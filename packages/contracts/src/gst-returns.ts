import { z } from 'zod';
import { GST_RATES, GST_STATE_CODES } from './gst.ts';

/*
 * The GST returns Haat files (issue 39), as zod schemas written from the GST portal's GSTR-1 upload format (the
 * offline tool's JSON, GST3.1.6, HSN summary split into B2B and B2C from May 2025) and GSTR-3B's tables 3 and 4. They
 * filter the API's replies, and the tests check every demo month against them with Ajv (through z.toJSONSchema).
 */

const STATE_CODES: [string, ...string[]] = ['97', ...new Set(Object.values(GST_STATE_CODES))];
const stateCode = z.enum(STATE_CODES);
const gstin = z.string().regex(/^[0-9]{2}[A-Z]{5}[0-9]{4}[A-Z][1-9A-Z]Z[0-9A-Z]$/);
/** dd-mm-yyyy */
const gstDate = z.string().regex(/^(0[1-9]|[12][0-9]|3[01])-(0[1-9]|1[0-2])-(20[0-9]{2}|2100)$/);
/**
 * Rupees with at most two decimals: the number is the double nearest to some amount in paise. (Comparing n * 100 with
 * its rounding within 1e-6 refused a month's B2CS total above about ₹4.5 crore: 577420096.42 * 100 is 57742009641.99999.)
 */
const amount = z.number().refine((n) => Number(n.toFixed(2)) === n, 'at most two decimals');
/** GST rates in force (percent). */
const rate = z.number().refine((n) => (GST_RATES as readonly number[]).includes(n), 'not a GST rate');
const docNumber = z.string().regex(/^[A-Za-z0-9/-]{1,16}$/);

const itemDetail = z.object({
  txval: amount,
  rt: rate,
  iamt: amount.optional(),
  camt: amount.optional(),
  samt: amount.optional(),
  csamt: amount,
});
const items = z.array(z.object({ num: z.number().int().min(1), itm_det: itemDetail })).min(1);
const invoice = { inum: docNumber, idt: gstDate, val: amount };
const note = { ntty: z.literal('C'), nt_num: docNumber, nt_dt: gstDate, val: amount };
const hsnRow = z.object({
  num: z.number().int().min(1),
  hsn_sc: z.string().regex(/^([0-9]{4}|[0-9]{6}|[0-9]{8})?$/),
  desc: z.string().max(30),
  uqc: z.string().regex(/^[A-Z]{2,3}$/),
  qty: z.number(),
  rt: rate,
  txval: amount,
  iamt: amount,
  camt: amount,
  samt: amount,
  csamt: amount,
});
const series = z.object({
  num: z.number().int().min(1),
  from: docNumber,
  to: docNumber,
  totnum: z.number().int().min(1),
  cancel: z.number().int().min(0),
  net_issue: z.number().int().min(0),
});

export const gstr1File = z.object({
  gstin,
  fp: z.string().regex(/^(0[1-9]|1[0-2])(20[0-9]{2}|2100)$/),
  version: z.string(),
  hash: z.string(),
  b2b: z.array(
    z.object({
      ctin: gstin,
      inv: z.array(
        z.object({
          ...invoice,
          pos: stateCode,
          rchrg: z.enum(['Y', 'N']),
          inv_typ: z.literal('R'),
          itms: items,
        }),
      ),
    }),
  ),
  b2cl: z.array(z.object({ pos: stateCode, inv: z.array(z.object({ ...invoice, itms: items })) })),
  b2cs: z.array(
    z.object({
      sply_ty: z.enum(['INTRA', 'INTER']),
      pos: stateCode,
      typ: z.literal('OE'),
      ...itemDetail.shape,
    }),
  ),
  cdnr: z.array(
    z.object({
      ctin: gstin,
      nt: z.array(
        z.object({
          ...note,
          pos: stateCode,
          rchrg: z.enum(['Y', 'N']),
          inv_typ: z.literal('R'),
          itms: items,
        }),
      ),
    }),
  ),
  cdnur: z.array(z.object({ typ: z.literal('B2CL'), ...note, pos: stateCode, itms: items })),
  hsn: z.object({ hsn_b2b: z.array(hsnRow), hsn_b2c: z.array(hsnRow) }),
  doc_issue: z.object({
    doc_det: z.array(
      z.object({ doc_num: z.number().int().min(1).max(12), doc_typ: z.string(), docs: z.array(series) }),
    ),
  }),
});
export type Gstr1File = z.infer<typeof gstr1File>;

export const gstr1Preview = z.object({
  file: gstr1File,
  /** What to fix before uploading (lines without an HSN code). */
  problems: z.array(z.string()),
});

const taxes = z.object({ txval: amount, iamt: amount, camt: amount, samt: amount, csamt: amount });
const credit = { iamt: amount, camt: amount, samt: amount, csamt: amount };
const creditRows = <T extends [string, ...string[]]>(types: T) =>
  z.array(z.object({ ty: z.enum(types), ...credit }));
const returnPeriod = z.string().regex(/^(0[1-9]|1[0-2])(20[0-9]{2}|2100)$/);

/**
 * GSTR-3B of a month as the portal's offline tool reads it: 3.1 outward supplies, 3.2 inter-state supplies to
 * unregistered persons, and table 4's eligible input tax credit (4A available by type: imports of goods and of
 * services, reverse charge, input service distributor, all other ITC; 4B reversed; 4C net; 4D ineligible).
 */
export const gstr3bFile = z.object({
  gstin,
  ret_period: returnPeriod,
  sup_details: z.object({ osup_det: taxes, osup_nil_exmp: taxes }),
  inter_sup: z.object({
    unreg_details: z.array(z.object({ pos: stateCode, txval: amount, iamt: amount })),
  }),
  itc_elg: z.object({
    itc_avl: creditRows(['IMPG', 'IMPS', 'ISRC', 'ISD', 'OTH']),
    itc_rev: creditRows(['RUL', 'OTH']),
    itc_net: z.object(credit),
    itc_inelg: creditRows(['RUL', 'OTH']),
  }),
});
export type Gstr3bFile = z.infer<typeof gstr3bFile>;

/** One head's tax (6.1): the credit of each head set off against it, and what is paid in cash. */
const setOffRow = z.object({
  head: z.enum(['IGST', 'CGST', 'SGST']),
  tax: amount,
  from_igst: amount,
  from_cgst: amount,
  from_sgst: amount,
  credit_used: amount,
  cash: amount,
});

/** The file, with what the month's credit pays and what is left in cash, and what was not claimed and why. */
export const gstr3bPreview = gstr3bFile.extend({
  set_off: z.object({
    rows: z.array(setOffRow),
    cash_total: amount,
    /** Credit left over, per head, for the next month. */
    carried_forward: z.object({ igst: amount, cgst: amount, sgst: amount }),
  }),
  /** Input tax not claimed (a bill or expense without a valid GSTIN) and other things to check before filing. */
  problems: z.array(z.string()),
});
export type Gstr3bPreview = z.infer<typeof gstr3bPreview>;
