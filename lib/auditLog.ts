import type { AuditEventDoc } from './documents';
import { newId } from './ids';
import type { Collections } from './mongo';

/*
 * The organization's audit log: append-only. This module only inserts; no route updates or
 * deletes an entry (the one exception is an erasure, which replaces the erased person's ids in
 * old entries' targets with the erasure's id: the log keeps the act, not the person).
 */
export type AuditActor = AuditEventDoc['actor'];

export const SYSTEM_ACTOR: AuditActor = { type: 'system', id: 'system', user_id: null, email: null };

export interface AuditEntry {
  orgId: string;
  actor: AuditActor;
  action: string;
  target: { type: string; id: string | null };
  requestId?: string | null;
  ip?: string | null;
  details?: Record<string, unknown>;
  /** Given by a system step that may be retried: the entry is written once under this id. */
  id?: string;
}

export async function recordAuditEvent(
  collections: Pick<Collections, 'auditEvents'>,
  entry: AuditEntry,
): Promise<string> {
  const id = entry.id ?? newId('aud');
  const document = {
    org_id: entry.orgId,
    created_at: new Date(),
    actor: entry.actor,
    action: entry.action,
    target: entry.target,
    request_id: entry.requestId ?? null,
    ip: entry.ip ?? null,
    details: entry.details ?? {},
  };
  if (entry.id) {
    await collections.auditEvents.updateOne(
      { _id: id, org_id: entry.orgId },
      { $setOnInsert: document },
      { upsert: true },
    );
  } else {
    await collections.auditEvents.insertOne({ _id: id, ...document });
  }
  return id;
}
