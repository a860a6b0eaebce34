// The streamed CSV/XLSX exporter (table-export.ts) on a bare Fastify app: the files' bytes, a
// large table, and a client that goes away in the middle.
import ExcelJS from 'exceljs';
import Fastify, { type FastifyInstance } from 'fastify';
import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { csvCell, datedFilename, sendTable, type Cell, type ExportFormat } from './table-export.ts';

const BOM = '\ufeff';
let app: FastifyInstance | undefined;
afterEach(async () => {
  await app?.close();
  app = undefined;
});

/** An app whose GET /export?format= answers `rows()` as a file named `name`. */
async function exporter(rows: () => AsyncIterable<readonly Cell[]> | Iterable<readonly Cell[]>, name = 'students-2025-01-31', columns = ['Имя', 'Email', 'Баллы', 'Дата']) {
  app = Fastify({ logger: false });
  app.get('/export', async (request, reply) => sendTable(reply, { format: (request.query as { format: ExportFormat }).format, filename: name, columns, rows: rows(), sheet: 'Ученики' }));
  await app.ready();
  return app;
}

const when = new Date('2025-01-31T10:20:30.000Z');
const sample: Cell[][] = [
  ['Мария Иванова', 'maria@example.com', 12, when],
  ['Пётр, "Петя"\nПетров', 'petr@example.com', 3.5, null],
  ['=HYPERLINK("http://x")', '+375 29 123-45-67', 0, undefined],
];

async function readXlsx(body: Buffer): Promise<unknown[][]> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(body as unknown as ArrayBuffer);
  const sheet = workbook.worksheets[0]!;
  const rows: unknown[][] = [];
  sheet.eachRow({ includeEmpty: false }, (row) => rows.push((row.values as unknown[]).slice(1)));
  return rows;
}

describe('csvCell', () => {
  it('writes empty cells, numbers, moments and text, defusing formulas but not phone numbers', () => {
    expect([null, undefined, 0, 2.5, true, when].map(csvCell)).toEqual(['', '', '0', '2.5', 'true', '2025-01-31T10:20:30.000Z']);
    expect(['=1+1', '+SUM(A1)', '-2+3', '@cmd', '\tx', 'обычный'].map(csvCell)).toEqual(["'=1+1", "'+SUM(A1)", "'-2+3", "'@cmd", "'\tx", 'обычный']);
    expect(['+375 29 123-45-67', '-12.5', '+7 (900) 000-00-00'].map(csvCell)).toEqual(['+375 29 123-45-67', '-12.5', '+7 (900) 000-00-00']);
  });
});

describe('sendTable', () => {
  it('answers CSV in UTF-8 with a BOM, the header first, quoted as RFC 4180 says', async () => {
    const res = await (await exporter(() => sample)).inject({ method: 'GET', url: '/export?format=csv' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe('attachment; filename="students-2025-01-31.csv"');
    expect(res.headers['cache-control']).toBe('no-store');
    const text = res.rawPayload.toString('utf8');
    expect(text.startsWith(BOM)).toBe(true);
    expect(text.slice(1)).toBe(
      [
        'Имя,Email,Баллы,Дата',
        'Мария Иванова,maria@example.com,12,2025-01-31T10:20:30.000Z',
        '"Пётр, ""Петя""\nПетров",petr@example.com,3.5,',
        `"'=HYPERLINK(""http://x"")",+375 29 123-45-67,0,`,
        '',
      ].join('\n'),
    );
  });

  it('answers XLSX that reads back with its header, texts, numbers and dates', async () => {
    const res = await (await exporter(() => sample)).inject({ method: 'GET', url: '/export?format=xlsx' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(res.headers['content-disposition']).toBe('attachment; filename="students-2025-01-31.xlsx"');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    expect(workbook.worksheets[0]!.name).toBe('Ученики');
    expect(workbook.worksheets[0]!.getRow(1).font).toMatchObject({ bold: true });
    expect(await readXlsx(res.rawPayload)).toEqual([
      ['Имя', 'Email', 'Баллы', 'Дата'],
      ['Мария Иванова', 'maria@example.com', 12, when],
      // A formula's text stays text in XLSX (a string cell is never evaluated).
      ['Пётр, "Петя"\nПетров', 'petr@example.com', 3.5],
      ['=HYPERLINK("http://x")', '+375 29 123-45-67', 0],
    ]);
  });

  it('streams a large table from an async source', async () => {
    async function* rows() {
      for (let i = 0; i < 20_000; i += 1) yield [`Ученик ${i}`, `s${i}@example.com`, i, when];
    }
    const server = await exporter(rows);
    const csv = await server.inject({ method: 'GET', url: '/export?format=csv' });
    const lines = csv.rawPayload.toString('utf8').trimEnd().split('\n');
    expect(lines).toHaveLength(20_001);
    expect(lines[20_000]).toBe('Ученик 19999,s19999@example.com,19999,2025-01-31T10:20:30.000Z');
    const xlsx = await readXlsx((await server.inject({ method: 'GET', url: '/export?format=xlsx' })).rawPayload);
    expect(xlsx).toHaveLength(20_001);
    expect(xlsx[20_000]).toEqual(['Ученик 19999', 's19999@example.com', 19999, when]);
  });

  it('keeps the file name ASCII', async () => {
    const res = await (await exporter(() => [], 'ученики 2025/01')).inject({ method: 'GET', url: '/export?format=csv' });
    expect(res.headers['content-disposition']).toBe('attachment; filename="________2025_01.csv"');
    expect(res.rawPayload.toString('utf8')).toBe(`${BOM}Имя,Email,Баллы,Дата\n`);
  });

  it('names a dated export', () => {
    expect(datedFilename('students', when)).toBe('students-2025-01-31');
  });

  for (const format of ['csv', 'xlsx'] as const) {
    it(`lets go of a started generator of rows when the answer ends before asking for a row (${format})`, async () => {
      const state = { closed: false };
      async function* rows() {
        try {
          for (;;) yield ['строка'];
        } finally {
          state.closed = true;
        }
      }
      const source = rows();
      // A route reads the first batch before it answers (a failing statement is then an error answer).
      await source.next();
      let body: NodeJS.ReadableStream | undefined;
      const reply = {
        log: { error: () => undefined },
        type: () => reply,
        header: () => reply,
        send: (payload: NodeJS.ReadableStream) => ((body = payload), reply),
      };
      sendTable(reply as never, { format, filename: 'x', columns: ['Имя'], rows: source });
      (body as unknown as { destroy(): void }).destroy();
      await vi.waitFor(() => expect(state.closed).toBe(true));
    });

    it(`stops reading rows when the client goes away (${format})`, async () => {
      const state = { produced: 0, closed: false };
      async function* endless() {
        try {
          for (;;) {
            state.produced += 1;
            yield [`Ученик ${state.produced}`, 'x@example.com', state.produced, when];
            // A batch read from the database: the writing waits here now and then.
            if (state.produced % 500 === 0) await new Promise((resolve) => setImmediate(resolve));
          }
        } finally {
          state.closed = true;
        }
      }
      const server = await exporter(endless);
      await server.listen({ port: 0, host: '127.0.0.1' });
      const { port } = server.server.address() as AddressInfo;
      await new Promise<void>((resolve, reject) => {
        const req = httpRequest({ host: '127.0.0.1', port, path: `/export?format=${format}` }, (res) => {
          expect(res.statusCode).toBe(200);
          res.once('data', () => {
            req.destroy();
            resolve();
          });
        });
        req.on('error', () => undefined);
        req.once('error', reject);
        req.end();
      });
      await vi.waitFor(() => expect(state.closed).toBe(true), { timeout: 10_000 });
    });
  }
});
