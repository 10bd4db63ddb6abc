import { Router } from '@koa/router';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { koaBody } from 'koa-body';
import { z } from 'zod';
import type { Middleware } from 'koa';
import type { Config } from '../../../lib/config';
import { AppError, badRequest, payloadTooLarge } from '../../../lib/errors';
import { resolveCitations, type AnswerEngine } from '../engine/answer';
import type { HelpCorpus } from '../engine/corpus';
import { searchChapters, type HelpIndex } from '../engine/search';
import type { Collections } from '../../../lib/mongo';
import { answerAtOnce, consumeAskLimits, requireAskAccess, validateAsk } from './ask';

/**
 * `/mcp`: the Model Context Protocol over Streamable HTTP (official SDK, stateless: a server and
 * transport per request). Tools: `search_help_videos` (lexical, no model call) and
 * `ask_service_docs` (the same answer as POST /api/ask with stream false, computed in this process:
 * never a request to an address taken from the request's headers).
 *
 * Access and limits are `/api/ask`'s: an allowed Origin or the service key for every request, and
 * each `ask_service_docs` call counts against the per-IP and global ask limits. JSON-RPC batches
 * are refused (the MCP revision 2025-06-18 removed them; one message per request keeps each call
 * counted and answered on its own).
 */
export const JSONRPC_INVALID_REQUEST = -32600;
const JSONRPC_SERVER_ERROR = -32000;

interface McpDeps {
  config: Config;
  collections: Collections;
  corpus: HelpCorpus;
  index: HelpIndex;
  engine: AnswerEngine;
}

/** Errors on `/mcp` keep their HTTP status and headers but travel as JSON-RPC error objects. */
const jsonRpcErrors: Middleware = async (ctx, next) => {
  try {
    await next();
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    ctx.status = error.status;
    for (const [name, value] of Object.entries(error.headers ?? {})) ctx.set(name, value);
    const requestId = (ctx.request.body as { id?: unknown } | undefined)?.id;
    ctx.body = {
      jsonrpc: '2.0',
      error: {
        code: error.status === 400 ? JSONRPC_INVALID_REQUEST : JSONRPC_SERVER_ERROR,
        message: error.message,
        data: { code: error.code },
      },
      id: typeof requestId === 'string' || typeof requestId === 'number' ? requestId : null,
    };
  }
};

/** Whether a JSON-RPC message calls the tool that asks the engine (counted like an ask). */
function callsAskTool(message: unknown): boolean {
  const { method, params } = (message ?? {}) as { method?: unknown; params?: { name?: unknown } };
  return method === 'tools/call' && params?.name === 'ask_service_docs';
}

export function mcpRouter(deps: McpDeps): Router {
  const router = new Router();
  const hosts = { video: deps.config.VIDEO_HOST, embed: deps.config.EMBED_HOST };

  const createServer = () => {
    const server = new McpServer({ name: 'call-intelligence-help', version: '1.0.0' });
    server.registerTool(
      'search_help_videos',
      {
        title: 'Search help videos',
        description: 'Lexical search over the help video catalog: chapters with their start time and watch link.',
        inputSchema: { query: z.string().min(1).max(200), limit: z.number().int().min(1).max(20).optional() },
      },
      async ({ query, limit }) => {
        const found = searchChapters(deps.index, query, limit ?? 5);
        const chapters = resolveCitations(
          deps.corpus.videos,
          found.map(({ entry, result }) => ({
            chapterId: entry.id,
            reason: `matches ${result.terms.slice(0, 4).join(', ')}`,
          })),
          hosts,
        );
        return { content: [{ type: 'text', text: JSON.stringify({ query, chapters }) }] };
      },
    );
    server.registerTool(
      'ask_service_docs',
      {
        title: 'Ask the service docs',
        description: 'Answers a product question from the docs and videos, with citations (as POST /api/ask).',
        inputSchema: { question: z.string().min(1).max(1000), page: z.string().max(500).optional() },
      },
      async ({ question, page }) => {
        try {
          const input = validateAsk({
            messages: [{ role: 'user', content: question }],
            ...(page ? { page } : {}),
            stream: false,
          });
          return { content: [{ type: 'text', text: JSON.stringify(await answerAtOnce(deps, input)) }] };
        } catch (error) {
          if (!(error instanceof AppError)) throw error;
          return { isError: true, content: [{ type: 'text', text: `${error.code}: ${error.message}` }] };
        }
      },
    );
    return server;
  };

  router.post(
    '/mcp',
    jsonRpcErrors,
    requireAskAccess(deps.config),
    koaBody({ jsonLimit: '64kb', json: true, multipart: false, urlencoded: false, text: false, onError: (error) => { throw (error as { status?: number }).status === 413 ? payloadTooLarge('The body is too large') : badRequest('The body is not valid JSON'); } }), // prettier-ignore
    async (ctx, next) => {
      const message: unknown = ctx.request.body;
      if (Array.isArray(message)) {
        throw badRequest('JSON-RPC batches are not accepted: send one message per request');
      }
      if (callsAskTool(message)) await consumeAskLimits(ctx, deps);
      await next();
    },
    async (ctx) => {
      const server = createServer();
      const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
      ctx.respond = false;
      ctx.res.on('close', () => {
        void transport.close();
        void server.close();
      });
      await server.connect(transport);
      await transport.handleRequest(ctx.req, ctx.res, ctx.request.body);
    },
  );
  // Stateless: no server-initiated stream and no session to end.
  for (const method of ['get', 'delete'] as const) {
    router[method]('/mcp', (ctx) => {
      ctx.status = 405;
      ctx.set('Allow', 'POST');
      ctx.body = {
        jsonrpc: '2.0',
        error: { code: -32000, message: 'Method not allowed: this MCP endpoint is stateless (POST only)' },
        id: null,
      };
    });
  }
  return router;
}
