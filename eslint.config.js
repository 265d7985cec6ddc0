// ESLint with typescript-eslint's type-checked rules; Prettier formats (eslint-config-prettier
// turns off the rules that would disagree with it).
import js from '@eslint/js';
import prettier from 'eslint-config-prettier';
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
      'tmp-*/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: {
        projectService: { allowDefaultProject: ['*.js', '*.ts', '*.mjs', '*.cjs', 'packages/sdk/scripts/*.mjs', 'scripts/*.mjs', 'bench/http/*.mjs'] },
        tsconfigRootDir: import.meta.dirname,
      },
    },
  },
  {
    files: ['**/*.js', '**/*.mjs', '**/*.cjs'],
    ...tseslint.configs.disableTypeChecked,
  },
  prettier,
);
