import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { Router } from '@koa/router';
import { pageSecurityHeaders } from '../http/pageSecurityHeaders';

/*
 * The web console's page and assets under /app, as built into console/dist (npm run build:console,
 * or npm run dev, which rebuilds on change). Every answer carries a strict Content-Security-Policy:
 * scripts, styles, media and requests only from this origin, no inline code, no framing.
 */

export const CONSOLE_PATH = '/app';
const DIST = path.resolve(__dirname, '..', '..', 'console', 'dist');

export const CONSOLE_SECURITY_HEADERS: Record<string, string> = {
  ...pageSecurityHeaders({ mediaSrc: true }),
  // Rebuilt in place (no hashed names): the browser asks again each time.
  'Cache-Control': 'no-cache',
};

const CONTENT_TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
};

export function consoleRouter(): Router {
  const router = new Router();
  // The router matches /app and /app/ alike: only the bare path is sent to the page's own URL.
  router.get(CONSOLE_PATH, (ctx) => {
    if (ctx.path === CONSOLE_PATH) return ctx.redirect(`${CONSOLE_PATH}/`);
    ctx.set(CONSOLE_SECURITY_HEADERS);
    const page = path.join(DIST, 'index.html');
    if (!existsSync(page)) {
      ctx.status = 503;
      ctx.type = 'text/plain';
      ctx.body = 'The console is not built: run npm run build:console (npm run dev builds it).';
      return;
    }
    ctx.type = 'text/html; charset=utf-8';
    ctx.body = readFileSync(page);
  });
  router.get(`${CONSOLE_PATH}/assets/:file`, (ctx) => {
    const file = ctx.params.file ?? '';
    const type = CONTENT_TYPES[path.extname(file)];
    // Names only (no separators or dot-dot): nothing outside the build can be asked for.
    const asset = path.join(DIST, 'assets', file);
    if (!/^[\w-]+(\.[\w]+)+$/.test(file) || !type || !existsSync(asset)) {
      ctx.status = 404;
      ctx.type = 'text/plain';
      ctx.body = 'Not found';
      return;
    }
    ctx.set(CONSOLE_SECURITY_HEADERS);
    ctx.type = type;
    ctx.body = readFileSync(asset);
  });
  return router;
}
