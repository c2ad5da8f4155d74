import js from '@eslint/js';
import prettier from 'eslint-config-prettier';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/*
 * The layers: app/ is shared and imports no other layer; main/ runs the
 * engine and the library and starts children by file name, never by import;
 * workers/ are the children; renderer/ talks to main only through the Bridge;
 * tools/ are programs the tests and benches start (the Aerospike wire-protocol
 * node), on app/ and Node alone.
 */
const layer = (...banned) => ({
  'no-restricted-imports': [
    'error',
    { patterns: banned.map((name) => ({ group: [`**/${name}/**`, `**/${name}`], message: `this layer does not import ${name}/` })) },
  ],
});

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', 'test-artifacts/**', 'release/**'] },
  // A disable comment that no longer silences anything is stale: it must go.
  { linterOptions: { reportUnusedDisableDirectives: 'error' } },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
      '@typescript-eslint/no-explicit-any': 'error',
      eqeqeq: ['error', 'always', { null: 'ignore' }],
      'no-console': 'off',
      // Terminal and file-name safety strips control characters on purpose.
      'no-control-regex': 'off',
    },
  },
  // Workers require each client library lazily, so a worker loads only the one its target needs.
  { files: ['workers/**/*.ts'], rules: { '@typescript-eslint/no-require-imports': 'off' } },
  // The client stand-ins of bench:drivers load the real package (its classes) only for the driver measured.
  { files: ['bench/drivers/*.ts'], rules: { '@typescript-eslint/no-require-imports': 'off' } },
  { files: ['bin/**/*.js'], languageOptions: { sourceType: 'commonjs' }, rules: { '@typescript-eslint/no-require-imports': 'off' } },
  { files: ['renderer/**/*.{ts,tsx}', 'test/renderer/**/*.{ts,tsx}'], languageOptions: { globals: { ...globals.browser } } },
  { files: ['renderer/**/*.{ts,tsx}'], ...reactHooks.configs.flat.recommended },
  { files: ['app/**/*.ts'], rules: layer('main', 'workers', 'renderer') },
  { files: ['main/**/*.ts'], rules: layer('workers', 'renderer') },
  { files: ['workers/**/*.ts'], rules: layer('main', 'renderer') },
  { files: ['tools/**/*.ts'], rules: layer('workers', 'renderer', 'bench') },
  { files: ['renderer/**/*.{ts,tsx}'], rules: layer('main', 'workers') },
  prettier,
);
