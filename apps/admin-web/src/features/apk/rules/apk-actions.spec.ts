import { describe, expect, it } from '@jest/globals';
import { apkRowActions } from './apk-actions.js';

const pkg = (
  reviewStatus: 'uncommitted' | 'pending_review' | 'created' | 'returned',
  testStatus: 'not_tested' | 'testing' = 'not_tested',
  releaseStatus: 'not_released' | 'online' = 'not_released',
) => ({ reviewStatus, testStatus, releaseStatus });

describe('APK row actions', () => {
  it('offers edit, submit and delete to a draft and to a returned package', () => {
    expect(apkRowActions(pkg('uncommitted'), 'editor')).toEqual(['detail', 'edit', 'submit', 'delete']);
    expect(apkRowActions(pkg('returned'), 'admin')).toEqual(['detail', 'edit', 'submit', 'delete']);
  });

  it('offers the audit of a pending package to auditors and admins only, recall to everyone', () => {
    expect(apkRowActions(pkg('pending_review'), 'auditor')).toEqual(['detail', 'recall', 'audit']);
    expect(apkRowActions(pkg('pending_review'), 'admin')).toEqual(['detail', 'recall', 'audit']);
    expect(apkRowActions(pkg('pending_review'), 'editor')).toEqual(['detail', 'recall']);
  });

  it('offers test and online, each publish or cancel by its status, to a created package', () => {
    expect(apkRowActions(pkg('created'), 'editor')).toEqual([
      'detail',
      'publishTest',
      'publishOnline',
      'delete',
    ]);
    expect(apkRowActions(pkg('created', 'testing', 'online'), 'editor')).toEqual([
      'detail',
      'cancelTest',
      'cancelOnline',
    ]);
    expect(apkRowActions(pkg('created', 'not_tested', 'online'), 'editor')).toEqual([
      'detail',
      'publishTest',
      'cancelOnline',
    ]);
  });
});
