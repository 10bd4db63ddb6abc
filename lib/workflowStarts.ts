import {
  ScheduleAlreadyRunning,
  ScheduleOverlapPolicy,
  WorkflowExecutionAlreadyStartedError,
  WorkflowIdReusePolicy,
  type Client,
} from '@temporalio/client';
import type { CallDoc } from './documents';
import {
  batchWorkflowId,
  callSearchAttributes,
  callWorkflowMetadata,
  callWorkflowId,
  deliveryWorkflowId,
  erasureWorkflowId,
  RETENTION_SCHEDULE_ID,
  SEARCH_SYNC_SCHEDULE_ID,
  searchRebuildWorkflowId,
  type RebuildSearchIndexInput,
  type EnforceRetentionInput,
  type EraseDataInput,
  type ApplyPrivacyPolicyInput,
  type ReprocessCallsInput,
  reprocessWorkflowId,
  privacyPolicyWorkflowId,
  searchAttributes,
  syncWorkflowId,
  taskQueues,
  type CheckConnectionInput,
  type CheckConnectionResult,
  type DeliverWebhookInput,
  type DeliverWebhookResult,
  type IngestBatchInput,
  type ProcessCallInput,
  type ProcessCallResult,
} from './temporal';

/*
 * Every workflow started from outside Temporal, each through one function here: its id, queue,
 * search attributes and reuse policy in one place, its input typed. The signatures are checked
 * against the workflow functions themselves in test/unit/workflowStarts.test.ts (lib/ may not
 * import workflows/).
 */
export interface WorkflowSignatures {
  processCall: (input: ProcessCallInput) => Promise<ProcessCallResult>;
  ingestBatch: (input: IngestBatchInput) => Promise<unknown>;
  syncCall: (input: ProcessCallInput) => Promise<unknown>;
  deliverWebhook: (input: DeliverWebhookInput) => Promise<DeliverWebhookResult>;
  checkConnection: (input: CheckConnectionInput) => Promise<CheckConnectionResult>;
  eraseData: (input: EraseDataInput) => Promise<{ status: 'completed' }>;
  applyPrivacyPolicy: (input: ApplyPrivacyPolicyInput) => Promise<{ calls: number; changed: number }>;
  reprocessCalls: (input: ReprocessCallsInput) => Promise<{ status: 'completed' | 'cancelled' }>;
  enforceRetention: (input?: EnforceRetentionInput) => Promise<Record<string, number>>;
  syncSearchIndex: () => Promise<{ indexed: number }>;
  rebuildSearchIndex: (input: RebuildSearchIndexInput) => Promise<{ indexed: number; removed: number }>;
}

/** `eraseData` for a stored erasure request (id `erasure-<erasureId>`). */
export async function startEraseData(client: Client, input: EraseDataInput): Promise<string> {
  const workflowId = erasureWorkflowId(input.erasureId);
  await client.workflow.start<WorkflowSignatures['eraseData']>('eraseData', {
    workflowId,
    taskQueue: taskQueues.callProcessing,
    args: [input],
    typedSearchAttributes: [{ key: searchAttributes.OrgId, value: input.orgId }],
  });
  return workflowId;
}

/** `applyPrivacyPolicy` for a policy version that redacts more than the one before. */
export async function startApplyPrivacyPolicy(client: Client, input: ApplyPrivacyPolicyInput): Promise<string> {
  const workflowId = privacyPolicyWorkflowId(input.orgId, input.version);
  await client.workflow.start<WorkflowSignatures['applyPrivacyPolicy']>('applyPrivacyPolicy', {
    workflowId,
    taskQueue: taskQueues.callProcessing,
    args: [input],
    typedSearchAttributes: [{ key: searchAttributes.OrgId, value: input.orgId }],
  });
  return workflowId;
}

/** `reprocessCalls` for a job just stored. */
export async function startReprocessCalls(client: Client, input: ReprocessCallsInput): Promise<string> {
  const workflowId = reprocessWorkflowId(input.jobId);
  await client.workflow.start<WorkflowSignatures['reprocessCalls']>('reprocessCalls', {
    workflowId,
    taskQueue: taskQueues.callProcessing,
    args: [input],
    typedSearchAttributes: [{ key: searchAttributes.OrgId, value: input.orgId }],
  });
  return workflowId;
}

/** Signals a running job's workflow: `pause`, `resume` or `cancel`. */
export async function signalReprocessCalls(
  client: Client,
  jobId: string,
  signal: 'pause' | 'resume' | 'cancel',
): Promise<void> {
  await client.workflow.getHandle(reprocessWorkflowId(jobId)).signal(signal);
}

/** How often the retention schedule runs `enforceRetention`. */
export const RETENTION_EVERY = '1 hour';

/**
 * The `retention` Temporal Schedule (every RETENTION_EVERY; an overlapping run is skipped).
 * Created by each worker at start; one that exists is left as it is (ops may pause it in the UI).
 */
export async function ensureRetentionSchedule(client: Client): Promise<'created' | 'exists'> {
  try {
    await client.schedule.create({
      scheduleId: RETENTION_SCHEDULE_ID,
      spec: { intervals: [{ every: RETENTION_EVERY }] },
      policies: { overlap: ScheduleOverlapPolicy.SKIP },
      action: {
        type: 'startWorkflow',
        workflowType: 'enforceRetention',
        workflowId: 'retention-run',
        taskQueue: taskQueues.callProcessing,
        args: [{}],
      },
    });
    return 'created';
  } catch (error) {
    if (error instanceof ScheduleAlreadyRunning) return 'exists';
    throw error;
  }
}

/** How often the search sweep indexes calls the index has not caught up with. */
export const SEARCH_SYNC_EVERY = '30 seconds';

/**
 * The `search-index-sync` Temporal Schedule (every SEARCH_SYNC_EVERY; an overlapping run is skipped),
 * created like the retention schedule.
 */
export async function ensureSearchSyncSchedule(client: Client): Promise<'created' | 'exists'> {
  try {
    await client.schedule.create({
      scheduleId: SEARCH_SYNC_SCHEDULE_ID,
      spec: { intervals: [{ every: SEARCH_SYNC_EVERY }] },
      policies: { overlap: ScheduleOverlapPolicy.SKIP },
      action: {
        type: 'startWorkflow',
        workflowType: 'syncSearchIndex',
        workflowId: 'search-index-sync-run',
        taskQueue: taskQueues.callProcessing,
        args: [],
      },
    });
    return 'created';
  } catch (error) {
    if (error instanceof ScheduleAlreadyRunning) return 'exists';
    throw error;
  }
}

/** `rebuildSearchIndex` for one organization (id `search-rebuild-<orgId>`; one at a time). */
export async function startRebuildSearchIndex(client: Client, orgId: string): Promise<string> {
  const workflowId = searchRebuildWorkflowId(orgId);
  await client.workflow.start<WorkflowSignatures['rebuildSearchIndex']>('rebuildSearchIndex', {
    workflowId,
    taskQueue: taskQueues.callProcessing,
    args: [{ orgId }],
    typedSearchAttributes: [{ key: searchAttributes.OrgId, value: orgId }],
  });
  return workflowId;
}

/** `processCall` for one call (id `call-<callId>`; a second start is refused by Temporal). */
export async function startProcessCall(client: Client, call: CallDoc): Promise<void> {
  const identity = { callId: call._id, agentEmail: call.agent_email, externalId: call.external_id };
  await client.workflow.start<WorkflowSignatures['processCall']>('processCall', {
    workflowId: callWorkflowId(call._id),
    taskQueue: taskQueues.callProcessing,
    args: [{ orgId: call.org_id, callId: call._id }],
    typedSearchAttributes: callSearchAttributes(call.org_id, identity, call.batch_id),
    ...callWorkflowMetadata(call.org_id, identity, call.batch_id),
    workflowIdReusePolicy: WorkflowIdReusePolicy.REJECT_DUPLICATE,
  });
}

/** `ingestBatch`, which runs the batch's calls as `processCall` children (id `batch-<batchId>`). */
export async function startIngestBatch(client: Client, input: IngestBatchInput): Promise<void> {
  await client.workflow.start<WorkflowSignatures['ingestBatch']>('ingestBatch', {
    workflowId: batchWorkflowId(input.batchId),
    taskQueue: taskQueues.callProcessing,
    args: [input],
    typedSearchAttributes: [
      { key: searchAttributes.OrgId, value: input.orgId },
      { key: searchAttributes.BatchId, value: input.batchId },
    ],
  });
}

/**
 * `syncCall` for a completed call (id `sync-<callId>`). Throws `WorkflowExecutionAlreadyStartedError`
 * while a resync of the call runs.
 */
export async function startSyncCall(client: Client, input: ProcessCallInput): Promise<string> {
  const workflowId = syncWorkflowId(input.callId);
  await client.workflow.start<WorkflowSignatures['syncCall']>('syncCall', {
    workflowId,
    taskQueue: taskQueues.callProcessing,
    args: [input],
    typedSearchAttributes: [
      { key: searchAttributes.OrgId, value: input.orgId },
      { key: searchAttributes.CallId, value: input.callId },
    ],
  });
  return workflowId;
}

/** `deliverWebhook` (id `delivery-<id>`, `webhooks` queue); a delivery already started is left as it is. */
export async function startDeliverWebhook(client: Client, input: DeliverWebhookInput): Promise<void> {
  try {
    await client.workflow.start<WorkflowSignatures['deliverWebhook']>('deliverWebhook', {
      workflowId: deliveryWorkflowId(input.deliveryId),
      taskQueue: taskQueues.webhooks,
      args: [input],
      // A finished delivery keeps its id: a repeated fan-out must not deliver it again.
      workflowIdReusePolicy: WorkflowIdReusePolicy.REJECT_DUPLICATE,
      typedSearchAttributes: [{ key: searchAttributes.OrgId, value: input.orgId }],
    });
  } catch (error) {
    if (!(error instanceof WorkflowExecutionAlreadyStartedError)) throw error;
  }
}

/** `checkConnection`, awaited: one attempt at the service with the stored credentials. */
export async function runCheckConnection(
  client: Client,
  input: CheckConnectionInput,
  now = new Date(),
): Promise<CheckConnectionResult> {
  return client.workflow.execute<WorkflowSignatures['checkConnection']>('checkConnection', {
    workflowId: `check-${input.connectionId}-${now.getTime()}`,
    taskQueue: taskQueues.callProcessing,
    args: [input],
    workflowExecutionTimeout: '1 minute',
    typedSearchAttributes: [{ key: searchAttributes.OrgId, value: input.orgId }],
  });
}
