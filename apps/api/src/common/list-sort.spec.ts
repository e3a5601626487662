import { listOrder, orderClause } from './list-sort.js';

describe('a list order declared as column-list lines', () => {
  const order = listOrder<'name' | 'size' | 'shown'>({
    keys: {
      name: 's.name text null',
      size: 'a.file_size bigint',
      shown: `coalesce(a.shown_name, a.name) text`,
    },
    tieBreak: 'a.id uuid',
    natural: 'a.updated_at DESC, a.id DESC',
  });

  it('reads each key as its SQL, its cursor type and whether it can be NULL', () => {
    expect(order.keys).toEqual({
      name: { sql: 's.name', type: 'text', nullable: true },
      size: { sql: 'a.file_size', type: 'bigint' },
      shown: { sql: 'coalesce(a.shown_name, a.name)', type: 'text' },
    });
    expect(order.tieBreak).toEqual({ sql: 'a.id', type: 'uuid' });
  });

  it('sorts by the key asked for, ties broken the other way, and naturally without one', () => {
    expect(orderClause(order, { orderBy: 'shown', order: 'desc' })).toBe(
      'coalesce(a.shown_name, a.name) DESC, a.id ASC',
    );
    expect(orderClause(order, {})).toBe('a.updated_at DESC, a.id DESC');
  });
});
