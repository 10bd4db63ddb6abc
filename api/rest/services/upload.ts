import { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import busboy from 'busboy';
import type { Context } from 'koa';
import type { Db } from 'mongodb';
import { AppError, badRequest, payloadTooLarge, unsupportedMediaType } from '../../../lib/errors';
import { MediaStreamRefused, mediaMeter } from '../../../lib/mediaSniff';
import { RECORDINGS_BUCKET, recordingsBucket } from '../../../lib/mongo';

/*
 * Streams a multipart upload's `file` part straight into GridFS (never whole into memory),
 * counting bytes against the cap, sniffing the media type from the first bytes and hashing it.
 * Text fields are collected alongside. The fields sent before the file are judged first
 * (`beforeFile`): a refusal then stores nothing, and a known call skips storing the file. On any
 * failure after storing began, the partial GridFS file is deleted before the error is thrown, so a
 * refused upload leaves nothing behind.
 */
export const UPLOAD_FILE_FIELD = 'file';
const MAX_FIELDS = 30;
const MAX_FIELD_BYTES = 64 * 1024;

export type UploadFieldValues = Record<string, string | string[]>;

export interface ReceivedUpload {
  fields: UploadFieldValues;
  fileId: string;
  /** False when `beforeFile` chose `skip`: the bytes were read and hashed, not kept. */
  stored: boolean;
  bytes: number;
  contentType: string;
  filename: string;
  sha256: string;
}

/** Decides, from the fields sent before the file, whether to keep the file; throws to refuse the upload. */
export type BeforeFile = (fieldsSoFar: UploadFieldValues) => Promise<'store' | 'skip'>;

class UploadRefused extends Error {
  constructor(readonly refusal: Error) {
    super(refusal.message);
  }
}

export async function receiveUpload(
  ctx: Context,
  deps: { db: Db; maxBytes: number; fileId: string; orgId: string; callId: string; beforeFile?: BeforeFile },
): Promise<ReceivedUpload> {
  if (!ctx.is('multipart/form-data')) throw unsupportedMediaType('Send the recording as multipart/form-data');
  if ((ctx.request.length ?? 0) > deps.maxBytes + MAX_FIELDS * MAX_FIELD_BYTES) {
    throw payloadTooLarge(`The upload is larger than ${deps.maxBytes} bytes`);
  }
  const bucket = recordingsBucket(deps.db);
  const fields: UploadFieldValues = {};
  let storing = false;
  let received: Omit<ReceivedUpload, 'fields'> | null = null;
  let fileWork: Promise<void> | null = null;
  // A refused file (too large, not media) must end the wait at once, not when the body ends.
  let refuseEarly: (error: unknown) => void = () => undefined;
  const refused = new Promise<never>((_, reject) => {
    refuseEarly = reject;
  });
  refused.catch(() => undefined);

  let parser: ReturnType<typeof busboy>;
  try {
    parser = busboy({
      headers: ctx.req.headers,
      // One byte over the cap reaches the meter, which refuses the file.
      limits: { files: 1, fileSize: deps.maxBytes + 1, fields: MAX_FIELDS, fieldSize: MAX_FIELD_BYTES },
    });
  } catch (error) {
    // e.g. multipart/form-data without a boundary: the request is malformed, not our failure.
    throw badRequest(`The multipart body cannot be read: ${(error as Error).message}`, [
      { path: '(body)', message: (error as Error).message },
    ]);
  }
  parser.on('field', (name, value) => {
    if (name === '__proto__' || name === 'constructor' || name === 'prototype') return;
    const previous = fields[name];
    fields[name] = previous === undefined ? value : [...(Array.isArray(previous) ? previous : [previous]), value];
  });
  parser.on('file', (name, stream, info) => {
    if (name !== UPLOAD_FILE_FIELD || fileWork) {
      stream.resume();
      refuseEarly(
        new UploadRefused(
          badRequest(`Send exactly one file, in the field "${UPLOAD_FILE_FIELD}"`, [
            { path: UPLOAD_FILE_FIELD, message: `one file, in the field "${UPLOAD_FILE_FIELD}"` },
          ]),
        ),
      );
      return;
    }
    const meter = mediaMeter(deps.maxBytes);
    stream.pause();
    fileWork = (async () => {
      const decision = deps.beforeFile ? await deps.beforeFile({ ...fields }) : 'store';
      const sink =
        decision === 'store'
          ? bucket.openUploadStreamWithId(deps.fileId as never, info.filename || deps.callId, {
              metadata: { org_id: deps.orgId, call_id: deps.callId, original_filename: info.filename ?? null },
            })
          : new Writable({ write: (_chunk, _encoding, done) => done() });
      storing = decision === 'store';
      await pipeline(stream, meter.stream, sink);
      const { bytes, contentType, sha256 } = meter.outcome();
      received = {
        fileId: deps.fileId,
        stored: storing,
        bytes,
        contentType: contentType!,
        filename: info.filename ?? '',
        sha256: sha256!,
      };
      if (storing) {
        await deps.db
          .collection(`${RECORDINGS_BUCKET}.files`)
          .updateOne({ _id: deps.fileId as never }, { $set: { 'metadata.content_type': contentType } });
      }
    })();
    fileWork.catch(refuseEarly);
  });

  const parsed = new Promise<void>((resolve, reject) => {
    parser.on('close', resolve);
    parser.on('error', (error) =>
      reject(new UploadRefused(badRequest(`Malformed multipart body: ${(error as Error).message}`))),
    );
    parser.on('filesLimit', () => reject(new UploadRefused(badRequest('Send exactly one file'))));
    parser.on('fieldsLimit', () => reject(new UploadRefused(badRequest(`At most ${MAX_FIELDS} fields`))));
  });
  ctx.req.pipe(parser);

  try {
    await Promise.race([parsed, refused]);
    await Promise.race([fileWork ?? Promise.resolve(), refused]);
  } catch (error) {
    ctx.req.unpipe(parser);
    ctx.req.resume();
    // Only a file that began to be stored has anything to delete (a delete scans chunks on some servers).
    if (storing) await bucket.delete(deps.fileId as never).catch(() => undefined);
    if (error instanceof UploadRefused) throw error.refusal;
    if (error instanceof AppError) throw error;
    if (error instanceof MediaStreamRefused) throw mediaRefusal(error);
    throw error;
  }
  if (!received) {
    throw badRequest(`The recording is missing: send it in the field "${UPLOAD_FILE_FIELD}"`, [
      { path: UPLOAD_FILE_FIELD, message: 'required' },
    ]);
  }
  return { fields, ...(received as Omit<ReceivedUpload, 'fields'>) };
}

function mediaRefusal(error: MediaStreamRefused) {
  return error.reason === 'too_large' ? payloadTooLarge(error.message) : unsupportedMediaType(error.message);
}

export async function discardUpload(db: Db, upload: Pick<ReceivedUpload, 'fileId' | 'stored'>): Promise<void> {
  if (!upload.stored) return;
  await recordingsBucket(db)
    .delete(upload.fileId as never)
    .catch(() => undefined);
}
