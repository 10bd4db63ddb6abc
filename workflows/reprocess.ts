import {
  condition,
  continueAsNew,
  defineQuery,
  defineSignal,
  patched,
  proxyActivities,
  setHandler,
} from '@temporalio/workflow';
import type { CallProcessingActivities } from '../activities';
import type { ReprocessStage } from '../lib/documents';
import type { ReprocessCallsInput } from '../lib/temporal';
import { describeFailure } from './failures';
import { callStorePolicy, reprocessLanguagePolicy, reprocessSearchPolicy, reprocessSyncPolicy } from './policies';

const jobs = proxyActivities<CallProcessingActivities>(callStorePolicy);
const language = proxyActivities<CallProcessingActivities>(reprocessLanguagePolicy);
const sync = proxyActivities<CallProcessingActivities>(reprocessSyncPolicy);
const searchIndex = proxyActivities<CallProcessingActivities>(reprocessSearchPolicy);

/** Stages whose results the search index holds: after any of them the call is indexed again. */
const SEARCHED_STAGES: readonly ReprocessStage[] = ['summary', 'scorecard', 'extraction', 'search'];
/** `search` joined the stages, and a re-run that changed searched results re-indexes the call. */
export const REPROCESS_SEARCH_PATCH = 'reprocess-search-v1';

export const pauseReprocessSignal = defineSignal('pause');
export const resumeReprocessSignal = defineSignal('resume');
export const cancelReprocessSignal = defineSignal('cancel');
export const reprocessStateQuery = defineQuery<{ paused: boolean; cancelled: boolean; afterCallId: string | null }>(
  'state',
);

/** Calls one page asks for; calls worked on at once (per job, so per organization: one job runs at a time). */
export const REPROCESS_PAGE_SIZE = 50;
export const REPROCESS_CONCURRENCY = 4;
/** Pages one run takes before it continues as new, so a 100,000-call job keeps a short history. */
export const REPROCESS_PAGES_PER_RUN = 20;

/** One call's stages, in pipeline order; the first failure ends the call's re-run. */
async function reprocessCall(input: { orgId: string; callId: string }, stages: readonly ReprocessStage[]) {
  let lending: boolean | null = null;
  for (const stage of stages) {
    switch (stage) {
      case 'summary':
        await language.summarizeCall(input);
        break;
      case 'scorecard':
        await language.scoreCall(input);
        break;
      case 'extraction':
        lending = (await language.extractCallData(input)).isLendingCall;
        break;
      case 'actions':
        await language.detectCallActions(input);
        break;
      case 'mismo':
        // With the extraction re-run, its lending decision stands; else generateMismo reads the stored one.
        if (lending !== false) await language.generateMismo(input);
        break;
      case 'crm':
        await sync.syncCallToCrm(input);
        break;
      case 'calendar':
        await sync.syncCallToCalendar(input);
        break;
      case 'search':
        break; // below, once for the call
    }
  }
  if (stages.some((stage) => SEARCHED_STAGES.includes(stage)) && patched(REPROCESS_SEARCH_PATCH)) {
    await searchIndex.indexCallsForSearch({ orgId: input.orgId, callIds: [input.callId] });
  }
}

/**
 * Workflow id `reprocess-<jobId>` (`POST /reprocess`): runs the job's stages again over its
 * selected calls, in id order, a page at a time and a few calls at once, recording progress after
 * each page. Signals `pause`, `resume` and `cancel` take effect between calls. Continues as new
 * every few pages; a worker lost mid-page re-runs only the calls whose activities had not finished.
 */
export async function reprocessCalls(input: ReprocessCallsInput): Promise<{ status: 'completed' | 'cancelled' }> {
  const job = { orgId: input.orgId, jobId: input.jobId };
  const stages = (await jobs.loadReprocessJob(job)).stages;
  let paused = input.paused ?? false;
  let cancelled = false;
  let afterCallId = input.afterCallId ?? null;
  // The API records `paused`/`running` on the job as it signals; the workflow only obeys.
  setHandler(pauseReprocessSignal, () => {
    paused = true;
  });
  setHandler(resumeReprocessSignal, () => {
    paused = false;
  });
  setHandler(cancelReprocessSignal, () => {
    cancelled = true;
  });
  setHandler(reprocessStateQuery, () => ({ paused, cancelled, afterCallId }));

  for (let page = 0; page < REPROCESS_PAGES_PER_RUN; page++) {
    await condition(() => !paused || cancelled);
    if (cancelled) break;
    const { callIds } = await jobs.nextReprocessCalls({ ...job, afterCallId, limit: REPROCESS_PAGE_SIZE });
    if (callIds.length === 0) {
      await jobs.setReprocessStatus({ ...job, status: 'completed' });
      return { status: 'completed' };
    }
    const failures: { call_id: string; reason: string }[] = [];
    let next = 0;
    let done = 0;
    const lane = async () => {
      for (;;) {
        // A pause holds the next call; a cancel leaves the rest of the page undone.
        await condition(() => !paused || cancelled);
        // Checked after the wait: the other lanes took calls meanwhile.
        if (cancelled || next >= callIds.length) return;
        const callId = callIds[next++]!;
        try {
          await reprocessCall({ orgId: input.orgId, callId }, stages);
        } catch (error) {
          failures.push({ call_id: callId, reason: describeFailure(error) });
        }
        done++;
      }
    };
    await Promise.all(Array.from({ length: REPROCESS_CONCURRENCY }, lane));
    if (done < callIds.length) break; // cancelled mid-page: the calls done so far are not re-counted
    afterCallId = callIds[callIds.length - 1]!;
    await jobs.recordReprocessProgress({ ...job, lastCallId: afterCallId, processed: callIds.length, failures });
  }
  if (cancelled) {
    await jobs.setReprocessStatus({ ...job, status: 'cancelled' });
    return { status: 'cancelled' };
  }
  return continueAsNew<typeof reprocessCalls>({ ...input, afterCallId, paused });
}
