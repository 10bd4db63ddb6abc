import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { ConfigError, ConfigSchema, loadConfig, mongoUri, restBaseUrl, temporalAddress } from '../../lib/config';

describe('configuration', () => {
  test('defaults describe the embedded stack on one machine', () => {
    const config = loadConfig({});
    expect(config.REST_PORT).toBe(3000);
    expect(config.HELP_PORT).toBe(3001);
    expect(mongoUri(config)).toBe('mongodb://127.0.0.1:27017/');
    expect(temporalAddress(config)).toBe('127.0.0.1:7233');
    expect(config.TEMPORAL_UI_PORT).toBe(8233);
    expect(config.WORKER_TASK_QUEUES).toEqual(['call-processing', 'transcription', 'webhooks', 'reprocessing']);
    expect(restBaseUrl(config)).toBe('http://127.0.0.1:3000/api/v1');
  });

  test('explicit server addresses win, and an empty variable counts as unset', () => {
    const config = loadConfig({
      MONGODB_URI: 'mongodb://db.internal:27017/',
      TEMPORAL_ADDRESS: 'temporal:7233',
      PUBLIC_BASE_URL: 'https://calls.example.com/',
      REST_PORT: '',
      WORKER_TASK_QUEUES: 'webhooks, transcription',
    });
    expect(mongoUri(config)).toBe('mongodb://db.internal:27017/');
    expect(temporalAddress(config)).toBe('temporal:7233');
    expect(restBaseUrl(config)).toBe('https://calls.example.com/api/v1');
    expect(config.REST_PORT).toBe(3000);
    expect(config.WORKER_TASK_QUEUES).toEqual(['webhooks', 'transcription']);
  });

  test('bad values are reported all at once, each naming its variable', () => {
    let caught: unknown;
    try {
      loadConfig({
        REST_PORT: '70000',
        LOG_LEVEL: 'loud',
        WORKER_TASK_QUEUES: 'call-processing,nope',
        MONGODB_URI: 'x',
      });
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(ConfigError);
    const problems = (caught as ConfigError).problems.join('\n');
    for (const name of ['REST_PORT', 'LOG_LEVEL', 'WORKER_TASK_QUEUES', 'MONGODB_URI'])
      expect(problems).toContain(name);
  });

  test('README documents every environment variable the schema reads, and no other', () => {
    const readme = readFileSync(path.resolve(__dirname, '../../README.md'), 'utf8');
    const table = readme.slice(readme.indexOf('<!-- env-table:start -->'), readme.indexOf('<!-- env-table:end -->'));
    const documented = [...table.matchAll(/^\|\s*`([A-Z0-9_]+)`\s*\|/gm)].map((match) => match[1]).sort();
    expect(documented).toEqual(Object.keys(ConfigSchema.shape).sort());
  });
});

describe('a process started with a bad configuration', () => {
  test('stops with exit code 2 and one message listing every problem', () => {
    const result = spawnSync(
      process.execPath,
      ['--require', 'tsx/cjs', path.resolve(__dirname, '../../api/rest/server.ts')],
      {
        env: { ...process.env, REST_PORT: 'seventy', LOG_LEVEL: 'chatty', MONGODB_URI: 'not a uri' },
        encoding: 'utf8',
        timeout: 30_000,
      },
    );
    expect(result.status).toBe(2);
    expect(result.stderr).toMatch(/^Invalid configuration:/);
    for (const name of ['REST_PORT', 'LOG_LEVEL', 'MONGODB_URI']) expect(result.stderr).toContain(name);
  });
});
