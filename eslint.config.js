import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

// Every feature folder is its own zone, so a new feature is covered the day it is created.
const features = readdirSync(new URL('./web/src/features', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

const firebaseImports = {
  patterns: [{ regex: '^(firebase|@firebase/[^/]+)(/.*)?$', message: 'Only web/src/lib talks to Firebase.' }],
};
// The app has one jotai store, provided in main.tsx; code reaches it through the Provider.
const defaultStore = {
  name: 'jotai',
  importNames: ['getDefaultStore'],
  message: 'Use the store of the Provider (useStore): the app has one store, created in main.tsx.',
};
// The app's and the domain's schemas use zod's functional build: about 40% of the code, built in half
// the time as a screen loads (docs/performance.md). Each entry point of the classic build is named.
const classicZod = ['zod', 'zod/v4', 'zod/v4/classic', 'zod/v3'].map((name) => ({
  name,
  message: "Use zod/mini (in packages/domain: './zod.ts'): docs/performance.md.",
}));
const domainFirebase = {
  group: [
    'firebase',
    'firebase/*',
    'firebase-admin',
    'firebase-admin/*',
    '@firebase/*',
    'firebase-functions',
    'firebase-functions/*',
  ],
  message: 'The domain package stays free of Firebase.',
};
// In the domain, only zod.ts imports zod/mini: it gives the schemas their English messages.
const domainZod = [...classicZod, 'zod/mini', 'zod/v4/mini', 'zod/v4-mini'].map((entry) =>
  typeof entry === 'string' ? { name: entry, message: "Import z from './zod.ts', which sets its locale." } : entry,
);

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      'functions/lib/**',
      '.cache/**',
      'emulator-data/**',
      'test-results/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.strict,
  {
    languageOptions: { ecmaVersion: 2024, sourceType: 'module', globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      eqeqeq: ['error', 'always'],
      'no-console': 'off',
    },
  },
  {
    // Plain browser JavaScript: scripts the browser tests serve into the page, and the web app's public/ files.
    files: ['tests/browser/fixtures/**/*.js', 'web/public/**/*.js'],
    languageOptions: { sourceType: 'script', globals: { ...globals.browser } },
  },
  {
    files: ['web/src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  {
    // Imports flow app -> features -> shared -> lib (as bulletproof-react does): a feature never
    // imports another feature or the app, shared code no feature, and lib nothing of the app.
    files: ['web/src/**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/extensions': ['.ts', '.tsx', '.js'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js'] })],
    },
    rules: {
      // An import the resolver cannot follow would slip past every zone below.
      'import-x/no-unresolved': ['error', { ignore: ['^virtual:'] }],
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            ...features.map((feature) => ({
              target: `./web/src/features/${feature}`,
              from: './web/src/features',
              except: [`./${feature}`],
              message: 'A feature does not import another feature: lift what both need into web/src/shared.',
            })),
            { target: './web/src/features', from: './web/src/app', message: 'Features do not import the app.' },
            {
              target: './web/src/shared',
              from: ['./web/src/features', './web/src/app'],
              message: 'Shared code imports no feature and not the app.',
            },
            {
              target: './web/src/lib',
              from: ['./web/src/features', './web/src/app', './web/src/shared'],
              message: 'lib is the bottom layer: it imports only packages and other lib modules.',
            },
          ],
        },
      ],
    },
  },
  {
    // Components, atoms and features reach Firebase only through the gateway and repositories.
    files: ['web/src/{app,features,shared}/**/*.{ts,tsx}', 'web/src/main.tsx'],
    rules: { 'no-restricted-imports': ['error', { ...firebaseImports, paths: [defaultStore, ...classicZod] }] },
  },
  {
    files: ['web/src/lib/**/*.{ts,tsx}', 'web/src/sw.ts', 'web/src/test/**/*.{ts,tsx}'],
    rules: { 'no-restricted-imports': ['error', { paths: [defaultStore, ...classicZod] }] },
  },
  {
    // configSchema.ts runs in Node, in vite.config.ts, and never reaches the browser.
    files: ['web/src/lib/configSchema.ts'],
    rules: { 'no-restricted-imports': ['error', { paths: [defaultStore] }] },
  },
  {
    // Every log line of the functions is a named event in logs.ts.
    files: ['functions/src/**/*.ts'],
    ignores: ['functions/src/logs.ts', 'functions/src/logs.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            { name: 'firebase-functions', importNames: ['logger'], message: 'Log through a named event in logs.ts.' },
            { name: 'firebase-functions/logger', message: 'Log through a named event in logs.ts.' },
          ],
        },
      ],
    },
  },
  {
    // The price services by deployable (docs/ingest-service.md): the relay imports nothing of the ingest
    // service, what they share imports neither, and nothing that ships imports a stand-in. Tests may.
    files: ['packages/feed/src/**/*.ts'],
    ignores: ['packages/feed/src/**/*.test.ts', 'packages/feed/src/testing/**'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/extensions': ['.ts'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts'] },
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.js'] })],
    },
    rules: {
      'import-x/no-unresolved': 'error',
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            {
              target: './packages/feed/src/relay',
              from: './packages/feed/src/ingest',
              message: 'The relay imports nothing of the ingest service: what both need lives in shared/.',
            },
            {
              target: ['./packages/feed/src/shared', './packages/feed/src/upstream'],
              from: ['./packages/feed/src/ingest', './packages/feed/src/relay'],
              message: 'What the services share imports neither service.',
            },
            {
              target: './packages/feed/src/shared',
              from: './packages/feed/src/upstream',
              message: 'shared/ is the bottom layer: the upstream client builds on it.',
            },
            {
              target: [
                './packages/feed/src/ingest',
                './packages/feed/src/relay',
                './packages/feed/src/shared',
                './packages/feed/src/upstream',
                './packages/feed/src/ingest-cli.ts',
                './packages/feed/src/relay-cli.ts',
              ],
              from: './packages/stand-ins',
              message:
                'What ships never imports a stand-in (packages/stand-ins: the simulator, the local balancer, the sinks).',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['packages/domain/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { paths: domainZod, patterns: [domainFirebase] }] },
  },
  {
    files: ['packages/domain/src/common/zod.ts'],
    rules: { 'no-restricted-imports': ['error', { paths: classicZod, patterns: [domainFirebase] }] },
  },
);
