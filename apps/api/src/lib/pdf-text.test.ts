import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { newPdf, pdfText, pdfTextHeight } from './pdf.ts';
import { scriptRuns } from './pdf-text.ts';

/*
 * pdfText (issue 39): text in India's scripts wraps, aligns and is cut with an ellipsis inside its box as pdfkit
 * does it for Latin. Where each word landed is read back from the PDF with pdftotext -bbox.
 */

beforeAll(async () => {
  await newPdf('fonts load'); // pdfkit and fontkit load with the first document
});

interface Word {
  text: string;
  xMin: number;
  xMax: number;
  yMin: number;
}
/** Every word pdftotext finds on the first page, with its box in points. */
function wordsOf(pdf: Buffer): Word[] {
  const dir = mkdtempSync(join(tmpdir(), 'haat-pdf-text-'));
  writeFileSync(join(dir, 'doc.pdf'), pdf);
  const html = execFileSync('pdftotext', ['-bbox', '-f', '1', '-l', '1', join(dir, 'doc.pdf'), '-'], {
    encoding: 'utf8',
  });
  rmSync(dir, { recursive: true });
  return [
    ...html.matchAll(/<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="[\d.]+">([^<]*)<\/word>/g),
  ].map((m) => ({ text: m[4] ?? '', xMin: Number(m[1]), yMin: Number(m[2]), xMax: Number(m[3]) }));
}

/** How many lines the words stand on: tops within 4 pt are one line (each font has its own glyph boxes). */
const lineCount = (words: Word[]) =>
  words
    .map((w) => w.yMin)
    .sort((a, b) => a - b)
    .filter((y, i, ys) => i === 0 || y - (ys[i - 1] ?? y) > 4).length;

async function draw(paint: (doc: PDFKit.PDFDocument) => void) {
  const { doc, bytes } = await newPdf('pdf-text');
  doc.addPage();
  paint(doc);
  doc.end();
  return wordsOf(await bytes);
}

describe('pdfText', () => {
  it('splits text into runs by script; spaces, figures and Latin go to the base font', () => {
    expect(scriptRuns('मसाला Chai ₹50 ਪੰਜਾਬੀ।')).toEqual([
      { script: 'devanagari', text: 'मसाला' },
      { script: null, text: ' Chai ₹50 ' },
      { script: 'gurmukhi', text: 'ਪੰਜਾਬੀ।' },
    ]);
    expect(scriptRuns('Plain text')).toEqual([{ script: null, text: 'Plain text' }]);
  });

  it('wraps a long name in its column between words, each line within the box, the height as drawn', async () => {
    const name = 'असम की कड़क चाय पत्ती Assam CTC परिवार पैक';
    const box = { font: 'body', size: 10, x: 100, y: 100, width: 90 } as const;
    let height = 0;
    const words = await draw((doc) => {
      height = pdfTextHeight(doc, name, box);
      pdfText(doc, name, box);
      pdfText(doc, 'नीचे', { ...box, y: 100 + height });
    });
    expect(lineCount(words.filter((w) => w.text !== 'नीचे'))).toBeGreaterThanOrEqual(3);
    for (const w of words) {
      expect(w.xMin).toBeGreaterThanOrEqual(99.5);
      expect(w.xMax).toBeLessThanOrEqual(190.5);
    }
    // Every word of the name is read back whole (no word split across lines), and what follows starts below it.
    for (const w of ['असम', 'की', 'चाय', 'Assam', 'CTC', 'पैक']) expect(words.map((x) => x.text)).toContain(w);
    const below = words.find((w) => w.text === 'नीचे');
    const last = Math.max(...words.filter((w) => w.text !== 'नीचे').map((w) => w.yMin));
    expect(below?.yMin).toBeGreaterThan(last);
  });

  it('aligns right to the box’s edge and cuts what does not fit its height with an ellipsis', async () => {
    const words = await draw((doc) => {
      pdfText(doc, 'தமிழ் மஞ்சள் 100 g', { font: 'bold', size: 10, x: 100, y: 100, width: 200, align: 'right' });
      const long = 'ಕನ್ನಡ ಕಾಫಿ ಪುಡಿ ಕನ್ನಡ ಕಾಫಿ ಪುಡಿ ಕನ್ನಡ ಕಾಫಿ ಪುಡಿ ಕನ್ನಡ ಕಾಫಿ ಪುಡಿ';
      pdfText(doc, long, { font: 'body', size: 8, x: 100, y: 200, width: 80, height: 10, ellipsis: true });
    });
    const right = words.filter((w) => w.yMin < 150);
    expect(Math.max(...right.map((w) => w.xMax))).toBeCloseTo(300, 0);
    const cut = words.filter((w) => w.yMin > 150);
    expect(lineCount(cut)).toBe(1);
    expect(cut.map((w) => w.text).join(' ')).toMatch(/…$/);
    for (const w of cut) expect(w.xMax).toBeLessThanOrEqual(180.5);
  });
});
