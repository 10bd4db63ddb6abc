import { Client, Connection } from '@temporalio/client';
import { OpenTelemetryWorkflowClientInterceptor } from '@temporalio/interceptors-opentelemetry/lib/client';
import { temporal } from '@temporalio/proto';
import { temporalAddress, type Config } from './config';

export interface TemporalHandle {
  client: Client;
  connection: Connection;
  close(): Promise<void>;
}

export async function connectTemporal(config: Config): Promise<TemporalHandle> {
  const connection = await Connection.connect({ address: temporalAddress(config) });
  const client = new Client({
    connection,
    namespace: config.TEMPORAL_NAMESPACE,
    // With tracing on, a workflow started here continues the caller's trace (Temporal headers).
    ...(config.OTEL_EXPORTER_OTLP_ENDPOINT
      ? { interceptors: { workflow: [new OpenTelemetryWorkflowClientInterceptor()] } }
      : {}),
  });
  return { client, connection, close: () => connection.close() };
}

/** Readiness probe: the frontend answers and knows our namespace. */
export async function pingTemporal(handle: TemporalHandle, namespace: string): Promise<void> {
  await handle.connection.workflowService.describeNamespace({ namespace });
}

/**
 * The approximate number of tasks waiting on a task queue (Temporal's own statistic), or null when
 * the server does not report it.
 */
export async function taskQueueBacklog(
  handle: TemporalHandle,
  namespace: string,
  taskQueue: string,
  kind: 'workflow' | 'activity',
): Promise<number | null> {
  const answer = await handle.connection.workflowService.describeTaskQueue({
    namespace,
    taskQueue: { name: taskQueue, kind: temporal.api.enums.v1.TaskQueueKind.TASK_QUEUE_KIND_NORMAL },
    taskQueueType:
      kind === 'workflow'
        ? temporal.api.enums.v1.TaskQueueType.TASK_QUEUE_TYPE_WORKFLOW
        : temporal.api.enums.v1.TaskQueueType.TASK_QUEUE_TYPE_ACTIVITY,
    reportStats: true,
  });
  const count = answer.stats?.approximateBacklogCount;
  return count === undefined || count === null ? null : Number(count);
}
