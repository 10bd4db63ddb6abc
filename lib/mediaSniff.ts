import { createHash } from 'node:crypto';
import { Transform } from 'node:stream';

/*
 * Recognizes audio and video containers from their first bytes, never from the client's
 * Content-Type. Returns the MIME type, or null when the bytes are not a known media format.
 */
export const SNIFF_BYTES = 16;

export function sniffMediaType(head: Buffer): string | null {
  const ascii = (start: number, end: number) => head.subarray(start, end).toString('latin1');
  if (head.length < 4) return null;
  if (ascii(0, 4) === 'RIFF' && ascii(8, 12) === 'WAVE') return 'audio/wav';
  if (ascii(0, 4) === 'OggS') return 'audio/ogg';
  if (ascii(0, 4) === 'fLaC') return 'audio/flac';
  if (ascii(0, 3) === 'ID3') return 'audio/mpeg';
  if (ascii(0, 6) === '#!AMR\n') return 'audio/amr';
  if (ascii(0, 4) === 'FORM' && (ascii(8, 12) === 'AIFF' || ascii(8, 12) === 'AIFC')) return 'audio/aiff';
  if (ascii(0, 4) === '.snd') return 'audio/basic';
  if (ascii(4, 8) === 'ftyp') {
    const brand = ascii(8, 12);
    return brand.startsWith('M4A') || brand.startsWith('M4B') ? 'audio/mp4' : 'video/mp4';
  }
  if (head[0] === 0x1a && head[1] === 0x45 && head[2] === 0xdf && head[3] === 0xa3) return 'video/webm';
  // MPEG audio frame sync (MP3 without an ID3 tag) and ADTS AAC.
  if (head[0] === 0xff && ((head[1]! & 0xe0) === 0xe0 || (head[1]! & 0xf6) === 0xf0)) return 'audio/mpeg';
  return null;
}

/** Why a media stream was refused: over the byte cap, or not audio/video. */
export class MediaStreamRefused extends Error {
  constructor(
    readonly reason: 'too_large' | 'not_media',
    message: string,
  ) {
    super(message);
    this.name = 'MediaStreamRefused';
  }
}

/**
 * A pass-through that counts bytes against `maxBytes` and sniffs the media type from the first
 * bytes, failing the stream with a MediaStreamRefused as soon as either check fails, so neither a
 * huge nor a non-media body is stored whole before being refused.
 */
export function mediaMeter(maxBytes: number, onChunk?: (bytesSoFar: number) => void) {
  let bytes = 0;
  let head = Buffer.alloc(0);
  // The digest makes a stored upload comparable (an Idempotency-Key replay must carry the same file).
  const digest = createHash('sha256');
  let sha256: string | null = null;
  let contentType: string | null = null;
  const notMedia = () => new MediaStreamRefused('not_media', 'The file is not an audio or video recording');
  const stream = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      bytes += chunk.length;
      if (bytes > maxBytes)
        return callback(new MediaStreamRefused('too_large', `The file is larger than ${maxBytes} bytes`));
      if (contentType === null) {
        head = Buffer.concat([head, chunk]).subarray(0, SNIFF_BYTES);
        if (head.length >= SNIFF_BYTES && !(contentType = sniffMediaType(head))) return callback(notMedia());
      }
      digest.update(chunk);
      onChunk?.(bytes);
      callback(null, chunk);
    },
    flush(callback) {
      contentType ??= sniffMediaType(head);
      sha256 = digest.digest('hex');
      callback(contentType ? null : notMedia());
    },
  });
  return { stream, outcome: () => ({ bytes, contentType, sha256 }) };
}
