import { describe, expect, it } from 'vitest';
import { parseImport, recordStartLines } from './parse-import';
import { defuseFormula as guardCell, restoreDefused as unguardCell } from '~/lib/csv';

describe('the products CSV', () => {
  it('reads the header in any letter case, after a BOM, and refuses an unknown column by name', () => {
    const parsed = parseImport('\ufeff SKU ,Price,STOCK\r\nab-123,12.5,4\r\n');
    expect(parsed.fileError).toBeUndefined();
    expect(parsed.fields).toEqual(['price', 'stock']);
    expect(parsed.rows).toEqual([{ line: 2, sku: 'AB-123', values: { price: 1250, stock: 4 } }]);
    expect(parseImport('sku,price,colour\nAB-1,1.00,red\n').fileError).toContain('Unknown column "colour"');
    expect(parseImport('price\n1.00\n').fileError).toContain('needs a "sku" column');
    expect(parseImport('sku,category\nAB-1,mobility\n').fileError).toContain('go together');
    expect(parseImport('sku,sku\nAB-1,AB-1\n').fileError).toContain('appears twice');
    expect(parseImport('').fileError).toContain('empty');
  });

  it('names the line a record starts on, LF or CRLF, with cells over several lines and empty lines', () => {
    for (const eol of ['\n', '\r\n']) {
      const text = ['sku,name', 'AB-1,"two', 'lines"', '', 'AB-2,"one ""quoted"""', 'AB-3,x'].join(eol);
      expect(recordStartLines(text)).toEqual([1, 2, 5, 6]);
      expect(parseImport(`sku,price${eol}AB-1,1.00${eol}${eol}AB-1,x`).refused).toEqual([
        { line: 4, sku: 'AB-1', reason: 'The SKU AB-1 is already on line 2.' },
      ]);
    }
  });

  it('refuses each bad cell with its column, and a row of the wrong width', () => {
    const parsed = parseImport('sku,price,published,stock\nAB-1,1.005,maybe,-1\nAB-2,1.00\n');
    expect(parsed.refused).toEqual([
      {
        line: 2,
        sku: 'AB-1',
        reason:
          'price: Enter the price in dollars, such as 129.99; published: Write yes or no; stock: Enter the stock as a whole number of units',
      },
      { line: 3, sku: 'AB-2', reason: 'This row has 2 cells; the header has 4.' },
    ]);
  });

  it('guards cells a spreadsheet would run as formulas, and reads them back as they were', () => {
    for (const text of ['=SUM(A1)', '+1', '-5% off', '@cmd', '\tx']) {
      expect(guardCell(text)).toBe(`'${text}`);
      expect(unguardCell(guardCell(text))).toBe(text);
    }
    expect(guardCell('Walker')).toBe('Walker');
    expect(unguardCell("'quoted")).toBe("'quoted");
  });
});
