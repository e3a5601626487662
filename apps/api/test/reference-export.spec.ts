import { signedInForSuite, testApiForSuite, type Client } from './harness.js';

/** The CSV a reference list's export answers, as a spreadsheet opens it: BOM, then CRLF-ended lines. */
async function exported(client: Client, url: string) {
  const res = await client.request('GET', url);
  const bytes = Buffer.from(await res.arrayBuffer());
  const text = bytes.toString('utf8');
  return {
    http: res.status,
    type: res.headers.get('content-type'),
    disposition: res.headers.get('content-disposition'),
    bom: bytes.subarray(0, 3).equals(Buffer.from([0xef, 0xbb, 0xbf])),
    lines: text
      .replace(/^\uFEFF/, '')
      .split('\r\n')
      .slice(0, -1),
  };
}

describe('reference list export (GET /api/<entity>/export)', () => {
  const api = testApiForSuite();
  const { demo, other } = signedInForSuite(api, 'en', 'demo', 'other');
  const { demo: demoZh } = signedInForSuite(api, 'zh', 'demo');

  it('exports hot search labels under the list filter, headed and worded in the caller language', async () => {
    await demo.post('/api/hotTag/add', {
      labels: { zh: '导出汤', en: 'Export soup' },
      sort: 1,
      online: true,
    });
    await demo.post('/api/hotTag/add', { labels: { zh: '=HYPERLINK("x")' }, sort: 2, online: false });

    const zh = await exported(demoZh, '/api/hotTag/export?online=true');
    expect(zh).toMatchObject({ http: 200, type: 'text/csv; charset=utf-8', bom: true });
    expect(zh.disposition).toBe('attachment; filename="hot-search-labels.csv"');
    expect(zh.lines[0]).toBe('标签,语言,排序,上线,更新时间');
    expect(zh.lines.slice(1)).toEqual([
      expect.stringMatching(/^导出汤,英语: Export soup; 中文: 导出汤,1,已上线,\d{4}-\d\d-\d\d \d\d:\d\d$/),
    ]);

    const en = await exported(demo, '/api/hotTag/export?online=false');
    expect(en.lines[0]).toBe('Label,Language,Sort,Online,Updated');
    // A label a spreadsheet would run as a formula is written as text (leading apostrophe, quotes doubled).
    expect(en.lines.slice(1)).toEqual([
      expect.stringMatching(/^"'=HYPERLINK\(""x""\)","Chinese: =HYPERLINK\(""x""\)",2,Offline,/),
    ]);
    expect((await exported(demo, '/api/hotTag/export')).lines).toHaveLength(3);

    // OTHER's export holds none of DEMO's labels.
    const theirs = await exported(other, '/api/hotTag/export');
    expect(theirs.http).toBe(200);
    expect(theirs.lines.join('\n')).not.toMatch(/Export soup|HYPERLINK/);
  });

  it('refuses a bad filter with the JSON envelope in the caller language, writing no file', async () => {
    const en = await demo.get('/api/hotTag/export?online=maybe');
    const zh = await demoZh.get('/api/hotTag/export?online=maybe');
    expect(en.http).toBe(400);
    expect(zh.http).toBe(400);
    expect(en.desc).toMatch(/^[\x20-\x7e]+$/);
    expect(zh.desc).toMatch(/[\u4e00-\u9fff]/);
  });

  it('exports recipe tags with their number filter, names in every language, none of another brand', async () => {
    await demo.post('/api/recipeTag/add', { number: 'EXP1', names: { zh: '快手菜', en: 'Quick' } });
    await demo.post('/api/recipeTag/add', { number: 'EXP2', names: { zh: '@素食' } });

    const zh = await exported(demoZh, '/api/recipeTag/export?number=EXP');
    expect(zh.disposition).toBe('attachment; filename="recipe-tags.csv"');
    expect(zh.lines[0]).toBe('编号,名称,多语言名称,更新时间');
    expect(zh.lines.slice(1).map((l) => l.split(',').slice(0, 3).join(','))).toEqual([
      'EXP1,快手菜,英语: Quick; 中文: 快手菜',
      "EXP2,'@素食,中文: @素食",
    ]);
    const en = await exported(demo, '/api/recipeTag/export?number=EXP1');
    expect(en.lines[0]).toBe('Number,Name,Names by language,Updated');
    expect(en.lines.slice(1).map((l) => l.split(',')[1])).toEqual(['Quick']);

    expect((await exported(other, '/api/recipeTag/export?number=EXP')).lines).toEqual([
      'Number,Name,Names by language,Updated',
    ]);
  });
});
