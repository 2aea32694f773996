// Import rules that keep the domain free of transports and the adapters apart
// (see docs/architecture.md). bin/ is the composition root and is exempt.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import importPlugin from 'eslint-plugin-import';
import reactHooks from 'eslint-plugin-react-hooks';

const transports = [
  'express', 'express-*', '@apollo/*', '@as-integrations/*', 'type-graphql', 'graphql', 'graphql-*',
  '@trpc/*', 'oauth2orize', 'passport', 'passport-*', 'graphile-worker', 'pg', 'undici', 'nodemailer', 'pino-http',
  '@modelcontextprotocol/*',
];
const adapters = ['rest', 'graphql', 'trpc', 'worker', 'mcp'];
// Shared infrastructure: features import these folders' files by path; every other feature only through its index.
const sharedInfrastructure = ['db', 'security', 'platform', 'pagination', 'access', 'mail', 'audit', 'idempotency', 'events', 'validation'];
// Features whose persistence is raw SQL behind a tenant-first repository (the rule below keeps it so).
const sqlFeatures = ['cases', 'documents', 'screening', 'risk', 'policy', 'assistant', 'persons', 'edd'];

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', 'src/events/generated/**', 'web/src/gql/**', 'test-output/**', 'packages/client/dist/**', 'packages/client/src/generated/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.ts'],
    plugins: { import: importPlugin },
    settings: { 'import/resolver': { node: { extensions: ['.ts', '.js', '.json'] } }, 'import/extensions': ['.ts', '.js'] },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-explicit-any': 'error',
      // Import cycles: `npm run lint:cycles` (dpdm, every folder, type-only imports included) in seconds;
      // import/no-cycle took four fifths of ESLint's time for the same answer.
      'import/no-restricted-paths': ['error', {
        zones: [
          // The domain imports only itself.
          { target: './src', from: ['./rest', './graphql', './trpc', './worker', './mcp', './bin', './migrations', './test', './bench'] },
          // Migrations keep their meaning when entities change.
          { target: './migrations', from: ['./src', './rest', './graphql', './trpc', './worker', './mcp', './bin'] },
          // Adapters use the domain's public index and never each other.
          ...adapterZones(),
        ],
      }],
    },
  },
  {
    files: ['src/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ group: transports, message: 'src/ is the domain: no transport libraries (use a port).' }] }],
      'no-restricted-properties': ['error', { object: 'process', property: 'env', message: 'Read configuration through loadConfig (src/config.ts).' }],
    },
  },
  ...featureBorders(),
  {
    // Raw SQL through a repository: a feature's SQL lives in its *.repository.ts (every function tenant-first)
    // or, for batched hot-path statements, in its sql/ folder; use cases call those. One persistence style per feature.
    files: sqlFeatures.map((f) => `src/${f}/**/*.ts`),
    ignores: ['**/*.repository.ts', '**/sql/*.ts'],
    rules: {
      'no-restricted-syntax': ['error', {
        selector: "CallExpression[callee.property.name='query']",
        message: 'SQL of this feature lives in its *.repository.ts (tenant first) or sql/*.ts; call those.',
      }, {
        selector: "CallExpression[callee.property.name=/^(createQueryBuilder|getRepository)$/]",
        message: 'This feature reads and writes through its *.repository.ts (raw SQL, tenant first), not TypeORM repositories.',
      }],
    },
  },
  {
    files: ['src/config.ts'],
    rules: { 'no-restricted-properties': 'off' },
  },
  {
    files: adapters.map((a) => `${a}/**/*.ts`),
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ group: ['typeorm', 'mysql2', 'mysql2/*'], message: 'Adapters call domain use cases; they never talk to the ORM.' }] }],
    },
  },
  {
    // web/ is a client like any other: it talks to the server over HTTP only. The one exception is the
    // AppRouter type of trpc/router.ts, imported type-only (`import type`), which types the tRPC client.
    files: ['web/**/*.{ts,tsx,mts}'],
    plugins: { import: importPlugin, 'react-hooks': reactHooks },
    settings: { 'import/resolver': { node: { extensions: ['.ts', '.tsx', '.js', '.json'] } }, 'import/extensions': ['.ts', '.tsx', '.js'] },
    rules: {
      ...reactHooks.configs.flat.recommended.rules,
      'import/no-restricted-paths': ['error', {
        zones: [{
          target: './web',
          from: ['./src', './rest', './graphql', './worker', './mcp', './bin', './migrations', './test', './bench', './scripts'],
          message: 'web/ is a client: it reaches the server over HTTP (/graphql, /trpc), never by importing it.',
        }],
      }],
      '@typescript-eslint/no-restricted-imports': ['error', {
        patterns: [{
          regex: '(^|/)trpc/(?!router$)',
          message: 'web/ may import only the AppRouter type from trpc/router (import type).',
        }, {
          regex: '(^|/)trpc/router$',
          allowTypeImports: true,
          message: 'Import the AppRouter type only: `import type { AppRouter } from ...trpc/router`.',
        }],
      }],
    },
  },
  {
    files: ['web/codegen.mjs', 'scripts/*.mjs'],
    languageOptions: { globals: { console: 'readonly', process: 'readonly' } },
  },
  {
    files: ['test/**/*.ts'],
    rules: { 'no-restricted-syntax': ['error', { selector: "MemberExpression[property.name='only']", message: 'No .only in tests.' }, { selector: "MemberExpression[property.name='skip']", message: 'No skipped tests.' }] },
  },
);

// A file of a feature (src/<feature>/...) imports another feature through its index (src/<feature>/index.ts)
// only, never its internal files; the shared infrastructure may be imported by path. A relative specifier
// reaches src/ through as many '../' as the file is deep in its feature, so there is one config per depth
// (features nest their files up to three folders deep; none does more than two today). Each repeats src/'s
// transport rule, since a later no-restricted-imports replaces an earlier one.
function featureBorders() {
  return [1, 2, 3].map((depth) => {
    const up = '../'.repeat(depth);
    return {
      files: [`src/${'*/'.repeat(depth)}*.ts`],
      rules: {
        'no-restricted-imports': ['error', { patterns: [
          { group: transports, message: 'src/ is the domain: no transport libraries (use a port).' },
          {
            group: [`${up}*/*`, `!${up}*/index`, ...sharedInfrastructure.map((f) => `!${up}${f}/*`)],
            message: "Import another feature through its index ('<feature>/index'), never its internal files (see docs/architecture.md).",
          },
        ] }],
      },
    };
  });
}

// An adapter may import a feature's public index (src/<feature>/index.ts) only, and no other adapter nor
// the composition root.
function adapterZones() {
  return adapters.flatMap((a) => [
    { target: `./${a}/**/*`, from: './src/**/*', except: ['**/src/*/index.ts'], message: 'Adapters import the domain through a feature index (src/<feature>/index.ts) only.' },
    ...adapters.filter((b) => b !== a).map((b) => ({ target: `./${a}`, from: `./${b}`, message: 'Adapters never import each other.' })),
    { target: `./${a}`, from: './bin' },
  ]);
}
