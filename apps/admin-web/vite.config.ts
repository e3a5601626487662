import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const MANTINE =
  /node_modules[\\/](@mantine[\\/](core|hooks)|@floating-ui|react-remove-scroll|react-style-singleton|use-sidecar|use-callback-ref|tslib|get-nonce|dayjs|@mantine[\\/]dates[\\/]esm[\\/]components[\\/]DatesProvider)[\\/]/;

/**
 * The shared building blocks and lookups (with the query cache and the tab bar), the permission matrix, the
 * router's lazily used hooks and the icons; not the few pieces that bring a heavy library of their own (uploads,
 * the password digest, zod-checked form rules, the image columns and fields of the catalog and content screens).
 */
const CONSOLE_KIT =
  /apps[\\/]admin-web[\\/]src[\\/](components|lib|app[\\/](layout|tabs))|libs[\\/]contracts[\\/]src[\\/]permissions|@tabler[\\/]icons-react|@mantine[\\/]modals|@tanstack[\\/]/;
const OWN_HEAVY_LIBRARY =
  /upload|image-rules|password-digest|components[\\/](reference|history)[\\/]|components[\\/](record-columns|use-app-form|ask-in-modal)\./;
/** The form and detail pieces several features share: one chunk that list screens never load. */
const FORM_KIT =
  /apps[\\/]admin-web[\\/]src[\\/]components[\\/](field-input|form-section|new-password-fields|required-reason|detail-tabs|release-commands|conflict-alert|confirm-leave|save-submit-bar|form-page|override-reason-dialog|form-images-field)\./;
/** A feature's modules that several of its screens share (its api calls, cells, rules). */
const FEATURE = /apps[\\/]admin-web[\\/]src[\\/]features[\\/]([^\\/]+)[\\/](api|rules|components)[\\/]/;

const contracts = fileURLToPath(new URL('../../libs/contracts/src/index.ts', import.meta.url));

export default defineConfig({
  plugins: [react()],
  resolve: { alias: { '@kb/contracts': contracts } },
  server: {
    port: 5173,
    proxy: { '/api': { target: process.env.API_URL ?? 'http://127.0.0.1:3000', changeOrigin: false } },
  },
  preview: { port: 4173 },
  build: {
    target: 'es2022',
    // Every browser the console supports preloads modules itself; the polyfill would be code on every page.
    modulePreload: { polyfill: false },
    chunkSizeWarningLimit: 900,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            // What every page needs before it can draw anything (React, the router, i18next, the login page's
            // Mantine pieces, and Vite's helper that loads a lazy chunk with its dependencies), in one file that
            // changes only with the dependencies: the helper on its own was one more request on every page.
            {
              name: 'vendor',
              test: /node_modules|vite[\\/]preload-helper/,
              tags: ['$initial'],
              priority: 30,
            },
            // The Mantine components the console's screens share (menus, popovers, inputs, modals, tables), in
            // one file instead of a few dozen; number inputs (with their formatting library) stay where used, and
            // the components' stylesheets with the layout that imports them (its stylesheet, not one more).
            {
              name: 'mantine',
              test: (id) => MANTINE.test(id) && !/NumberInput|\.css$/.test(id),
              priority: 20,
            },
            // The app's own code every page runs (the shell: router, session, api client, texts), with the
            // contracts' constants it reads (one file rather than a request for each).
            {
              name: 'shell',
              test: /apps[\\/]admin-web[\\/]src[\\/]|libs[\\/]contracts[\\/]src[\\/]/,
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
            {
              name: 'form-kit',
              test: FORM_KIT,
              minShareCount: 2,
              priority: 16,
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
