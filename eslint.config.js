// ESLint with typescript-eslint's type-checked rules; Prettier formats (eslint-config-prettier
// turns off the rules that would disagree with it). Every rule switched off says why.
import js from '@eslint/js';
import prettier from 'eslint-config-prettier';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  {
    ignores: [
      'dist/**',
      'data/**',
      'coverage/**',
      'bench/scale/out/**',
      'packages/sdk/dist/**',
      'packages/sdk/docs/**',
      'packages/sdk/src/generated/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      globals: globals.node,
      parserOptions: {
        projectService: {
          allowDefaultProject: ['*.js', '*.ts', '*.cjs', 'bench/http/*.mjs', 'packages/sdk/scripts/*.mjs', 'scripts/*.mjs'],
        },
        tsconfigRootDir: import.meta.dirname,
      },
    },
  },
  {
    rules: {
      // Fastify plugins, hooks and handlers are async by the framework's contract (an async
      // function tells Fastify it completes with its promise), whether or not they await anything.
      '@typescript-eslint/require-await': 'off',
      // A leading underscore names what is left out on purpose (a field dropped from a copy, an
      // argument a callback must accept).
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', ignoreRestSiblings: true }],
    },
  },
  {
    files: ['**/*.js', '**/*.mjs', '**/*.cjs'],
    ...tseslint.configs.disableTypeChecked,
  },
  {
    // The pages' one script runs in the browser.
    files: ['src/html/assets/*.js'],
    languageOptions: { globals: globals.browser },
  },
  {
    files: ['test/**', 'packages/*/test/**', 'examples/**/*.test.ts', 'bench/**'],
    rules: {
      // Tests and benches read JSON answers (light-my-request's and fetch's `json()` are `any`) and
      // assert their shape with expect(); typing each answer would restate the schemas that the
      // contract checker already holds every response to (test/helpers.ts).
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
      // ...and declare such answers `any` where a helper hands them on.
      '@typescript-eslint/no-explicit-any': 'off',
      // Tests replace a service's method to inject a failure, keeping the original to put it back.
      '@typescript-eslint/unbound-method': 'off',
    },
  },
  prettier,
);
