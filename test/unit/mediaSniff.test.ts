import { createHash } from 'node:crypto';
import { Readable, Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { MediaStreamRefused, mediaMeter, sniffMediaType } from '../../lib/mediaSniff';
import { makeWav } from '../support/audio';

describe('media type sniffing from bytes', () => {
  test('recognizes audio and video containers by their magic bytes', () => {
    expect(sniffMediaType(makeWav(0.1))).toBe('audio/wav');
    expect(sniffMediaType(Buffer.from('OggS\0\x02\0\0\0\0\0\0\0\0\0\0', 'latin1'))).toBe('audio/ogg');
    expect(sniffMediaType(Buffer.from('fLaC\0\0\0\x22\0\0\0\0\0\0\0\0', 'latin1'))).toBe('audio/flac');
    expect(sniffMediaType(Buffer.from('ID3\x04\0\0\0\0\0\0\0\0\0\0\0\0', 'latin1'))).toBe('audio/mpeg');
    expect(sniffMediaType(Buffer.from([0xff, 0xfb, 0x90, 0x64, 0, 0, 0, 0]))).toBe('audio/mpeg');
    expect(sniffMediaType(Buffer.from('\0\0\0\x20ftypM4A \0\0\0\0', 'latin1'))).toBe('audio/mp4');
    expect(sniffMediaType(Buffer.from('\0\0\0\x20ftypisom\0\0\0\0', 'latin1'))).toBe('video/mp4');
    expect(sniffMediaType(Buffer.from([0x1a, 0x45, 0xdf, 0xa3, 0x01, 0, 0, 0]))).toBe('video/webm');
  });

  test('anything else is not media, whatever it claims', () => {
    expect(sniffMediaType(Buffer.from('<html><body>hello</body></html>'))).toBeNull();
    expect(sniffMediaType(Buffer.from('%PDF-1.7\n%\xe2\xe3', 'latin1'))).toBeNull();
    expect(sniffMediaType(Buffer.from('RIFF\0\0\0\0AVI LIST', 'latin1'))).toBeNull();
    expect(sniffMediaType(Buffer.alloc(2))).toBeNull();
  });
});

describe('the media meter on a stream', () => {
  const sink = () => new Writable({ write: (_chunk, _encoding, callback) => callback() });
  const chunks = (buffer: Buffer, size: number) =>
    Readable.from(
      Array.from({ length: Math.ceil(buffer.length / size) }, (_, index) =>
        buffer.subarray(index * size, (index + 1) * size),
      ),
    );

  test('passes media through, counting bytes and typing it from the first bytes', async () => {
    const wav = makeWav(0.2);
    const meter = mediaMeter(wav.length);
    await pipeline(chunks(wav, 7), meter.stream, sink());
    expect(meter.outcome()).toEqual({
      bytes: wav.length,
      contentType: 'audio/wav',
      sha256: createHash('sha256').update(wav).digest('hex'),
    });
  });

  test('fails at the first byte over the cap, and on a body that is not media', async () => {
    const wav = makeWav(0.2);
    await expect(pipeline(chunks(wav, 100), mediaMeter(wav.length - 1).stream, sink())).rejects.toMatchObject({
      reason: 'too_large',
    });
    const html = Buffer.from('<!doctype html><html><body>hello there</body></html>');
    await expect(pipeline(chunks(html, 5), mediaMeter(1000).stream, sink())).rejects.toBeInstanceOf(MediaStreamRefused);
    await expect(pipeline(Readable.from([Buffer.from('ab')]), mediaMeter(1000).stream, sink())).rejects.toMatchObject({
      reason: 'not_media',
    });
  });
});
