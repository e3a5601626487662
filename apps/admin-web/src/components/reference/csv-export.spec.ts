import { describe, expect, it } from '@jest/globals';
import { csvOf, type ReferenceColumn } from './csv-export.js';

interface Ad {
  id: string;
  name: string;
  modelCodes: string[];
  online: boolean;
  sort: number;
  note: string | null;
}

const columns: ReferenceColumn<Ad>[] = [
  { accessor: 'image', title: 'Image', csv: false },
  { accessor: 'name', title: 'Name' },
  { accessor: 'modelCodes', title: 'Models', render: () => ({ type: 'span' }) as never },
  { accessor: 'online', title: 'Online', csv: (a) => (a.online ? 'Online' : 'Offline') },
  { accessor: 'sort', title: 'Sort', render: (a) => `#${a.sort}` },
  { accessor: 'note', title: 'Note' },
];

const ad = (over: Partial<Ad>): Ad => ({
  id: '1',
  name: 'Spring',
  modelCodes: ['TM-6', 'AF-5'],
  online: true,
  sort: 2,
  note: null,
  ...over,
});

describe('the CSV export of a reference list', () => {
  it('has the list titles and the shown texts, leaves out columns marked csv: false, and starts with a BOM', () => {
    const text = csvOf(columns, [ad({}), ad({ name: '春季', online: false, sort: 0 })]);
    expect(text.startsWith('\uFEFF')).toBe(true);
    expect(text.slice(1).split('\r\n')).toEqual([
      'Name,Models,Online,Sort,Note',
      'Spring,"TM-6, AF-5",Online,#2,',
      '春季,"TM-6, AF-5",Offline,#0,',
      '',
    ]);
  });

  it('quotes cells holding a separator, a quote or a line break', () => {
    const text = csvOf(columns, [ad({ name: 'Say "hi", twice', note: 'line 1\nline 2', modelCodes: [] })]);
    expect(text.slice(1).split('\r\n')[1]).toBe('"Say ""hi"", twice",,Online,#2,"line 1\nline 2"');
  });

  it('keeps a text a spreadsheet would run as a formula from running, but not a negative number', () => {
    const text = csvOf(columns, [ad({ name: '=HYPERLINK("x")', sort: -1 })]);
    expect(text.slice(1).split('\r\n')[1]).toBe('"\'=HYPERLINK(""x"")","TM-6, AF-5",Online,#-1,');
    expect(csvOf([{ accessor: 'sort', title: 'Sort' }], [ad({ sort: -1 })]).slice(1)).toBe('Sort\r\n-1\r\n');
  });
});
