import { createHash } from 'node:crypto';
import type { Client } from '@temporalio/client';
import type { z } from 'zod';
import type { AuditActor } from '../../../lib/auditLog';
import type { Config } from '../../../lib/config';
import type { AuditEventDoc, CallDoc, ContactDoc, ErasureDoc, ErasureSubject, LegalHold } from '../../../lib/documents';
import { conflict, notFound } from '../../../lib/errors';
import { newId } from '../../../lib/ids';
import type { Db } from 'mongodb';
import type { Readable } from 'node:stream';
import { COLLECTIONS, recordingsBucket, type Collections } from '../../../lib/mongo';
import { newestFirstPage } from '../../../lib/newestFirstPage';
import { decodeCursor } from '../../../lib/pagination';
import { credentialsChanged } from '../../../lib/requestGate';
import type { PiiType } from '../../../lib/pii/detection';
import { privacyPolicyOf, type PrivacyPolicy } from '../../../lib/pii/policy';
import { decryptSecret, openingDecipher } from '../../../lib/secrets';
import { startEraseData } from '../../../lib/workflowStarts';
import type { AuditEventListQuery, PrivacyPolicyUpdateRequest } from '../schemas/privacy';

export async function readPrivacyPolicy(collections: Collections, orgId: string): Promise<PrivacyPolicy> {
  const organization = await collections.organizations.findOne({ _id: orgId }, { projection: { privacy_policy: 1 } });
  return privacyPolicyOf(organization);
}

/**
 * Applies a change to the policy and bumps its version; returns the types it newly redacts (the
 * caller applies them to past calls).
 */
export async function updatePrivacyPolicy(
  collections: Collections,
  orgId: string,
  change: z.infer<typeof PrivacyPolicyUpdateRequest>,
): Promise<{ policy: PrivacyPolicy; added: PiiType[] }> {
  const current = await readPrivacyPolicy(collections, orgId);
  const next: PrivacyPolicy = {
    ...current,
    ...change,
    retention: { ...current.retention, ...change.retention },
    version: current.version + 1,
    updated_at: new Date(),
  };
  await collections.organizations.updateOne({ _id: orgId }, { $set: { privacy_policy: next } });
  // Requests carry the redacted types: API processes must read the organization again.
  await credentialsChanged(collections, orgId);
  return { policy: next, added: next.redact_types.filter((type) => !current.redact_types.includes(type)) };
}

/** The original text of a call's redacted segments; 404 when the policy kept none for it. */
export async function revealCallOriginals(
  collections: Collections,
  config: Pick<Config, 'SECRETS_ENCRYPTION_KEY'>,
  call: CallDoc,
): Promise<{ segment: number; text: string }[]> {
  const transcript = await collections.transcripts.findOne(
    { _id: call._id, org_id: call.org_id },
    { projection: { originals_sealed: 1 } },
  );
  if (!transcript?.originals_sealed) throw notFound('Kept original of a redacted value');
  return JSON.parse(decryptSecret(config.SECRETS_ENCRYPTION_KEY, transcript.originals_sealed)) as {
    segment: number;
    text: string;
  }[];
}

/**
 * The recording as it was before audio redaction, decrypted as it streams; 404 when the policy
 * kept no original for this call (or audio redaction never ran on it).
 */
export async function openSealedOriginalRecording(
  db: Db,
  config: Pick<Config, 'SECRETS_ENCRYPTION_KEY'>,
  call: CallDoc,
): Promise<{ stream: Readable; contentType: string }> {
  const bucket = recordingsBucket(db);
  const file = call.original_recording_file_id
    ? await bucket.find({ _id: call.original_recording_file_id as never, 'metadata.org_id': call.org_id }).next()
    : null;
  const sealed = file?.metadata as { iv?: string; tag?: string; content_type?: string } | undefined;
  if (!file || !sealed?.iv || !sealed.tag) throw notFound('Kept original recording');
  const decipher = openingDecipher(config.SECRETS_ENCRYPTION_KEY, sealed.iv, sealed.tag);
  return {
    stream: bucket.openDownloadStream(file._id).pipe(decipher),
    contentType: sealed.content_type ?? 'application/octet-stream',
  };
}

/** SHA-256 of the subject's identifier, as the receipt names it. */
export function subjectDigest(subject: ErasureSubject): string {
  const value =
    subject.type === 'contact'
      ? subject.contact_id
      : subject.type === 'call'
        ? subject.call_id
        : subject.type === 'phone'
          ? subject.phone
          : subject.email.toLowerCase();
  return createHash('sha256').update(value).digest('hex');
}

/**
 * Starts an erasure, or answers the one already made for the same subject (a repeated request
 * is the same erasure). Refused with 409 while the subject, or any of its calls, is on legal hold.
 */
export async function requestErasure(
  collections: Collections,
  temporal: Client,
  orgId: string,
  subject: ErasureSubject,
  actor: AuditActor,
): Promise<ErasureDoc> {
  const existing = await findErasureFor(collections, orgId, subject);
  if (existing) return existing;
  const digest = subjectDigest(subject);
  await refuseHeldSubject(collections, orgId, subject);
  const erasure: ErasureDoc = {
    _id: newId('era'),
    org_id: orgId,
    subject_type: subject.type,
    subject,
    subject_sha256: digest,
    status: 'running',
    requested_by: actor,
    created_at: new Date(),
    completed_at: null,
    removed: {},
    removed_call_ids: [],
    external_copies: [],
  };
  await collections.erasures.insertOne(erasure);
  await startEraseData(temporal, { orgId, erasureId: erasure._id });
  return erasure;
}

async function refuseHeldSubject(collections: Collections, orgId: string, subject: ErasureSubject): Promise<void> {
  const held = { legal_hold: { $type: 'object' } } as const;
  const contactFilter =
    subject.type === 'contact'
      ? { _id: subject.contact_id }
      : subject.type === 'phone'
        ? { phones: subject.phone }
        : subject.type === 'email'
          ? { emails: subject.email.toLowerCase() }
          : null;
  if (contactFilter) {
    const contacts = await collections.contacts
      .find({ org_id: orgId, ...contactFilter }, { projection: { _id: 1, legal_hold: 1 } })
      .toArray();
    if (contacts.some((contact) => contact.legal_hold))
      throw conflict('The contact is on legal hold: lift the hold first');
    const heldCall = await collections.calls.findOne(
      { org_id: orgId, contact_id: { $in: contacts.map((contact) => contact._id) }, ...held },
      { projection: { _id: 1 } },
    );
    if (heldCall) throw conflict(`Call ${heldCall._id} of the contact is on legal hold: lift the hold first`);
  } else if (subject.type === 'call') {
    const call = await collections.calls.findOne(
      { org_id: orgId, _id: subject.call_id },
      { projection: { legal_hold: 1, contact_id: 1 } },
    );
    if (call?.legal_hold) throw conflict('The call is on legal hold: lift the hold first');
    if (call?.contact_id) {
      const contact = await collections.contacts.findOne(
        { org_id: orgId, _id: call.contact_id, ...held },
        { projection: { _id: 1 } },
      );
      if (contact) throw conflict("The call's contact is on legal hold: lift the hold first");
    }
  }
}

/** The erasure already made for this subject, if any. */
export function findErasureFor(collections: Collections, orgId: string, subject: ErasureSubject) {
  return collections.erasures.findOne({ org_id: orgId, subject_sha256: subjectDigest(subject) });
}

export async function findErasure(collections: Collections, orgId: string, erasureId: string): Promise<ErasureDoc> {
  const erasure = await collections.erasures.findOne({ _id: erasureId, org_id: orgId });
  if (!erasure) throw notFound('Erasure');
  return erasure;
}

/** Sets or lifts a hold on a call or a contact of the organization; 404 for another's. */
export async function setLegalHold(
  collections: Collections,
  orgId: string,
  target: { type: 'call' | 'contact'; id: string },
  hold: LegalHold | null,
): Promise<CallDoc | ContactDoc> {
  const collection = (target.type === 'call' ? collections.calls : collections.contacts) as Collections['contacts'];
  const updated = await collection.findOneAndUpdate(
    { _id: target.id, org_id: orgId },
    { $set: { legal_hold: hold } },
    { returnDocument: 'after' },
  );
  if (!updated) throw notFound(target.type === 'call' ? 'Call' : 'Contact');
  return updated;
}

const AUDIT_INDEX_KEYS = COLLECTIONS.auditEvents.indexes.map((index) => index.key);

export function listAuditEventsPage(
  collections: Collections,
  orgId: string,
  query: z.infer<typeof AuditEventListQuery>,
): Promise<AuditEventDoc[]> {
  const filter: Record<string, unknown> = { org_id: orgId };
  if (query.action) filter.action = query.action;
  if (query.actor_id) filter['actor.id'] = query.actor_id;
  if (query.target_id) filter['target.id'] = query.target_id;
  return newestFirstPage(collections.auditEvents, {
    filter,
    field: 'created_at',
    indexes: AUDIT_INDEX_KEYS,
    from: query.from ? new Date(query.from) : undefined,
    to: query.to ? new Date(query.to) : undefined,
    after: query.cursor ? decodeCursor(query.cursor) : undefined,
    limit: query.limit + 1,
  });
}
