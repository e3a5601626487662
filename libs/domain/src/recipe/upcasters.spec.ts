import { RECIPE_EVENT_SCHEMA_VERSIONS, RECIPE_EVENT_TYPES } from './events.js';
import { UpcastError, createUpcaster, upcastRecipeEvent } from './upcasters.js';

describe('upcasting stored event payloads', () => {
  // A made-up event whose payload changed twice, to exercise the chain itself: v1 had `name`, v2 renamed it
  // to `title`, v3 added `tags`.
  const upcast = createUpcaster(
    { NoteWritten: 3 },
    {
      NoteWritten: {
        1: (data) => {
          const { name, ...rest } = data as { name: string };
          return { ...rest, title: name };
        },
        2: (data) => ({ ...(data as object), tags: [] }),
      },
    },
  );

  it('runs an old payload through every step up to the latest version', () => {
    expect(upcast('NoteWritten', 1, { name: 'Soup', body: 'hot' })).toEqual({
      title: 'Soup',
      body: 'hot',
      tags: [],
    });
    expect(upcast('NoteWritten', 2, { title: 'Soup' })).toEqual({ title: 'Soup', tags: [] });
  });

  it('leaves a payload of the latest version as it is', () => {
    const payload = { title: 'Soup', tags: ['x'] };
    expect(upcast('NoteWritten', 3, payload)).toBe(payload);
  });

  it('refuses payloads it cannot read rather than guessing', () => {
    expect(() => upcast('NoteWritten', 4, {})).toThrow(UpcastError);
    expect(() => upcast('NoteErased', 1, {})).toThrow('unknown event type');
    const withGap = createUpcaster({ NoteWritten: 3 }, { NoteWritten: { 2: (d) => d } });
    expect(() => withGap('NoteWritten', 1, {})).toThrow('no upcaster from v1 to v2');
  });

  it('reads every recipe event type at its current version unchanged', () => {
    expect(RECIPE_EVENT_TYPES).toHaveLength(16);
    for (const type of RECIPE_EVENT_TYPES) {
      const data = { version: 3 };
      expect(upcastRecipeEvent(type, RECIPE_EVENT_SCHEMA_VERSIONS[type], data)).toEqual({ type, data });
    }
    expect(() => upcastRecipeEvent('RecipeReleased', 2, { version: 1 })).toThrow(UpcastError);
    expect(() => upcastRecipeEvent('RecipePublished', 1, {})).toThrow(UpcastError);
  });
});
