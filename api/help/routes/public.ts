import { Router } from '@koa/router';
import { createHash } from 'node:crypto';
import type { Context } from 'koa';
import { z } from 'zod';
import { badRequest, notFound } from '../../../lib/errors';
import type { HelpCorpus } from '../engine/corpus';
import { searchDocs, snippetOf, type HelpIndex } from '../engine/search';
import { parseOrThrow } from '../../../lib/validation';

/** Catalog, docs search and transcripts: public, CORS-open, cacheable for an hour, with ETags. */
export const PUBLIC_CACHE_CONTROL = 'public, max-age=3600';
export const SEARCH_DEFAULT_LIMIT = 10;
export const SEARCH_MAX_LIMIT = 50;

const SearchQuery = z
  .object({
    q: z.string().trim().max(200, 'must be at most 200 characters').optional(),
    all: z.enum(['1']).optional(),
    limit: z.coerce.number().int().min(1).max(SEARCH_MAX_LIMIT).default(SEARCH_DEFAULT_LIMIT),
  })
  .strict();

function sendCacheable(ctx: Context, body: unknown): void {
  const json = JSON.stringify(body);
  const etag = `"${createHash('sha256').update(json).digest('base64url').slice(0, 27)}"`;
  ctx.set('Cache-Control', PUBLIC_CACHE_CONTROL);
  ctx.set('ETag', etag);
  const presented = ctx.get('If-None-Match');
  if (presented && presented.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag)) {
    ctx.status = 304;
    return;
  }
  ctx.type = 'application/json';
  ctx.body = json;
}

export function publicHelpRouter(corpus: HelpCorpus, index: HelpIndex): Router {
  const router = new Router();
  // CORS open: anyone may read the catalog, the docs and the transcripts.
  router.use(async (ctx, next) => {
    ctx.set('Access-Control-Allow-Origin', '*');
    if (ctx.method === 'OPTIONS') {
      ctx.set('Access-Control-Allow-Methods', 'GET, OPTIONS');
      ctx.set('Access-Control-Allow-Headers', 'If-None-Match, Content-Type');
      ctx.set('Access-Control-Max-Age', '86400');
      ctx.status = 204;
      return;
    }
    await next();
  });
  const published = corpus.videos.filter((video) => video.status === 'published' && video.youtubeId);

  router.get('/api/videos', (ctx) => sendCacheable(ctx, { videos: published }));
  router.options('/api/videos', () => undefined);

  router.get('/api/docs/search', (ctx) => {
    const query = parseOrThrow(SearchQuery, ctx.query, 'Query');
    if (query.all === '1') {
      const hits = corpus.chunks.map((chunk) => ({
        slug: chunk.slug,
        title: chunk.title,
        section: chunk.section,
        snippet: chunk.text,
        url: chunk.url,
        ...(chunk.policy ? { policy: chunk.policy } : {}),
      }));
      return sendCacheable(ctx, { query: null, total: hits.length, hits });
    }
    if (!query.q) throw badRequest('q is required (or all=1)', [{ path: 'q', message: 'required unless all=1' }]);
    const found = searchDocs(index, query.q, query.limit);
    sendCacheable(ctx, {
      query: query.q,
      total: found.length,
      hits: found.map(({ chunk, result }) => ({
        slug: chunk.slug,
        title: chunk.title,
        section: chunk.section,
        snippet: snippetOf(chunk.text, result.terms),
        url: chunk.url,
        score: Math.round(result.score * 100) / 100,
        ...(chunk.policy ? { policy: chunk.policy } : {}),
      })),
    });
  });
  router.options('/api/docs/search', () => undefined);

  router.get('/api/videos/:id/transcript', (ctx) => {
    const video = published.find((candidate) => candidate.id === ctx.params.id);
    const transcript = video ? corpus.transcripts.get(video.id) : undefined;
    if (!video || !transcript) throw notFound('Video');
    sendCacheable(ctx, { videoId: video.id, title: video.title, segments: transcript.segments });
  });
  router.options('/api/videos/:id/transcript', () => undefined);
  return router;
}
