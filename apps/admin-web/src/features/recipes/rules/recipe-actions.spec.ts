import { describe, expect, it } from '@jest/globals';
import { recipeBatchOutcome, rowActionsOf } from './recipe-actions.js';

describe('recipe row actions', () => {
  it('offers edit and submit only while editing', () => {
    expect(rowActionsOf('editing')).toEqual(['edit', 'detail', 'copy', 'submit', 'delete']);
    expect(rowActionsOf('waiting_release')).not.toContain('edit');
    expect(rowActionsOf('released')).not.toContain('submit');
  });

  it('offers release only while waiting release and no delete while released (recall first)', () => {
    expect(rowActionsOf('waiting_release')).toContain('release');
    expect(rowActionsOf('editing')).not.toContain('release');
    expect(rowActionsOf('released')).not.toContain('delete');
    expect(rowActionsOf('released')).toEqual(['detail', 'copy', 'recallEditing', 'recallWaitRelease']);
  });

  it('offers only the detail of a recipe in the recycle bin', () => {
    expect(rowActionsOf('recycle_bin')).toEqual(['detail']);
  });
});

describe('batch outcome', () => {
  it('names each failed recipe by its number with the translated reason', () => {
    expect(
      recipeBatchOutcome({
        succeeded: 1,
        failed: 2,
        results: [
          { id: 'a', number: 'R-1', ok: true },
          { id: 'b', number: 'R-2', ok: false, message: '食谱 R-2 编辑中，不能发布' },
          { id: 'c', number: null, ok: false, message: 'not found' },
        ],
      }),
    ).toEqual({
      succeeded: 1,
      failed: [
        { id: 'R-2', reason: '食谱 R-2 编辑中，不能发布' },
        { id: 'c', reason: 'not found' },
      ],
    });
  });
});
