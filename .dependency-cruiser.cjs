/** Layer rules of ARCHITECTURE.md. `npm run depcheck` fails on any violation. */
const pureDomainLibs = '(luxon|card-validator|ibantools|@types/luxon)';
module.exports = {
  forbidden: [
    { name: 'no-circular', severity: 'error', from: {}, to: { circular: true } },
    { name: 'src-not-to-tests', severity: 'error', from: { path: '^src/' }, to: { path: '^tests/' } },
    {
      name: 'domain-is-pure',
      severity: 'error',
      comment: 'src/domain imports only src/domain and pure value libraries.',
      from: { path: '^src/domain/' },
      to: { pathNot: ['^src/domain/', `node_modules/${pureDomainLibs}/`], dependencyTypesNot: ['core'] },
    },
    {
      name: 'domain-no-impure-libs',
      severity: 'error',
      from: { path: '^src/domain/' },
      to: {
        dependencyTypes: ['npm', 'npm-dev', 'npm-optional', 'npm-peer', 'npm-no-pkg', 'npm-unknown'],
        pathNot: `node_modules/${pureDomainLibs}/`,
      },
    },
    {
      name: 'application-only-domain',
      severity: 'error',
      comment: 'Use cases and ports reach only the domain; the input classes at the boundary use class-validator.',
      from: { path: '^src/application/' },
      to: { pathNot: ['^src/(application|domain)/', 'node_modules/class-validator/'] },
    },
    {
      name: 'infrastructure-not-to-outer',
      severity: 'error',
      from: { path: '^src/infrastructure/' },
      to: { path: '^src/(presentation|di)/' },
    },
    {
      name: 'sdk-only-in-telegram-adapter',
      severity: 'error',
      from: { pathNot: ['^src/infrastructure/telegram/', '^tests/'] },
      to: { path: 'node_modules/@telegram-apps/sdk' },
    },
    {
      name: 'presentation-not-to-infrastructure',
      severity: 'error',
      comment: 'Presentation reaches adapters only through DI tokens.',
      from: { path: '^src/presentation/' },
      to: { path: ['^src/infrastructure/', '^src/di/(?!tokens)'] },
    },
    {
      name: 'views-take-their-view-model',
      severity: 'error',
      comment:
        'Screens and components get their view model as a prop (the route entry makes it); they never reach the container.',
      from: { path: '^src/presentation/(screens|components|shared)/' },
      to: { path: ['^src/di/', '^src/presentation/app/(resolver|useViewModel)'] },
    },
    {
      name: 'presentation-no-io-libs',
      severity: 'error',
      from: { path: '^src/presentation/' },
      to: { path: 'node_modules/(axios|axios-retry|inversify)/' },
    },
    {
      name: 'backend-entry-without-ui',
      severity: 'error',
      comment:
        'src/backend.ts (use cases, ports, domain, in-memory backend for backend teams) never reaches the UI, the SDK or HTTP.',
      from: { path: '^src/backend[^/]*\\.ts$' },
      to: {
        reachable: true,
        path: [
          '^src/(presentation|di)/',
          '^src/infrastructure/(http|telegram|storage|i18n)/',
          'node_modules/(react|react-dom|mobx|mobx-react-lite|axios|axios-retry|inversify|i18next|react-i18next|@telegram-apps)/',
        ],
      },
    },
    {
      name: 'server-routes-never-query',
      severity: 'error',
      comment:
        "A route file maps HTTP to a service and back; queries live in services and repositories (a query needs the schema's tables; drizzle-orm itself resolves to type files this cruise excludes).",
      from: { path: '^server/modules/[^/]+/([A-Za-z]*[Rr]outes|webhook)\\.ts$' },
      to: {
        path: [
          'node_modules/drizzle-orm/',
          '^server/platform/db/(schema|schema-money|db|moneyDb)\\.ts$',
          '^server/modules/[^/]+/repository\\.ts$',
        ],
        dependencyTypesNot: ['type-only'],
      },
    },
    {
      name: 'server-services-answer-views',
      severity: 'error',
      comment:
        'A service answers rows and what it counted (server/platform/views.ts); the route maps them to the wire with platform/dto.ts. The dashboard is the exception: its cache keeps the wire answer itself (encoded once per user state).',
      from: { path: '^server/modules/[^/]+/([A-Za-z]*[Ss]ervice|events)\\.ts$', pathNot: '^server/modules/dashboard/' },
      to: { path: '^server/platform/dto\\.ts$' },
    },
    {
      name: 'server-platform-not-to-composition',
      severity: 'error',
      comment: 'server/platform is the plumbing every module uses: it never reaches the composition files at the root.',
      from: { path: '^server/platform/' },
      to: { path: '^server/(app|routes|services|jobs|main|context)\\.ts$' },
    },
    {
      name: 'server-modules-not-to-composition',
      severity: 'error',
      comment:
        'Feature modules get what they need through AppDeps (context.ts, types only); they never import the composition.',
      from: { path: '^server/modules/' },
      to: { path: '^server/(app|routes|services|jobs|main)\\.ts$', dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'mini-app-never-loads-the-console',
      severity: 'error',
      comment: 'The operator console (src/admin, admin.html) is its own build; nothing of the mini-app imports it.',
      from: { path: '^src/', pathNot: '^src/admin/' },
      to: { path: '^src/admin/' },
    },
    {
      name: 'console-only-contract-and-domain',
      severity: 'error',
      comment:
        "The console shares the wire shapes (src/contract) and domain rules, never the mini-app's layers or the SDK.",
      from: { path: '^src/admin/' },
      to: { path: ['^src/(presentation|infrastructure|di|application)/', 'node_modules/@telegram-apps/'] },
    },
    {
      name: 'server-not-to-client-ui',
      severity: 'error',
      from: { path: '^server/' },
      to: { path: '^src/(presentation|infrastructure|di|application)/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      mainFields: ['module', 'main', 'types'],
    },
    exclude: { path: ['\\.d\\.ts$'] },
  },
};
