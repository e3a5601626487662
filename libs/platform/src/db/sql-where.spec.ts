import { createTestDatabase, holding } from '@kb/testing';
import { createPool } from './pool.js';
import { searchRecordWhere, SqlWhere, type SearchRecordFilter } from './sql-where.js';

describe('the search-record filter the list and its export share', () => {
  const db = holding('all', createTestDatabase, (d) => d.drop());
  let pool: ReturnType<typeof createPool>;

  beforeAll(async () => {
    pool = createPool(db().url, { max: 1 });
    await pool.query(`CREATE TABLE app_search_records (
      brand_owner_code text, terms text, account text, nickname text, lang text, region text,
      result_count int, searched_at timestamptz)`);
    await pool.query(
      `INSERT INTO app_search_records VALUES
        ('DEMO', 'ramen 50%_off', 'seeker', 'Noodle fan', 'en', 'CN', 3, '2026-05-01T23:59:00Z'),
        ('DEMO', 'ramen', 'cook', 'seeker two', 'ja', 'JP', 0, '2026-05-02T00:00:00Z'),
        ('DEMO', 'soup', 'other', null, 'zh', 'CN', 1, '2026-04-30T08:00:00Z'),
        ('OTHER', 'ramen', 'seeker', null, 'en', 'CN', 0, '2026-05-01T10:00:00Z')`,
    );
  });
  afterAll(() => pool.end());

  const found = async (f: SearchRecordFilter, brand = 'DEMO') => {
    const w = searchRecordWhere(new SqlWhere('t', brand), f);
    const { rows } = await pool.query<{ terms: string; account: string }>(
      `SELECT t.terms, t.account FROM app_search_records t WHERE ${w.sql} ORDER BY t.searched_at`,
      w.withBrand(),
    );
    return rows.map((r) => `${r.account}:${r.terms}`);
  };

  it('reads only the brand given as $1', async () => {
    expect(await found({})).toEqual(['other:soup', 'seeker:ramen 50%_off', 'cook:ramen']);
    expect(await found({}, 'OTHER')).toEqual(['seeker:ramen']);
  });

  it('matches terms literally, a user by account or nickname prefix, and empty results', async () => {
    expect(await found({ terms: '50%_' })).toEqual(['seeker:ramen 50%_off']);
    expect(await found({ user: 'seeker' })).toEqual(['seeker:ramen 50%_off', 'cook:ramen']);
    expect(await found({ empty: true })).toEqual(['cook:ramen']);
    expect(await found({ empty: false, lang: 'en', region: 'CN' })).toEqual(['seeker:ramen 50%_off']);
  });

  it('takes a date-only end as its whole day, and a range ending before it starts as nothing', async () => {
    expect(await found({ searchedFrom: '2026-05-01', searchedTo: '2026-05-01' })).toEqual([
      'seeker:ramen 50%_off',
    ]);
    expect(await found({ searchedTo: '2026-05-01T12:00:00Z' })).toEqual(['other:soup']);
    expect(await found({ searchedFrom: '2026-05-02', searchedTo: '2026-05-01' })).toEqual([]);
  });

  it('renders the conditions it held at a mark alone, with the same placeholders as the whole clause', async () => {
    const w = new SqlWhere('t', 'DEMO').equals('lang', 'en');
    const mark = w.size;
    w.equals('region', 'CN').where(`t.result_count > 0`);
    expect(w.sqlUpTo(mark)).toBe('t.brand_owner_code = $1 AND t.lang = $2');
    const { rows } = await pool.query<{ all: string; narrowed: string }>(
      `SELECT count(*) FILTER (WHERE ${w.sqlUpTo(mark)}) AS all, count(*) FILTER (WHERE ${w.sql}) AS narrowed
         FROM app_search_records t`,
      w.withBrand(),
    );
    expect(rows[0]).toEqual({ all: '1', narrowed: '1' });
    expect(new SqlWhere('t', 'DEMO').sqlUpTo(0)).toBe('t.brand_owner_code = $1');
  });
});
