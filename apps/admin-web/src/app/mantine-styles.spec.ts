import { describe, expect, it } from '@jest/globals';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

const web = path.resolve(import.meta.dirname, '../..');
const core = path.resolve(web, '../../node_modules/@mantine/core');

/** The stylesheets a module imports from Mantine's core, by name, in its order. */
const imported = (file: string) =>
  [
    ...readFileSync(path.join(web, file), 'utf8').matchAll(/'@mantine\/core\/styles\/([\w-]+)\.layer\.css'/g),
  ].map((m) => m[1]!);

/** Mantine's core stylesheets in the order its styles.css concatenates them (a component after its parts). */
function mantineOrder(): string[] {
  const all = readFileSync(path.join(core, 'styles.css'), 'utf8');
  return readdirSync(path.join(core, 'styles'))
    .filter((f) => f.endsWith('.css') && !f.endsWith('.layer.css'))
    .map((f) => ({
      name: f.slice(0, -4),
      at: all.indexOf(
        readFileSync(path.join(core, 'styles', f), 'utf8')
          .trim()
          .slice(0, 200),
      ),
    }))
    .sort((a, b) => a.at - b.at)
    .map((s) => s.name);
}

describe("Mantine's stylesheets", () => {
  const order = mantineOrder();

  it("come with the console, every one of them, in the order of Mantine's styles.css", () => {
    expect(imported('src/app/layout/mantine-styles.ts')).toEqual(order);
  });

  it('come with the pages shown without a session in the same order, the global ones first', () => {
    const pub = imported('src/app/mantine-public-styles.ts');
    expect(pub.slice(0, 3)).toEqual(['baseline', 'default-css-variables', 'global']);
    expect(pub).toEqual(order.filter((name) => pub.includes(name)));
  });
});
