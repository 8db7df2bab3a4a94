#!/usr/bin/env python3
"""Trafilatura (Python, from PyPI) over a corpus, for per-page-type peer numbers.

    python3 -m venv /tmp/peers && /tmp/peers/bin/pip install trafilatura==2.3.1 lxml_html_clean
    /tmp/peers/bin/python benches/peers/trafilatura_pred.py DATASET_DIR OUT.jsonl

Writes one {"id","text"} line per manifest page: `trafilatura.extract` with its default settings
on the page's raw bytes (it sniffs the charset itself) and the manifest URL; a page it fails on or
finds nothing in is an empty text. Score with `lectern score --data DATASET_DIR --pred OUT.jsonl`.
Not part of CI: a benchmark-only tool, like the Rust peers bench beside it.
"""
import gzip
import json
import sys
from pathlib import Path

import trafilatura


def main() -> None:
    data, out = Path(sys.argv[1]), Path(sys.argv[2])
    with open(data / "manifest.jsonl", encoding="utf-8") as manifest, open(out, "w", encoding="utf-8") as pred:
        for line in manifest:
            if not line.strip():
                continue
            page = json.loads(line)
            raw = gzip.decompress((data / page["html"]).read_bytes())
            try:
                text = trafilatura.extract(raw, url=page.get("url")) or ""
            except Exception:  # a peer's failure on a page scores as an empty output
                text = ""
            pred.write(json.dumps({"id": page["id"], "text": text}, ensure_ascii=False) + "\n")


if __name__ == "__main__":
    main()
