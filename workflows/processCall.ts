import { patched, proxyActivities, upsertSearchAttributes } from '@temporalio/workflow';
import type { CallProcessingActivities } from '../activities';
import {
  callStorePolicy,
  fetchRecordingPolicy,
  languagePolicy,
  mismoPolicy,
  searchIndexOnCompletionPolicy,
  transcriptionPolicy,
} from './policies';
import type { TranscriptionQueueActivities } from '../activities';
import { NOT_LENDING_REASON, type CallStatus, type StageName } from '../lib/documents';
import { searchAttributes } from '../lib/temporal';
import { withCurrentDetails } from './currentDetails';
import { describeFailure } from './failures';
import { LOCAL_STATUS_WRITES_PATCH, localStatusWrites, scheduledStatusWrites, type StatusWrites } from './statusWrites';
import { runSyncStages } from './syncStages';
import type { ProcessCallInput, ProcessCallResult } from './types';

const store = proxyActivities<CallProcessingActivities>(callStorePolicy);
const recordings = proxyActivities<CallProcessingActivities>(fetchRecordingPolicy);
// Speech-to-text runs on its own queue, so CPU-heavy workers scale apart from the light ones.
const transcription = proxyActivities<TranscriptionQueueActivities>(transcriptionPolicy);
const language = proxyActivities<CallProcessingActivities>(languagePolicy);
const mismo = proxyActivities<CallProcessingActivities>(mismoPolicy);
const searchOnCompletion = proxyActivities<CallProcessingActivities>(searchIndexOnCompletionPolicy);

/**
 * Change ids of `patched()`: histories recorded before a change replay the old path (test/replay
 * keeps one of each), new executions take the new one.
 */
export const PATCHES = {
  /** Extraction, action detection and MISMO joined the pipeline (they were recorded `skipped`). */
  intelligenceEngines: 'intelligence-engines-v1',
  /** CRM and calendar sync joined (they were recorded `skipped`, no connection); the contact comes first. */
  crmCalendarSync: 'crm-calendar-sync-v1',
  /**
   * Status and stage writes are local activities (they were scheduled activities); parallel stages
   * record their own statuses as they run and end (they were written one after another once all
   * had ended); MISMO runs only for calls the extraction found to be lending (generateMismo was
   * asked for every call).
   */
  localStatusWrites: LOCAL_STATUS_WRITES_PATCH,
  /**
   * Transcription stores the recognized text sealed and the `redaction` stage applies the
   * organization's privacy policy before any other stage reads it (before: no redaction).
   */
  piiRedaction: 'pii-redaction-v1',
  /** A completed call is indexed for search at once (before: no search index). */
  searchIndex: 'search-index-v1',
} as const;

/** Stages the first version recorded as `skipped` with this reason. */
export const STAGES_NOT_AVAILABLE_V0: readonly StageName[] = ['extraction', 'actions', 'crm', 'calendar', 'mismo'];
export const STAGE_NOT_AVAILABLE_REASON = 'not available in this version';
/** Before crm-calendar-sync-v1, CRM and calendar were recorded skipped with this reason. */
export const SYNC_STAGES: readonly StageName[] = ['crm', 'calendar'];
export const NO_CONNECTION_REASON = 'no CRM or calendar connection is configured';

/** Workflow id `call-<callId>`: one call from its recording to `completed` or `failed`. */
export async function processCall(input: ProcessCallInput): Promise<ProcessCallResult> {
  const withEngines = patched(PATCHES.intelligenceEngines);
  const withSync = withEngines && patched(PATCHES.crmCalendarSync);
  const withLocalWrites = withSync && patched(PATCHES.localStatusWrites);
  const writes = withCurrentDetails(withLocalWrites ? localStatusWrites : scheduledStatusWrites);
  const runStages = withLocalWrites ? runConcurrentStages : runParallelStagesV1;
  let isLendingCall: boolean | null = null;
  await setStatus(writes, input, 'processing');
  try {
    await runStage(writes, input, 'fetch', () => recordings.fetchRecording(input));
    const withRedaction = withLocalWrites && patched(PATCHES.piiRedaction);
    if (withRedaction) {
      await runStage(writes, input, 'transcription', () =>
        transcription.transcribeCall({ ...input, sealForRedaction: true }),
      );
      await runStage(writes, input, 'redaction', async () => {
        const outcome = await store.redactCall(input);
        // Audio is silenced where the audio toolchain runs: the transcription queue.
        if (outcome.silenceAudio) await transcription.silenceRedactedAudio(input);
      });
    } else {
      await runStage(writes, input, 'transcription', () => transcription.transcribeCall(input));
    }
    // The language stages read the transcript and do not depend on each other.
    if (withEngines) {
      await runStages(writes, input, [
        ['summary', () => language.summarizeCall(input)],
        ['scorecard', () => language.scoreCall(input)],
        [
          'extraction',
          async () => {
            isLendingCall = (await language.extractCallData(input)).isLendingCall;
          },
        ],
        ['actions', () => language.detectCallActions(input)],
      ]);
    } else {
      await runStages(writes, input, [
        ['summary', () => language.summarizeCall(input)],
        ['scorecard', () => language.scoreCall(input)],
      ]);
    }
  } catch (error) {
    const reason = describeFailure(error);
    await setStatus(writes, input, 'failed', reason);
    return { callId: input.callId, status: 'failed', reason };
  }
  if (withEngines) {
    if (withSync) {
      // The contact first: the CRM sync stores the CRM's contact id on it.
      await store.upsertContactForCall(input);
      await runSyncStages(input, writes);
    } else {
      for (const stage of SYNC_STAGES) {
        await writes.setCallStage({ ...input, stage, status: 'skipped', reason: NO_CONNECTION_REASON });
      }
    }
    const failure =
      withLocalWrites && !isLendingCall ? await skipMismoStage(writes, input) : await runMismoStage(writes, input);
    if (failure) {
      await setStatus(writes, input, 'failed', failure);
      return { callId: input.callId, status: 'failed', reason: failure };
    }
  } else {
    for (const stage of STAGES_NOT_AVAILABLE_V0) {
      await writes.setCallStage({ ...input, stage, status: 'skipped', reason: STAGE_NOT_AVAILABLE_REASON });
    }
  }
  if (!withSync) await store.upsertContactForCall(input);
  await setStatus(writes, input, 'completed');
  await store.emitCallCompleted(input);
  if (patched(PATCHES.searchIndex)) await indexForSearch(input);
  return { callId: input.callId, status: 'completed' };
}

/**
 * The completed call goes into the search index now; if the engine cannot take it, the call keeps
 * the `search_stale` flag its completion set and the `search-index-sync` sweep indexes it later: a
 * search outage never fails a call.
 */
async function indexForSearch(input: ProcessCallInput): Promise<void> {
  try {
    await searchOnCompletion.indexCallsForSearch({ orgId: input.orgId, callIds: [input.callId] });
  } catch {
    // Left to the sweep (the failed attempts are in the history).
  }
}

/** The extraction found no lending call: no MISMO activity runs. */
async function skipMismoStage(writes: StatusWrites, input: ProcessCallInput): Promise<null> {
  await writes.setCallStage({ ...input, stage: 'mismo', status: 'skipped', reason: NOT_LENDING_REASON });
  return null;
}

/** MISMO for lending calls; `skipped` with the reason for the others. Returns a failure's reason. */
async function runMismoStage(writes: StatusWrites, input: ProcessCallInput): Promise<string | null> {
  await writes.setCallStage({ ...input, stage: 'mismo', status: 'running' });
  try {
    const result = await mismo.generateMismo(input);
    await writes.setCallStage({
      ...input,
      stage: 'mismo',
      status: result.generated ? 'completed' : 'skipped',
      reason: result.reason,
    });
    return null;
  } catch (error) {
    const reason = describeFailure(error);
    await writes.setCallStage({ ...input, stage: 'mismo', status: 'failed', reason });
    return reason;
  }
}

async function setStatus(
  writes: StatusWrites,
  input: ProcessCallInput,
  status: CallStatus,
  reason?: string,
): Promise<void> {
  await writes.setCallStatus({ ...input, status, reason });
  upsertSearchAttributes([{ key: searchAttributes.CallStatus, value: status }]);
}

/** Marks a stage running, runs it, and records how it ended; rethrows a failure for the caller. */
async function runStage<T>(
  writes: StatusWrites,
  input: ProcessCallInput,
  stage: StageName,
  work: () => Promise<T>,
): Promise<T> {
  await writes.setCallStage({ ...input, stage, status: 'running' });
  try {
    const result = await work();
    await writes.setCallStage({ ...input, stage, status: 'completed' });
    return result;
  } catch (error) {
    await writes.setCallStage({ ...input, stage, status: 'failed', reason: describeFailure(error) });
    throw error;
  }
}

/**
 * Runs independent stages at the same time, each recording its own status as it starts and ends;
 * when one fails, the others still finish before the first failure is raised.
 */
async function runConcurrentStages(
  writes: StatusWrites,
  input: ProcessCallInput,
  stages: [StageName, () => Promise<unknown>][],
): Promise<void> {
  const outcomes = await Promise.allSettled(stages.map(([stage, work]) => runStage(writes, input, stage, work)));
  const failure = outcomes.find((outcome) => outcome.status === 'rejected');
  if (failure) throw failure.reason;
}

/**
 * Before local-status-writes-v1: the same stages at the same time, with their statuses written one
 * after another (kept so that histories recorded then replay).
 */
async function runParallelStagesV1(
  writes: StatusWrites,
  input: ProcessCallInput,
  stages: [StageName, () => Promise<unknown>][],
): Promise<void> {
  for (const [stage] of stages) await writes.setCallStage({ ...input, stage, status: 'running' });
  const outcomes = await Promise.allSettled(stages.map(([, work]) => work()));
  let firstFailure: unknown;
  for (const [index, outcome] of outcomes.entries()) {
    const stage = stages[index]![0];
    if (outcome.status === 'fulfilled') {
      await writes.setCallStage({ ...input, stage, status: 'completed' });
    } else {
      firstFailure ??= outcome.reason;
      await writes.setCallStage({ ...input, stage, status: 'failed', reason: describeFailure(outcome.reason) });
    }
  }
  if (firstFailure !== undefined) throw firstFailure;
}
