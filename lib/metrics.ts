import type { MongoClient } from 'mongodb';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';

/*
 * Prometheus metrics of this process (prom-client): one registry per process, with Node's own
 * metrics (event loop lag, heap, GC) and the product's, labelled by the app that served them.
 * `GET /metrics` on each API exposes it; workers export the Temporal SDK's metrics and the
 * product's worker metrics (activities/metrics.ts) at WORKER_METRICS_PORT instead.
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

/** Connections of this process's MongoDB pool, by state, kept from the driver's pool events. */
export const mongoPoolConnections = new Gauge({
  name: 'mongodb_pool_connections',
  help: "This process's MongoDB connections: open, and checked out by an operation",
  labelNames: ['state'] as const,
  registers: [metricsRegistry],
});

/**
 * Follows a MongoClient's connection pool (CMAP events) into mongodb_pool_connections; several
 * clients of one process add up. Attached before the client connects, so no connection is missed.
 */
export function observeMongoPool(client: MongoClient): void {
  const open = mongoPoolConnections.labels('open');
  const checkedOut = mongoPoolConnections.labels('checked_out');
  client.on('connectionCreated', () => open.inc());
  client.on('connectionClosed', () => open.dec());
  client.on('connectionCheckedOut', () => checkedOut.inc());
  client.on('connectionCheckedIn', () => checkedOut.dec());
}

/**
 * Tasks waiting on each task queue (Temporal's approximate backlog), asked of the server when
 * Prometheus scrapes: a backlog that grows is work the workers do not keep up with.
 */
export function observeTaskQueueBacklog(
  describe: (taskQueue: string, kind: 'workflow' | 'activity') => Promise<number | null>,
  taskQueues: readonly string[],
): void {
  new Gauge({
    name: 'temporal_task_queue_backlog',
    help: 'Approximate tasks waiting on each task queue, by kind (workflow or activity)',
    labelNames: ['task_queue', 'kind'] as const,
    registers: [metricsRegistry],
    async collect() {
      this.reset();
      await Promise.all(
        taskQueues.flatMap((taskQueue) =>
          (['workflow', 'activity'] as const).map(async (kind) => {
            const backlog = await describe(taskQueue, kind).catch(() => null);
            if (backlog !== null) this.labels(taskQueue, kind).set(backlog);
          }),
        ),
      );
    },
  });
}
