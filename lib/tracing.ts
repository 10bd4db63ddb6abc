import { context, propagation, trace, type Context } from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import { W3CTraceContextPropagator } from '@opentelemetry/core';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { Resource } from '@opentelemetry/resources';
import { BasicTracerProvider, BatchSpanProcessor, type SpanProcessor } from '@opentelemetry/sdk-trace-base';
import type { Config } from './config';

/*
 * OpenTelemetry traces, off unless OTEL_EXPORTER_OTLP_ENDPOINT names a collector: an API request's
 * span, the workflow it starts, each activity and each outbound call (recording downloads,
 * webhooks, CRM and calendar requests carry `traceparent`) share one trace, exported by OTLP over
 * HTTP. The Temporal SDK's OpenTelemetry interceptors carry the context through Temporal's headers.
 */

export interface Tracing {
  resource: Resource;
  spanProcessor: SpanProcessor;
  /** Sends what is buffered and stops. */
  shutdown(): Promise<void>;
}

let installed: Tracing | null = null;

/** Installs the process's tracer provider once; null when tracing is off. */
export function startTracing(config: Pick<Config, 'OTEL_EXPORTER_OTLP_ENDPOINT'>, service: string): Tracing | null {
  if (!config.OTEL_EXPORTER_OTLP_ENDPOINT) return null;
  if (installed) return installed;
  const resource = new Resource({ 'service.name': service, 'service.namespace': 'call-intelligence' });
  const exporter = new OTLPTraceExporter({
    url: `${config.OTEL_EXPORTER_OTLP_ENDPOINT.replace(/\/+$/, '')}/v1/traces`,
  });
  // Short batches: traces show up within a second or two, and little is lost when a process dies.
  const spanProcessor = new BatchSpanProcessor(exporter, { scheduledDelayMillis: 1000 });
  const provider = new BasicTracerProvider({ resource, spanProcessors: [spanProcessor] });
  context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable());
  propagation.setGlobalPropagator(new W3CTraceContextPropagator());
  trace.setGlobalTracerProvider(provider);
  installed = { resource, spanProcessor, shutdown: () => provider.shutdown() };
  return installed;
}

/** `traceparent` (and `tracestate`) of the active span, for an outbound request; empty when tracing is off. */
export function traceHeaders(active: Context = context.active()): Record<string, string> {
  const headers: Record<string, string> = {};
  propagation.inject(active, headers);
  return headers;
}

/** The active span's trace id, for log lines; undefined outside a trace. */
export function activeTraceId(): string | undefined {
  const span = trace.getActiveSpan();
  const id = span?.spanContext().traceId;
  return id && id !== '00000000000000000000000000000000' ? id : undefined;
}
