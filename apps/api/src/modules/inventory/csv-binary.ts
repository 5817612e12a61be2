/*
 * A file that is not text at all (a picture, a PDF, an Excel workbook) sent to the CSV import: what it looks like,
 * so the merchant is told "This file is not a CSV: …" rather than about a character in the body (issue 42).
 */

const KINDS: [string[], string][] = [
  [['PK\u0003\u0004'], 'it is an Excel workbook or another zipped file'],
  [['%PDF'], 'it is a PDF'],
  [['\uFFFDPNG', '\uFFFD\uFFFD\uFFFD', 'GIF8', 'RIFF'], 'it is a picture'],
];

/** Why a body read as text is not a CSV (binary content), or null when it is text. */
export function notCsvReason(text: string): string | null {
  const head = text.slice(0, 4096);
  const replaced = head.match(/\uFFFD/g)?.length ?? 0;
  if (!head.includes('\u0000') && replaced * 100 <= head.length) return null;
  const kind =
    KINDS.find(([starts]) => starts.some((p) => head.startsWith(p)))?.[1] ?? 'it holds binary data, not text';
  return `This file is not a CSV: ${kind}. Save the sheet as "CSV (comma delimited)" and choose that file.`;
}
