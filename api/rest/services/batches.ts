import type { Client } from '@temporalio/client';
import { MongoBulkWriteError } from 'mongodb';
import type { BatchDoc, CallDoc } from '../../../lib/documents';
import { AppError, notFound, serviceUnavailable } from '../../../lib/errors';
import { newId } from '../../../lib/ids';
import { callDaysChanged } from '../../../lib/callDayTotals';
import type { Collections } from '../../../lib/mongo';
import type { BatchCallItem, BatchCreated, BatchRequest } from '../schemas/calls';
import { startIngestBatch } from '../../../lib/workflowStarts';
import type { AuthContext } from '../middleware/auth';
import { ownCallsOnly } from './calls';
import { newCallDoc } from './ingest';
import type { PiiType } from '../../../lib/pii/detection';

export function callFromBatchItem(
  orgId: string,
  batchId: string,
  item: BatchCallItem,
  now: Date,
  redactTypes?: readonly PiiType[],
): CallDoc {
  const { audio_url: audioUrl, ...request } = item;
  return newCallDoc({ orgId, source: 'batch', batchId, audioUrl, redactTypes }, request, now);
}

/**
 * Inserts the calls that are new; a call whose external_id the organization already has is
 * reported as it is (the unique index on (org_id, ingest_key) makes that hold under concurrency).
 */
async function insertNewCalls(collections: Collections, calls: CallDoc[]): Promise<Set<string>> {
  const rejected = new Set<number>();
  try {
    await collections.calls.insertMany(calls, { ordered: false });
  } catch (error) {
    if (!(error instanceof MongoBulkWriteError)) throw error;
    const writeErrors = Array.isArray(error.writeErrors) ? error.writeErrors : [error.writeErrors];
    for (const writeError of writeErrors) {
      if (writeError.code !== 11000) throw error;
      rejected.add(writeError.index);
    }
  }
  const inserted = calls.filter((_, index) => !rejected.has(index));
  if (inserted.length)
    await callDaysChanged(
      collections,
      inserted[0]!.org_id,
      inserted.map((call) => call.recorded_day),
    );
  return new Set(inserted.map((call) => call._id));
}

/**
 * For a key confined to its own calls (an agent's), an external_id already used by another agent's
 * call is a 409 naming the item, before anything is written: the batch would otherwise report that
 * call's id and status.
 */
async function assertNoForeignDuplicates(
  collections: Collections,
  orgId: string,
  ownerEmail: string,
  candidates: CallDoc[],
): Promise<void> {
  const keys = candidates.filter((call) => call.external_id !== null).map((call) => call.ingest_key);
  if (keys.length === 0) return;
  const foreign = await collections.calls
    .find({ org_id: orgId, ingest_key: { $in: keys }, agent_email: { $ne: ownerEmail } })
    .project<{ ingest_key: string }>({ ingest_key: 1 })
    .toArray();
  if (foreign.length === 0) return;
  const taken = new Set(foreign.map((call) => call.ingest_key));
  const details = candidates.flatMap((call, index) =>
    call.external_id !== null && taken.has(call.ingest_key)
      ? [{ path: `calls.${index}.external_id`, message: "already used by another agent's call" }]
      : [],
  );
  throw new AppError(
    409,
    'external_id_conflict',
    `${details.map((detail) => detail.path).join(', ')}: already used by calls this key cannot see`,
    details,
  );
}

export async function createBatch(
  deps: { collections: Collections; temporal: Client; baseUrl: string; concurrency: number },
  orgId: string,
  request: BatchRequest,
  creator: { userId: string; ownCallsOnly: string | null; redactTypes?: readonly PiiType[] },
): Promise<BatchCreated> {
  const now = new Date();
  const batchId = newId('batch');
  const candidates = request.calls.map((item) => callFromBatchItem(orgId, batchId, item, now, creator.redactTypes));
  if (creator.ownCallsOnly !== null) {
    await assertNoForeignDuplicates(deps.collections, orgId, creator.ownCallsOnly, candidates);
  }
  const inserted = await insertNewCalls(deps.collections, candidates);

  // Items that were duplicates (of an earlier call or of another item here) report the stored call.
  const duplicateKeys = candidates.filter((call) => !inserted.has(call._id)).map((call) => call.ingest_key);
  const existing = duplicateKeys.length
    ? await deps.collections.calls.find({ org_id: orgId, ingest_key: { $in: duplicateKeys } }).toArray()
    : [];
  const byKey = new Map(existing.map((call) => [call.ingest_key, call]));
  const reported = candidates.map((call) => (inserted.has(call._id) ? call : byKey.get(call.ingest_key)!));
  const newCalls = candidates.filter((call) => inserted.has(call._id));

  // Two items with one external_id are one call, so the batch counts distinct calls.
  const callIds = [...new Set(reported.map((call) => call._id))];
  await deps.collections.batches.insertOne({
    _id: batchId,
    org_id: orgId,
    total_calls: callIds.length,
    call_ids: callIds,
    status: 'queued',
    created_by: creator.userId,
    created_at: now,
    updated_at: now,
  });

  if (newCalls.length > 0) {
    try {
      await startIngestBatch(deps.temporal, {
        orgId,
        batchId,
        calls: newCalls.map((call) => ({
          callId: call._id,
          agentEmail: call.agent_email,
          externalId: call.external_id,
        })),
        concurrency: deps.concurrency,
      });
    } catch (error) {
      // Nothing half-written: without a workflow the records would sit in `queued` forever.
      await deps.collections.calls.deleteMany({ org_id: orgId, _id: { $in: newCalls.map((call) => call._id) } });
      await callDaysChanged(
        deps.collections,
        orgId,
        newCalls.map((call) => call.recorded_day),
      );
      await deps.collections.batches.deleteOne({ _id: batchId, org_id: orgId });
      throw serviceUnavailable(`Could not start processing, nothing was stored: ${(error as Error).message}`);
    }
  }

  return {
    batch_id: batchId,
    total_calls: callIds.length,
    status: 'queued',
    calls: reported.map((call) => ({ call_id: call._id, external_id: call.external_id, status: call.status })),
    status_url: `${deps.baseUrl}/batches/${batchId}`,
  };
}

/**
 * The batch, for the key asking: another organization's is "not found", and so is, for an agent,
 * a batch its own keys did not create (an agent follows only its own calls).
 */
export async function findVisibleBatch(
  collections: Collections,
  auth: AuthContext,
  batchId: string,
): Promise<BatchDoc> {
  const batch = await collections.batches.findOne({ _id: batchId, org_id: auth.orgId });
  if (!batch || (ownCallsOnly(auth) !== null && batch.created_by !== auth.userId)) throw notFound('Batch');
  return batch;
}
