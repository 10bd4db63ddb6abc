import type { z } from 'zod';
import type { AuditEventDoc, ErasureDoc, LegalHold } from '../../../lib/documents';
import type { PrivacyPolicy } from '../../../lib/pii/policy';
import { erasureWorkflowId } from '../../../lib/temporal';
import type { AuditEventView, ErasureView, LegalHoldView, PrivacyPolicyView } from '../schemas/privacy';

export function privacyPolicyView(policy: PrivacyPolicy): z.infer<typeof PrivacyPolicyView> {
  return {
    redact_types: policy.redact_types,
    keep_originals: policy.keep_originals,
    redact_audio: policy.redact_audio,
    retention: policy.retention,
    version: policy.version,
    updated_at: policy.updated_at?.toISOString() ?? null,
  };
}

export function erasureView(erasure: ErasureDoc): z.infer<typeof ErasureView> {
  return {
    erasure_id: erasure._id,
    status: erasure.status,
    subject_type: erasure.subject_type,
    subject_sha256: erasure.subject_sha256,
    removed: erasure.removed,
    removed_call_ids: erasure.removed_call_ids,
    external_copies: erasure.external_copies,
    created_at: erasure.created_at.toISOString(),
    completed_at: erasure.completed_at?.toISOString() ?? null,
    workflow_id: erasureWorkflowId(erasure._id),
  };
}

export function legalHoldView(
  target: { type: 'call' | 'contact'; id: string },
  hold: LegalHold | null | undefined,
): z.infer<typeof LegalHoldView> {
  return {
    target,
    legal_hold: hold ? { reason: hold.reason, set_at: hold.set_at.toISOString(), set_by: hold.set_by.id } : null,
  };
}

export function auditEventView(event: AuditEventDoc): z.infer<typeof AuditEventView> {
  return {
    audit_event_id: event._id,
    created_at: event.created_at.toISOString(),
    actor: event.actor,
    action: event.action,
    target: event.target,
    request_id: event.request_id,
    ip: event.ip,
    details: event.details,
  };
}
