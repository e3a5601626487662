// One flat config for the whole monorepo. The module-boundary rule carries the layering of
// ARCHITECTURE.md: libs never import apps, admin-web imports only contracts, domain only contracts.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import nx from '@nx/eslint-plugin';
import prettier from 'eslint-config-prettier';
import reactHooks from 'eslint-plugin-react-hooks';
import path from 'node:path';

const layers = [
  { sourceTag: 'type:util', onlyDependOnLibsWithTags: [] },
  { sourceTag: 'type:domain', onlyDependOnLibsWithTags: ['type:util'] },
  { sourceTag: 'lib:event-store', onlyDependOnLibsWithTags: [] },
  { sourceTag: 'lib:platform', onlyDependOnLibsWithTags: ['type:util'] },
  { sourceTag: 'lib:devices', onlyDependOnLibsWithTags: ['type:util', 'lib:platform'] },
  {
    sourceTag: 'lib:aggregates',
    onlyDependOnLibsWithTags: ['type:util', 'type:domain', 'lib:event-store', 'lib:platform'],
  },
  {
    sourceTag: 'lib:read-models',
    onlyDependOnLibsWithTags: ['type:util', 'type:domain', 'lib:event-store', 'lib:platform'],
  },
  { sourceTag: 'type:testing', onlyDependOnLibsWithTags: ['type:util', 'type:domain', 'type:data-access'] },
  { sourceTag: 'scope:web', onlyDependOnLibsWithTags: ['type:util'] },
  { sourceTag: 'scope:api', onlyDependOnLibsWithTags: ['scope:shared'] },
  { sourceTag: 'scope:projector', onlyDependOnLibsWithTags: ['scope:shared'] },
  { sourceTag: 'scope:ingest', onlyDependOnLibsWithTags: ['scope:shared'] },
];
const depConstraints = layers;

// admin-web's layers (STYLE.md): a feature imports only itself, the shared components/ and lib/ (and the app's
// i18n instance); the app puts features together; components/ and lib/ import no feature. Relative imports are
// resolved against the importing file, so `../../recipes/…` from another feature is caught as well.
const webSrc = path.resolve(import.meta.dirname, 'apps/admin-web/src');
const webArea = (file) => {
  const rel = path.relative(webSrc, file).split(path.sep);
  if (rel[0] === '..' || rel.length < 2) return null;
  return rel[0] === 'features'
    ? { layer: 'features', name: rel[1], rest: rel.slice(2) }
    : { layer: rel[0], rest: rel.slice(1) };
};
const webLayers = {
  rules: {
    imports: {
      meta: {
        type: 'problem',
        messages: {
          feature:
            'A feature does not import another feature ({{target}}): move the shared piece to components/ or lib/, or put the two together in app/.',
          app: 'A feature does not import app/ ({{target}}): the app imports features, not the other way.',
          shared: 'components/ and lib/ import no feature and no app/ code ({{target}}).',
        },
      },
      create(context) {
        const from = webArea(context.filename);
        if (!from || !['features', 'components', 'lib'].includes(from.layer)) return {};
        const check = (node, source) => {
          if (typeof source !== 'string' || !source.startsWith('.')) return;
          const to = webArea(path.resolve(path.dirname(context.filename), source));
          if (!to) return;
          if (from.layer === 'features') {
            if (to.layer === 'features' && to.name !== from.name)
              context.report({ node, messageId: 'feature', data: { target: source } });
            if (to.layer === 'app' && to.rest[0] !== 'i18n')
              context.report({ node, messageId: 'app', data: { target: source } });
          } else if (to.layer === 'features' || (to.layer === 'app' && to.rest[0] !== 'i18n')) {
            context.report({ node, messageId: 'shared', data: { target: source } });
          }
        };
        const fromSource = (node) => node.source && check(node, node.source.value);
        return {
          ImportDeclaration: fromSource,
          ExportNamedDeclaration: fromSource,
          ExportAllDeclaration: fromSource,
          ImportExpression: (node) => node.source.type === 'Literal' && check(node, node.source.value),
        };
      },
    },
  },
};
// Tests of any project may also use the test harness (libs/testing).
const testDepConstraints = layers.map((c) => ({
  ...c,
  onlyDependOnLibsWithTags: [...c.onlyDependOnLibsWithTags, 'type:testing'],
}));
const testFiles = ['**/*.spec.ts', '**/*.spec.tsx', '**/test/**/*.ts', '**/e2e/**/*.ts', '**/bench/**/*.ts'];

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/node_modules/**',
      '**/.data/**',
      '**/.nx/**',
      '**/*.cjs',
      '**/vite.config.ts',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  prettier,
  {
    files: ['**/*.ts', '**/*.tsx', '**/*.mjs', '**/*.js'],
    plugins: { '@nx': nx },
    languageOptions: {
      globals: { process: 'readonly', console: 'readonly', Buffer: 'readonly', URL: 'readonly' },
    },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'off',
      '@nx/enforce-module-boundaries': ['error', { allow: [], depConstraints }],
    },
  },
  {
    // Scripts run on Node: its timers and web globals are there without an import.
    files: ['scripts/**/*.mjs'],
    languageOptions: {
      globals: Object.fromEntries(
        [
          'performance',
          'setTimeout',
          'clearTimeout',
          'setInterval',
          'clearInterval',
          'setImmediate',
          'fetch',
          'FormData',
          'Blob',
          'URLSearchParams',
          'AbortController',
          'AbortSignal',
          'TextEncoder',
          'TextDecoder',
          'structuredClone',
          'queueMicrotask',
        ].map((name) => [name, 'readonly']),
      ),
    },
  },
  {
    files: testFiles,
    rules: {
      '@nx/enforce-module-boundaries': ['error', { allow: [], depConstraints: testDepConstraints }],
      '@typescript-eslint/no-explicit-any': 'off',
    },
  },
  {
    // The text rule of libs/contracts (text.ts) is the only way input strings are accepted: a bare z.string()
    // would let NUL, control characters or lone surrogates through to Postgres.
    files: ['libs/contracts/src/**/*.ts', 'apps/api/src/**/*.ts', 'apps/device-ingest/src/**/*.ts'],
    ignores: ['**/config.ts', '**/*.spec.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector:
            "MemberExpression[object.callee.object.name='z'][object.callee.property.name='string'][property.name!=/^(uuid|regex|email)$/]",
          message: 'Build input strings with text() from @kb/contracts (the one text rule).',
        },
        {
          selector:
            ":not(MemberExpression) > CallExpression[callee.object.name='z'][callee.property.name='string']",
          message: 'Build input strings with text() from @kb/contracts (the one text rule).',
        },
      ],
    },
  },
  {
    files: ['apps/admin-web/**/*.tsx', 'apps/admin-web/**/*.ts'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'warn' },
  },
  {
    files: ['apps/admin-web/src/**/*.tsx', 'apps/admin-web/src/**/*.ts'],
    ignores: ['**/*.spec.ts', '**/*.spec.tsx'],
    plugins: { 'web-layers': webLayers },
    rules: { 'web-layers/imports': 'error' },
  },
  {
    // The web calls the API through lib/call.ts, typed by the route map of libs/contracts (path, input, answer):
    // a bare `api<T>('/path')` would bring back hand-written paths and answers.
    files: ['apps/admin-web/src/**/*.tsx', 'apps/admin-web/src/**/*.ts'],
    ignores: ['apps/admin-web/src/lib/call.ts', 'apps/admin-web/src/lib/api-client.spec.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/api-client', '**/api-client.js'],
              importNames: ['api'],
              message: 'Call the API through `call` (lib/call.ts), typed by the route map of @kb/contracts.',
            },
          ],
        },
      ],
    },
  },
);
