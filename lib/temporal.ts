import { defineSearchAttributeKey, SearchAttributeType, type SearchAttributePair } from '@temporalio/common';
import type { TaskQueueName } from './config';

/*
 * Names shared by the API, the workflows and the workers: task queues, workflow ids and custom
 * search attributes. Pure constants only: workflow code imports this module.
 */
export const taskQueues = {
  callProcessing: 'call-processing',
  transcription: 'transcription',
  webhooks: 'webhooks',
  reprocessing: 'reprocessing',
} as const satisfies Record<string, TaskQueueName>;

export const callWorkflowId = (callId: string) => `call-${callId}`;
export const batchWorkflowId = (batchId: string) => `batch-${batchId}`;
export const deliveryWorkflowId = (deliveryId: string) => `delivery-${deliveryId}`;
export const syncWorkflowId = (callId: string) => `sync-${callId}`;
export const erasureWorkflowId = (erasureId: string) => `erasure-${erasureId}`;
/** The Temporal Schedule that starts `enforceRetention`, and the id prefix of the runs it starts. */
export const RETENTION_SCHEDULE_ID = 'retention';

export interface EraseDataInput {
  orgId: string;
  erasureId: string;
}

export interface ReprocessCallsInput {
  orgId: string;
  jobId: string;
  /** Carried across continue-as-new: where the job is, and whether it was paused. */
  afterCallId?: string | null;
  paused?: boolean;
}

export const reprocessWorkflowId = (jobId: string) => `reprocess-${jobId}`;

export interface ApplyPrivacyPolicyInput {
  orgId: string;
  /** The policy version it applies (part of the workflow id). */
  version: number;
  /** Where a continued run resumes, and its totals so far. */
  afterCallId?: string | null;
  calls?: number;
  changed?: number;
}

export const privacyPolicyWorkflowId = (orgId: string, version: number) => `privacy-policy-${orgId}-v${version}`;

/** The Temporal Schedule that starts `syncSearchIndex`. */
export const SEARCH_SYNC_SCHEDULE_ID = 'search-index-sync';
export const searchRebuildWorkflowId = (orgId: string) => `search-rebuild-${orgId}`;

export interface RebuildSearchIndexInput {
  orgId: string;
  /** Carried across continue-as-new: when the rebuild started, where it is, and its count so far. */
  startedAtMs?: number;
  afterCallId?: string | null;
  indexed?: number;
}

export interface EnforceRetentionInput {
  /** ISO 8601: what is older than each period at this time is deleted (default: the run's start). */
  asOf?: string;
}

/** Registered on the dev server at start (scripts/stack.ts); ops filter on them in the Temporal UI. */
export const searchAttributes = {
  OrgId: defineSearchAttributeKey('OrgId', SearchAttributeType.KEYWORD),
  CallId: defineSearchAttributeKey('CallId', SearchAttributeType.KEYWORD),
  BatchId: defineSearchAttributeKey('BatchId', SearchAttributeType.KEYWORD),
  ExternalId: defineSearchAttributeKey('ExternalId', SearchAttributeType.KEYWORD),
  AgentEmail: defineSearchAttributeKey('AgentEmail', SearchAttributeType.KEYWORD),
  CallStatus: defineSearchAttributeKey('CallStatus', SearchAttributeType.KEYWORD),
} as const;

export type SearchAttributeName = keyof typeof searchAttributes;

export interface CallSearchIdentity {
  callId: string;
  agentEmail: string;
  externalId: string | null;
}

/** The search attributes a call workflow starts with; `CallStatus` is upserted as it changes. */
export function callSearchAttributes(
  orgId: string,
  call: CallSearchIdentity,
  batchId: string | null,
): SearchAttributePair[] {
  const pairs: SearchAttributePair[] = [
    { key: searchAttributes.OrgId, value: orgId },
    { key: searchAttributes.CallId, value: call.callId },
    { key: searchAttributes.AgentEmail, value: call.agentEmail },
    { key: searchAttributes.CallStatus, value: 'queued' },
  ];
  if (batchId) pairs.push({ key: searchAttributes.BatchId, value: batchId });
  if (call.externalId) pairs.push({ key: searchAttributes.ExternalId, value: call.externalId });
  return pairs;
}

/**
 * The Temporal UI's summary and details of a call's workflow (its user metadata): which call, of
 * which organization and agent, so ops read it in the list without opening the workflow. Like the
 * search attributes, nothing beyond the agent's e-mail (no contact name or number).
 */
export function callWorkflowMetadata(
  orgId: string,
  call: CallSearchIdentity,
  batchId: string | null,
): { staticSummary: string; staticDetails: string } {
  return {
    staticSummary: `Call ${call.callId} · ${call.agentEmail}`,
    staticDetails: [
      `**Call** \`${call.callId}\` of organization \`${orgId}\``,
      `**Agent** ${call.agentEmail}`,
      ...(call.externalId ? [`**External id** \`${call.externalId}\``] : []),
      ...(batchId ? [`**Batch** \`${batchId}\``] : []),
      'The current stage, or why the call failed, is under "Current details".',
    ].join('\n\n'),
  };
}

/** How a webhook delivery retries (from config, passed in so the workflow stays pure). */
export interface WebhookRetrySettings {
  /** Attempts in all: the first and the retries. */
  maximumAttempts: number;
  initialIntervalSeconds: number;
  backoffCoefficient: number;
}

export interface DeliverWebhookInput {
  orgId: string;
  deliveryId: string;
  retry: WebhookRetrySettings;
}

export interface DeliverWebhookResult {
  deliveryId: string;
  status: 'succeeded' | 'failed';
  reason?: string;
}

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

export interface CheckConnectionInput {
  orgId: string;
  connectionId: string;
}

export interface CheckConnectionResult {
  error: string | null;
}

/**
 * Error types that no retry can fix: activities throw them (ApplicationFailure.nonRetryable), and
 * each policy in workflows/policies.ts lists the ones that end it.
 */
export const NON_RETRYABLE = {
  callNotFound: 'CallNotFound',
  batchNotFound: 'BatchNotFound',
  recordingUnavailable: 'RecordingUnavailable',
  recordingBlocked: 'RecordingBlocked',
  recordingTooLarge: 'RecordingTooLarge',
  notAudio: 'NotAudio',
  badAudio: 'BadAudio',
  recordingTooLong: 'RecordingTooLong',
  sttRejected: 'SttRejected',
  noTranscript: 'NoTranscript',
  erasureNotFound: 'ErasureNotFound',
  invalidMismo: 'InvalidMismo',
  endpointGone: 'EndpointGone',
  endpointDisabled: 'EndpointDisabled',
  webhookBlocked: 'WebhookBlocked',
  deliveryNotFound: 'DeliveryNotFound',
  invalidModelOutput: 'InvalidModelOutput',
  languageModelRejected: 'LanguageModelRejected',
  syncAuthFailed: 'SyncAuthFailed',
  syncRejected: 'SyncRejected',
  reprocessNotFound: 'ReprocessNotFound',
} as const;

/** An attempt's HTTP request is cut just before the attempt's 10 s timeout, so the attempt is logged. */
export const WEBHOOK_HTTP_TIMEOUT_MS = 9_500;
