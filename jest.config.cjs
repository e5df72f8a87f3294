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
const integration = require('./tests/integration/groups.cjs');
// INTEGRATION_GROUPS=1 (npm test) runs the integration files in groups, several per Jest file (groups.cjs).
const integrationFiles =
  process.env.INTEGRATION_GROUPS === '1'
    ? ['<rootDir>/tests/integration/groups/*.group.ts', ...integration.solo.map((file) => `<rootDir>/${file}`)]
    : ['<rootDir>/tests/integration/**/*.test.ts?(x)'];
// On a PostgreSQL server (TEST_DATABASE_URL) the files that do not depend on the database are left out (groups.cjs).
const databaseIndependent = integration.databaseIndependent.map((file) => `<rootDir>/${file}`);
module.exports = {
  projects: [
    { ...common, displayName: 'unit', testEnvironment: 'node', testMatch: ['<rootDir>/tests/unit/**/*.test.ts?(x)'] },
    {
      ...common,
      displayName: 'integration',
      testEnvironment: 'node',
      testMatch: integrationFiles,
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
