import { Router } from '@koa/router';
import { koaBody } from 'koa-body';
import type { Context, Next } from 'koa';
import { PassThrough } from 'node:stream';
import { z } from 'zod';
import type { Config } from '../../../lib/config';
import { safeEqual } from '../../../lib/crypto';
import { AppError, badRequest, forbidden, payloadTooLarge, rateLimited } from '../../../lib/errors';
import {
  countWords,
  resolveCitations,
  retrieve,
  type AnswerEngine,
  type AskMessage,
  type Citation,
} from '../engine/answer';
import type { HelpCorpus } from '../engine/corpus';
import type { HelpIndex } from '../engine/search';
import type { Collections } from '../../../lib/mongo';
import { consumeRateLimit } from '../../../lib/rateLimit';

/** POST /api/ask: spec sections 4, 5, 7 and 8. */
export const MAX_USER_TURNS = 8;
export const MAX_MESSAGE_CHARACTERS = 1000;

const Message = z.object({ role: z.enum(['user', 'assistant']), content: z.unknown() }).strict();
const AskBody = z
  .object({
    messages: z
      .array(Message)
      .min(1, 'must hold at least one message')
      .max(2 * MAX_USER_TURNS + 1),
    page: z.string().max(500).optional(),
    stream: z.boolean().default(true),
  })
  .strict();

/** The checks of section 4, in the order that decides the status: shape 400, length 413, turns 400. */
export function validateAsk(input: unknown): { messages: AskMessage[]; page?: string; stream: boolean } {
  const parsed = AskBody.safeParse(input);
  if (!parsed.success) {
    const details = parsed.error.issues.map((issue) => ({
      path: issue.path.join('.') || '(body)',
      message: issue.message,
    }));
    throw badRequest(`Request body is invalid: ${details.map((d) => `${d.path}: ${d.message}`).join('; ')}`, details);
  }
  const body = parsed.data;
  body.messages.forEach((message, index) => {
    if (typeof message.content !== 'string') {
      const blocks = Array.isArray(message.content) ? (message.content as { type?: unknown }[]) : [];
      const tool = blocks.some((block) => block?.type === 'tool_use' || block?.type === 'tool_result');
      throw badRequest(
        tool ? 'tool_use and tool_result blocks are not accepted in the history' : 'message content must be text',
        [{ path: `messages.${index}.content`, message: tool ? 'tool blocks are not accepted' : 'must be a string' }],
      );
    }
    if (message.content.length > MAX_MESSAGE_CHARACTERS) {
      throw payloadTooLarge(`messages.${index}.content is longer than ${MAX_MESSAGE_CHARACTERS} characters`);
    }
  });
  const userTurns = body.messages.filter((message) => message.role === 'user').length;
  if (userTurns > MAX_USER_TURNS) {
    throw badRequest(`at most ${MAX_USER_TURNS} user turns`, [
      { path: 'messages', message: `${userTurns} user turns` },
    ]);
  }
  if (body.messages.at(-1)!.role !== 'user') {
    throw badRequest("the last message must be the user's question", [
      { path: 'messages', message: 'ends with an assistant message' },
    ]);
  }
  if (body.messages.some((message) => !(message.content as string).trim())) {
    throw badRequest('messages must not be empty', [{ path: 'messages', message: 'an empty message' }]);
  }
  return { messages: body.messages as AskMessage[], page: body.page, stream: body.stream };
}

/** The client's address as configured (ASK_TRUSTED_PROXY_HOPS), never the leftmost forwarded entry. */
export function clientIp(ctx: Context, trustedHops: number): string {
  const socket = ctx.req.socket.remoteAddress ?? 'unknown';
  if (trustedHops === 0) return socket;
  const forwarded = (ctx.get('X-Forwarded-For') || '')
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  // Our proxies append; the entry `trustedHops` from the right is the one our outermost proxy saw.
  return forwarded[forwarded.length - trustedHops] ?? socket;
}

export interface AskDeps {
  config: Config;
  collections: Collections;
  corpus: HelpCorpus;
  index: HelpIndex;
  engine: AnswerEngine;
}

/** CORS for an allowed Origin (the widget); others get no CORS headers. */
function allowOrigin(ctx: Context, allowed: ReadonlySet<string>): void {
  const origin = ctx.get('Origin');
  if (origin && allowed.has(origin)) {
    ctx.set('Access-Control-Allow-Origin', origin);
    ctx.set('Vary', 'Origin');
  }
}

/**
 * Who may ask (spec section 5): an allowed Origin (the widget) or the service key (tools); else
 * 403. Shared by `/api/ask` and `/mcp`, so neither is a way around the other.
 */
export function requireAskAccess(config: Config): (ctx: Context, next: Next) => Promise<void> {
  const allowed = new Set(config.ASK_ALLOWED_ORIGINS);
  return async (ctx, next) => {
    allowOrigin(ctx, allowed);
    const origin = ctx.get('Origin');
    const bearer = /^Bearer (.+)$/.exec(ctx.get('Authorization'))?.[1];
    const keyOk = Boolean(bearer && config.ASK_SERVICE_KEY && safeEqual(bearer, config.ASK_SERVICE_KEY));
    if (!keyOk && !(origin && allowed.has(origin))) {
      throw forbidden(origin ? 'Origin is not on the allow list' : 'An allowed Origin or the service key is required');
    }
    await next();
  };
}

/** Counts one ask against the per-IP and global limits; a refusal is a 429 with Retry-After. */
export async function consumeAskLimits(ctx: Context, deps: Pick<AskDeps, 'config' | 'collections'>): Promise<void> {
  const ip = clientIp(ctx, deps.config.ASK_TRUSTED_PROXY_HOPS);
  for (const [key, limit, window] of [
    [`ask:ip:${ip}`, deps.config.ASK_RATE_LIMIT_PER_IP, deps.config.ASK_RATE_WINDOW_PER_IP_SECONDS],
    ['ask:global', deps.config.ASK_RATE_LIMIT_GLOBAL, deps.config.ASK_RATE_WINDOW_GLOBAL_SECONDS],
  ] as const) {
    const decision = await consumeRateLimit(deps.collections.rateLimitWindows, key, limit, window);
    if (!decision.allowed) {
      ctx.set('Retry-After', String(decision.retryAfterSeconds));
      throw rateLimited(decision.retryAfterSeconds);
    }
  }
}

export interface AskAnswer {
  answer: string;
  citations: Citation[];
  usage: { input_tokens: number; output_tokens: number };
}

function inputTokensOf(retrieved: ReturnType<typeof retrieve>): number {
  return countWords(
    [
      retrieved.question,
      ...retrieved.passages.map((passage) => passage.text),
      ...retrieved.chapters.map((c) => c.summary),
    ].join(' '),
  );
}

/** The whole answer at once (`stream: false`): the JSON `/api/ask` returns and `ask_service_docs` passes on. */
export async function answerAtOnce(
  deps: Pick<AskDeps, 'config' | 'corpus' | 'index' | 'engine'>,
  input: { messages: AskMessage[]; page?: string },
): Promise<AskAnswer> {
  const retrieved = retrieve(deps.index, input.messages, input.page);
  let answer = '';
  let usage: AskAnswer['usage'] | null = null;
  const cited: { chapterId: string; reason: string }[] = [];
  for await (const part of deps.engine.answer(retrieved, input.messages)) {
    if (part.type === 'text') answer += part.text;
    else if (part.type === 'cite') cited.push(part);
    else usage = { input_tokens: part.input_tokens, output_tokens: part.output_tokens };
  }
  return {
    answer,
    citations: resolveCitations(deps.corpus.videos, cited, {
      video: deps.config.VIDEO_HOST,
      embed: deps.config.EMBED_HOST,
    }),
    usage: usage ?? { input_tokens: inputTokensOf(retrieved), output_tokens: countWords(answer) },
  };
}

export function askRouter(deps: AskDeps): Router {
  const router = new Router();
  const allowed = new Set(deps.config.ASK_ALLOWED_ORIGINS);
  const hosts = { video: deps.config.VIDEO_HOST, embed: deps.config.EMBED_HOST };

  router.options('/api/ask', (ctx) => {
    allowOrigin(ctx, allowed);
    if (!allowed.has(ctx.get('Origin'))) throw forbidden('Origin is not allowed');
    ctx.set('Access-Control-Allow-Methods', 'POST, OPTIONS');
    ctx.set('Access-Control-Allow-Headers', 'Content-Type, Authorization');
    ctx.set('Access-Control-Max-Age', '600');
    ctx.status = 204;
  });

  router.post(
    '/api/ask',
    requireAskAccess(deps.config),
    async (ctx, next) => {
      await consumeAskLimits(ctx, deps);
      await next();
    },
    koaBody({ jsonLimit: '64kb', json: true, multipart: false, urlencoded: false, text: false, onError: (error) => { throw (error as { status?: number }).status === 413 ? payloadTooLarge('The body is too large') : badRequest('The body is not valid JSON'); } }), // prettier-ignore
    async (ctx) => {
      if (!ctx.is('application/json')) throw new AppError(415, 'unsupported_media_type', 'Send application/json');
      const input = validateAsk(ctx.request.body);
      if (!input.stream) {
        ctx.body = await answerAtOnce(deps, input);
        return;
      }
      const retrieved = retrieve(deps.index, input.messages, input.page);
      const inputTokens = inputTokensOf(retrieved);
      const parts = deps.engine.answer(retrieved, input.messages);

      const stream = new PassThrough();
      const send = (event: string, data: unknown) => stream.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
      ctx.status = 200;
      ctx.type = 'text/event-stream';
      ctx.set('Cache-Control', 'no-cache');
      ctx.set('X-Accel-Buffering', 'no');
      ctx.body = stream;
      void (async () => {
        let answer = '';
        let usage: { input_tokens: number; output_tokens: number } | null = null;
        const cited: { chapterId: string; reason: string }[] = [];
        try {
          for await (const part of parts) {
            if (part.type === 'text') {
              answer += part.text;
              send('text', { text: part.text });
            } else if (part.type === 'cite') cited.push(part);
            else usage = { input_tokens: part.input_tokens, output_tokens: part.output_tokens };
          }
          const citations: Citation[] = resolveCitations(deps.corpus.videos, cited, hosts);
          send('citations', { citations });
          send('done', { usage: usage ?? { input_tokens: inputTokens, output_tokens: countWords(answer) } });
        } catch (error) {
          // The status line is sent: failures now travel as an event.
          send('error', { error: (error as Error).message });
        } finally {
          stream.end();
        }
      })();
    },
  );
  return router;
}
