import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const firebaseImports = {
  patterns: [{ regex: '^(firebase|@firebase/[^/]+)(/.*)?$', message: 'Only web/src/lib talks to Firebase.' }],
};

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
    // Scripts the browser tests serve into the page: plain browser JavaScript.
    files: ['tests/browser/fixtures/**/*.js'],
    languageOptions: { sourceType: 'script', globals: { ...globals.browser } },
  },
  {
    files: ['web/src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  {
    // Components, atoms and features reach Firebase only through the gateway and repositories.
    files: ['web/src/{app,features,shared}/**/*.{ts,tsx}', 'web/src/main.tsx'],
    rules: { 'no-restricted-imports': ['error', firebaseImports] },
  },
  {
    files: ['packages/domain/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
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
            },
          ],
        },
      ],
    },
  },
);
