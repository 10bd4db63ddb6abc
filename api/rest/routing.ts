import type { Router } from '@koa/router';
import type { Context, Middleware } from 'koa';
import type { z } from 'zod';
import type { Permission } from '../../lib/permissions';
import { parseOrThrow } from '../../lib/validation';
import { authOf, requirePermission, type AuthContext } from './middleware/auth';
import { jsonBody } from './middleware/body';
import type { IdempotencyMode } from './middleware/idempotency';

/**
 * Every `/api/v1` route is declared once, with its zod schemas, permission and statuses. The same
 * declaration mounts the Koa handler (validating path, query and body) and produces the OpenAPI
 * document, so the two cannot drift apart (test/integration/openapi.test.ts checks it).
 */
export type HttpMethod = 'get' | 'post' | 'patch' | 'delete';

export interface RouteInput<P, Q, B> {
  auth: AuthContext;
  params: P;
  query: Q;
  body: B;
}

export interface RouteResponse {
  status: number;
  description: string;
  schema?: z.ZodType;
  /** Defaults to application/json. */
  contentType?: string;
}

export interface RouteDefinition<
  P extends z.ZodType = z.ZodType,
  Q extends z.ZodType = z.ZodType,
  B extends z.ZodType = z.ZodType,
> {
  method: HttpMethod;
  /** OpenAPI-style path under /api/v1, e.g. `/calls/{callId}`. */
  path: string;
  operationId: string;
  summary: string;
  description?: string;
  tag: string;
  permission: Permission | null;
  /**
   * Answered without a key or session (signing in, accepting an invitation): mounted ahead of
   * authentication and the organization's rate limit, with no Idempotency-Key; the handler's
   * `auth` must not be read. Such a route throttles itself.
   */
  public?: boolean;
  params?: P;
  query?: Q;
  /** A JSON body, validated with this schema. */
  body?: B;
  /** Keep the raw bytes of the JSON body for signature checks (`rawBodyOf`). */
  rawBody?: boolean;
  /** A multipart/form-data body, parsed by the handler itself as a stream (documented from this). */
  multipart?: { fields: z.ZodObject; fileField: string; fileDescription: string };
  /**
   * Checks beyond the permission that must pass before anything else, an Idempotency-Key replay
   * included (e.g. a request signature).
   */
  authorize?(ctx: Context, input: RouteInput<z.output<P>, z.output<Q>, z.output<B>>): Promise<void> | void;
  /**
   * Whether a success is written to the audit log. Default: every authenticated route that changes
   * something (not GET); a GET that hands out sensitive content (a recording, a MISMO file) says
   * true; ingest says false (the call itself records who sent it, and how).
   */
  audit?: boolean;
  /** The answer holds a secret shown once: Idempotency-Key is refused (a replay would have to store it). */
  returnsSecret?: boolean;
  success: RouteResponse;
  /** Error statuses this route can answer besides the ones every authenticated route can. */
  errors: number[];
  handler(ctx: Context, input: RouteInput<z.output<P>, z.output<Q>, z.output<B>>): Promise<void> | void;
}

/** Statuses any authenticated `/api/v1` route can answer. */
export const COMMON_ERROR_STATUSES = [401, 429, 500] as const;

/** Keeps the schemas' types flowing into the handler; returns the definition unchanged. */
export function defineRoute<P extends z.ZodType, Q extends z.ZodType, B extends z.ZodType>(
  route: RouteDefinition<P, Q, B>,
): RouteDefinition {
  return route as unknown as RouteDefinition;
}

export function koaPath(openApiPath: string): string {
  return openApiPath.replace(/\{(\w+)\}/g, ':$1');
}

const ROUTE_INPUT = 'routeInput';

export function mountRoutes(
  router: Router,
  routes: readonly RouteDefinition[],
  options: {
    jsonLimitBytes: number;
    idempotency: (mode: IdempotencyMode) => Middleware;
    /** Records a successful audited route (see RouteDefinition.audit). */
    audit?: (ctx: Context, route: RouteDefinition) => Promise<void>;
  },
): void {
  for (const route of routes) {
    // Only routes that take a JSON body parse one; a multipart route streams its own.
    const bodyParsing = route.body ? jsonBody(options.jsonLimitBytes, { keepRaw: route.rawBody ?? false }) : [];
    // Permission, input and the route's own checks come first: a replay is never a way around them.
    const authorize: Middleware = async (ctx, next) => {
      const auth = route.public ? null : route.permission ? requirePermission(ctx, route.permission) : authOf(ctx);
      const params = route.params ? parseOrThrow(route.params, ctx.params, 'Path parameters') : {};
      const query = route.query ? parseOrThrow(route.query, { ...ctx.query }, 'Query parameters') : {};
      const body = route.body ? parseOrThrow(route.body, ctx.request.body ?? {}) : undefined;
      const input = { params, query, body } as RouteInput<unknown, unknown, unknown>;
      Object.defineProperty(input, 'auth', {
        enumerable: true,
        get() {
          if (!auth) throw new Error(`${route.operationId} is a public route: it has no caller`);
          return auth;
        },
      });
      await route.authorize?.(ctx, input);
      ctx.state[ROUTE_INPUT] = input;
      await next();
    };
    const replay =
      route.method === 'post' && !route.public
        ? [options.idempotency(route.returnsSecret ? 'refused' : route.multipart ? 'deferred' : 'body')]
        : [];
    const audited = !route.public && (route.audit ?? route.method !== 'get');
    router[route.method](koaPath(route.path), ...bodyParsing, authorize, ...replay, async (ctx) => {
      await route.handler(ctx, ctx.state[ROUTE_INPUT] as RouteInput<unknown, unknown, unknown>);
      if (audited && ctx.status < 400) await options.audit?.(ctx, route);
    });
  }
}

/** What an audited route acted on: the handler's `ctx.state.auditTarget`, else the last path parameter, else the id it created. */
export function auditTargetOf(ctx: Context, route: RouteDefinition): { type: string; id: string | null } {
  const named = ctx.state.auditTarget as { type: string; id: string | null } | undefined;
  if (named) return named;
  const params = Object.entries((ctx.params ?? {}) as Record<string, string>);
  const last = params[params.length - 1];
  if (last) return { type: last[0].replace(/Id$/, ''), id: last[1] };
  const data = (ctx.body as { data?: Record<string, unknown> } | undefined)?.data;
  const created =
    data && typeof data === 'object'
      ? Object.entries(data).find(([key]) => key === 'id' || key.endsWith('_id'))
      : undefined;
  return { type: route.tag.toLowerCase(), id: typeof created?.[1] === 'string' ? created[1] : null };
}
