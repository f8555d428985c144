import { describe, expect, it } from 'vitest';
import { csvCell, toCsv } from './csv.ts';

/** A small RFC 4180 reader, to check the writer's output round-trips. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      row.push(cell);
      cell = '';
    } else if (c === '\r' && text[i + 1] === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
      i++;
    } else cell += c;
  }
  if (cell || row.length) {
    row.push(cell);
    rows.push(row);
  }
  return rows;
}

describe('CSV writer', () => {
  it('quotes commas, quotes and line breaks so every cell reads back exactly', () => {
    const cells = ['plain', 'a, b', 'say "hi"', 'line one\nline two', 'cr\r\nlf', '', ' padded ', 'ünïcödé ✓'];
    const csv = toCsv(
      ['h'],
      cells.map((c) => [c]),
    );
    expect(csv.startsWith('\uFEFF')).toBe(true);
    expect(parseCsv(csv.slice(1)).map((r) => r[0])).toEqual(['h', ...cells]);
  });

  it('writes a header, CRLF row ends and empty cells for null', () => {
    expect(
      toCsv(
        ['a', 'b'],
        [
          [1, null],
          [true, undefined],
        ],
      ),
    ).toBe('\uFEFFa,b\r\n1,\r\ntrue,\r\n');
  });

  it.each([
    ['=HYPERLINK("http://evil.example","click")', `"'=HYPERLINK(""http://evil.example"",""click"")"`],
    ['+1 555 0100', "'+1 555 0100"],
    ['-2+3', "'-2+3"],
    ['@SUM(A1:A2)', "'@SUM(A1:A2)"],
    ['\t=1', "'\t=1"],
    ['\r=1', `"'\r=1"`],
    ['a=1', 'a=1'],
  ])('defuses a spreadsheet formula in %j', (value, cell) => {
    expect(csvCell(value)).toBe(cell);
  });

  it('leaves numbers and dates as they are', () => {
    expect(csvCell(-5)).toBe('-5');
    expect(csvCell(new Date('2025-07-18T10:00:00Z'))).toBe('2025-07-18T10:00:00.000Z');
  });
});
