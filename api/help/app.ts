import Koa from 'koa';
import { Router } from '@koa/router';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Config } from '../../lib/config';
import { extractiveAnswerEngine, type AnswerEngine } from './engine/answer';
import { AnthropicAnswerEngine } from './engine/anthropicAnswer';
import { loadHelpCorpus, type HelpCorpus } from './engine/corpus';
import { buildHelpIndex } from './engine/search';
import { healthRouter } from '../http/health';
import { httpMetrics, metricsRouter } from '../http/metrics';
import { httpTracing } from '../http/tracing';
import { allowedMethods } from '../http/allowedMethods';
import { errorHandler } from '../http/errors';
import { requestLogging } from '../http/logging';
import { requestId } from '../http/requestId';
import type { Logger } from '../../lib/logger';
import { pingDatabase, type Database } from '../../lib/mongo';
import { askRouter } from './routes/ask';
import { mcpRouter } from './routes/mcp';
import { publicHelpRouter } from './routes/public';

export interface HelpDeps {
  config: Config;
  database: Database;
  logger: Logger;
  /** Defaults to the corpus in HELP_CONTENT_DIR (validated: a bad catalog stops the app). */
  corpus?: HelpCorpus;
  /** Defaults to the embedded extractive engine. */
  engine?: AnswerEngine;
}

/** The ask engine ASK_ENGINE names; `anthropic` without its key is refused at start. */
export function askEngineFor(config: Config): AnswerEngine {
  if (config.ASK_ENGINE === 'embedded') return extractiveAnswerEngine;
  if (!config.ANTHROPIC_API_KEY) throw new Error('ASK_ENGINE=anthropic needs ANTHROPIC_API_KEY');
  return new AnthropicAnswerEngine({
    apiKey: config.ANTHROPIC_API_KEY,
    baseUrl: config.ANTHROPIC_BASE_URL,
    model: config.ASK_MODEL,
    timeoutMs: config.LANGUAGE_TIMEOUT_SECONDS * 1000,
  });
}

/** The public help-content app (its own port, no version segment in paths). */
export function createHelpApp(deps: HelpDeps): Koa {
  const directory = path.resolve(deps.config.HELP_CONTENT_DIR);
  const corpus = deps.corpus ?? loadHelpCorpus(directory, deps.config.DOCS_PUBLIC_URL);
  const index = buildHelpIndex(corpus);
  const app = new Koa({ proxy: deps.config.TRUST_PROXY });
  app.use(requestId());
  app.use(httpMetrics('help'));
  app.use(httpTracing('help'));
  app.use(requestLogging(deps.logger));
  app.use(errorHandler(deps.logger));
  app.use(metricsRouter().routes());
  // MongoDB holds the shared ask rate-limit counters, so the app is not ready without it.
  app.use(healthRouter({ mongo: () => pingDatabase(deps.database) }).routes());
  app.use(publicHelpRouter(corpus, index).routes());
  const askDeps = {
    config: deps.config,
    collections: deps.database.collections,
    corpus,
    index,
    engine: deps.engine ?? askEngineFor(deps.config),
  };
  const ask = askRouter(askDeps);
  app.use(ask.routes());
  app.use(allowedMethods(ask));
  app.use(mcpRouter(askDeps).routes());
  // The docs pages themselves (markdown), so search hits link somewhere on a fresh machine.
  const pages = new Router();
  pages.get('/docs/:slug', (ctx) => {
    const file = path.join(directory, `${ctx.params.slug}.md`);
    if (!/^[a-z0-9-]+$/.test(ctx.params.slug ?? '') || !existsSync(file)) return;
    ctx.type = 'text/markdown; charset=utf-8';
    ctx.set('Cache-Control', 'public, max-age=3600');
    ctx.body = readFileSync(file, 'utf8');
  });
  // The docs widget: asks, streams the answer, links the citations at their chapter.
  const widget = readFileSync(path.join(__dirname, 'widget', 'widget.html'), 'utf8');
  pages.get('/widget', (ctx) => {
    ctx.type = 'text/html; charset=utf-8';
    ctx.set('Content-Security-Policy', "default-src 'self'; script-src 'unsafe-inline'; style-src 'unsafe-inline'");
    ctx.body = widget;
  });
  app.use(pages.routes());
  return app;
}
