import type { Context } from 'koa';
import { z } from 'zod';
import { pageOf } from '../../../lib/pagination';
import type { ErasureSubject } from '../../../lib/documents';
import { actorOf } from '../middleware/auth';
import { startApplyPrivacyPolicy } from '../../../lib/workflowStarts';
import type { RestDeps } from '../deps';
import { defineRoute, type RouteDefinition } from '../routing';
import {
  AuditEventListQuery,
  AuditEventView,
  ErasureRequest,
  ErasureView,
  LegalHoldRequest,
  LegalHoldView,
  PiiRevealRequest,
  PiiRevealView,
  PrivacyPolicyUpdateRequest,
  PrivacyPolicyUpdated,
  PrivacyPolicyView,
} from '../schemas/privacy';
import { envelope, paginated } from '../schemas/responses';
import { findVisibleCall } from '../services/calls';
import { findContact } from '../services/contacts';
import {
  findErasure,
  findErasureFor,
  listAuditEventsPage,
  readPrivacyPolicy,
  requestErasure,
  openSealedOriginalRecording,
  revealCallOriginals,
  setLegalHold,
  updatePrivacyPolicy,
} from '../services/privacy';
import { auditEventView, erasureView, legalHoldView, privacyPolicyView } from '../views/privacy';

const CallParams = z.object({ callId: z.string().min(1).max(64) });
const ContactParams = z.object({ contactId: z.string().min(1).max(64) });
const ErasureParams = z.object({ erasureId: z.string().min(1).max(64) });
const TAG = 'Privacy';

const ERASURE_DESCRIPTION =
  'Answers 202 with the erasure and its receipt id at once; the `eraseData` workflow removes the records in bounded batches and survives a worker restart. A repeated request for the same subject answers the same erasure. 409 while the subject or one of its calls is on legal hold. Poll `GET /erasures/{erasureId}`; `contact.erased` / `call.erased` is sent when it completes.';

/** The privacy policy, PII reveals, erasures, legal holds and the audit log. */
export function privacyRoutes(deps: RestDeps): RouteDefinition[] {
  const { collections } = deps.database;
  const temporal = deps.temporal.client;

  /** An erasure is audited under its own id: the person's ids are what it removes. */
  const answerErasure = (ctx: Context, erasure: Parameters<typeof erasureView>[0]) => {
    ctx.state.auditTarget = { type: 'erasure', id: erasure._id };
    ctx.status = 202;
    ctx.set('Location', `${deps.baseUrl}/erasures/${erasure._id}`);
    ctx.body = { success: true, data: erasureView(erasure) };
  };
  const startErasure = (ctx: Context, auth: Parameters<typeof actorOf>[0], subject: ErasureSubject) =>
    requestErasure(collections, temporal, auth.orgId, subject, actorOf(auth)).then((erasure) =>
      answerErasure(ctx, erasure),
    );

  const legalHoldRoutes = (type: 'call' | 'contact') => {
    const path = type === 'call' ? '/calls/{callId}/legal-hold' : '/contacts/{contactId}/legal-hold';
    const params = type === 'call' ? CallParams : ContactParams;
    const idOf = (p: Record<string, string>) => (type === 'call' ? p.callId! : p.contactId!);
    return [
      defineRoute({
        method: 'post',
        path,
        operationId: type === 'call' ? 'holdCall' : 'holdContact',
        summary: `Put the ${type} on legal hold: retention and erasure leave it alone`,
        tag: TAG,
        permission: 'privacy:manage',
        params,
        body: LegalHoldRequest,
        success: { status: 200, description: 'The hold', schema: envelope(LegalHoldView) },
        errors: [400, 403, 404, 413, 415],
        async handler(ctx, { auth, params: given, body }) {
          const target = { type, id: idOf(given) };
          const hold = { reason: body.reason, set_at: new Date(), set_by: actorOf(auth) };
          await setLegalHold(collections, auth.orgId, target, hold);
          ctx.state.auditDetails = { reason: body.reason };
          ctx.body = { success: true, data: legalHoldView(target, hold) };
        },
      }),
      defineRoute({
        method: 'delete',
        path,
        operationId: type === 'call' ? 'releaseCall' : 'releaseContact',
        summary: `Lift the ${type}'s legal hold`,
        tag: TAG,
        permission: 'privacy:manage',
        params,
        success: { status: 200, description: 'No hold', schema: envelope(LegalHoldView) },
        errors: [403, 404],
        async handler(ctx, { auth, params: given }) {
          const target = { type, id: idOf(given) };
          await setLegalHold(collections, auth.orgId, target, null);
          ctx.body = { success: true, data: legalHoldView(target, null) };
        },
      }),
    ];
  };

  return [
    defineRoute({
      method: 'get',
      path: '/privacy/policy',
      operationId: 'getPrivacyPolicy',
      summary: "The organization's redaction and retention policy",
      tag: TAG,
      permission: 'privacy:manage',
      success: { status: 200, description: 'The policy', schema: envelope(PrivacyPolicyView) },
      errors: [403],
      async handler(ctx, { auth }) {
        ctx.body = { success: true, data: privacyPolicyView(await readPrivacyPolicy(collections, auth.orgId)) };
      },
    }),
    defineRoute({
      method: 'patch',
      path: '/privacy/policy',
      operationId: 'updatePrivacyPolicy',
      summary: 'Change what is redacted, whether originals are kept, and retention periods',
      description:
        'Only the fields given change. New calls follow the policy from their redaction stage. A type added to `redact_types` is applied to past calls too, by the `applyPrivacyPolicy` workflow (its id in `reapply_workflow_id`); a removed type is not restored. Retention is enforced hourly by the `retention` Temporal Schedule.',
      tag: TAG,
      permission: 'privacy:manage',
      body: PrivacyPolicyUpdateRequest,
      success: { status: 200, description: 'The policy now', schema: envelope(PrivacyPolicyUpdated) },
      errors: [400, 403, 413, 415],
      async handler(ctx, { auth, body }) {
        const { policy, added } = await updatePrivacyPolicy(collections, auth.orgId, body);
        // A type redacted from now on is also redacted in the past, by a workflow.
        const reapply =
          added.length > 0
            ? await startApplyPrivacyPolicy(temporal, { orgId: auth.orgId, version: policy.version })
            : null;
        ctx.state.auditTarget = { type: 'privacy_policy', id: auth.orgId };
        ctx.state.auditDetails = { change: body, version: policy.version, reapply_workflow_id: reapply };
        ctx.body = { success: true, data: { ...privacyPolicyView(policy), reapply_workflow_id: reapply } };
      },
    }),
    defineRoute({
      method: 'post',
      path: '/calls/{callId}/pii-reveals',
      operationId: 'revealCallPii',
      summary: "Show the original text of a call's redacted segments (audited)",
      description:
        'Only when the policy kept originals (`keep_originals`); 404 otherwise. Needs `pii:read`; every reveal is written to the audit log with its reason.',
      tag: TAG,
      permission: 'pii:read',
      params: CallParams,
      body: PiiRevealRequest,
      success: { status: 200, description: 'The originals', schema: envelope(PiiRevealView) },
      errors: [400, 403, 404, 413, 415],
      async handler(ctx, { auth, params, body }) {
        const call = await findVisibleCall(collections, auth, params.callId);
        const segments = await revealCallOriginals(collections, deps.config, call);
        ctx.state.auditDetails = { reason: body.reason, segments: segments.map((segment) => segment.segment) };
        ctx.body = { success: true, data: { call_id: call._id, segments } };
      },
    }),
    defineRoute({
      method: 'post',
      path: '/calls/{callId}/recording-reveals',
      operationId: 'revealCallRecording',
      summary: 'The recording as it was before audio redaction, streamed (audited)',
      description:
        'Only when audio redaction ran and the policy kept originals (`keep_originals`); 404 otherwise. Needs `pii:read`; every reveal is written to the audit log with its reason. `GET /calls/{callId}/recording` serves the silenced copy.',
      tag: TAG,
      permission: 'pii:read',
      params: CallParams,
      body: PiiRevealRequest,
      success: { status: 200, description: 'The original audio bytes', contentType: 'application/octet-stream' },
      errors: [400, 403, 404, 413, 415],
      async handler(ctx, { auth, params, body }) {
        const call = await findVisibleCall(collections, auth, params.callId);
        const original = await openSealedOriginalRecording(deps.database.db, deps.config, call);
        ctx.state.auditDetails = { reason: body.reason };
        ctx.set('Content-Disposition', `attachment; filename="${call._id}.original"`);
        ctx.type = original.contentType;
        ctx.body = original.stream;
      },
    }),
    defineRoute({
      method: 'post',
      path: '/contacts/{contactId}/erase',
      operationId: 'eraseContact',
      summary: 'Erase a contact and every call, recording and output tied to it',
      description: ERASURE_DESCRIPTION,
      tag: TAG,
      permission: 'privacy:manage',
      params: ContactParams,
      success: { status: 202, description: 'The erasure, running', schema: envelope(ErasureView) },
      errors: [403, 404, 409],
      async handler(ctx, { auth, params }) {
        const subject: ErasureSubject = { type: 'contact', contact_id: params.contactId };
        // Erased already (the contact is gone): a repeated request answers that erasure.
        const known = await findErasureFor(collections, auth.orgId, subject);
        if (known) return answerErasure(ctx, known);
        await findContact(collections, auth.orgId, params.contactId);
        await startErasure(ctx, auth, subject);
      },
    }),
    defineRoute({
      method: 'post',
      path: '/erasures',
      operationId: 'eraseByIdentifier',
      summary: 'Erase everything tied to a phone number or an e-mail address',
      description: `Every contact with the phone (E.164) or e-mail, their calls, and calls made with that contact phone. ${ERASURE_DESCRIPTION}`,
      tag: TAG,
      permission: 'privacy:manage',
      body: ErasureRequest,
      success: { status: 202, description: 'The erasure, running', schema: envelope(ErasureView) },
      errors: [400, 403, 409, 413, 415],
      async handler(ctx, { auth, body }) {
        const subject: ErasureSubject = body.phone
          ? { type: 'phone', phone: body.phone }
          : { type: 'email', email: body.email!.toLowerCase() };
        await startErasure(ctx, auth, subject);
      },
    }),
    defineRoute({
      method: 'delete',
      path: '/calls/{callId}',
      operationId: 'deleteCall',
      summary: 'Delete one call and everything stored for it',
      description: ERASURE_DESCRIPTION.replace('contact.erased` / `call.erased', 'call.erased'),
      tag: TAG,
      permission: 'privacy:manage',
      params: CallParams,
      success: { status: 202, description: 'The erasure, running', schema: envelope(ErasureView) },
      errors: [403, 404, 409],
      async handler(ctx, { auth, params }) {
        const subject: ErasureSubject = { type: 'call', call_id: params.callId };
        const known = await findErasureFor(collections, auth.orgId, subject);
        if (known) return answerErasure(ctx, known);
        await findVisibleCall(collections, auth, params.callId);
        await startErasure(ctx, auth, subject);
      },
    }),
    defineRoute({
      method: 'get',
      path: '/erasures/{erasureId}',
      operationId: 'getErasure',
      summary: 'An erasure and its receipt: what was removed, and the copies in connected systems',
      tag: TAG,
      permission: 'privacy:manage',
      params: ErasureParams,
      success: { status: 200, description: 'The erasure', schema: envelope(ErasureView) },
      errors: [403, 404],
      async handler(ctx, { auth, params }) {
        ctx.body = { success: true, data: erasureView(await findErasure(collections, auth.orgId, params.erasureId)) };
      },
    }),
    ...legalHoldRoutes('call'),
    ...legalHoldRoutes('contact'),
    defineRoute({
      method: 'get',
      path: '/audit-events',
      operationId: 'listAuditEvents',
      summary: "The organization's audit log, newest first",
      description:
        'Append-only: no route changes an entry. Records every change made through the API (keys, webhooks, connections, settings, the privacy policy, erasures, legal holds), recording and MISMO downloads, PII reveals and what retention deleted.',
      tag: TAG,
      permission: 'audit:read',
      query: AuditEventListQuery,
      success: { status: 200, description: 'A page of audit events', schema: paginated(AuditEventView) },
      errors: [400, 403],
      async handler(ctx, { auth, query }) {
        const rows = await listAuditEventsPage(collections, auth.orgId, query);
        const page = pageOf(rows, query.limit, (event) => event.created_at);
        ctx.body = {
          success: true,
          data: page.items.map(auditEventView),
          pagination: { next_cursor: page.next_cursor, has_more: page.has_more },
        };
      },
    }),
  ];
}
