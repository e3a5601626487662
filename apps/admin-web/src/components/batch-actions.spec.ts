import { describe, expect, it } from '@jest/globals';
import { refusalOf } from './batch-actions.js';

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
});
