import { builtinModules } from 'node:module';

/**
 * The layer rules of docs/ARCHITECTURE.md ("Layer rules") as ESLint zones, with ESLint's own
 * no-restricted-imports / no-restricted-syntax: every import in this tree is a package name or a relative path,
 * so a zone is exact when it is stated per folder depth (a relative path from a known depth lands on a known
 * folder). scripts/layer-rules.test.ts lints a fixture that breaks each zone and expects its message.
 * Decision 025 says why the rules are these.
 */

/** A statement kept by every zone that redefines no-restricted-syntax (a later block replaces the rule). */
const NO_ENUM = { selector: 'TSEnumDeclaration', message: 'Use an `as const` array instead of enum.' };

/** packages/shared runs in the browser and on the server: no Node built-ins, React, Fastify or Kysely. */
const sharedZone = {
  files: ['packages/shared/src/**/*.ts'],
  rules: {
    'no-restricted-imports': [
      'error',
      {
        paths: [
          ...builtinModules.map((name) => ({ name, message: 'packages/shared is isomorphic: no Node built-ins.' })),
          ...['react', 'react-dom', 'fastify', 'kysely'].map((name) => ({
            name,
            message: `packages/shared is isomorphic: no ${name}.`,
          })),
        ],
        patterns: [
          { group: ['node:*'], message: 'packages/shared is isomorphic: no Node built-ins.' },
          { group: ['react/*', 'react-dom/*', '@fastify/*', 'kysely/*'], message: 'packages/shared is isomorphic.' },
        ],
      },
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
      ...UNIT_OF_WORK_RULES,
    ],
  },
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

const FEATURE_ONLY_THROUGH_API =
  "A feature imports another feature only from that feature's api/ folder (decision 025): move the shared piece to components/ or to the owning feature's api/.";

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
  sharedZone,
  routeZone,
  unitOfWorkZone,
  sqlZone,
  repositoryZone,
  webSharedZone,
  ...[0, 1, 2, 3, 4].map(webFeatureZone),
];
