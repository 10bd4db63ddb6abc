import { patched, proxyActivities } from '@temporalio/workflow';
import type { CallProcessingActivities } from '../activities';
import { syncPolicy } from './policies';
import type { StageStatus } from '../lib/documents';
import { describeFailure } from './failures';
import type { ProcessCallInput } from './types';

import { LOCAL_STATUS_WRITES_PATCH, localStatusWrites, scheduledStatusWrites, type StatusWrites } from './statusWrites';

const sync = proxyActivities<CallProcessingActivities>(syncPolicy);

/**
 * The `crm` and `calendar` stages, one after the other (each writes the call's records). A sync
 * failure is recorded on its stage but does not fail the call: the analysis is done, and
 * `POST /calls/{id}/resync` runs the stages again.
 */
export async function runSyncStages(
  input: ProcessCallInput,
  writes: StatusWrites,
): Promise<Record<'crm' | 'calendar', StageStatus>> {
  const outcome = { crm: 'pending', calendar: 'pending' } as Record<'crm' | 'calendar', StageStatus>;
  const stages = [
    ['crm', () => sync.syncCallToCrm(input)],
    ['calendar', () => sync.syncCallToCalendar(input)],
  ] as const;
  for (const [stage, work] of stages) {
    await writes.setCallStage({ ...input, stage, status: 'running' });
    try {
      const result = await work();
      await writes.setCallStage({ ...input, stage, status: result.status, reason: result.reason });
      outcome[stage] = result.status;
    } catch (error) {
      await writes.setCallStage({ ...input, stage, status: 'failed', reason: describeFailure(error) });
      outcome[stage] = 'failed';
    }
  }
  return outcome;
}

/** Workflow id `sync-<callId>`: `POST /calls/{id}/resync` runs the CRM and calendar stages again. */
export async function syncCall(input: ProcessCallInput): Promise<Record<'crm' | 'calendar', StageStatus>> {
  return runSyncStages(input, patched(LOCAL_STATUS_WRITES_PATCH) ? localStatusWrites : scheduledStatusWrites);
}
