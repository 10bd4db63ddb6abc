import type { CallSearchIdentity } from '../lib/temporal';

/** Inputs and results of the workflows: plain data, ids only (never audio or documents). */
export interface ProcessCallInput {
  orgId: string;
  callId: string;
}

export interface ProcessCallResult {
  callId: string;
  status: 'completed' | 'failed';
  reason?: string;
}

/** What a batch knows of each call: the ids its search attributes are made from. */
export type BatchCallRef = CallSearchIdentity;

export interface IngestBatchInput {
  orgId: string;
  batchId: string;
  calls: BatchCallRef[];
  /** How many calls of this batch run at once. */
  concurrency: number;
}
