/**
 * The layering rules of src/, checked in CI (`npm run lint:architecture`). docs/architecture.md
 * draws the same rules.
 */
const ROUTES = 'routes\\.ts$';
const SERVICES = 'service\\.ts$';
const REPOSITORIES = 'repository\\.ts$';

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'A cycle of imports makes every file on it depend on every other.',
      from: {},
      to: { circular: true },
    },
    {
      name: 'no-folder-cycles',
      severity: 'error',
      comment: 'No two folders import each other (directly or through others): each folder is a layer of its own.',
      scope: 'folder',
      from: { path: '^src/' },
      to: { circular: true },
    },
    {
      name: 'not-to-unresolvable',
      severity: 'error',
      comment: 'An import that does not resolve fails at run time.',
      from: {},
      to: { couldNotResolve: true },
    },
    {
      name: 'lib-imports-no-module',
      severity: 'error',
      comment: 'src/lib holds domain-free helpers: it knows no module, page, plugin or mount.',
      from: { path: '^src/lib/' },
      to: { path: '^src/(modules|mounts|html|plugins|config)/|^src/[^/]+\\.ts$' },
    },
    {
      name: 'html-imports-no-module',
      severity: 'error',
      comment: "src/html is the pages' toolkit: the pages use it, it uses no page.",
      from: { path: '^src/html/' },
      to: { path: '^src/(modules|mounts)/|^src/[^/]+\\.ts$' },
    },
    {
      name: 'modules-not-to-composition',
      severity: 'error',
      comment: 'The composition root (src/*.ts, src/mounts) builds the modules; no module reaches back to it.',
      from: { path: '^src/(modules|lib|html|plugins|db|config)/' },
      to: { path: '^src/mounts/|^src/[^/]+\\.ts$' },
    },
    {
      name: 'services-not-to-routes',
      severity: 'error',
      comment: 'routes → services → repositories: a service never imports a route module.',
      from: { path: SERVICES },
      to: { path: ROUTES },
    },
    {
      name: 'repositories-not-up',
      severity: 'error',
      comment: 'routes → services → repositories: a repository imports no service and no route module.',
      from: { path: REPOSITORIES },
      to: { path: `${ROUTES}|${SERVICES}` },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.js', '.mjs', '.cjs', '.json', '.d.ts'],
    },
  },
};
