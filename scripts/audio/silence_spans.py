"""Silences time spans of a recording (audio redaction), with PyAV.

    python silence_spans.py RECORDING OUT.wav SPANS_JSON

SPANS_JSON is a list of [start, end] seconds. The recording is decoded at its own sample rate and
channel layout (mono or stereo; more channels are downmixed to stereo), every channel is set to
zero inside each span, and the result is written as 16-bit PCM WAV: lossless, playable everywhere,
and nothing of the silenced speech survives in a codec's prediction. Prints one JSON object:
    {"ok": true, "channels": 2, "rate": 8000, "seconds": 61.2, "silenced_seconds": 3.4}
    {"ok": false, "reason": "undecodable", "message": "..."}
Exit status 0 for both; any other status is a failure of the tool itself (retried by the worker).
"""

import json
import sys
import wave

import av
import numpy as np


def answer(payload):
    sys.stdout.write(json.dumps(payload) + "\n")
    sys.stdout.flush()
    sys.exit(0)


def main():
    recording, output, spans_json = sys.argv[1], sys.argv[2], sys.argv[3]
    spans = [(float(start), float(end)) for start, end in json.loads(spans_json)]
    try:
        container = av.open(recording)
        stream = next(s for s in container.streams if s.type == "audio")
    except (av.error.FFmpegError, StopIteration) as error:
        answer({"ok": False, "reason": "undecodable", "message": f"The recording cannot be decoded: {error}"})
    rate = stream.rate or stream.codec_context.sample_rate or 16000
    channels = 2 if (stream.channels or 1) >= 2 else 1
    resampler = av.AudioResampler(format="s16", layout="stereo" if channels == 2 else "mono", rate=rate)
    chunks = []
    for packet in container.demux(stream):
        try:
            for frame in packet.decode():
                for out in resampler.resample(frame):
                    chunks.append(out.to_ndarray().reshape(-1, channels))
        except av.error.FFmpegError:
            break  # a damaged tail: keep what decoded
    for out in resampler.resample(None):
        chunks.append(out.to_ndarray().reshape(-1, channels))
    if not chunks:
        answer({"ok": False, "reason": "undecodable", "message": "The recording holds no decodable audio"})
    samples = np.concatenate(chunks).astype("<i2")
    silenced = 0
    for start, end in spans:
        first = max(0, int(start * rate))
        last = min(len(samples), int(end * rate + 0.999))
        if last > first:
            samples[first:last, :] = 0
            silenced += last - first
    with wave.open(output, "wb") as writer:
        writer.setnchannels(channels)
        writer.setsampwidth(2)
        writer.setframerate(rate)
        writer.writeframes(samples.tobytes())
    answer(
        {
            "ok": True,
            "channels": channels,
            "rate": rate,
            "seconds": len(samples) / rate,
            "silenced_seconds": silenced / rate,
        }
    )


if __name__ == "__main__":
    main()
