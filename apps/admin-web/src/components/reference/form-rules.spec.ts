import { describe, expect, it } from '@jest/globals';
import { hotTagInputSchema } from '@kb/contracts';
import { contractRules, sortToSend } from './form-rules.js';

describe('a form’s rules from its contract', () => {
  it('tell every wrong field at once: the contract’s and the form’s own', () => {
    const rules = contractRules(
      hotTagInputSchema,
      (v: { labels: Record<string, string>; sort: string }) => ({
        labels: v.labels,
        sort: sortToSend(v.sort),
      }),
      (v, ctx) => {
        if (!v.labels.zh?.trim())
          ctx.addIssue({ code: 'custom', message: 'main_label_required', path: ['labels', 'zh'] });
      },
    );
    const checked = rules.safeParse({ labels: { zh: '' }, sort: 'abc' });
    expect(checked.success).toBe(false);
    const paths = checked.error!.issues.map((issue) => issue.path.join('.'));
    expect(paths).toContain('sort');
    expect(paths).toContain('labels.zh');
    expect(rules.safeParse({ labels: { zh: '鸡翅' }, sort: '3' }).success).toBe(true);
  });
});
