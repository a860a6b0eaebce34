import { stringify } from 'csv-stringify';
import type { FastifyBaseLogger, FastifyReply } from 'fastify';
import { PassThrough, Readable, pipeline } from 'node:stream';
import { Type } from 'typebox';

/**
 * Tables exported as files (issue 13: every statistics table to CSV and XLSX, 100,000 rows): the
 * rows come from an async iterable (a database cursor read in batches) and go out as they are
 * made, pulled by the client's reading, so no export holds all its rows in memory.
 */

export const EXPORT_FORMATS = ['csv', 'xlsx'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

/** The `format` query parameter of an export route. */
export const ExportFormatParam = Type.Enum([...EXPORT_FORMATS], { description: 'csv (UTF-8 с BOM, запятые) или xlsx' });
/** The success response of an export route, for the OpenAPI document. */
export const ExportFile = Type.Unknown({ description: 'Файл CSV или XLSX (Content-Disposition: attachment), передаётся потоком' });

/** A cell: text, a number, a moment (an XLSX date cell; ISO 8601 in CSV) or empty. */
export type Cell = string | number | boolean | Date | null | undefined;

export interface TableExport {
  format: ExportFormat;
  /** The file's name without its extension; anything but ASCII letters, digits, '.', '_' and '-' becomes '_'. */
  filename: string;
  /** The header row. */
  columns: readonly string[];
  rows: AsyncIterable<readonly Cell[]> | Iterable<readonly Cell[]>;
  /** The XLSX sheet's name (at most 31 characters). */
  sheet?: string;
}

const CONTENT_TYPES: Record<ExportFormat, string> = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

/** `<base>-YYYY-MM-DD` (UTC), the usual name of an export made at `now`. */
export const datedFilename = (base: string, now: Date): string => `${base}-${now.toISOString().slice(0, 10)}`;

/**
 * Answers with the table as a file, streamed. Call as `return sendTable(reply, …)` from a handler.
 * A failure while rows are being read ends the download early (the status line is gone by then)
 * and is logged; a client that goes away stops the reading, which closes the rows' iterator.
 */
export function sendTable(reply: FastifyReply, table: TableExport): FastifyReply {
  const name = `${table.filename.replace(/[^A-Za-z0-9._-]/g, '_')}.${table.format}`;
  const body = table.format === 'csv' ? csvStream(table, reply.log) : xlsxStream(table, reply.log);
  // A generator of rows (holding a database cursor) is let go however the answer ends, even when
  // the client left before its first row was asked for.
  const rows = table.rows as { return?: () => unknown };
  if (typeof rows.return === 'function') {
    body.once('close', () => {
      try {
        void Promise.resolve(rows.return!()).catch(() => undefined);
      } catch {
        // A generator running right now ends by itself when its next row finds the stream gone.
      }
    });
  }
  return reply
    .type(CONTENT_TYPES[table.format])
    .header('content-disposition', `attachment; filename="${name}"`)
    .header('cache-control', 'no-store')
    .header('x-content-type-options', 'nosniff')
    .send(body);
}

// A text Excel or LibreOffice would run as a formula (=, +, -, @, a tab or a return first) gets a
// leading apostrophe in CSV, unless it is a plain number or phone number ("+375 29 123-45-67").
const FORMULA_START = /^[=+\-@\t\r]/;
const PLAIN_NUMBER = /^[+-]?[0-9][0-9 ().-]*$/;

/** A cell as CSV text. */
export function csvCell(value: Cell): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return value.toISOString();
  if (typeof value !== 'string') return String(value);
  return FORMULA_START.test(value) && !PLAIN_NUMBER.test(value) ? `'${value}` : value;
}

function csvStream(table: TableExport, log: FastifyBaseLogger): PassThrough {
  const out = new PassThrough();
  // The BOM makes Excel read the file as UTF-8 (Cyrillic names); the header is the first record.
  const csv = stringify({ bom: true });
  async function* records() {
    yield table.columns.map(csvCell);
    for await (const row of table.rows) yield row.map(csvCell);
  }
  pipeline(Readable.from(records()), csv, out, (error) => {
    if (error && error.code !== 'ERR_STREAM_PREMATURE_CLOSE') log.error({ err: error }, 'table export failed');
  });
  return out;
}

/** Resolves once `out` can take more, or is gone. */
function drained(out: PassThrough): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      out.off('drain', done);
      out.off('close', done);
      resolve();
    };
    out.on('drain', done);
    out.on('close', done);
  });
}

function xlsxStream(table: TableExport, log: FastifyBaseLogger): PassThrough {
  const out = new PassThrough();
  void writeXlsx(table, out).catch((error: unknown) => {
    log.error({ err: error }, 'table export failed');
    out.destroy(error instanceof Error ? error : new Error(String(error)));
  });
  return out;
}

/** Rows written between two looks at the output's backpressure. */
const XLSX_CHECK_EVERY = 200;

async function writeXlsx(table: TableExport, out: PassThrough): Promise<void> {
  // exceljs is large (0.6 s to load): only exports load it.
  const { default: ExcelJS } = await import('exceljs');
  // Inline strings: a shared-strings table would keep every distinct text in memory until the end.
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useSharedStrings: false, useStyles: true });
  const sheet = workbook.addWorksheet((table.sheet ?? 'Лист1').replace(/[[\]*?:/\\]/g, ' ').slice(0, 31));
  const header = sheet.addRow([...table.columns]);
  header.font = { bold: true };
  header.commit();
  let written = 0;
  for await (const cells of table.rows) {
    if (out.destroyed) return;
    const row = sheet.addRow(cells.map((cell) => (cell === undefined ? null : cell)));
    cells.forEach((cell, index) => {
      if (cell instanceof Date) row.getCell(index + 1).numFmt = 'yyyy-mm-dd hh:mm';
    });
    row.commit();
    // exceljs does not wait for its stream: the writing waits while the client is behind.
    if ((written += 1) % XLSX_CHECK_EVERY === 0 && out.writableNeedDrain) await drained(out);
  }
  if (out.destroyed) return;
  sheet.commit();
  await workbook.commit();
}
