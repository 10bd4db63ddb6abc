import { createHash } from 'node:crypto';
import { ApplicationFailure } from '@temporalio/activity';
import type { Db } from 'mongodb';
import type { Config } from '../lib/config';
import { recordEvent, type EventLogDeps } from '../lib/eventLog';
import { NOT_LENDING_REASON } from '../lib/documents';
import { mismoBucket } from '../lib/mongo';
import { callNotFound } from './calls';
import { MORTGAGE_LEAD_DATASET } from '../lib/datasets';
import { buildMismoXml, checkMismoXml, type MortgageLead } from '../lib/mismo';
import { validateMismoXml } from './providers/mismoValidator';
import { NON_RETRYABLE } from '../lib/temporal';

/** The GridFS id of a call's MISMO file: one per call, so a retry replaces rather than adds. */
export const mismoFileId = (callId: string) => `mismo_${callId}`;

/**
 * MISMO 3.4 XML for lending calls, from the call's `mortgage_lead` extraction. Non-lending calls
 * get none (`generated: false`, the stage is recorded `skipped`).
 */
export function createMismoActivities(deps: EventLogDeps & { db: Db; config: Config }) {
  const { collections } = deps;
  return {
    async generateMismo(input: { orgId: string; callId: string }): Promise<{ generated: boolean; reason?: string }> {
      const call = await collections.calls.findOne({ _id: input.callId, org_id: input.orgId });
      if (!call) throw callNotFound(input.callId);
      const extractions = await collections.extractions.findOne({ _id: call._id, org_id: input.orgId });
      const lead = extractions?.results.find((extraction) => extraction.dataset === MORTGAGE_LEAD_DATASET.key);
      if (!extractions?.is_lending_call || !lead) return { generated: false, reason: NOT_LENDING_REASON };

      const xml = buildMismoXml(lead.data as MortgageLead, { createdAt: call.updated_at, loanIdentifier: call._id });
      const problems = checkMismoXml(xml);
      if (deps.config.MISMO_XSD_DIR) {
        const schema = await validateMismoXml(xml, deps.config.MISMO_XSD_DIR);
        if (!schema.valid) problems.push(...schema.errors);
      }
      if (problems.length > 0) {
        throw ApplicationFailure.nonRetryable(
          `The MISMO file is invalid: ${problems.join('; ')}`,
          NON_RETRYABLE.invalidMismo,
        );
      }

      const fileId = mismoFileId(call._id);
      const bucket = mismoBucket(deps.db);
      // Replace a file left by an earlier attempt: GridFS ids are unique.
      if ((await bucket.find({ _id: fileId as never }).toArray()).length > 0) await bucket.delete(fileId as never);
      await new Promise<void>((resolve, reject) => {
        const upload = bucket.openUploadStreamWithId(fileId as never, `${call._id}.mismo.xml`, {
          metadata: { org_id: input.orgId, call_id: call._id, content_type: 'application/xml' },
        });
        upload.on('error', reject).on('finish', () => resolve());
        upload.end(Buffer.from(xml, 'utf8'));
      });
      await collections.calls.updateOne(
        { _id: call._id, org_id: input.orgId },
        { $set: { mismo_file_id: fileId, updated_at: new Date() } },
      );
      await recordEvent(deps, {
        orgId: input.orgId,
        type: 'mismo.ready',
        subjectId: call._id,
        data: {
          call_id: call._id,
          external_id: call.external_id,
          file_id: fileId,
          bytes: Buffer.byteLength(xml),
          content_sha256: createHash('sha256')
            .update(buildMismoXml(lead.data as MortgageLead, { createdAt: new Date(0), loanIdentifier: call._id }))
            .digest('hex'),
          mismo_version: '3.4',
          path: `/calls/${call._id}/mismo`,
        },
        // A regenerated file (re-processing) is announced again only when its loan data changed.
        againWhenChanged: true,
      });
      return { generated: true };
    },
  };
}
