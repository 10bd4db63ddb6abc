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

export interface BatchCallRef {
  callId: string;
  agentEmail: string;
  externalId: string | null;
}

export interface IngestBatchInput {
  orgId: string;
  batchId: string;
  calls: BatchCallRef[];
  /** How many calls of this batch run at once. */
  concurrency: number;
}
