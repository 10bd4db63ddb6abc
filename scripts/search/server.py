"""The embedded search engine: tantivy (BM25, positions for phrases) behind a small JSON HTTP API.

Run by `npm run dev` and the tests from `.tools/search-venv` (scripts/tools.ts); production points
SEARCH_URL at its own instance (docs/search.md). One index holds every organization's calls; every
query carries the organization as a required term, so one organization never sees another's calls.

  GET  /healthz                      {"ok": true, "documents": N}
  POST /documents    {"documents": [...]}               upsert calls (by org_id + call_id)
  POST /delete       {"org_id", "call_ids": [...]}      remove calls
  POST /delete-older {"org_id", "indexed_before_ms"}    end of a rebuild: remove what it did not write
  POST /search       {"org_id", "q", filters..., "offset", "limit"}

Calls are documents; the transcript is stored as its segments (speaker, start, end, text), so a hit's
snippets name who said it and when, with highlights computed by tantivy's own analyzer.
"""

import argparse
import json
import os
import re
import sys
import threading
from datetime import datetime, timezone
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import tantivy

# Stemmed English text with positions (phrase queries); filters are raw terms or fast fields.
TEXT_FIELDS = ("transcript", "agent_text", "customer_text", "summary", "extracted", "tags_text")
TERM_FIELDS = ("org_id", "call_key", "call_id", "agent_email", "batch_id", "tags", "lending",
               "criteria_passed", "criteria_failed")
SCHEMA_VERSION = "1"
ENGINE_NAME = str(getattr(tantivy, "__version__", "tantivy"))
MAX_LIMIT = 100
SNIPPETS_PER_FIELD = 3
# A segment or summary is highlighted whole (tantivy would otherwise cut a fragment around the best match).
MAX_SNIPPET_SOURCE_CHARS = 20_000


def build_schema():
    builder = tantivy.SchemaBuilder()
    for name in TEXT_FIELDS:
        builder.add_text_field(name, stored=False, tokenizer_name="en_stem", index_option="position")
    for name in TERM_FIELDS:
        builder.add_text_field(name, stored=name in ("call_id",), tokenizer_name="raw", index_option="basic")
    builder.add_date_field("recorded_at", stored=True, indexed=True, fast=True)
    builder.add_integer_field("indexed_at_ms", stored=False, indexed=True, fast=True)
    # The texts snippets are cut from, as one JSON document: segments, summary, extracted values.
    builder.add_bytes_field("source", stored=True, indexed=False, fast=False)
    return builder.build()


class Engine:
    def __init__(self, data_dir):
        os.makedirs(data_dir, exist_ok=True)
        self._check_schema_version(data_dir)
        self.schema = build_schema()
        self.index = tantivy.Index(self.schema, path=data_dir, reuse=True)
        # One writer per index (tantivy's rule); writes are serialized, searches run in parallel.
        self.writer = self.index.writer(heap_size=128_000_000, num_threads=1)
        self.write_lock = threading.Lock()

    @staticmethod
    def _check_schema_version(data_dir):
        stamp = os.path.join(data_dir, "schema-version")
        if os.path.exists(stamp):
            found = open(stamp).read().strip()
            if found != SCHEMA_VERSION:
                sys.exit(f"search index at {data_dir} has schema {found}, this server writes {SCHEMA_VERSION}: "
                         "delete the folder and run `npm run admin -- search-rebuild --all`")
        else:
            with open(stamp, "w") as handle:
                handle.write(SCHEMA_VERSION)

    def upsert(self, documents):
        with self.write_lock:
            for doc in documents:
                key = f"{doc['org_id']}:{doc['call_id']}"
                self.writer.delete_documents_by_term("call_key", key)
                self.writer.add_document(self._document(doc, key))
            self.writer.commit()
        self.index.reload()
        return len(documents)

    def _document(self, doc, key):
        segments = doc.get("segments") or []
        fields = {
            "org_id": doc["org_id"], "call_key": key, "call_id": doc["call_id"],
            "transcript": " ".join(s["text"] for s in segments),
            "agent_text": " ".join(s["text"] for s in segments if s.get("speaker") == "agent"),
            "customer_text": " ".join(s["text"] for s in segments if s.get("speaker") == "customer"),
            "summary": doc.get("summary") or "",
            "extracted": " ".join(v["value"] for v in doc.get("extracted") or []),
            "tags_text": " ".join(doc.get("tags") or []),
            "indexed_at_ms": int(doc.get("indexed_at_ms") or 0),
            "recorded_at": datetime.fromtimestamp(doc["recorded_at_ms"] / 1000, tz=timezone.utc),
            "source": json.dumps({"segments": segments, "summary": doc.get("summary") or "",
                                  "extracted": doc.get("extracted") or []}).encode("utf-8"),
        }
        document = tantivy.Document(**fields)
        for name in ("agent_email", "batch_id", "lending"):
            if doc.get(name) is not None:
                document.add_text(name, str(doc[name]))
        for name in ("tags", "criteria_passed", "criteria_failed"):
            for value in doc.get(name) or []:
                document.add_text(name, value)
        return document

    def delete(self, org_id, call_ids):
        with self.write_lock:
            for call_id in call_ids:
                self.writer.delete_documents_by_term("call_key", f"{org_id}:{call_id}")
            self.writer.commit()
        self.index.reload()

    def delete_older(self, org_id, indexed_before_ms):
        query = tantivy.Query.boolean_query([
            (tantivy.Occur.Must, tantivy.Query.term_query(self.schema, "org_id", org_id)),
            (tantivy.Occur.Must, tantivy.Query.range_query(
                self.schema, "indexed_at_ms", tantivy.FieldType.Integer, None, int(indexed_before_ms),
                include_upper=False)),
        ])
        with self.write_lock:
            removed = self.index.searcher().search(query, limit=1, count=True).count
            self.writer.delete_documents_by_query(query)
            self.writer.commit()
        self.index.reload()
        return removed

    def search(self, request):
        searcher = self.index.searcher()
        speaker = request.get("speaker")
        if speaker in ("agent", "customer"):
            text_fields = [f"{speaker}_text"]
        else:
            text_fields = ["transcript", "summary", "extracted", "tags_text"]
        user_query = self.index.parse_query(
            query_string(request["q"]), default_field_names=text_fields,
            field_boosts={"summary": 1.5, "extracted": 1.5, "tags_text": 2.0}, conjunction_by_default=True)
        clauses = [(tantivy.Occur.Must, user_query),
                   (tantivy.Occur.Must, tantivy.Query.term_query(self.schema, "org_id", request["org_id"]))]
        clauses += self._filters(request)
        query = tantivy.Query.boolean_query(clauses)
        limit = max(1, min(int(request.get("limit") or 20), MAX_LIMIT))
        offset = max(0, int(request.get("offset") or 0))
        result = searcher.search(query, limit=limit, count=True, offset=offset)
        generators = {name: self._snippet_generator(searcher, user_query, name)
                      for name in set(text_fields) | {"transcript"}}
        hits = []
        for score, address in result.hits:
            stored = searcher.doc(address)
            source = json.loads(bytes(stored["source"][0]).decode("utf-8"))
            hits.append({
                "call_id": stored["call_id"][0],
                "score": round(score, 4),
                "snippets": snippets_of(source, generators, text_fields, speaker),
            })
        return {"total": result.count, "hits": hits}

    def _filters(self, request):
        clauses = []
        def must(query):
            clauses.append((tantivy.Occur.Must, query))
        if request.get("from_ms") is not None or request.get("to_ms") is not None:
            lower = to_datetime(request.get("from_ms"))
            upper = to_datetime(request.get("to_ms"))
            must(tantivy.Query.range_query(self.schema, "recorded_at", tantivy.FieldType.Date, lower, upper,
                                           include_upper=upper is None))
        for name in ("agent_email", "batch_id", "lending"):
            if request.get(name) is not None:
                must(tantivy.Query.term_query(self.schema, name, str(request[name])))
        for name in ("tags", "criteria_passed", "criteria_failed"):
            for value in request.get(name) or []:
                must(tantivy.Query.term_query(self.schema, name, value))
        return clauses

    def _snippet_generator(self, searcher, query, field):
        generator = tantivy.SnippetGenerator.create(searcher, query, self.schema, field)
        generator.set_max_num_chars(MAX_SNIPPET_SOURCE_CHARS)
        return generator

    def count(self):
        return self.index.searcher().num_docs


def to_datetime(ms):
    return None if ms is None else datetime.fromtimestamp(ms / 1000, tz=timezone.utc)


_QUOTED = re.compile(r'"([^"]*)"')


def query_string(q):
    """Words and "exact phrases", every one required: each becomes a quoted term or phrase, so the
    query language's field names and operators in the user's text are plain words."""
    parts = []
    def phrase(text):
        words = re.findall(r"[\w']+", text)
        return '"' + " ".join(words) + '"' if words else None
    position = 0
    for match in _QUOTED.finditer(q):
        parts += [phrase(word) for word in q[position:match.start()].split()]
        parts.append(phrase(match.group(1)))
        position = match.end()
    parts += [phrase(word) for word in q[position:].replace('"', " ").split()]
    parts = [part for part in parts if part]
    if not parts:
        raise ValueError("q has no words to search for")
    return " AND ".join(parts)


def highlight(generator, field, text):
    """Highlighted [start, end) character offsets in text. tantivy gives UTF-8 byte offsets within
    the fragment it chose; the generator's fragment is long enough to be the whole segment."""
    snippet = generator.snippet_from_doc(tantivy.Document(**{field: text}))
    ranges = snippet.highlighted()
    if not ranges:
        return None
    encoded = text.encode("utf-8")
    base = snippet.fragment_range().start
    def chars(byte_offset):
        return len(encoded[:base + byte_offset].decode("utf-8", "ignore"))
    return [[chars(r.start), chars(r.end)] for r in ranges]


def snippets_of(source, generators, text_fields, speaker):
    snippets = []
    transcript_field = text_fields[0] if speaker in ("agent", "customer") else "transcript"
    generator = generators[transcript_field]
    for segment in source["segments"]:
        if speaker in ("agent", "customer") and segment.get("speaker") != speaker:
            continue
        ranges = highlight(generator, transcript_field, segment["text"])
        if ranges:
            snippets.append({"source": "transcript", "text": segment["text"], "highlights": ranges,
                             "speaker": segment.get("speaker"), "start": segment.get("start"),
                             "end": segment.get("end")})
    snippets.sort(key=lambda s: -len(s["highlights"]))
    snippets = snippets[:SNIPPETS_PER_FIELD]
    if speaker not in ("agent", "customer"):
        ranges = highlight(generators["summary"], "summary", source["summary"]) if source["summary"] else None
        if ranges:
            snippets.append({"source": "summary", "text": source["summary"], "highlights": ranges})
        for value in source["extracted"]:
            ranges = highlight(generators["extracted"], "extracted", value["value"])
            if ranges:
                snippets.append({"source": "extracted", "field": value["field"], "text": value["value"],
                                 "highlights": ranges})
    return snippets


class Handler(BaseHTTPRequestHandler):
    engine = None
    protocol_version = "HTTP/1.1"
    # Headers and body are two writes: without this, Nagle's algorithm and the client's delayed ACK
    # add ~40 ms to every answer on a kept-alive connection.
    disable_nagle_algorithm = True

    def log_message(self, *args):  # requests are logged by the API that calls us
        pass

    def _answer(self, status, body):
        data = json.dumps(body).encode("utf-8")
        self.send_response(status)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)

    def do_GET(self):
        if self.path == "/healthz":
            return self._answer(200, {"ok": True, "engine": ENGINE_NAME, "documents": self.engine.count()})
        self._answer(404, {"error": "not found"})

    def do_POST(self):
        try:
            length = int(self.headers.get("Content-Length") or 0)
            body = json.loads(self.rfile.read(length) or b"{}")
            if self.path == "/documents":
                return self._answer(200, {"indexed": self.engine.upsert(body["documents"])})
            if self.path == "/delete":
                self.engine.delete(body["org_id"], body["call_ids"])
                return self._answer(200, {"deleted": len(body["call_ids"])})
            if self.path == "/delete-older":
                return self._answer(200, {"deleted": self.engine.delete_older(body["org_id"],
                                                                            body["indexed_before_ms"])})
            if self.path == "/search":
                return self._answer(200, self.engine.search(body))
            return self._answer(404, {"error": "not found"})
        except (KeyError, ValueError, TypeError) as error:
            return self._answer(400, {"error": str(error)})


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--port", type=int, required=True)
    parser.add_argument("--data", required=True)
    args = parser.parse_args()
    Handler.engine = Engine(args.data)
    server = ThreadingHTTPServer((args.host, args.port), Handler)
    server.daemon_threads = True
    print(f"search engine listening on {args.host}:{args.port} ({Handler.engine.count()} documents)", flush=True)
    server.serve_forever()


if __name__ == "__main__":
    main()
