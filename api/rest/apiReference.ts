import { readFileSync } from 'node:fs';
import path from 'node:path';
import { Router } from '@koa/router';
import { pageSecurityHeaders } from '../http/pageSecurityHeaders';

/*
 * The API reference at /docs: Swagger UI (npm `swagger-ui-dist`, Apache-2.0) served from this
 * process, no CDN, reading /api/v1/openapi.json. "Try it out" sends requests to this same API with
 * the key given under "Authorize" (kept in the browser tab only). No inline script: the page loads
 * /docs/init.js, so the Content-Security-Policy can stay strict but for Swagger UI's inline styles.
 */

const SWAGGER_DIR = path.dirname(require.resolve('swagger-ui-dist/package.json'));
const ASSETS: Record<string, { file: string; type: string }> = {
  'swagger-ui-bundle.js': { file: 'swagger-ui-bundle.js', type: 'text/javascript; charset=utf-8' },
  'swagger-ui.css': { file: 'swagger-ui.css', type: 'text/css; charset=utf-8' },
  'favicon-32x32.png': { file: 'favicon-32x32.png', type: 'image/png' },
};

// Swagger UI sets element styles from script.
const SECURITY_HEADERS = pageSecurityHeaders({ styleSrc: ["'unsafe-inline'"] });

const PAGE = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Call Intelligence REST API reference</title>
<link rel="icon" type="image/png" href="/docs/assets/favicon-32x32.png">
<link rel="stylesheet" href="/docs/assets/swagger-ui.css">
</head>
<body>
<noscript>This reference needs JavaScript. The OpenAPI document itself is at <a href="/api/v1/openapi.json">/api/v1/openapi.json</a>.</noscript>
<div id="reference"></div>
<script src="/docs/assets/swagger-ui-bundle.js"></script>
<script src="/docs/init.js"></script>
</body>
</html>
`;

const INIT = `window.ui = SwaggerUIBundle({
  url: '/api/v1/openapi.json',
  dom_id: '#reference',
  deepLinking: true,
  tryItOutEnabled: false,
  persistAuthorization: false,
  displayRequestDuration: true,
  filter: true,
  defaultModelsExpandDepth: 0,
  docExpansion: 'list',
});
`;

export function apiReferenceRouter(): Router {
  const router = new Router();
  const assets = new Map(
    Object.entries(ASSETS).map(([name, asset]) => [
      name,
      { body: readFileSync(path.join(SWAGGER_DIR, asset.file)), type: asset.type },
    ]),
  );
  router.get('/docs', (ctx) => {
    ctx.set(SECURITY_HEADERS);
    ctx.type = 'text/html; charset=utf-8';
    ctx.body = PAGE;
  });
  router.get('/docs/init.js', (ctx) => {
    ctx.set(SECURITY_HEADERS);
    ctx.type = 'text/javascript; charset=utf-8';
    ctx.body = INIT;
  });
  router.get('/docs/assets/:name', (ctx) => {
    const asset = assets.get(ctx.params.name!);
    if (!asset) return; // 404 from the error handler's fallthrough
    ctx.set(SECURITY_HEADERS);
    // The files change only with the package version: a day's caching spares the 1.5 MB bundle.
    ctx.set('Cache-Control', 'public, max-age=86400');
    ctx.type = asset.type;
    ctx.body = asset.body;
  });
  return router;
}
