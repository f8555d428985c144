import { Readable } from 'node:stream';
import { escapeHtml } from '@assay/shared';
import { ZipFile } from 'yazl';

/** One column of a sheet: its header, its width in characters, and how to read a row's cell. */
export interface XlsxColumn<T> {
  header: string;
  width: number;
  value: (row: T) => string | number | boolean | null;
}

/**
 * A one-sheet .xlsx written as its rows arrive: the workbook's fixed parts, then the sheet's XML
 * a page at a time, deflated into the zip as the reader takes it (yazl, as the data export). Memory
 * holds one page, however many rows (docs/decisions/183-operator-exports-stream.md). Cells are
 * inline strings, numbers and booleans (no shared-string table, which would have to be held
 * whole until the end); the header row is bold and frozen.
 *
 * `finished(count, complete)` runs once: when the last row is written, or when the download is
 * abandoned or fails (complete false). It must not throw (the caller logs its own failures).
 */
export function xlsxStream<T>(
  sheetName: string,
  columns: XlsxColumn<T>[],
  pages: AsyncIterable<T[]>,
  finished: (count: number, complete: boolean) => Promise<void>,
): Readable {
  const zip = new ZipFile();
  const mtime = new Date();
  for (const [name, xml] of Object.entries(fixedParts(sheetName))) zip.addBuffer(Buffer.from(xml), name, { mtime });

  let count = 0;
  let reported = false;
  const report = (complete: boolean) => {
    if (reported) return Promise.resolve();
    reported = true;
    return finished(count, complete);
  };
  async function* sheet() {
    let complete = false;
    try {
      yield sheetStart(columns);
      let r = 2;
      for await (const page of pages) {
        count += page.length;
        yield page
          .map((row) =>
            rowXml(
              r++,
              columns.map((c) => c.value(row)),
            ),
          )
          .join('');
      }
      yield '</sheetData></worksheet>';
      complete = true;
    } finally {
      await report(complete);
    }
  }
  const rows = Readable.from(sheet());
  zip.addReadStream(rows, 'xl/worksheets/sheet1.xml', { mtime });
  zip.end();
  const out = zip.outputStream as Readable;
  // A read error ends the download unfinished. An abandoned download stops the reading; it is
  // reported here too, as the sheet may not have been started (the zip writes its fixed parts
  // first), and a generator that never ran has no finally to run.
  rows.once('error', (err) => out.destroy(err));
  out.once('close', () => {
    rows.destroy();
    void report(false);
  });
  return out;
}

/** Column letters: 0 → A, 25 → Z, 26 → AA. */
function columnName(i: number): string {
  let s = '';
  for (let n = i + 1; n > 0; n = Math.floor((n - 1) / 26)) s = String.fromCharCode(65 + ((n - 1) % 26)) + s;
  return s;
}

// Characters XML 1.0 cannot carry at all (C0 controls but tab, newline, return; lone surrogates; U+FFFE/F).
const NOT_XML =
  // eslint-disable-next-line no-control-regex -- matching control characters is the point
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;
const escapeXml = (s: string) => escapeHtml(s.replace(NOT_XML, ''));

/** A cell: a string is an inline string (never a formula), a number a number. Empty cells are left out. */
function cellXml(ref: string, v: string | number | boolean | null, style = ''): string {
  if (v === null || v === '') return '';
  if (typeof v === 'number') return Number.isFinite(v) ? `<c r="${ref}"${style}><v>${v}</v></c>` : '';
  if (typeof v === 'boolean') return `<c r="${ref}"${style} t="b"><v>${v ? 1 : 0}</v></c>`;
  // Excel holds at most 32,767 characters in a cell.
  return `<c r="${ref}"${style} t="inlineStr"><is><t xml:space="preserve">${escapeXml(v.slice(0, 32_767))}</t></is></c>`;
}

const rowXml = (r: number, values: (string | number | boolean | null)[], style = '') =>
  `<row r="${r}">${values.map((v, i) => cellXml(`${columnName(i)}${r}`, v, style)).join('')}</row>`;

function sheetStart<T>(columns: XlsxColumn<T>[]) {
  const cols = columns.map((c, i) => `<col min="${i + 1}" max="${i + 1}" width="${c.width}" customWidth="1"/>`).join('');
  return (
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n' +
    '<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">' +
    '<sheetViews><sheetView workbookViewId="0"><pane ySplit="1" topLeftCell="A2" activePane="bottomLeft" state="frozen"/></sheetView></sheetViews>' +
    `<cols>${cols}</cols><sheetData>` +
    rowXml(
      1,
      columns.map((c) => c.header),
      ' s="1"',
    )
  );
}

/** Everything but the sheet: content types, relationships, the workbook and its styles (cell style 1 is bold). */
function fixedParts(sheetName: string): Record<string, string> {
  const head = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';
  // Sheet names: at most 31 characters, none of []:*?/\ .
  const name = escapeXml(sheetName.replace(/[[\]:*?/\\]/g, ' ').slice(0, 31));
  return {
    '[Content_Types].xml':
      `${head}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">` +
      '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
      '<Default Extension="xml" ContentType="application/xml"/>' +
      '<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>' +
      '<Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>' +
      '<Override PartName="/xl/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/>' +
      '</Types>',
    '_rels/.rels':
      `${head}<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">` +
      '<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/>' +
      '</Relationships>',
    'xl/workbook.xml':
      `${head}<workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" ` +
      'xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships">' +
      `<sheets><sheet name="${name}" sheetId="1" r:id="rId1"/></sheets></workbook>`,
    'xl/_rels/workbook.xml.rels':
      `${head}<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">` +
      '<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/>' +
      '<Relationship Id="rId2" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/styles" Target="styles.xml"/>' +
      '</Relationships>',
    'xl/styles.xml':
      `${head}<styleSheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">` +
      '<fonts count="2"><font><sz val="11"/><name val="Calibri"/></font><font><b/><sz val="11"/><name val="Calibri"/></font></fonts>' +
      '<fills count="2"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill></fills>' +
      '<borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders>' +
      '<cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs>' +
      '<cellXfs count="2"><xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/>' +
      '<xf numFmtId="0" fontId="1" fillId="0" borderId="0" xfId="0" applyFont="1"/></cellXfs>' +
      '<cellStyles count="1"><cellStyle name="Normal" xfId="0" builtinId="0"/></cellStyles>' +
      '</styleSheet>',
  };
}
