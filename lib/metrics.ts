import { collectDefaultMetrics, Counter, Histogram, Registry } from 'prom-client';

/*
 * Prometheus metrics of this process (prom-client): one registry per process, with Node's own
 * metrics (event loop lag, heap, GC) and the product's, labelled by the app that served them.
 * `GET /metrics` on each API exposes it; workers export the Temporal SDK's metrics instead
 * (WORKER_METRICS_PORT).
 */
export const metricsRegistry = new Registry();
collectDefaultMetrics({ register: metricsRegistry });

export const httpRequestDuration = new Histogram({
  name: 'http_request_duration_seconds',
  help: 'HTTP requests by app, method, route template and status, with their duration',
  labelNames: ['app', 'method', 'route', 'status'] as const,
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
  registers: [metricsRegistry],
});

export const rateLimitRefusals = new Counter({
  name: 'rate_limit_refusals_total',
  help: 'Requests refused with 429 by the per-organization rate limit',
  registers: [metricsRegistry],
});
