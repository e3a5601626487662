import { describe, expect, it } from '@jest/globals';
import { batchOutcomeOf, refusalOf } from './batch-actions.js';

describe('batch actions', () => {
  it('refuse to act with nothing selected', () => {
    expect(refusalOf({}, 0)).toBe('select_record');
    expect(refusalOf({ single: true }, 0)).toBe('select_record');
  });

  it('let an edit act on one record only', () => {
    expect(refusalOf({ single: true }, 2)).toBe('one_record');
    expect(refusalOf({ single: true }, 1)).toBeNull();
  });

  it('let a batch act on any selection', () => {
    expect(refusalOf({}, 1)).toBeNull();
    expect(refusalOf({}, 30)).toBeNull();
  });

  it('report each refused record of an answer by the name the list shows, with its reason', () => {
    const answer = {
      succeeded: 1,
      results: [
        { id: 'a1', version: '1.0.0', ok: true },
        { id: 'b2', version: '', ok: false, message: 'in review' },
        { id: 'c3', version: '2.0.0', ok: false },
      ],
    };
    expect(batchOutcomeOf(answer, (r) => r.version || r.id)).toEqual({
      succeeded: 1,
      failed: [
        { id: 'b2', reason: 'in review' },
        { id: '2.0.0', reason: '' },
      ],
    });
  });
});
