import { Router } from '@koa/router';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { koaBody } from 'koa-body';
import { z } from 'zod';
import type { Config } from '../../../lib/config';
import { resolveCitations } from '../../../lib/help/answer';
import type { HelpCorpus } from '../../../lib/help/corpus';
import { searchChapters, type HelpIndex } from '../../../lib/help/search';

/**
 * `/mcp`: the Model Context Protocol over Streamable HTTP (official SDK, stateless: a server and
 * transport per request). Tools: `search_help_videos` (lexical, no model call) and
 * `ask_service_docs` (POST /api/ask on this app with stream false and the service key).
 */
export function mcpRouter(deps: { config: Config; corpus: HelpCorpus; index: HelpIndex }): Router {
  const router = new Router();
  const hosts = { video: deps.config.VIDEO_HOST, embed: deps.config.EMBED_HOST };

  const serverFor = (selfUrl: string) => {
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
        description: 'Answers a product question from the docs and videos, with citations (POST /api/ask).',
        inputSchema: { question: z.string().min(1).max(1000), page: z.string().max(500).optional() },
      },
      async ({ question, page }) => {
        if (!deps.config.ASK_SERVICE_KEY) {
          return {
            isError: true,
            content: [{ type: 'text', text: 'ASK_SERVICE_KEY is not configured on the help API' }],
          };
        }
        const response = await fetch(`${selfUrl}/api/ask`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${deps.config.ASK_SERVICE_KEY}` },
          body: JSON.stringify({
            messages: [{ role: 'user', content: question }],
            ...(page ? { page } : {}),
            stream: false,
          }),
        });
        const text = await response.text();
        return response.ok
          ? { content: [{ type: 'text', text }] }
          : { isError: true, content: [{ type: 'text', text: `POST /api/ask answered ${response.status}: ${text}` }] };
      },
    );
    return server;
  };

  router.post('/mcp', koaBody({ jsonLimit: '64kb' }), async (ctx) => {
    const server = serverFor(`${ctx.protocol}://${ctx.host}`);
    const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
    ctx.respond = false;
    ctx.res.on('close', () => {
      void transport.close();
      void server.close();
    });
    await server.connect(transport);
    await transport.handleRequest(ctx.req, ctx.res, ctx.request.body);
  });
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
