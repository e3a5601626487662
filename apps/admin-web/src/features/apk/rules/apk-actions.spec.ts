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

  it('offers the audit of a pending package to auditors and admins, recall to those who submit', () => {
    expect(apkRowActions(pkg('pending_review'), 'auditor')).toEqual(['detail', 'audit']);
    expect(apkRowActions(pkg('pending_review'), 'admin')).toEqual(['detail', 'recall', 'audit']);
    expect(apkRowActions(pkg('pending_review'), 'editor')).toEqual(['detail', 'recall']);
  });

  it('offers no audit of a package to the one who submitted it (the four-eyes rule the API applies)', () => {
    const submitted = { ...pkg('pending_review'), submittedBy: 'Demo' };
    expect(apkRowActions(submitted, 'admin', 'demo')).toEqual(['detail', 'recall']);
    expect(apkRowActions(submitted, 'admin', 'audit')).toEqual(['detail', 'recall', 'audit']);
    expect(apkRowActions(submitted, 'auditor', 'audit')).toEqual(['detail', 'audit']);
  });

  it('offers test and online, each publish or cancel by its status, to auditors and admins', () => {
    expect(apkRowActions(pkg('created'), 'auditor')).toEqual(['detail', 'publishTest', 'publishOnline']);
    expect(apkRowActions(pkg('created'), 'admin')).toEqual([
      'detail',
      'publishTest',
      'publishOnline',
      'delete',
    ]);
    expect(apkRowActions(pkg('created', 'testing', 'online'), 'admin')).toEqual([
      'detail',
      'cancelTest',
      'cancelOnline',
    ]);
    expect(apkRowActions(pkg('created', 'not_tested', 'online'), 'auditor')).toEqual([
      'detail',
      'publishTest',
      'cancelOnline',
    ]);
  });

  it('offers an editor no test or online, and a viewer nothing but the detail', () => {
    expect(apkRowActions(pkg('created'), 'editor')).toEqual(['detail', 'delete']);
    for (const status of ['uncommitted', 'pending_review', 'created', 'returned'] as const)
      expect(apkRowActions(pkg(status), 'viewer')).toEqual(['detail']);
  });
});
