import { ChildWorkflowFailure, executeChild, proxyActivities, WorkflowIdReusePolicy } from '@temporalio/workflow';
import { WorkflowExecutionAlreadyStartedError } from '@temporalio/common';
import type { CallProcessingActivities } from '../activities';
import type { BatchProgress } from '../lib/batchProgress';
import { callStorePolicy } from './policies';
import { callSearchAttributes, callWorkflowId, callWorkflowMetadata } from '../lib/temporal';
import { processCall } from './processCall';
import type { BatchCallRef, IngestBatchInput } from './types';

const store = proxyActivities<CallProcessingActivities>(callStorePolicy);

/** Workflow id `batch-<batchId>`: one child `processCall` per call, at most `concurrency` at once. */
export async function ingestBatch(input: IngestBatchInput): Promise<BatchProgress> {
  const pending = [...input.calls];
  const lanes = Array.from({ length: Math.max(1, Math.min(input.concurrency, pending.length)) }, async () => {
    for (let call = pending.shift(); call; call = pending.shift()) await runCall(input, call);
  });
  await Promise.all(lanes);
  return store.recordBatchOutcome({ orgId: input.orgId, batchId: input.batchId });
}

async function runCall(input: IngestBatchInput, call: BatchCallRef): Promise<void> {
  try {
    await executeChild(processCall, {
      workflowId: callWorkflowId(call.callId),
      args: [{ orgId: input.orgId, callId: call.callId }],
      typedSearchAttributes: callSearchAttributes(input.orgId, call, input.batchId),
      ...callWorkflowMetadata(input.orgId, call, input.batchId),
      // A call is processed once: a second start of the same id is refused, never re-run.
      workflowIdReusePolicy: WorkflowIdReusePolicy.REJECT_DUPLICATE,
    });
  } catch (error) {
    // Another run already owns this call; its record carries the outcome.
    if (error instanceof WorkflowExecutionAlreadyStartedError) return;
    if (error instanceof ChildWorkflowFailure) {
      await store.setCallStatus({
        orgId: input.orgId,
        callId: call.callId,
        status: 'failed',
        reason: 'Processing stopped unexpectedly; see the workflow in the Temporal UI',
      });
      return;
    }
    throw error;
  }
}
