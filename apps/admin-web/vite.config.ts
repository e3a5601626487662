import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type IndexHtmlTransformContext, type Plugin } from 'vite';

const MANTINE =
  /node_modules[\\/](@mantine[\\/](core|hooks)|@floating-ui|react-remove-scroll|react-style-singleton|use-sidecar|use-callback-ref|tslib|get-nonce|dayjs|@mantine[\\/]dates[\\/]esm[\\/]components[\\/]DatesProvider)[\\/]/;

/**
 * The shared building blocks and lookups (with the query cache and the tab bar), the permission matrix, the
 * router's lazily used hooks and the icons; not the few pieces that bring a heavy library of their own (uploads,
 * the password digest, zod-checked form rules).
 */
const CONSOLE_KIT =
  /apps[\\/]admin-web[\\/]src[\\/](components|lib|app[\\/](layout|tabs))|libs[\\/]contracts[\\/]src[\\/]permissions|@tabler[\\/]icons-react|@mantine[\\/]modals|@tanstack[\\/]/;
const OWN_HEAVY_LIBRARY = /upload|image-rules|password-digest|components[\\/](reference|history)[\\/]/;
/** A feature's modules that several of its screens share (its api calls, cells, rules). */
const FEATURE = /apps[\\/]admin-web[\\/]src[\\/]features[\\/]([^\\/]+)[\\/](api|rules|components)[\\/]/;

const src = fileURLToPath(new URL('./src/', import.meta.url));

/**
 * The modules each path loads, read from the files that list them: the screens' lists (`screen('/path', … import(…))`)
 * and the first queries (`'/path': … import(…)`). A path's entry ends where the next one starts.
 */
function modulesByPath(): Map<string, string[]> {
  const files = [
    path.join(src, 'app/screens.ts'),
    path.join(src, 'app/first-queries.ts'),
    ...readdirSync(path.join(src, 'features')).map((f) => path.join(src, 'features', f, 'screens.ts')),
  ];
  const byPath = new Map<string, string[]>();
  for (const file of files) {
    let text: string;
    try {
      text = readFileSync(file, 'utf8');
    } catch {
      continue;
    }
    const starts = [...text.matchAll(/(?:screen|childScreen)\(\s*'(\/[^']*)'|^\s*'(\/[^']*)':/gm)];
    starts.forEach((start, i) => {
      const entry = text.slice(start.index, starts[i + 1]?.index ?? text.length);
      const modules = [...entry.matchAll(/import\('(\.[^']+)'\)/g)].map((m) =>
        path.resolve(path.dirname(file), m[1]!).replace(/\.js$/, ''),
      );
      if (/permission:/.test(entry)) modules.push(path.join(src, 'app/permission-gate'));
      const at = start[1] ?? start[2]!;
      byPath.set(at, [...(byPath.get(at) ?? []), ...modules]);
    });
  }
  return byPath;
}

/**
 * Lists, in the page, the files each signed-in screen needs (the layout's and the console's texts, the screen's page
 * and first query, with everything they import), for `src/app/route-preload.ts` to start them with the entry.
 */
function routeChunks(): Plugin {
  return {
    name: 'kb-route-chunks',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html: string, ctx: IndexHtmlTransformContext) {
        const bundle = ctx.bundle;
        if (!bundle) return html;
        const chunks = Object.values(bundle).flatMap((o) => (o.type === 'chunk' ? [o] : []));
        const bySource = new Map(
          chunks.flatMap((c) =>
            c.facadeModuleId ? [[c.facadeModuleId.replace(/\.tsx?$/, ''), c] as const] : [],
          ),
        );
        const filesOf = (modules: string[]) => {
          const files = new Set<string>();
          const visit = (fileName: string) => {
            const chunk = bundle[fileName];
            if (files.has(fileName) || chunk?.type !== 'chunk') return;
            files.add(fileName);
            for (const css of chunk.viteMetadata?.importedCss ?? []) files.add(css);
            chunk.imports.forEach(visit);
          };
          for (const m of modules) {
            const chunk = bySource.get(m);
            if (chunk) visit(chunk.fileName);
          }
          // What the page loads already is not listed again.
          return [...files].filter((f) => !html.includes(f)).map((f) => `/${f}`);
        };
        const layout = filesOf([
          path.join(src, 'app/layout/app-layout'),
          path.join(src, 'app/i18n/catalogs'),
        ]);
        const screens = Object.fromEntries(
          [...modulesByPath()].map(([at, modules]) => [
            at,
            filesOf(modules).filter((f) => !layout.includes(f)),
          ]),
        );
        const listed = JSON.stringify({ console: layout, screens }).replace(/</g, '\\u003c');
        const preloader = chunks.find((c) => c.isEntry && c.facadeModuleId === routePreload)!;
        // Run as soon as it arrives (async), not after the page's styles; the list it reads comes before it.
        return html.replace(
          '</title>',
          `</title>\n    <script type="application/json" id="route-chunks">${listed}</script>` +
            `\n    <script type="module" async crossorigin src="/${preloader.fileName}"></script>`,
        );
      },
    },
  };
}

const SHELL = /apps[\\/]admin-web[\\/]src[\\/]|libs[\\/]contracts[\\/]src[\\/]/;

const routePreload = path.join(src, 'app/route-preload.ts');

const contracts = fileURLToPath(new URL('../../libs/contracts/src/index.ts', import.meta.url));

export default defineConfig({
  plugins: [react(), routeChunks()],
  resolve: { alias: { '@kb/contracts': contracts } },
  server: {
    port: 5173,
    proxy: { '/api': { target: process.env.API_URL ?? 'http://127.0.0.1:3000', changeOrigin: false } },
  },
  preview: { port: 4173 },
  build: {
    target: 'es2022',
    chunkSizeWarningLimit: 900,
    rolldownOptions: {
      // The route preloader is an entry of its own (see routeChunks), not part of the page's entry.
      input: {
        index: fileURLToPath(new URL('./index.html', import.meta.url)),
        'route-preload': routePreload,
      },
      output: {
        codeSplitting: {
          groups: [
            // What every page needs before it can draw anything (React, the router, the query cache, i18next, the
            // shell's Mantine pieces), in one file that changes only with the dependencies.
            // Vite's preload helper too (a request of its own otherwise).
            {
              name: 'vendor',
              test: /node_modules|vite[\\/]preload-helper/,
              tags: ['$initial'],
              priority: 30,
            },
            // The Mantine components the console's screens share (menus, popovers, inputs, modals, tables), in
            // one file instead of a few dozen; number inputs (with their formatting library) stay where used.
            { name: 'mantine', test: (id) => MANTINE.test(id) && !/NumberInput/.test(id), priority: 20 },
            // The app's own code every page runs (the shell: router, session, api client, texts), with the
            // contracts' constants it reads (one file rather than a request for each).
            {
              name: 'shell',
              // Not the route preloader: an entry of its own that must import nothing.
              test: (id) => SHELL.test(id) && !/route-preload/.test(id),
              tags: ['$initial'],
              priority: 25,
              includeDependenciesRecursively: false,
            },
            {
              name: (id) => (FEATURE.exec(id) ? `${FEATURE.exec(id)![1]}-shared` : null),
              minShareCount: 2,
              priority: 10,
              includeDependenciesRecursively: false,
            },
            // The console's building blocks (list and form pieces, the layout, icons), shared by its screens.
            {
              name: 'console',
              test: (id) => CONSOLE_KIT.test(id) && !OWN_HEAVY_LIBRARY.test(id),
              minShareCount: 2,
              priority: 15,
              includeDependenciesRecursively: false,
            },
          ],
        },
      },
      treeshake: {
        // libs/contracts holds constants next to zod schemas built at module level: importing a constant must
        // not drag every schema (and zod) into the login route. The schemas are built by zod (`z`) and by
        // contracts' own schema helpers, all free of side effects.
        // react-remove-scroll declares its sidecar module side-effectful, which keeps Mantine's scroll lock (and its
        // helpers) on every page through Mantine's index; the module only builds what it exports.
        moduleSideEffects: [
          { test: /libs[\\/]contracts[\\/]src/, sideEffects: false },
          { test: /react-remove-scroll[\\/]dist[\\/]es2015[\\/]sidecar/, sideEffects: false },
        ],
        manualPureFunctions: ['z', 'text', 'multilineText', 'jsonObject', 'timeInput', 'batchAnswerSchema'],
      },
    },
  },
});
