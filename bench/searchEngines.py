"""How the search engine was chosen: tantivy (PyPI `tantivy`, Rust, BM25) against SQLite FTS5
(Python's own sqlite3, BM25), on the same generated calls and queries, on this machine.

  .tools/search-venv/bin/python bench/searchEngines.py [--calls 100000]

Calls are ~100 words drawn from the development corpus's turns (../shared/fixtures/calls) with
names, numbers and rarer words mixed in, recorded over one year; queries are single words, two words
and two-word phrases taken from the corpus, each with a one-month date filter, as GET /search/calls
asks them. Printed: indexing time, p50/p99 per query kind, and the index size. PostgreSQL's full-text
search (PyPI `pgserver`) ranks with ts_rank, not BM25, and MongoDB-wire servers have no BM25 engine:
docs/search.md says why they were not measured further.
"""

import argparse
import glob
import json
import os
import random
import re
import shutil
import sqlite3
import statistics
import tempfile
import time

import tantivy

FIXTURES = os.path.join(os.path.dirname(__file__), "..", "..", "shared", "fixtures", "calls")
YEAR_START_MS = 1_735_689_600_000  # 2025-01-01T00:00:00Z
YEAR_MS = 365 * 86_400_000
MONTH_MS = 30 * 86_400_000


def corpus_sentences():
    sentences = []
    for path in sorted(glob.glob(os.path.join(FIXTURES, "*.json"))):
        with open(path) as handle:
            sentences += [turn["text"] for turn in json.load(handle)["turns"]]
    if not sentences:
        raise SystemExit(f"no fixture calls in {FIXTURES}")
    return sentences


def generate_calls(count, rng, sentences):
    # Rare words (names, companies, made-up terms) make the vocabulary as wide as real calls'.
    rare = ["".join(rng.choice("bcdfghjklmnprstvwz") + rng.choice("aeiou") for _ in range(rng.randint(2, 4)))
            for _ in range(20_000)]
    for index in range(count):
        words = []
        while len(words) < 100:
            words += rng.choice(sentences).split()
            words.append(rare[int(rng.paretovariate(1.1)) % len(rare)])
        yield {"id": f"call_{index:07d}", "text": " ".join(words[:100]),
               "at": YEAR_START_MS + rng.randrange(YEAR_MS)}


def queries(rng, sentences, per_kind):
    words = [w.lower() for s in sentences for w in re.findall(r"[A-Za-z']{4,}", s)]
    def month():
        start = YEAR_START_MS + rng.randrange(YEAR_MS - MONTH_MS)
        return start, start + MONTH_MS
    out = []
    for _ in range(per_kind):
        out.append(("single word", [rng.choice(words)], False, month()))
        out.append(("two words", [rng.choice(words), rng.choice(words)], False, month()))
        sentence = re.findall(r"[A-Za-z']+", rng.choice(sentences))
        start = rng.randrange(max(1, len(sentence) - 1))
        out.append(("phrase", sentence[start:start + 2], True, month()))
    return out


class Tantivy:
    name = "tantivy 0.27 (BM25)"

    def __init__(self, folder):
        builder = tantivy.SchemaBuilder()
        builder.add_text_field("text", tokenizer_name="en_stem", index_option="position")
        builder.add_text_field("id", stored=True, tokenizer_name="raw", index_option="basic")
        builder.add_date_field("at", indexed=True, fast=True)
        self.schema = builder.build()
        self.index = tantivy.Index(self.schema, path=folder)
        self.folder = folder

    def load(self, calls):
        from datetime import datetime, timezone
        writer = self.index.writer(heap_size=128_000_000, num_threads=1)
        for call in calls:
            writer.add_document(tantivy.Document(text=call["text"], id=call["id"],
                                                 at=datetime.fromtimestamp(call["at"] / 1000, tz=timezone.utc)))
        writer.commit()
        writer.wait_merging_threads()
        self.index.reload()

    def query(self, words, phrase, window):
        from datetime import datetime, timezone
        text = '"' + " ".join(words) + '"' if phrase else " AND ".join(f'"{w}"' for w in words)
        query = tantivy.Query.boolean_query([
            (tantivy.Occur.Must, self.index.parse_query(text, ["text"])),
            (tantivy.Occur.Must, tantivy.Query.range_query(
                self.schema, "at", tantivy.FieldType.Date,
                datetime.fromtimestamp(window[0] / 1000, tz=timezone.utc),
                datetime.fromtimestamp(window[1] / 1000, tz=timezone.utc))),
        ])
        searcher = self.index.searcher()
        result = searcher.search(query, limit=20, count=True)
        return [searcher.doc(address)["id"][0] for _, address in result.hits]


class Fts5:
    name = "SQLite FTS5 (BM25)"

    def __init__(self, folder):
        self.folder = folder
        self.db = sqlite3.connect(os.path.join(folder, "fts.db"), check_same_thread=False)
        self.db.execute("CREATE VIRTUAL TABLE calls USING fts5(text, id UNINDEXED, at UNINDEXED, tokenize='porter')")

    def load(self, calls):
        self.db.executemany("INSERT INTO calls(text, id, at) VALUES (?, ?, ?)",
                            ((c["text"], c["id"], c["at"]) for c in calls))
        self.db.commit()

    def query(self, words, phrase, window):
        match = '"' + " ".join(words) + '"' if phrase else " AND ".join(f'"{w}"' for w in words)
        rows = self.db.execute("SELECT id FROM calls WHERE calls MATCH ? AND at >= ? AND at < ? "
                               "ORDER BY bm25(calls) LIMIT 20", (match, window[0], window[1])).fetchall()
        return [row[0] for row in rows]


def folder_size(folder):
    return sum(os.path.getsize(os.path.join(root, name)) for root, _, names in os.walk(folder) for name in names)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--calls", type=int, default=100_000)
    parser.add_argument("--queries", type=int, default=200, help="per kind")
    args = parser.parse_args()
    sentences = corpus_sentences()
    asked = queries(random.Random(7), sentences, args.queries)
    print(f"{args.calls} calls of 100 words ({args.calls * 100 / 1e6:.1f} million words), "
          f"{len(asked)} queries with a one-month date filter")
    for engine_class in (Tantivy, Fts5):
        folder = tempfile.mkdtemp(prefix="search-engine-")
        try:
            engine = engine_class(folder)
            started = time.perf_counter()
            engine.load(generate_calls(args.calls, random.Random(1), sentences))
            load_seconds = time.perf_counter() - started
            latencies = {}
            for kind, words, phrase, window in asked:
                started = time.perf_counter()
                engine.query(words, phrase, window)
                latencies.setdefault(kind, []).append((time.perf_counter() - started) * 1000)
            print(f"\n{engine.name}: indexed in {load_seconds:.1f} s "
                  f"({args.calls / load_seconds:,.0f} calls/s), {folder_size(folder) / 1e6:.0f} MB")
            for kind, values in latencies.items():
                values.sort()
                p99 = values[min(len(values) - 1, int(len(values) * 0.99))]
                print(f"  {kind:12} p50 {statistics.median(values):7.2f} ms   p99 {p99:7.2f} ms")
        finally:
            shutil.rmtree(folder, ignore_errors=True)


if __name__ == "__main__":
    main()
