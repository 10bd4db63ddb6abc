import { Router } from '@koa/router';

export type ReadinessCheck = () => Promise<void>;

const CHECK_TIMEOUT_MS = 2_000;

/**
 * `/healthz`: the process is alive. `/readyz`: every dependency answered within two seconds;
 * otherwise 503 naming the failing check, so an orchestrator stops routing traffic here.
 */
export function healthRouter(checks: Record<string, ReadinessCheck>): Router {
  const router = new Router();
  router.get('/healthz', (ctx) => {
    ctx.body = { status: 'ok' };
  });
  router.get('/readyz', async (ctx) => {
    const entries = await Promise.all(
      Object.entries(checks).map(async ([name, check]) => [name, await runCheck(check)] as const),
    );
    const results = Object.fromEntries(entries);
    const ready = entries.every(([, result]) => result === 'ok');
    ctx.status = ready ? 200 : 503;
    ctx.body = { status: ready ? 'ok' : 'unavailable', checks: results };
  });
  return router;
}

async function runCheck(check: ReadinessCheck): Promise<string> {
  let timer: NodeJS.Timeout | undefined;
  try {
    await Promise.race([
      check(),
      new Promise((_, reject) => {
        timer = setTimeout(() => reject(new Error('timed out')), CHECK_TIMEOUT_MS);
      }),
    ]);
    return 'ok';
  } catch (error) {
    return `error: ${(error as Error).message.split('\n')[0]}`;
  } finally {
    clearTimeout(timer);
  }
}

/** A server answers HTTP at all (any status: a hosted API may answer 401 or 404 at its root). */
export async function pingHttpServer(baseUrl: string): Promise<void> {
  const response = await fetch(`${baseUrl}/healthz`, { signal: AbortSignal.timeout(CHECK_TIMEOUT_MS) });
  await response.body?.cancel();
}
