import { z } from 'zod';
import { hmacSha256Hex, safeEqual } from '../../../lib/crypto';
import { AppError, conflict } from '../../../lib/errors';
import { newId } from '../../../lib/ids';
import { recordingFileId } from '../../../lib/mongo';
import { CallAccepted, DialerPayload, UploadFields } from '../schemas/ingest';
import { envelope } from '../schemas/responses';
import { decryptSecret } from '../../../lib/secrets';
import { findOrganization } from '../../../lib/tenancy';
import { parseOrThrow } from '../../../lib/validation';
import type { CallDoc } from '../../../lib/documents';
import type { RestDeps } from '../deps';
import { rawBodyOf } from '../middleware/body';
import { claimIdempotencyKey, requestFingerprint } from '../middleware/idempotency';
import { defineRoute, type RouteDefinition } from '../routing';
import { assertMayFileAs, assertMaySeeExisting } from '../services/calls';
import { findCallByExternalId, ingestSingleCall } from '../services/ingest';
import { discardUpload, receiveUpload, UPLOAD_FILE_FIELD } from '../services/upload';

const SIGNATURE_HEADER = 'X-Service-Signature';
const SIGNATURE_FORMAT = /^sha256=[0-9a-f]{64}$/;

const invalidSignature = (message: string) =>
  new AppError(401, 'invalid_signature', message, undefined, { 'WWW-Authenticate': 'Bearer' });

export function ingestRoutes(deps: RestDeps): RouteDefinition[] {
  const { collections } = deps.database;
  const accepted = (call: CallDoc, duplicate: boolean): z.infer<typeof CallAccepted> => ({
    call_id: call._id,
    external_id: call.external_id,
    status: call.status,
    duplicate,
    status_url: `${deps.baseUrl}/calls/${call._id}`,
  });

  return [
    defineRoute({
      method: 'post',
      path: '/calls/upload',
      operationId: 'uploadCall',
      audit: false,
      summary: 'Upload one audio or video recording for processing',
      description: `multipart/form-data with the recording in "${UPLOAD_FILE_FIELD}" (its type is sniffed from its bytes; up to UPLOAD_MAX_BYTES) and the call's fields. A known external_id reports the existing call and stores nothing.`,
      tag: 'Calls',
      permission: 'calls:write',
      multipart: {
        fields: UploadFields,
        fileField: UPLOAD_FILE_FIELD,
        fileDescription: 'the recording (audio or video)',
      },
      success: { status: 202, description: 'Accepted; poll status_url', schema: envelope(CallAccepted) },
      errors: [400, 403, 409, 413, 415, 422, 503],
      async handler(ctx, { auth }) {
        const callId = newId('call');
        const upload = await receiveUpload(ctx, {
          db: deps.database.db,
          maxBytes: deps.config.UPLOAD_MAX_BYTES,
          fileId: recordingFileId(callId),
          orgId: auth.orgId,
          callId,
          // Fields sent before the file are judged before a byte is stored; a known call stores nothing.
          beforeFile: async (fieldsSoFar) => {
            const early = parseOrThrow(UploadFields.partial(), fieldsSoFar, 'Upload fields');
            if (early.agent_email) assertMayFileAs(auth, early.agent_email, 'agent_email');
            if (!early.external_id) return 'store';
            const known = await findCallByExternalId(collections, auth.orgId, early.external_id);
            return known ? 'skip' : 'store';
          },
        });
        const result = await (async () => {
          const fields = parseOrThrow(UploadFields, upload.fields, 'Upload fields');
          assertMayFileAs(auth, fields.agent_email, 'agent_email');
          const fingerprint = requestFingerprint(ctx, { fields: upload.fields, file_sha256: upload.sha256 });
          if (!(await claimIdempotencyKey(ctx, fingerprint))) return null; // a stored answer was replayed
          if (!upload.stored) {
            const known = fields.external_id
              ? await findCallByExternalId(collections, auth.orgId, fields.external_id)
              : null;
            if (!known) throw conflict('The call with this external_id changed while uploading; send the upload again');
            return { call: known, created: false };
          }
          return ingestSingleCall(
            { collections, temporal: deps.temporal.client },
            {
              callId,
              orgId: auth.orgId,
              source: 'upload',
              recordingFileId: upload.fileId,
              redactTypes: auth.redactTypes,
            },
            fields,
          );
        })().catch(async (error) => {
          await discardUpload(deps.database.db, upload);
          throw error;
        });
        if (!result) {
          await discardUpload(deps.database.db, upload);
          return;
        }
        if (!result.created) {
          await discardUpload(deps.database.db, upload);
          assertMaySeeExisting(auth, result.call, 'external_id');
        }
        ctx.status = 202;
        ctx.set('Location', `${deps.baseUrl}/calls/${result.call._id}`);
        ctx.body = { success: true, data: accepted(result.call, !result.created) };
      },
    }),
    defineRoute({
      method: 'post',
      path: '/integrations/dialer/webhook',
      operationId: 'dialerWebhook',
      audit: false,
      summary: 'Ingest a call from any dialer, softphone or contact-center platform',
      description: `Once the organization has a dialer secret (admin CLI: org set-dialer-secret), ${SIGNATURE_HEADER}: sha256=<hex HMAC-SHA256 of the raw body> is required.`,
      tag: 'Integrations',
      permission: 'calls:write',
      body: DialerPayload,
      rawBody: true,
      success: { status: 202, description: 'Accepted', schema: envelope(CallAccepted) },
      errors: [400, 403, 409, 413, 415, 503],
      // The signature is checked before anything else, an Idempotency-Key replay included.
      async authorize(ctx, { auth, body }) {
        const organization = await findOrganization(collections, auth.orgId);
        if (organization?.dialer_secret_encrypted) {
          const signature = ctx.get(SIGNATURE_HEADER);
          if (!signature) throw invalidSignature(`${SIGNATURE_HEADER} is required for this organization`);
          const secret = decryptSecret(deps.config.SECRETS_ENCRYPTION_KEY, organization.dialer_secret_encrypted);
          const expected = `sha256=${hmacSha256Hex(secret, rawBodyOf(ctx))}`;
          if (!SIGNATURE_FORMAT.test(signature) || !safeEqual(signature, expected)) {
            throw invalidSignature(`${SIGNATURE_HEADER} does not match the body`);
          }
        }
        assertMayFileAs(auth, body.agent_email, 'agent_email');
      },
      async handler(ctx, { auth, body }) {
        const customerPhone = body.direction === 'inbound' ? body.from_number : body.to_number;
        const { recording_url: audioUrl, duration_seconds: duration, from_number, to_number, ...request } = body;
        const result = await ingestSingleCall(
          { collections, temporal: deps.temporal.client },
          { orgId: auth.orgId, source: 'dialer', audioUrl, redactTypes: auth.redactTypes },
          {
            ...request,
            contact_phone: customerPhone,
            duration,
            metadata: { ...body.metadata, dialer: { from_number: from_number ?? null, to_number: to_number ?? null } },
          },
        );
        if (!result.created) assertMaySeeExisting(auth, result.call, 'external_id');
        ctx.status = 202;
        ctx.body = { success: true, data: accepted(result.call, !result.created) };
      },
    }),
  ];
}
