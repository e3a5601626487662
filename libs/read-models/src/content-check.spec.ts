import { existingWith } from './content-check.js';

interface State {
  status: string;
  content?: unknown;
}
interface Content {
  number: string;
  texts: object;
  langs: string[];
}

describe('existingWith: which folded states an aggregate projection shows', () => {
  const shown = existingWith<State, State & { content: Content }, Content>({
    number: 'string',
    texts: 'object',
    langs: 'array',
  });
  const content = { number: 'R1', texts: { zh: { name: '汤' } }, langs: ['zh'] };

  it('shows a state that exists and whose content has each named field of its kind', () => {
    expect(shown({ status: 'editing', content })).toBe(true);
    expect(shown({ status: 'released', content: { ...content, extra: 1 } })).toBe(true);
  });

  it('does not show an absent state, a state without content, or a content missing a field or of another kind', () => {
    expect(shown({ status: 'absent', content })).toBe(false);
    expect(shown({ status: 'editing' })).toBe(false);
    expect(shown({ status: 'editing', content: 'R1' })).toBe(false);
    expect(shown({ status: 'editing', content: { texts: {}, langs: [] } })).toBe(false);
    expect(shown({ status: 'editing', content: { ...content, number: 1 } })).toBe(false);
    expect(shown({ status: 'editing', content: { ...content, texts: 'soup' } })).toBe(false);
    expect(shown({ status: 'editing', content: { ...content, langs: 'zh' } })).toBe(false);
  });
});
