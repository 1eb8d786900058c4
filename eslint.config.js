// ESLint: typescript-eslint's recommended rules, the hooks rules, the layer import direction of
// tests/arch and the size limits that keep files readable. Formatting is Prettier's job.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import { readFileSync } from 'node:fs';

/** The server's wings, lowest first, and its root (src/server/wings.json). */
const WINGS = JSON.parse(readFileSync(new URL('./src/server/wings.json', import.meta.url), 'utf8'));

/** Relative imports that climb into a layer this one may not use (poker <- shared <- apps). */
const layerRule = (forbidden) => ({
  'no-restricted-imports': [
    'error',
    {
      patterns: [
        {
          regex: `^(\\.\\./)+(${forbidden.join('|')})(/|$)`,
          message: 'Import direction is poker <- shared <- {server, player, admin} (docs/architecture.md).',
        },
      ],
    },
  ],
});

export default tseslint.config(
  { ignores: ['dist/**', 'data/**', 'node_modules/**', 'coverage/**', '**/*.d.ts'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      'no-console': 'off',
      eqeqeq: ['error', 'always', { null: 'ignore' }],
    },
  },
  { files: ['src/**/*.{ts,tsx}'], rules: { 'max-lines': ['error', { max: 400, skipBlankLines: true, skipComments: true }] } },
  { files: ['src/**/*.ts'], rules: { 'max-lines-per-function': ['error', { max: 80, skipBlankLines: true, skipComments: true }] } },
  {
    files: ['src/poker/**/*.ts'],
    ignores: ['src/poker/cli/**'],
    rules: {
      ...layerRule(['shared', 'server', 'player', 'admin']),
    },
  },
  {
    files: ['src/poker/**/*.ts'],
    ignores: ['src/poker/cli/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { regex: '^(\\.\\./)+(shared|server|player|admin|qpay-sim)(/|$)', message: 'src/poker imports only itself (docs/architecture.md).' },
            { regex: '^[^.]', message: 'src/poker is a pure library: no packages (docs/architecture.md).' },
          ],
        },
      ],
      'no-restricted-properties': [
        'error',
        { object: 'Math', property: 'random', message: 'Randomness is injected (node:crypto in the server).' },
        { object: 'Date', property: 'now', message: 'The clock is injected.' },
      ],
    },
  },
  { files: ['src/shared/**/*.{ts,tsx}'], rules: layerRule(['server', 'player', 'admin', 'qpay-sim']) },
  // The QPay simulator is an outside service: the process entry (server.ts) alone may start it.
  { files: ['src/server/**/*.ts'], ignores: ['src/server/server.ts'], rules: layerRule(['player', 'admin', 'qpay-sim']) },
  { files: ['src/server/server.ts'], rules: layerRule(['player', 'admin']) },
  // Inside the server: a wing imports only the wings below it, never the root (docs/architecture.md).
  ...WINGS.order.map((wing, i) => ({
    files: [`src/server/${wing}/**/*.ts`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^(\\.\\./)+(player|admin|qpay-sim)(/|$)',
              message: 'Import direction is poker <- shared <- {server, player, admin} (docs/architecture.md).',
            },
            {
              regex: `^(\\.\\./)+(${[...WINGS.order.slice(i + 1), ...WINGS.root].join('|')})(/|\\.|$)`,
              message: `src/server/${wing} may import only the wings below it: ${WINGS.order.slice(0, i).join(', ') || 'none'} (src/server/wings.json, docs/architecture.md).`,
            },
          ],
        },
      ],
    },
  })),
  { files: ['src/player/**/*.{ts,tsx}'], rules: layerRule(['server', 'admin', 'qpay-sim']) },
  { files: ['src/admin/**/*.{ts,tsx}'], rules: layerRule(['server', 'player', 'qpay-sim']) },
  { files: ['src/qpay-sim/**/*.ts'], rules: layerRule(['poker', 'shared', 'server', 'player', 'admin']) },
);
