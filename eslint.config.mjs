// One flat config for the whole monorepo. The module-boundary rule carries the layering of
// ARCHITECTURE.md: libs never import apps, admin-web imports only contracts, domain only contracts.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import nx from '@nx/eslint-plugin';
import prettier from 'eslint-config-prettier';
import reactHooks from 'eslint-plugin-react-hooks';

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
);
