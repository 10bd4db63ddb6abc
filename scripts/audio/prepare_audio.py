"""Decodes one recording into 16 kHz mono WAV files for speech-to-text, with PyAV.

PyAV's wheel carries FFmpeg's libraries, so anything FFmpeg decodes (audio or video, any
container) is read without a system ffmpeg. Two-channel recordings are split, one file per channel
(each speaker on their own channel); anything else is downmixed to one file.

    python prepare_audio.py RECORDING OUT_DIR --max-seconds N

Prints one JSON object on stdout:
    {"ok": true, "channels": 2, "header_seconds": 61.2, "seconds": 61.18, "outputs": [...]}
    {"ok": false, "reason": "undecodable" | "too_long", "message": "..."}
Exit status 0 for both (a refusal is an answer about the customer's file); any other status means
the tool itself failed (missing module, a crash), which the worker treats as a retryable
deployment failure, never as a fault of the recording.

The maximum duration is enforced from the container's header before decoding, and again while
decoding (a header can understate the length): decoding stops at the limit, so a small file that
expands to hours of audio never fills the disk.
"""

import argparse
import json
import os
import sys
import wave

import av
import numpy as np

TARGET_RATE = 16000


def answer(payload):
    sys.stdout.write(json.dumps(payload) + "\n")
    sys.stdout.flush()
    sys.exit(0)


def refuse(reason, message):
    answer({"ok": False, "reason": reason, "message": message})


def header_seconds(container, stream):
    if container.duration:
        return container.duration / 1_000_000
    if stream.duration and stream.time_base:
        return float(stream.duration * stream.time_base)
    return None


def open_writer(path):
    writer = wave.open(path, "wb")
    writer.setnchannels(1)
    writer.setsampwidth(2)
    writer.setframerate(TARGET_RATE)
    return writer


def to_int16(samples):
    return (np.clip(samples, -1.0, 1.0) * 32767).astype("<i2").tobytes()


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("recording")
    parser.add_argument("out_dir")
    parser.add_argument("--max-seconds", type=float, required=True)
    args = parser.parse_args()

    try:
        container = av.open(args.recording)
    except (av.error.FFmpegError, UnicodeDecodeError) as error:
        refuse("undecodable", f"The recording cannot be decoded: {error}")
    stream = next((s for s in container.streams if s.type == "audio"), None)
    if stream is None:
        refuse("undecodable", "The recording has no audio stream")
    channels = stream.codec_context.channels or stream.layout.nb_channels
    if not channels:
        refuse("undecodable", "The recording's audio stream has no channels")
    declared = header_seconds(container, stream)
    if declared is not None and declared > args.max_seconds:
        refuse("too_long", f"The recording lasts {declared:.0f} s; at most {args.max_seconds:.0f} s are accepted")

    split = channels == 2
    names = ["channel-1.wav", "channel-2.wav"] if split else ["mono.wav"]
    outputs = [os.path.join(args.out_dir, name) for name in names]
    writers = [open_writer(path) for path in outputs]
    # Planar float keeps the two channels apart; anything else is mixed down by the resampler.
    resampler = av.AudioResampler(format="fltp", layout="stereo" if split else "mono", rate=TARGET_RATE)
    max_samples = int(args.max_seconds * TARGET_RATE)
    written = 0

    def write(frames):
        nonlocal written
        for frame in frames:
            planes = frame.to_ndarray()
            for index, writer in enumerate(writers):
                writer.writeframes(to_int16(planes[index]))
            written += planes.shape[1]
            if written > max_samples:
                refuse(
                    "too_long",
                    f"The recording decodes to more than {args.max_seconds:.0f} s of audio "
                    f"(its header said {declared or 0:.0f} s)",
                )

    try:
        for packet in container.demux(stream):
            for frame in packet.decode():
                write(resampler.resample(frame))
        write(resampler.resample(None))
    except av.error.FFmpegError as error:
        if written == 0:
            refuse("undecodable", f"The recording cannot be decoded: {error}")
        # A damaged tail after good audio: keep what decoded, as ffmpeg's CLI would.
    finally:
        for writer in writers:
            writer.close()
    if written == 0:
        refuse("undecodable", "The recording holds no decodable audio")
    answer(
        {
            "ok": True,
            "channels": channels,
            "header_seconds": declared,
            "seconds": written / TARGET_RATE,
            "outputs": outputs,
        }
    )


if __name__ == "__main__":
    main()
