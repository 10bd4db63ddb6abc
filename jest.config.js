/** One jest run: unit, workflow (time-skipping server) and integration (real servers) tests. */
module.exports = {
  testEnvironment: 'node',
  roots: ['<rootDir>/test'],
  testMatch: ['**/*.test.ts'],
  transform: { '^.+\\.ts$': ['@swc/jest', { jsc: { parser: { syntax: 'typescript' }, target: 'es2022' } }] },
  globalSetup: '<rootDir>/test/support/globalSetup.ts',
  globalTeardown: '<rootDir>/test/support/globalTeardown.ts',
  setupFiles: ['<rootDir>/test/support/setupEach.ts'],
  testTimeout: 120000,
  reporters: ['default', '<rootDir>/test/support/summaryReporter.js'],
  // Workers and servers started by a test file are closed by it; this catches any that are not.
  openHandlesTimeout: 5000,
  // A leaked handle must never hang CI; globalTeardown still stops every server it started.
  forceExit: true,
};
