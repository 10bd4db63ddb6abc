import { SEARCH_STALE } from '../lib/search/document';
import { Context } from '@temporalio/activity';
import type { Filter } from 'mongodb';
import { recordAuditEvent, SYSTEM_ACTOR } from '../lib/auditLog';
import type { CallDoc } from '../lib/documents';
import { privacyPolicyOf } from '../lib/pii/policy';
import { recordingsBucket } from '../lib/mongo';
import { eraseCallRecords, type CallErasureDeps } from './erasure';

/** Records one retention activity deletes: bounded, so one run never holds the database for long. */
export const RETENTION_BATCH = 100;

export type RetentionKind = 'recordings' | 'transcripts' | 'calls';

const DAY_MS = 24 * 60 * 60 * 1000;

/*
 * Retention, run by the `enforceRetention` workflow on a Temporal Schedule: per organization and
 * per kind, what was recorded before (now − period) is deleted in bounded batches; a call on legal
 * hold, or whose contact is on hold, is left alone. Each batch is written to the audit log.
 */
export function createRetentionActivities(deps: CallErasureDeps) {
  const { collections, db } = deps;

  /** The calls of a kind past their period at `asOf`, held ones excepted. */
  async function expiredCallsFilter(orgId: string, kind: RetentionKind, asOf: Date): Promise<Filter<CallDoc> | null> {
    const organization = await collections.organizations.findOne({ _id: orgId }, { projection: { privacy_policy: 1 } });
    const days = privacyPolicyOf(organization).retention[`${kind}_days`];
    if (days === null) return null;
    const heldContacts = await collections.contacts
      .find({ org_id: orgId, legal_hold: { $type: 'object' } }, { projection: { _id: 1 } })
      .toArray();
    const filter: Record<string, unknown> = {
      org_id: orgId,
      recorded_at: { $lt: new Date(asOf.getTime() - days * DAY_MS) },
      legal_hold: { $not: { $type: 'object' } },
      // Only finished calls: a call still processing is not expired, however old its recording time.
      status: { $in: ['completed', 'failed'] },
    };
    if (heldContacts.length > 0) filter.contact_id = { $nin: heldContacts.map((contact) => contact._id) };
    if (kind === 'recordings') filter.recording_file_id = { $type: 'string' };
    if (kind === 'transcripts') filter.transcript_deleted_at = { $exists: false };
    return filter as Filter<CallDoc>;
  }

  return {
    /** Organizations with any retention period set. */
    async organizationsWithRetention(): Promise<string[]> {
      const organizations = await collections.organizations
        .find(
          {
            $or: [
              { 'privacy_policy.retention.recordings_days': { $type: 'number' } },
              { 'privacy_policy.retention.transcripts_days': { $type: 'number' } },
              { 'privacy_policy.retention.calls_days': { $type: 'number' } },
            ],
          },
          { projection: { _id: 1 } },
        )
        .toArray();
      return organizations.map((organization) => organization._id);
    },

    /** Deletes up to RETENTION_BATCH expired records of one kind; returns how many (0: the kind is done). */
    async enforceRetentionBatch(input: {
      orgId: string;
      kind: RetentionKind;
      asOf: string;
    }): Promise<{ deleted: number }> {
      const filter = await expiredCallsFilter(input.orgId, input.kind, new Date(input.asOf));
      if (!filter) return { deleted: 0 };
      const calls = await collections.calls.find(filter).limit(RETENTION_BATCH).toArray();
      const removedCallIds: string[] = [];
      for (const call of calls) {
        Context.current().heartbeat(call._id);
        if (input.kind === 'calls') {
          await eraseCallRecords(deps, call);
        } else if (input.kind === 'recordings') {
          const bucket = recordingsBucket(db);
          // The recording, and the sealed original kept under audio redaction.
          for (const fileId of [call.recording_file_id, call.original_recording_file_id]) {
            if (!fileId) continue;
            const file = await bucket.find({ _id: fileId as never, 'metadata.org_id': call.org_id }).next();
            if (file) await bucket.delete(file._id);
          }
          await collections.calls.updateOne(
            { _id: call._id, org_id: call.org_id },
            {
              $set: {
                recording_file_id: null,
                original_recording_file_id: null,
                recording_deleted_at: new Date(),
                updated_at: new Date(),
              },
            },
          );
        } else {
          await collections.transcripts.deleteOne({ _id: call._id, org_id: call.org_id });
          await collections.calls.updateOne(
            { _id: call._id, org_id: call.org_id },
            // The index drops the transcript's text at its next sweep.
            {
              $set: { transcript_deleted_at: new Date(), updated_at: new Date(), ...SEARCH_STALE.$set },
              $inc: SEARCH_STALE.$inc,
            },
          );
        }
        removedCallIds.push(call._id);
      }
      if (removedCallIds.length > 0) {
        await recordAuditEvent(collections, {
          orgId: input.orgId,
          actor: SYSTEM_ACTOR,
          action: `retention.${input.kind}`,
          target: { type: 'organization', id: input.orgId },
          details: { as_of: input.asOf, call_ids: removedCallIds },
        });
      }
      return { deleted: removedCallIds.length };
    },
  };
}
