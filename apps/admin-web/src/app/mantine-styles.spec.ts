import { describe, expect, it } from '@jest/globals';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

const web = path.resolve(import.meta.dirname, '../..');
const modules = path.resolve(web, '../../node_modules');
const core = path.join(modules, '@mantine/core');
const globals = ['baseline', 'default-css-variables', 'global'];

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

// `import { A, type B, C as D } from 'x'`, `export { A } from 'x'` and `import 'x'`: the names a module takes (types
// left out: they draw nothing) and where from.
const importOrExport =
  /(?:import|export)\s*(type\s+)?(?:\{([^}]*)\}|[\w$]+|\*\s*as\s+[\w$]+)?\s*(?:from\s*)?["']([^"']+)["']/g;
const namesIn = (clause = '') =>
  clause
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s && !s.startsWith('type '))
    .map((s) => s.split(/\s+as\s+/)[0]!.trim());

/** The Mantine packages whose components the console draws, and each package's entry module. */
const mantinePackage =
  /^@mantine\/(core|dates|charts|dropzone|modals|notifications|spotlight)$|^mantine-datatable$/;
const entryOf = (pkg: string) =>
  [path.join(modules, pkg, 'esm/index.mjs'), path.join(modules, pkg, 'dist/index.mjs')].find((f) =>
    existsSync(f),
  )!;

/**
 * What the given imports draw with, read from Mantine's own modules: each component the web imports from a Mantine
 * package is followed through the modules it imports (a Select through InputBase, Combobox, Popover, ScrollArea…),
 * and every core module whose class names it uses (`X.module.mjs`, built from the stylesheet `styles/X.css`) names a
 * stylesheet it needs. A package bundled into one file (mantine-datatable) is followed whole.
 */
function drawnWith(imports: Iterable<[pkg: string, names: string[]]>) {
  const exportsOf = new Map<string, Map<string, string>>();
  const seen = new Set<string>();
  const stylesheets = new Set<string>();
  const packages = new Set<string>();

  const exportMap = (pkg: string) => {
    let map = exportsOf.get(pkg);
    if (!map) {
      const entry = entryOf(pkg);
      map = new Map();
      // A name the package takes from elsewhere (react-remove-scroll's RemoveScroll) has no stylesheet: '' .
      for (const m of readFileSync(entry, 'utf8').matchAll(importOrExport))
        for (const name of namesIn(m[2]))
          map.set(name, m[3]!.startsWith('.') ? path.resolve(path.dirname(entry), m[3]!) : '');
      exportsOf.set(pkg, map);
    }
    return map;
  };
  const follow = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    const own = file.startsWith(core) && /([\w-]+)\.module\.mjs$/.exec(file);
    if (own) stylesheets.add(own[1]!);
    for (const m of readFileSync(file, 'utf8').matchAll(importOrExport)) {
      if (m[1]) continue;
      if (m[3]!.startsWith('.')) follow(path.resolve(path.dirname(file), m[3]!));
      else take(m[3]!, namesIn(m[2]));
    }
  };
  const take = (pkg: string, names: string[]) => {
    if (!mantinePackage.test(pkg)) return;
    packages.add(pkg);
    const entry = entryOf(pkg);
    if (entry.endsWith('dist/index.mjs')) return follow(entry);
    for (const name of names) {
      const file = exportMap(pkg).get(name);
      if (file === undefined) throw new Error(`${pkg} has no module exporting ${name}`);
      if (file) follow(file);
    }
  };

  for (const [pkg, names] of imports) take(pkg, names);
  return { stylesheets, packages };
}

/** What the web's own modules import (its specs left out). */
function* webImports(): Generator<[string, string[]]> {
  for (const file of sources(path.join(web, 'src')))
    for (const m of readFileSync(file, 'utf8').matchAll(importOrExport))
      if (!m[1]) yield [m[3]!, namesIn(m[2])];
}

function* sources(dir: string): Generator<string> {
  for (const name of readdirSync(dir)) {
    const file = path.join(dir, name);
    if (statSync(file).isDirectory()) yield* sources(file);
    else if (/\.tsx?$/.test(name) && !name.endsWith('.spec.ts')) yield file;
  }
}

describe("Mantine's stylesheets", () => {
  const order = mantineOrder();
  const drawn = drawnWith(webImports());
  const needed = order.filter((name) => globals.includes(name) || drawn.stylesheets.has(name));
  const pub = imported('src/app/mantine-public-styles.ts');

  it('are followed from a component to the stylesheets of the parts it is built on', () => {
    const select = drawnWith([['@mantine/core', ['Select']]]).stylesheets;
    expect([...select]).toEqual(
      expect.arrayContaining(['Combobox', 'Input', 'Popover', 'ScrollArea', 'CloseButton']),
    );
    expect([...select]).not.toContain('Table');
    expect([...drawnWith([['@mantine/modals', ['ModalsProvider']]]).stylesheets]).toEqual(
      expect.arrayContaining(['Modal', 'ModalBase', 'Overlay', 'CloseButton', 'Button']),
    );
    expect(drawnWith([['@mantine/core', ['useMantineTheme', 'rem']]]).stylesheets.size).toBe(0);
  });

  it("come with the console: those of every component it draws and no other, in the order of Mantine's styles.css", () => {
    expect(imported('src/app/layout/mantine-styles.ts')).toEqual(needed);
  });

  it('come with the pages shown without a session in the same order, the global ones first', () => {
    expect(pub.slice(0, 3)).toEqual(globals);
    expect(pub).toEqual(needed.filter((name) => pub.includes(name)));
  });

  it('of each other Mantine package the console draws with are loaded by the web', () => {
    const loaded = [...sources(path.join(web, 'src'))].flatMap((file) =>
      [
        ...readFileSync(file, 'utf8').matchAll(
          /import '((?:@mantine\/\w+|mantine-datatable)\/styles\.layer\.css)'/g,
        ),
      ].map((m) => m[1]!),
    );
    const withStyles = [...drawn.packages].filter(
      (pkg) => pkg !== '@mantine/core' && existsSync(path.join(modules, pkg, 'styles.layer.css')),
    );
    expect(withStyles.length).toBeGreaterThan(0);
    for (const pkg of withStyles) expect(loaded).toContain(`${pkg}/styles.layer.css`);
  });
});
