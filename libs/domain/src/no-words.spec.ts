import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { DomainError } from './decider.js';
import { CJK, wordedParams } from './testing/decider-table.js';

/** Every file of the library but its specs (which may hold Chinese test data, e.g. a recipe's name). */
function libraryFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return libraryFiles(file);
    return entry.name.endsWith('.spec.ts') ? [] : [file];
  });
}

describe('the domain library carries codes and keys, never words of a language', () => {
  const files = libraryFiles(import.meta.dirname);

  it('reads every decider source', () => {
    const names = files.map((file) => path.relative(import.meta.dirname, file));
    expect(names).toEqual(expect.arrayContaining(['recipe/decide.ts', 'recipe/steps.ts', 'apk/decide.ts']));
    expect(names).toContain('offline-pack/decide.ts');
  });

  it('has no Chinese, Japanese or Korean character outside its specs', () => {
    const found = files.flatMap((file) =>
      readFileSync(file, 'utf8')
        .split('\n')
        .flatMap((line, i) =>
          CJK.test(line) ? [`${path.relative(import.meta.dirname, file)}:${i + 1}: ${line.trim()}`] : [],
        ),
    );
    expect(found).toEqual([]);
  });

  it('has no ready-made words in the params its deciders write (no `*Zh` / `*En` keys)', () => {
    const found = files.flatMap((file) =>
      [...readFileSync(file, 'utf8').matchAll(/\b(\w+(?:Zh|En))\s*:/g)].map(
        (m) => `${path.relative(import.meta.dirname, file)}: ${m[1]}`,
      ),
    );
    expect(found).toEqual([]);
  });

  it('tells a worded refusal from a keyed one (the decider specs check every refusal with it)', () => {
    expect(wordedParams(new DomainError(409, 'x', { state: 'released', action: 'delete', n: 3 }))).toEqual(
      [],
    );
    expect(
      wordedParams(new DomainError(409, 'x', { stateZh: 'released', hintEn: '; recall it first' })),
    ).toEqual(['stateZh', 'hintEn']);
    expect(wordedParams(new DomainError(409, 'x', { state: '已发布' }))).toEqual(['state']);
  });
});
