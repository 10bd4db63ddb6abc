import { Context } from '@temporalio/activity';
import type { MetricMeter } from '@temporalio/common';

/*
 * The product's own worker metrics, through the Temporal SDK's meter: exported with the SDK's
 * metrics at WORKER_METRICS_PORT (the SDK adds `activityType`, `taskQueue` and `namespace` labels),
 * a no-op without it. Outside an activity (a test calling one directly) nothing is recorded.
 */
/** Histogram boundaries of the product's worker metrics (the SDK's defaults are for milliseconds). */
export const WORKER_HISTOGRAM_BUCKETS: Record<string, number[]> = {
  speech_to_text_real_time_factor: [0.05, 0.1, 0.2, 0.3, 0.5, 0.75, 1, 1.5, 2, 5],
  webhook_delivery_latency: [10, 25, 50, 100, 250, 500, 1000, 2500, 5000, 10000],
};

function meter(): MetricMeter | null {
  try {
    return Context.current().metricMeter;
  } catch {
    return null;
  }
}

export type WebhookAttemptOutcome = 'delivered' | 'http_error' | 'network_error';

/** One delivery attempt: `webhook_delivery_attempts{outcome}` and its latency. */
export function recordWebhookAttempt(outcome: WebhookAttemptOutcome, latencyMs: number): void {
  const m = meter()?.withTags({ outcome });
  if (!m) return;
  m.createCounter('webhook_delivery_attempts', '1', 'Webhook delivery attempts by outcome').add(1);
  m.createHistogram('webhook_delivery_latency', 'int', 'ms', 'Time to the receiver’s answer').record(
    Math.round(latencyMs),
  );
}

export type IntegrationOutcome = 'ok' | 'rejected' | 'unavailable' | 'error';

/** One CRM or calendar sync: `integration_syncs{system, outcome}`. */
export function recordIntegrationSync(system: 'crm' | 'calendar', outcome: IntegrationOutcome): void {
  meter()
    ?.withTags({ system, outcome })
    .createCounter('integration_syncs', '1', 'CRM and calendar syncs by outcome')
    .add(1);
}

/**
 * One recording recognized: `speech_to_text_real_time_factor` (recognition time ÷ audio length;
 * below 1 is faster than real time) and the audio seconds recognized.
 */
export function recordSpeechToText(audioSeconds: number, recognitionSeconds: number): void {
  const m = meter();
  if (!m || audioSeconds <= 0) return;
  m.createHistogram('speech_to_text_real_time_factor', 'float', '1', 'Recognition time ÷ audio length').record(
    recognitionSeconds / audioSeconds,
  );
  m.createCounter('speech_to_text_audio_seconds', 's', 'Seconds of audio recognized').add(Math.round(audioSeconds));
}
