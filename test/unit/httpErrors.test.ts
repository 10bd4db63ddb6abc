import type { AddressInfo } from 'node:net';
import { Router } from '@koa/router';
import Koa from 'koa';
import pino from 'pino';
import { badRequest } from '../../lib/errors';
import { errorHandler } from '../../api/http/errors';
import { requestId } from '../../api/http/requestId';

describe('the one error body', () => {
  const logged: unknown[] = [];
  let url: string;
  let close: () => void;

  beforeAll(async () => {
    const logger = pino({ level: 'error' }, { write: (line: string) => logged.push(JSON.parse(line)) });
    const app = new Koa();
    app.use(requestId());
    app.use(errorHandler(logger));
    const router = new Router();
    router.get('/boom', () => {
      throw new Error('connection string mongodb://admin:hunter2@db at Object.<anonymous> (/srv/app.js:1:1)');
    });
    router.get('/invalid', () => {
      throw badRequest('Request body is invalid', [{ path: 'calls.0.audio_url', message: 'must be an http(s) URL' }]);
    });
    app.use(router.routes());
    const server = app.listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    close = () => server.close();
  });
  afterAll(() => close());

  test('an unexpected error is a 500 with a generic message: no internals, no stack trace', async () => {
    const response = await fetch(`${url}/boom`);
    expect(response.status).toBe(500);
    const body = await response.json();
    expect(body).toEqual({
      success: false,
      error: {
        code: 'internal_error',
        message: 'Internal server error',
        request_id: response.headers.get('x-request-id'),
      },
    });
    expect(JSON.stringify(body)).not.toContain('hunter2');
    // The details go to the log, tied to the request id, for the operator.
    expect(JSON.stringify(logged)).toContain(response.headers.get('x-request-id')!);
  });

  test('a validation error keeps its code, message and details', async () => {
    const response = await fetch(`${url}/invalid`);
    expect(response.status).toBe(400);
    expect(((await response.json()) as any).error).toMatchObject({
      code: 'invalid_request',
      details: [{ path: 'calls.0.audio_url', message: 'must be an http(s) URL' }],
    });
  });

  test('an unknown route is a 404 in the same shape', async () => {
    const response = await fetch(`${url}/missing`);
    expect(response.status).toBe(404);
    expect(((await response.json()) as any).error.code).toBe('not_found');
  });
});
