import fs from 'node:fs';
import { builtinModules } from 'node:module';
import path from 'node:path';
import { builtinRules } from 'eslint/use-at-your-own-risk';

/**
 * The layer rules of docs/ARCHITECTURE.md ("Layer rules") as ESLint zones, with ESLint's own
 * no-restricted-imports / no-restricted-syntax: every import in this tree is a package name or a relative path,
 * so a zone is exact when it is stated per folder depth (a relative path from a known depth lands on a known
 * folder). scripts/layer-rules.test.ts lints a fixture that breaks each zone and expects its message.
 * Decision 025 says why the rules are these.
 */

const COMPONENT_IN_API =
  "A feature's api/ holds its hooks, fetchers and types (.ts files): a component goes to the feature's components/, " +
  'to apps/web/src/components/ when several features share it, or to app/ beside the page that composes features.';

/**
 * How TypeScript (moduleResolution Bundler) finds the file of a relative import written without its extension:
 * the first of these that exists. `isFile` answers for a path on disk.
 */
function resolvedFile(target, isFile) {
  if (/\.[cm]?[jt]sx?$/.test(target) && isFile(target)) return target;
  const candidates = ['.ts', '.tsx', '.d.ts', '.js', '.jsx', '/index.ts', '/index.tsx', '/index.js', '/index.jsx'];
  return candidates.map((ending) => target + ending).find(isFile);
}

/**
 * A feature's file that imports another feature's api/ must land on a module of hooks, fetchers and types, never
 * on a component: the import is resolved on disk, and one that reaches a .tsx or .jsx file (or names one) is
 * refused. The folder name alone cannot tell, since imports carry no extension. `settings.layers.root` (the
 * layer-rule test's own tree) stands in for the working directory when files are looked up.
 */
function apiModulesOnlyRule() {
  return {
    meta: {
      type: 'problem',
      docs: { description: "a feature imports another feature's api/ modules (.ts), never a component in it" },
      schema: [],
      messages: { component: COMPONENT_IN_API },
    },
    create(context) {
      const cwd = context.cwd;
      const root = context.settings.layers?.root ?? cwd;
      const own = /apps\/web\/src\/features\/([^/]+)\//.exec(
        path.relative(cwd, context.filename).replaceAll('\\', '/'),
      );
      if (!own) return {};
      const folder = path.resolve(root, path.relative(cwd, path.dirname(context.filename)));
      const features = path.resolve(root, 'apps/web/src/features');
      const isFile = (file) => fs.statSync(file, { throwIfNoEntry: false })?.isFile() ?? false;
      function check(source) {
        if (source?.type !== 'Literal' || typeof source.value !== 'string' || !source.value.startsWith('.')) return;
        const target = path.resolve(folder, source.value);
        const [feature, area] = path.relative(features, target).split(path.sep);
        if (feature === undefined || feature === '..' || feature === own[1] || area !== 'api') return;
        const file = /\.[cm]?[jt]sx$/.test(source.value) ? target : resolvedFile(target, isFile);
        if (file && /\.[cm]?[jt]sx$/.test(file)) context.report({ node: source, messageId: 'component' });
      }
      return {
        ImportDeclaration: (node) => check(node.source),
        ExportNamedDeclaration: (node) => check(node.source),
        ExportAllDeclaration: (node) => check(node.source),
        ImportExpression: (node) => check(node.source),
      };
    },
  };
}

/**
 * ESLint's no-restricted-syntax under names of our own: a zone that sets one of these does not replace the
 * no-restricted-syntax of another zone covering the same file (a later block replaces a rule of the same name).
 */
const restrictedSyntax = builtinRules.get('no-restricted-syntax');
const layersPlugin = {
  rules: {
    'route-registration': restrictedSyntax,
    'no-streaming': restrictedSyntax,
    'no-jsx-in-shared': restrictedSyntax,
    'no-component-in-api': restrictedSyntax,
    'api-modules-only': apiModulesOnlyRule(),
  },
};

/** A statement kept by every zone that redefines no-restricted-syntax (a later block replaces the rule). */
const NO_ENUM = { selector: 'TSEnumDeclaration', message: 'Use an `as const` array instead of enum.' };

/** What packages/shared may never load: it runs in the browser and on the server. */
const NOT_ISOMORPHIC = ['react', 'react-dom', 'fastify', 'kysely', 'pg', 'better-sqlite3'];

/**
 * packages/shared runs in the browser and on the server: no Node built-ins, React, Fastify, Kysely or a database
 * driver, whether imported, loaded by a dynamic import() or by require(); and no JSX (its files are .ts).
 */
const sharedZone = {
  files: ['packages/shared/**/*.{ts,tsx,mts,cts,js,mjs,cjs}'],
  rules: {
    'no-restricted-imports': [
      'error',
      {
        paths: [
          ...builtinModules.map((name) => ({ name, message: 'packages/shared is isomorphic: no Node built-ins.' })),
          ...NOT_ISOMORPHIC.map((name) => ({ name, message: `packages/shared is isomorphic: no ${name}.` })),
        ],
        patterns: [
          { group: ['node:*'], message: 'packages/shared is isomorphic: no Node built-ins.' },
          {
            group: ['react/*', 'react-dom/*', '@fastify/*', 'kysely/*', 'pg/*', 'better-sqlite3/*'],
            message: 'packages/shared is isomorphic.',
          },
        ],
      },
    ],
    'no-restricted-syntax': [
      'error',
      NO_ENUM,
      { selector: 'CallExpression[callee.name="require"]', message: 'packages/shared is an ES module: no require().' },
      {
        selector: 'ImportExpression > Literal.source[value!=/^\\./]',
        message:
          'packages/shared loads only its own modules at run time: no dynamic import of Node, React, Fastify, Kysely or a driver.',
      },
      {
        selector: 'ImportExpression > :not(Literal).source',
        message: 'packages/shared imports only modules named in its source: no computed import().',
      },
    ],
  },
};

/** packages/shared holds no components: a .tsx file there is refused whatever it contains. */
const sharedNoJsxZone = {
  files: ['packages/shared/**/*.tsx'],
  rules: {
    'layers/no-jsx-in-shared': [
      'error',
      { selector: 'Program', message: 'packages/shared holds no .tsx: components live in apps/web.' },
    ],
  },
};

/** A route knows URLs, schemas and permissions; it reaches data only through its feature's service. */
const routeZone = {
  files: ['apps/server/src/**/*.routes.ts'],
  rules: {
    'no-restricted-imports': [
      'error',
      {
        paths: [{ name: 'kysely', message: 'A route runs no query: call the service.' }],
        patterns: [
          {
            regex: '\\.(repository|table)(\\.js)?$',
            message: 'A route imports no repository or table: call the service.',
          },
          { regex: '(^|/)db/', message: 'A route does not touch the database module: call the service.' },
        ],
      },
    ],
  },
};

/** The query builder's entry points: any query a file builds starts with one of these, or with the sql tag. */
const QUERY_ENTRY =
  '/^(selectFrom|selectNoFrom|insertInto|replaceInto|updateTable|deleteFrom|mergeInto|withRecursive)$/';
const SQL_ONLY_IN_REPOSITORIES = 'SQL lives only in *.repository.ts files: call a repository function.';

const ONE_WAY_TO_WRITE =
  'A write transaction is a unit of work: call unitOfWork(db, work) from db/unit-of-work.ts (decision 037).';
const REVISIONS_FROM_DATA =
  'A revision follows from the data by trigger, never from a caller (decision 037): write the rows, not the revision.';

/**
 * The one way to write (decision 037): no server file opens a transaction but db/unit-of-work.ts (which takes the
 * write lock first and replays a deadlock), and none bumps a revision counter by hand (triggers keep them).
 */
const UNIT_OF_WORK_RULES = [
  {
    selector: 'CallExpression > MemberExpression.callee > Identifier.property[name="transaction"]',
    message: ONE_WAY_TO_WRITE,
  },
  {
    selector: 'CallExpression[callee.property.name="updateTable"] > Literal.arguments[value=/_revisions?$/]',
    message: REVISIONS_FROM_DATA,
  },
];
/**
 * No statement streams its rows on the main SQLite connection: a stream holds the one connection every request
 * shares until it is read to the end. Heavy reads go to the worker thread's connection, `heavyReads(db)`
 * (db/off-thread-reads.ts, decision 028), which reads them whole.
 */
const NO_STREAMING_RULES = [
  {
    selector: 'CallExpression > MemberExpression.callee > Identifier.property[name=/^(stream|iterate)$/]',
    message: 'No statement streams on the main connection: read through heavyReads(db) (db/off-thread-reads.ts).',
  },
];

const unitOfWorkZone = {
  files: ['apps/server/src/**/*.ts'],
  ignores: [
    '**/*.test.ts',
    '**/*-test-support.ts',
    'apps/server/src/test/**',
    'apps/server/src/db/unit-of-work.ts',
    'apps/server/src/db/migrations/**',
    // The bench's seeding writes its own database before any instance serves it.
    'apps/server/src/cli/bench/**',
  ],
  rules: { 'no-restricted-syntax': ['error', NO_ENUM, ...UNIT_OF_WORK_RULES] },
};

/**
 * Outside repositories (and the db/ module) no file of the server builds SQL. A service holds a database
 * handle — to open transactions and pass it to repositories — so it may import Kysely's types, but not its
 * `sql` tag, and calls none of the query builder's entry points.
 */
const sqlZone = {
  files: ['apps/server/src/features/**/*.ts', 'apps/server/src/platform/**/*.ts'],
  ignores: [
    '**/*.repository.ts',
    '**/*.table.ts',
    '**/*.test.ts',
    '**/*-test-support.ts',
    // SQL fragments (a search condition, an always-false condition) that repositories put in their queries;
    // it runs no query itself.
    'apps/server/src/platform/list-query.ts',
  ],
  rules: {
    '@typescript-eslint/no-restricted-imports': [
      'error',
      {
        paths: [{ name: 'kysely', allowTypeImports: true, message: SQL_ONLY_IN_REPOSITORIES }],
        patterns: [
          {
            regex: '(^|/)db/(rows|count-rows|in-batches|one-time-rows|direct-reads|compiled-once)$',
            allowTypeImports: true,
            message: 'The generic row helpers are for repositories: call a repository function.',
          },
        ],
      },
    ],
    'no-restricted-syntax': [
      'error',
      NO_ENUM,
      {
        selector: `CallExpression > MemberExpression.callee > Identifier.property[name=${QUERY_ENTRY}]`,
        message: SQL_ONLY_IN_REPOSITORIES,
      },
      { selector: 'TaggedTemplateExpression[tag.name="sql"]', message: SQL_ONLY_IN_REPOSITORIES },
      { selector: 'MemberExpression[object.name="sql"]', message: SQL_ONLY_IN_REPOSITORIES },
      { selector: 'CallExpression[callee.name="sql"]', message: SQL_ONLY_IN_REPOSITORIES },
      { selector: 'ImportSpecifier[imported.name="sql"][importKind!="type"]', message: SQL_ONLY_IN_REPOSITORIES },
      ...UNIT_OF_WORK_RULES,
    ],
  },
};

/** The platform (and configuration and storage) sits under the features: it imports none of them. */
const platformZone = {
  files: ['apps/server/src/platform/**/*.ts', 'apps/server/src/config/**/*.ts', 'apps/server/src/storage/**/*.ts'],
  ignores: ['**/*.test.ts'],
  rules: {
    'no-restricted-imports': [
      'error',
      {
        patterns: [
          {
            regex: '(^|/)features(/|$)',
            message:
              'The platform imports no feature: declare what it needs as an interface and let app.ts pass the feature in.',
          },
        ],
      },
    ],
  },
};

const ROUTES_ONLY_IN_ROUTES_FILES =
  'Only a *.routes.ts file registers routes (the route layer rules apply to it): move this route there.';
const ROUTE_METHODS = '/^(get|head|post|put|patch|delete|options|all)$/';
/**
 * A route is registered by `x.get('/path', [options,] handler)` (any HTTP method, the path written as a string or
 * a template) or `x.route({...})`: outside *.routes.ts files neither may appear, so every route is held to the
 * route zone. (A path passed in a variable is what platform/crud.routes.ts does, itself a routes file.) The tools
 * (cli/, tests) are outside the layers.
 */
const routeRegistrationZone = {
  files: ['apps/server/src/**/*.ts'],
  ignores: [
    '**/*.routes.ts',
    '**/*.test.ts',
    '**/*-test-support.ts',
    'apps/server/src/test/**',
    'apps/server/src/cli/**',
  ],
  rules: {
    'layers/route-registration': [
      'error',
      {
        selector: `CallExpression[callee.property.name=${ROUTE_METHODS}][arguments.length>=2][arguments.0.value=/^\\//]`,
        message: ROUTES_ONLY_IN_ROUTES_FILES,
      },
      {
        selector: `CallExpression[callee.property.name=${ROUTE_METHODS}][arguments.length>=2][arguments.0.quasis.0.value.raw=/^\\//]`,
        message: ROUTES_ONLY_IN_ROUTES_FILES,
      },
      {
        selector: 'CallExpression[callee.property.name="route"] > ObjectExpression.arguments',
        message: ROUTES_ONLY_IN_ROUTES_FILES,
      },
    ],
  },
};

const noStreamingZone = {
  files: ['apps/server/src/**/*.ts'],
  ignores: ['**/*.test.ts', 'apps/server/src/db/off-thread-reads.ts'],
  rules: { 'layers/no-streaming': ['error', ...NO_STREAMING_RULES] },
};

/** A repository is the bottom layer: it never calls a service. */
const repositoryZone = {
  files: ['apps/server/src/**/*.repository.ts'],
  rules: {
    'no-restricted-imports': [
      'error',
      {
        patterns: [{ regex: '\\.(service|routes)(\\.js)?$', message: 'A repository calls no service or route.' }],
      },
    ],
  },
};

/** Design-system pieces and the app's libraries serve every feature and so import none. */
const webSharedZone = {
  files: ['apps/web/src/components/**/*.{ts,tsx}', 'apps/web/src/lib/**/*.{ts,tsx}'],
  rules: {
    'no-restricted-imports': [
      'error',
      {
        patterns: [
          {
            regex: '(^|/)features(/|$)',
            message:
              'components/ and lib/ import no feature: move the shared piece here, or compose it in the feature.',
          },
        ],
      },
    ],
  },
};

/** A feature's api/ is its public entry of hooks, fetchers and types: a .tsx (or .jsx) file there is refused. */
const webApiNoComponentZone = {
  files: ['apps/web/src/features/*/api/**/*.{tsx,jsx}'],
  rules: { 'layers/no-component-in-api': ['error', { selector: 'Program', message: COMPONENT_IN_API }] },
};

/** An import of another feature's api/ lands on a .ts module, never on a component (see apiModulesOnlyRule). */
const webApiModulesZone = {
  files: ['apps/web/src/features/**/*.{ts,tsx}'],
  rules: { 'layers/api-modules-only': 'error' },
};

const FEATURE_ONLY_THROUGH_API =
  "A feature imports another feature only from that feature's api/ folder of hooks, fetchers and types (decision 025): a piece of UI several features share goes to components/, or to app/ with the page that composes them.";

/**
 * From a file `depth` folders below apps/web/src/features/<f>/, `../` written depth + 1 times is the
 * features/ folder, so the next segment names a feature and the one after it must be `api`. A path that climbs
 * further and comes back through `features/` is held to the same rule.
 */
function webFeatureZone(depth) {
  const up = '\\.\\./'.repeat(depth + 1);
  return {
    files: [`apps/web/src/features/*/${'*/'.repeat(depth)}*.{ts,tsx}`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { regex: `^${up}(?!\\.\\./)[^/]+(/(?!api(/|$))|$)`, message: FEATURE_ONLY_THROUGH_API },
            { regex: '(^|/)features/[^/]+(/(?!api(/|$))|$)', message: FEATURE_ONLY_THROUGH_API },
          ],
        },
      ],
    },
  };
}

export const layerZones = [
  { plugins: { layers: layersPlugin } },
  sharedZone,
  sharedNoJsxZone,
  platformZone,
  routeRegistrationZone,
  noStreamingZone,
  routeZone,
  unitOfWorkZone,
  sqlZone,
  repositoryZone,
  webSharedZone,
  webApiNoComponentZone,
  webApiModulesZone,
  ...[0, 1, 2, 3, 4].map(webFeatureZone),
];
