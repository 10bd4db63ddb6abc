import { context, propagation, SpanKind, SpanStatusCode, trace } from '@opentelemetry/api';
import type { Middleware } from 'koa';

/**
 * One server span per request, continuing an incoming `traceparent`; everything the request does
 * (its queries, the workflow it starts) runs inside it. Named by route template once routing has
 * matched (`POST /api/v1/calls/upload/batch`). With tracing off the tracer is OpenTelemetry's no-op.
 */
export function httpTracing(app: 'rest' | 'help'): Middleware {
  const tracer = trace.getTracer(`call-intelligence-${app}`);
  return async (ctx, next) => {
    const parent = propagation.extract(context.active(), ctx.headers);
    const span = tracer.startSpan(
      `${ctx.method} ${ctx.path}`,
      { kind: SpanKind.SERVER, attributes: { 'http.request.method': ctx.method, 'url.path': ctx.path } },
      parent,
    );
    try {
      await context.with(trace.setSpan(parent, span), next);
    } catch (error) {
      span.recordException(error as Error);
      throw error;
    } finally {
      const route = (ctx as { _matchedRoute?: string })._matchedRoute;
      if (typeof route === 'string') {
        span.updateName(`${ctx.method} ${route}`);
        span.setAttribute('http.route', route);
      }
      span.setAttribute('http.response.status_code', ctx.status);
      if (ctx.status >= 500) span.setStatus({ code: SpanStatusCode.ERROR });
      span.end();
    }
  };
}
