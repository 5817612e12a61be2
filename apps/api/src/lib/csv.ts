import { pipeline, Readable } from 'node:stream';
import { stringify } from 'csv-stringify';
import { stringify as stringifySync } from 'csv-stringify/sync';
import type { FastifyReply } from 'fastify';

/*
 * The one CSV writer of every export (products, orders, transactions, audit trail, GST summary). A text cell that
 * a spreadsheet would run as a formula, one starting with = + - @ a tab or a return, is written with a leading
 * apostrophe (OWASP's CSV injection advice); a plain number (-12.50, +919876543210) stays a number. Files start
 * with a BOM so Excel reads UTF-8.
 */

/** A cell the writer neutralised: its leading apostrophes (if any, from a name that had them) then a trigger. */
const FORMULA = /^'*[=+\-@\t\r]/;
const NUMBER = /^[+-]?\d+(\.\d+)?$/;

/** A cell as the writer puts it in the file. */
export function csvCell(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  return FORMULA.test(value) && !NUMBER.test(value) ? `'${value}` : value;
}

/** What an import reads from a cell the writer neutralised: the apostrophe it added is taken off again. */
export const fromCsvCell = (cell: string) =>
  cell.startsWith("'") && FORMULA.test(cell) ? cell.slice(1) : cell;

const options = (columns?: string[]) => ({ bom: true, header: columns !== undefined, columns });

/** Rows as CSV text; the header row when `columns` are given. */
export const csvText = (rows: unknown[][], { columns }: { columns?: string[] } = {}) =>
  stringifySync(
    rows.map((r) => r.map(csvCell)),
    options(columns),
  );

/**
 * Rows as a CSV stream, written as they arrive. A failure anywhere (a read of the database between batches) ends
 * the stream with that error: the reply's own stream fails, never a stage nobody listens to (an unheard 'error'
 * stops the process, issue 35).
 */
export function csvStream(rows: AsyncIterable<unknown[]>, columns: string[]) {
  const source = Readable.from(
    (async function* () {
      for await (const r of rows) yield r.map(csvCell);
    })(),
  );
  return pipeline(source, stringify(options(columns)), () => {});
}

/**
 * Sends rows as a streamed CSV attachment. Failing before the first bytes, the client gets the error envelope
 * (without the attachment header); failing after, the reply is aborted and the error logged with the request id.
 */
export function sendCsvStream(
  reply: FastifyReply,
  filename: string,
  rows: AsyncIterable<unknown[]>,
  columns: string[],
) {
  const out = csvStream(rows, columns);
  out.once('error', (err) => {
    if (reply.raw.headersSent) {
      reply.log.error(
        { err },
        `CSV export ${filename} failed after its first bytes; the response was aborted`,
      );
    } else {
      // Headers sendStream already put on the response: the error envelope is JSON, not an attachment.
      for (const name of ['content-type', 'content-disposition']) {
        reply.removeHeader(name);
        reply.raw.removeHeader(name);
      }
    }
  });
  return reply
    .header('content-type', 'text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${filename}"`)
    .send(out);
}
