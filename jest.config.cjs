/** Two projects: fast unit tests (fakes only) and integration tests (real HTTP, embedded PostgreSQL). */
const tsJest = ['ts-jest', { tsconfig: { module: 'commonjs', moduleResolution: 'node', allowJs: true, jsx: 'react-jsx', esModuleInterop: true, isolatedModules: true, verbatimModuleSyntax: false, experimentalDecorators: true, rootDir: '.', ignoreDeprecations: '6.0' } }];
const common = {
  transform: { '^.+\\.(t|j)sx?$': tsJest, '^.+\\.mjs$': tsJest },
  transformIgnorePatterns: ['/node_modules/(?!(inversify|@inversifyjs|@telegram-apps|valibot|better-promises|error-kid|mitt)/)'],
  moduleFileExtensions: ['ts', 'tsx', 'js', 'mjs', 'cjs', 'json'],
  moduleNameMapper: { '\\.(css)$': '<rootDir>/tests/support/styleStub.cjs' },
  setupFiles: ['<rootDir>/tests/support/setup.ts'],
};
module.exports = {
  projects: [
    { ...common, displayName: 'unit', testEnvironment: 'node', testMatch: ['<rootDir>/tests/unit/**/*.test.ts?(x)'] },
    { ...common, displayName: 'integration', testEnvironment: 'node', testMatch: ['<rootDir>/tests/integration/**/*.test.ts?(x)'], slowTestThreshold: 20 },
  ],
};
