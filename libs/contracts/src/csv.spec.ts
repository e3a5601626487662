import { csvCell, csvLine } from './csv.js';

describe('CSV cells', () => {
  it.each([
    ['=SUM(A1:A9)', "'=SUM(A1:A9)"],
    ['+1 555', "'+1 555"],
    ['-rm', "'-rm"],
    ['@cmd', "'@cmd"],
    ['\tTab', "'\tTab"],
  ])('writes %j, which a spreadsheet would run, as text', (value, cell) => {
    expect(csvCell(value)).toBe(cell);
  });

  it('keeps numbers, plain text and empty values as they are', () => {
    expect([-5, '-1.5', 0, '春季锁屏', null, undefined].map(csvCell)).toEqual([
      '-5',
      '-1.5',
      '0',
      '春季锁屏',
      '',
      '',
    ]);
  });

  it('quotes separators, quotes and line breaks, also after neutralising a formula', () => {
    expect(csvLine(['TM-6, AF-5', 'say "hi"', 'two\nlines', '=A1,B1'])).toBe(
      '"TM-6, AF-5","say ""hi""","two\nlines","\'=A1,B1"\r\n',
    );
  });
});
