import eslint from '@eslint/js';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  {
    ignores: [
      'jest.config.js',
      'test/support/summaryReporter.js',
      'node_modules/',
      'dist/',
      'console/dist/',
      '.tools/',
      '.data/',
      'coverage/',
      'scripts/tools/ferretdb/',
      '.scratch/',
    ],
  },
  eslint.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-explicit-any': 'off',
    },
  },
  {
    // The determinism boundary: workflow code may not reach I/O, clocks or randomness directly.
    files: ['workflows/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['node:*', 'fs', 'http', 'https', 'net', 'crypto', 'child_process'],
              message: 'No I/O in workflow code.',
            },
            {
              group: ['zod', 'mongodb', 'koa', '@koa/*', 'pino'],
              message: 'Not in workflow code (determinism, bundle size).',
            },
            {
              regex: '^\\.\\./activities',
              allowTypeImports: true,
              message: 'Workflows import activity types only (their policies are in workflows/policies.ts).',
            },
            {
              regex: '^\\.\\./lib/(?!temporal$|documents$)',
              allowTypeImports: true,
              message: 'Workflows import pure lib modules only.',
            },
          ],
        },
      ],
      'no-restricted-globals': ['error', { name: 'setTimeout', message: 'Use sleep() from @temporalio/workflow.' }],
      'no-restricted-properties': [
        'error',
        {
          object: 'Date',
          property: 'now',
          message: 'Workflow time comes from Temporal (Date is replay-safe only inside the sandbox).',
        },
        { object: 'Math', property: 'random', message: 'Use uuid4() from @temporalio/workflow.' },
      ],
    },
  },
  {
    // The layout of DESIGN.md: lib imports none of the others.
    files: ['lib/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^\\.\\./(\\.\\./)*(api|activities|workflows|workers|scripts|bench|test)/',
              message: 'lib/ imports nothing of the other folders.',
            },
          ],
        },
      ],
    },
  },
  {
    // The APIs: lib/, the Temporal client and workflow types only.
    files: ['api/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^(\\.\\./)+(activities|workers|scripts|bench)/',
              message: 'The APIs import lib/ and workflow types only.',
            },
            { regex: '^(\\.\\./)+workflows', allowTypeImports: true, message: 'The APIs import workflow types only.' },
          ],
        },
      ],
    },
  },
  {
    // Activities are what workflows schedule: they never reach back into workflows or the APIs.
    files: ['activities/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { regex: '^\\.\\./(workflows|api|workers)(/|$)', message: 'Activities import lib/ and activities/ only.' },
          ],
        },
      ],
    },
  },
  {
    // Providers are pluggable engines: lib/ and each other only (never activities, workflows, the APIs).
    files: ['activities/providers/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [{ regex: '^\\.\\./(?!\\.\\./lib/)', message: 'Providers import lib/ and other providers only.' }],
        },
      ],
    },
  },
  {
    files: ['activities/providers/*/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { regex: '^\\.\\./\\.\\./(?!\\.\\./lib/)', message: 'Providers import lib/ and other providers only.' },
          ],
        },
      ],
    },
  },
  {
    // The language engine: lib/ and itself only (never the activities, workflows or APIs).
    files: ['activities/language/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { regex: '^\\.\\./(?!\\.\\./lib/)', message: 'The language engine imports lib/ and itself only.' },
          ],
        },
      ],
    },
  },
  {
    // core/ is what every engine shares: it knows no engine.
    files: ['activities/language/core/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ regex: '^\\.\\./(?!\\.\\./\\.\\./lib/)', message: 'core/ imports lib/ and core/ only.' }] },
      ],
    },
  },
  {
    // The two engines share core/ and the interface, never each other's rules.
    files: ['activities/language/embedded/*.ts', 'activities/language/hosted/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^\\.\\./(embedded|hosted)/',
              message: 'An engine imports core/ and engine.ts, not the other engine.',
            },
            { regex: '^\\.\\./\\.\\./(?!\\.\\./lib/)', message: 'The language engine imports lib/ and itself only.' },
          ],
        },
      ],
    },
  },
  {
    // Routes validate, authorize and render; the queries and writes live in api/rest/services/.
    files: ['api/rest/routes/*.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector:
            "CallExpression[callee.property.name=/^(find|findOne|findOneAndUpdate|insertOne|insertMany|updateOne|updateMany|replaceOne|deleteOne|deleteMany|aggregate|countDocuments|bulkWrite)$/][callee.object.object.name='collections']",
          message: 'Routes do not query collections: put the read or write in a service (api/rest/services/).',
        },
        {
          selector:
            "CallExpression[callee.property.name=/^(find|findOne|findOneAndUpdate|insertOne|insertMany|updateOne|updateMany|replaceOne|deleteOne|deleteMany|aggregate|countDocuments|bulkWrite)$/][callee.object.object.property.name='collections']",
          message: 'Routes do not query collections: put the read or write in a service (api/rest/services/).',
        },
      ],
    },
  },
);
