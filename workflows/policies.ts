import type { ActivityOptions, LocalActivityOptions } from '@temporalio/common';
import { NON_RETRYABLE, taskQueues } from '../lib/temporal';

/**
 * Timeouts and retry policies of every activity, named for what they govern, beside the workflows
 * that schedule them. The error types they stop on are named in lib/temporal.ts (activities throw
 * them); each policy lists the ones it treats as final.
 */

/** Small MongoDB writes: fast, retried for a while through a database restart. */
export const callStorePolicy = {
  startToCloseTimeout: '30 seconds',
  retry: {
    initialInterval: '1 second',
    backoffCoefficient: 2,
    maximumInterval: '30 seconds',
    maximumAttempts: 20,
    nonRetryableErrorTypes: [NON_RETRYABLE.callNotFound, NON_RETRYABLE.batchNotFound],
  },
} satisfies ActivityOptions;

/**
 * The call's status and stage writes as local activities (run in the workflow's worker, recorded
 * as markers, no task-queue round trip): one small update each. A retry beyond a minute is
 * scheduled by the SDK with a timer, so a database restart is ridden out as with callStorePolicy.
 */
export const callStatusLocalPolicy = {
  startToCloseTimeout: '30 seconds',
  retry: callStorePolicy.retry,
} satisfies LocalActivityOptions;

/** Recording download into GridFS: heartbeats while bytes flow, so a dead worker is noticed in 30 s. */
export const fetchRecordingPolicy = {
  startToCloseTimeout: '15 minutes',
  heartbeatTimeout: '30 seconds',
  retry: {
    initialInterval: '5 seconds',
    backoffCoefficient: 2,
    maximumInterval: '2 minutes',
    maximumAttempts: 6,
    nonRetryableErrorTypes: [
      NON_RETRYABLE.callNotFound,
      NON_RETRYABLE.recordingUnavailable,
      NON_RETRYABLE.recordingBlocked,
      NON_RETRYABLE.recordingTooLarge,
      NON_RETRYABLE.notAudio,
    ],
  },
} satisfies ActivityOptions;

/**
 * Speech-to-text on the `transcription` queue: long (up to 30 minutes of recognition), heartbeating
 * every 10 s, so a dead worker is noticed within a minute and the call moves to another one.
 */
export const transcriptionPolicy = {
  taskQueue: taskQueues.transcription,
  startToCloseTimeout: '30 minutes',
  heartbeatTimeout: '1 minute',
  retry: {
    initialInterval: '10 seconds',
    backoffCoefficient: 2,
    maximumInterval: '5 minutes',
    maximumAttempts: 5,
    nonRetryableErrorTypes: [
      NON_RETRYABLE.callNotFound,
      NON_RETRYABLE.recordingUnavailable,
      NON_RETRYABLE.badAudio,
      NON_RETRYABLE.recordingTooLong,
      NON_RETRYABLE.sttRejected,
    ],
  },
} satisfies ActivityOptions;

/** Summary, scorecard, extraction and actions: quick with the embedded engine; a hosted model's timeouts and 5xx retry. */
export const languagePolicy = {
  startToCloseTimeout: '2 minutes',
  retry: {
    initialInterval: '2 seconds',
    backoffCoefficient: 2,
    maximumInterval: '1 minute',
    maximumAttempts: 5,
    nonRetryableErrorTypes: [
      NON_RETRYABLE.callNotFound,
      NON_RETRYABLE.noTranscript,
      NON_RETRYABLE.invalidModelOutput,
      NON_RETRYABLE.languageModelRejected,
    ],
  },
} satisfies ActivityOptions;

/** MISMO generation: a file that fails the schema or our checks fails the stage at once (a retry makes the same file). */
export const mismoPolicy = {
  ...languagePolicy,
  retry: {
    ...languagePolicy.retry,
    nonRetryableErrorTypes: [...languagePolicy.retry.nonRetryableErrorTypes, NON_RETRYABLE.invalidMismo],
  },
} satisfies ActivityOptions;

/**
 * One webhook delivery attempt: a single HTTP POST bounded to 10 s in all (the request itself is
 * cut a little earlier, lib/temporal.ts WEBHOOK_HTTP_TIMEOUT_MS, so the attempt is logged before the activity
 * times out). Retries follow the delivery's settings (config WEBHOOK_*): by default 5 retries,
 * waiting 30 s, 1, 2, 4 and 8 minutes. 410 Gone, a disabled endpoint or a refused address end it.
 */
export const WEBHOOK_ATTEMPT_TIMEOUT = '10 seconds';

export function webhookAttemptPolicy(retry: {
  maximumAttempts: number;
  initialIntervalSeconds: number;
  backoffCoefficient: number;
}): ActivityOptions {
  return {
    startToCloseTimeout: WEBHOOK_ATTEMPT_TIMEOUT,
    retry: {
      maximumAttempts: retry.maximumAttempts,
      initialInterval: `${retry.initialIntervalSeconds} seconds`,
      backoffCoefficient: retry.backoffCoefficient,
      maximumInterval: '1 hour',
      nonRetryableErrorTypes: [
        NON_RETRYABLE.endpointGone,
        NON_RETRYABLE.endpointDisabled,
        NON_RETRYABLE.webhookBlocked,
        NON_RETRYABLE.deliveryNotFound,
      ],
    },
  };
}

/**
 * CRM and calendar sync: a few requests each; a busy service (429, 5xx) is retried over about
 * 20 minutes, after its Retry-After when it gives one. Refused credentials end the stage at once.
 */
export const syncPolicy = {
  startToCloseTimeout: '2 minutes',
  retry: {
    initialInterval: '5 seconds',
    backoffCoefficient: 2,
    maximumInterval: '5 minutes',
    maximumAttempts: 8,
    nonRetryableErrorTypes: [NON_RETRYABLE.callNotFound, NON_RETRYABLE.syncAuthFailed, NON_RETRYABLE.syncRejected],
  },
} satisfies ActivityOptions;

/** Stage activities of a re-processing job: the live policies, on the `reprocessing` queue. */
export const reprocessLanguagePolicy = { ...mismoPolicy, taskQueue: 'reprocessing' } satisfies ActivityOptions;
export const reprocessSyncPolicy = { ...syncPolicy, taskQueue: 'reprocessing' } satisfies ActivityOptions;

/** `POST …/connections/{id}/test`: one attempt, its outcome is the answer (never retried). */
export const connectionCheckPolicy = {
  startToCloseTimeout: '30 seconds',
  retry: { maximumAttempts: 1 },
} satisfies ActivityOptions;

/**
 * Erasure and retention batches: a few dozen calls' deletes each (GridFS files, a CalDAV DELETE),
 * retried through a database restart; a worker killed mid-batch is noticed by the timeout and the
 * batch runs again (every step is idempotent).
 */
export const privacyBatchPolicy = {
  startToCloseTimeout: '5 minutes',
  // Each call erased or re-redacted beats, so a batch lost with its worker is retried in seconds.
  heartbeatTimeout: '20 seconds',
  retry: {
    initialInterval: '2 seconds',
    backoffCoefficient: 2,
    maximumInterval: '1 minute',
    maximumAttempts: 30,
    nonRetryableErrorTypes: [NON_RETRYABLE.erasureNotFound],
  },
} satisfies ActivityOptions;

/**
 * Writes to the search engine: a page of at most 100 calls at a time (well under a second at the
 * measured 990 calls/s). Retried for about ten minutes; a call left behind keeps its
 * `search_stale` flag for the next sweep.
 */
export const searchIndexPolicy = {
  startToCloseTimeout: '2 minutes',
  retry: {
    initialInterval: '2 seconds',
    backoffCoefficient: 2,
    maximumInterval: '1 minute',
    maximumAttempts: 15,
  },
} satisfies ActivityOptions;

/** processCall's own indexing of the call it completed: brief, since the sweep catches up on a failure. */
export const searchIndexOnCompletionPolicy = {
  startToCloseTimeout: '30 seconds',
  retry: { initialInterval: '1 second', backoffCoefficient: 2, maximumInterval: '10 seconds', maximumAttempts: 3 },
} satisfies ActivityOptions;

/** Re-indexing a re-processed call, on the `reprocessing` queue like its other stages. */
export const reprocessSearchPolicy = { ...searchIndexPolicy, taskQueue: 'reprocessing' } satisfies ActivityOptions;
