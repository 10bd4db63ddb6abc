import type { Context } from 'koa';
import type { GridFSBucket, GridFSFile } from 'mongodb';
import { z } from 'zod';
import { temporalUiWorkflowUrl } from '../../../lib/config';
import { AppError, notFound } from '../../../lib/errors';
import { callWorkflowId } from '../../../lib/temporal';
import { mismoBucket, recordingsBucket } from '../../../lib/mongo';
import { pageOf } from '../../../lib/pagination';
import { CALL_STATUS_VALUES, CallDetail, CallSummary, DIRECTIONS } from '../schemas/calls';
import { EmailFilter, IsoDateTime } from '../../../lib/schemas/common';
import { Scorecard } from '../../../lib/schemas/insights';
import { envelope, paginated, PaginationQuery } from '../schemas/responses';
import type { RestDeps } from '../deps';
import { defineRoute, type RouteDefinition } from '../routing';
import { callDetailParts, findCallScorecard, findVisibleCall, listCallsPage } from '../services/calls';
import { callDetailView, callSummaryView, scorecardView } from '../views/calls';

const CallParams = z.object({ callId: z.string().min(1).max(64) });

export const CallListQuery = z
  .object({
    from: IsoDateTime.optional().describe('recorded_at ≥ from'),
    to: IsoDateTime.optional().describe('recorded_at < to'),
    agent_email: EmailFilter.optional(),
    contact_id: z.string().min(1).max(64).optional(),
    status: z.enum(CALL_STATUS_VALUES).optional(),
    direction: z.enum(DIRECTIONS).optional(),
    external_id: z.string().min(1).max(200).optional(),
    tag: z.string().min(1).max(64).optional(),
    batch_id: z.string().min(1).max(64).optional(),
    ...PaginationQuery,
  })
  .strict();

export function callRoutes(deps: RestDeps): RouteDefinition[] {
  const collections = deps.database.collections;

  return [
    defineRoute({
      method: 'get',
      path: '/calls',
      operationId: 'listCalls',
      summary: 'Query call records, newest first',
      tag: 'Calls',
      permission: 'calls:read',
      query: CallListQuery,
      success: { status: 200, description: 'A page of calls', schema: paginated(CallSummary) },
      errors: [400, 403],
      async handler(ctx, { auth, query }) {
        const rows = await listCallsPage(collections.calls, auth, query, query.limit);
        const page = pageOf(rows, query.limit, (call) => call.recorded_at);
        ctx.body = {
          success: true,
          data: page.items.map(callSummaryView),
          pagination: { next_cursor: page.next_cursor, has_more: page.has_more },
        };
      },
    }),
    defineRoute({
      method: 'get',
      path: '/calls/{callId}',
      operationId: 'getCall',
      summary: 'Everything about one call',
      tag: 'Calls',
      permission: 'calls:read',
      params: CallParams,
      success: { status: 200, description: 'The call', schema: envelope(CallDetail) },
      errors: [403, 404],
      async handler(ctx, { auth, params }) {
        const call = await findVisibleCall(collections, auth, params.callId);
        ctx.body = {
          success: true,
          data: callDetailView(
            call,
            await callDetailParts(collections, call),
            deps.baseUrl,
            temporalUiWorkflowUrl(deps.config, callWorkflowId(call._id)),
          ),
        };
      },
    }),
    defineRoute({
      method: 'get',
      path: '/calls/{callId}/scorecard',
      operationId: 'getCallScorecard',
      summary: 'QA scorecard: each criterion with evidence quotes and times, and the total',
      tag: 'Calls',
      permission: 'calls:read',
      params: CallParams,
      success: { status: 200, description: 'The scorecard', schema: envelope(Scorecard) },
      errors: [403, 404],
      async handler(ctx, { auth, params }) {
        const call = await findVisibleCall(collections, auth, params.callId);
        const scorecard = await findCallScorecard(collections, call);
        ctx.body = { success: true, data: scorecardView(scorecard) };
      },
    }),
    defineRoute({
      method: 'get',
      path: '/calls/{callId}/recording',
      operationId: 'getCallRecording',
      audit: true,
      summary: 'The call recording, streamed',
      tag: 'Calls',
      permission: 'calls:read',
      params: CallParams,
      description:
        'Supports one byte range (`Range: bytes=…`): 206 with `Content-Range`, or 416 past the end, so a player can seek.',
      success: { status: 200, description: 'The audio or video bytes', contentType: 'application/octet-stream' },
      errors: [403, 404, 416],
      async handler(ctx, { auth, params }) {
        const call = await findVisibleCall(collections, auth, params.callId);
        await streamStoredFile(ctx, recordingsBucket(deps.database.db), call.recording_file_id, auth.orgId, {
          what: 'Recording',
          contentType: (file) => String(file.metadata?.content_type ?? 'application/octet-stream'),
          downloadName: call._id,
        });
      },
    }),
    defineRoute({
      method: 'get',
      path: '/calls/{callId}/mismo',
      operationId: 'getCallMismo',
      audit: true,
      summary: 'The MISMO 3.4 XML of a lending call',
      tag: 'Calls',
      permission: 'calls:read',
      params: CallParams,
      success: { status: 200, description: 'MISMO 3.4 XML', contentType: 'application/xml' },
      errors: [403, 404, 416],
      async handler(ctx, { auth, params }) {
        const call = await findVisibleCall(collections, auth, params.callId);
        await streamStoredFile(ctx, mismoBucket(deps.database.db), call.mismo_file_id, auth.orgId, {
          what: 'MISMO file',
          contentType: () => 'application/xml; charset=utf-8',
        });
      },
    }),
  ];
}

/**
 * Streams a GridFS file of the organization, or answers 404 naming `what` when there is none.
 * One byte range (`Range: bytes=a-b`, `a-` or `-n`) is answered 206 with that part, so a player
 * can seek without downloading what comes before; a range past the end is 416.
 */
async function streamStoredFile(
  ctx: Context,
  bucket: GridFSBucket,
  fileId: string | null,
  orgId: string,
  options: { what: string; contentType: (file: GridFSFile) => string; downloadName?: string },
): Promise<void> {
  const file = fileId ? await bucket.find({ _id: fileId as never, 'metadata.org_id': orgId }).next() : null;
  if (!file) throw notFound(options.what);
  ctx.set('Content-Type', options.contentType(file));
  ctx.set('Accept-Ranges', 'bytes');
  if (options.downloadName) ctx.set('Content-Disposition', `attachment; filename="${options.downloadName}"`);
  const range = byteRange(ctx.get('Range'), file.length);
  if (range === 'unsatisfiable') {
    throw new AppError(416, 'range_not_satisfiable', `The file has ${file.length} bytes`, undefined, {
      'Content-Range': `bytes */${file.length}`,
    });
  }
  if (range) {
    ctx.status = 206;
    ctx.set('Content-Range', `bytes ${range.start}-${range.end}/${file.length}`);
    ctx.set('Content-Length', String(range.end - range.start + 1));
    ctx.body = bucket.openDownloadStream(file._id, { start: range.start, end: range.end + 1 });
    return;
  }
  ctx.set('Content-Length', String(file.length));
  ctx.body = bucket.openDownloadStream(file._id);
}

/** The one byte range a `Range` header asks for (inclusive ends), null for the whole file. */
export function byteRange(header: string, length: number): { start: number; end: number } | 'unsatisfiable' | null {
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  // No header, several ranges, or another unit: the whole file (RFC 9110 lets a server ignore Range).
  if (!match || (match[1] === '' && match[2] === '')) return null;
  let start: number;
  let end: number;
  if (match[1] === '') {
    start = Math.max(0, length - Number(match[2]));
    end = length - 1;
  } else {
    start = Number(match[1]);
    end = match[2] === '' ? length - 1 : Math.min(Number(match[2]), length - 1);
  }
  if (start >= length || start > end) return 'unsatisfiable';
  return { start, end };
}
