import { continueAsNew, proxyActivities } from '@temporalio/workflow';
import type { CallProcessingActivities } from '../activities';
import type { ApplyPrivacyPolicyInput, EraseDataInput, EnforceRetentionInput } from '../lib/temporal';
import { privacyBatchPolicy } from './policies';

const privacy = proxyActivities<CallProcessingActivities>(privacyBatchPolicy);

/** Batches one run takes before it continues as new, so a large erasure keeps a short history. */
const BATCHES_PER_RUN = 200;
// Whole calls first: what they remove needs no recording or transcript pass of its own.
const RETENTION_KINDS = ['calls', 'transcripts', 'recordings'] as const;

/**
 * Workflow id `erasure-<erasureId>`: erases a contact (by id, phone or e-mail) or one call, batch by
 * batch, then removes the contact and writes the receipt. Survives a worker killed at any point:
 * each batch is idempotent and the receipt records calls as they go.
 */
export async function eraseData(input: EraseDataInput): Promise<{ status: 'completed' }> {
  for (let batch = 0; batch < BATCHES_PER_RUN; batch++) {
    const { remaining } = await privacy.eraseNextCalls(input);
    if (remaining === 0) return privacy.finishErasure(input);
  }
  return continueAsNew<typeof eraseData>(input);
}

/**
 * Workflow id `privacy-policy-<orgId>-v<version>`: a policy that redacts more is applied to the
 * organization's past calls, 25 calls per activity, continuing as new on long runs. Returns how
 * many calls it changed in this run.
 */
export async function applyPrivacyPolicy(input: ApplyPrivacyPolicyInput): Promise<{ calls: number; changed: number }> {
  let afterCallId = input.afterCallId ?? null;
  let calls = input.calls ?? 0;
  let changed = input.changed ?? 0;
  for (let batch = 0; batch < BATCHES_PER_RUN; batch++) {
    const result = await privacy.reapplyRedaction({ orgId: input.orgId, afterCallId });
    calls += result.calls;
    changed += result.changed;
    afterCallId = result.nextAfterCallId;
    if (!afterCallId) return { calls, changed };
  }
  return continueAsNew<typeof applyPrivacyPolicy>({ ...input, afterCallId, calls, changed });
}

/**
 * Started by the `retention` Temporal Schedule (visible in the Temporal UI), or by hand with an
 * `asOf` time: deletes, per organization with a retention period, what is older than the period
 * at `asOf` (default: this run's start), in bounded batches. Returns what it deleted, by kind.
 */
export async function enforceRetention(input: EnforceRetentionInput = {}): Promise<Record<string, number>> {
  // Workflow time is recorded and replayed: the same cut-off on every replay.
  const asOf = input.asOf ?? new Date().toISOString();
  const deleted: Record<string, number> = { recordings: 0, transcripts: 0, calls: 0 };
  for (const orgId of await privacy.organizationsWithRetention()) {
    for (const kind of RETENTION_KINDS) {
      for (;;) {
        const batch = await privacy.enforceRetentionBatch({ orgId, kind, asOf });
        deleted[kind]! += batch.deleted;
        if (batch.deleted === 0) break;
      }
    }
  }
  return deleted;
}
