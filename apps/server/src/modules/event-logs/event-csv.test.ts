import { describe, expect, it } from 'vitest';
import { csvCell, csvLine } from './event-csv.js';

describe('csvCell', () => {
  it('leaves plain text and numbers as they are, and null empty', () => {
    expect(csvCell('shop.example.com')).toBe('shop.example.com');
    expect(csvCell(0.25)).toBe('0.25');
    expect(csvCell(null)).toBe('');
  });

  it('quotes commas, quotes, line breaks and edge spaces, doubling quotes', () => {
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('one\r\ntwo')).toBe('"one\r\ntwo"');
    expect(csvCell(' padded')).toBe('" padded"');
  });

  it('writes a cell a spreadsheet would run as a formula as text', () => {
    expect(csvCell('=1+2')).toBe("'=1+2");
    expect(csvCell('+cmd')).toBe("'+cmd");
    expect(csvCell('-2+3')).toBe("'-2+3");
    expect(csvCell('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvCell('\tx')).toBe("'\tx");
    expect(csvCell('=HYPERLINK("x")')).toBe(`"'=HYPERLINK(""x"")"`);
    expect(csvCell('a=b')).toBe('a=b');
    // The store's own "not cacheable" is no formula: it once came out as '- on every such row.
    expect(csvCell('-')).toBe('-');
    expect(csvCell('--')).toBe("'--");
  });

  it('ends a line with CRLF', () => {
    expect(csvLine(['a', 1, null])).toBe('a,1,\r\n');
  });
});
