/** Projects: fast unit tests (fakes only), integration tests (real HTTP, embedded PostgreSQL), slow fault tests (server processes). */
const tsJest = [
  'ts-jest',
  {
    tsconfig: {
      module: 'commonjs',
      moduleResolution: 'node',
      allowJs: true,
      jsx: 'react-jsx',
      esModuleInterop: true,
      isolatedModules: true,
      verbatimModuleSyntax: false,
      experimentalDecorators: true,
      rootDir: '.',
      ignoreDeprecations: '6.0',
    },
  },
];
const common = {
  transform: { '^.+\\.(t|j)sx?$': tsJest, '^.+\\.mjs$': tsJest },
  transformIgnorePatterns: [
    '/node_modules/(?!(inversify|@inversifyjs|@telegram-apps|valibot|better-promises|error-kid|mitt|typebox)/)',
  ],
  moduleFileExtensions: ['ts', 'tsx', 'js', 'mjs', 'cjs', 'json'],
  moduleNameMapper: { '\\.(css)$': '<rootDir>/tests/support/styleStub.cjs' },
  setupFiles: ['<rootDir>/tests/support/setup.ts'],
  // MobX keeps its state in one global object; Jest 30's soft globals cleanup wraps it again for every test file
  // a worker runs, until the setters overflow the stack. Test files do not leak globals we rely on, so turn it off.
  testEnvironmentOptions: { globalsCleanup: 'off' },
};
// Integration files whose outcome does not depend on the database the suite runs on: HTTP clients against their own
// servers, the DI container, PGlite's prepared statements, and the process restarts, which run on an embedded database
// of their own. The pass on a PostgreSQL server (TEST_DATABASE_URL, scripts/test.sh) would only repeat them.
const databaseIndependent = [
  '<rootDir>/tests/integration/http/',
  '<rootDir>/tests/integration/di/',
  '<rootDir>/tests/integration/server/pglitePrepared.test.ts',
  '<rootDir>/tests/integration/money/restart.test.ts',
];
module.exports = {
  projects: [
    { ...common, displayName: 'unit', testEnvironment: 'node', testMatch: ['<rootDir>/tests/unit/**/*.test.ts?(x)'] },
    {
      ...common,
      displayName: 'integration',
      testEnvironment: 'node',
      testMatch: ['<rootDir>/tests/integration/**/*.test.ts?(x)'],
      testPathIgnorePatterns: ['/node_modules/', ...(process.env.TEST_DATABASE_URL ? databaseIndependent : [])],
      // After each file, every /api/v2 answer its test servers gave is checked against their API document.
      setupFilesAfterEnv: ['<rootDir>/tests/integration/support/contractAfterAll.ts'],
      slowTestThreshold: 20,
    },
    // Slow process-level fault tests (kill -9 at crash points): `npm run test:faults`, not part of `npm test`.
    {
      ...common,
      displayName: 'faults',
      testEnvironment: 'node',
      testMatch: ['<rootDir>/tests/faults/**/*.test.ts?(x)'],
      slowTestThreshold: 60,
    },
  ],
};
