#!/usr/bin/env python3
"""Check `lectern score` against the reference scorer on whole corpora.

    scripts/compare_scorers.py PRED_DIR [--shared ../shared] [--lectern target/release/lectern]

PRED_DIR holds `<corpus>.jsonl` files (as `lectern eval --pred-dir` writes them). For each, both
scorers run with `--json`; every point metric (overall and per page type) must agree to 1e-9.
Prints the number of values compared and the largest difference per corpus; exits 1 on a mismatch.
"""
import argparse
import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path

TOLERANCE = 1e-9


def walk(ref, ours, at, diffs):
    if isinstance(ref, dict):
        for k, v in ref.items():
            if k.endswith("_std") or k == "path":
                continue
            if not isinstance(ours, dict) or k not in ours:
                diffs.append((f"{at}.{k}", "missing", None))
                continue
            walk(v, ours[k], f"{at}.{k}", diffs)
    elif isinstance(ref, (int, float)):
        diffs.append((at, ref, ours))


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("pred_dir")
    ap.add_argument("--shared", default=os.environ.get("LECTERN_SHARED", "../shared"))
    ap.add_argument("--lectern", default="target/release/lectern")
    args = ap.parse_args()
    score_py = Path(args.shared) / "eval" / "score.py"
    bad = False
    with tempfile.TemporaryDirectory() as tmp:
        for pred in sorted(Path(args.pred_dir).glob("*.jsonl")):
            data = Path(args.shared) / "datasets" / pred.stem
            ref_json, our_json = Path(tmp) / "ref.json", Path(tmp) / "ours.json"
            subprocess.run([sys.executable, score_py, "--data", data, "--pred", pred, "--by", "page_type",
                            "--n-bootstrap", "2", "--json", ref_json], check=True, capture_output=True)
            subprocess.run([args.lectern, "score", "--data", data, "--pred", pred, "--json", our_json],
                           check=True, capture_output=True)
            ref, ours = json.loads(ref_json.read_text()), json.loads(our_json.read_text())
            pairs = []
            walk(ref["preds"][pred.stem], ours["overall"], "overall", pairs)
            groups = ref.get("by", {})
            if list(groups) == ["None"] and "by_page_type" not in ours:
                groups = {}  # no page types in this manifest: lectern reports no groups
            for g, v in groups.items():
                walk(v[pred.stem], ours.get("by_page_type", {}).get(g, {}), f"by.{g}", pairs)
            worst, exact, failed = 0.0, 0, []
            for at, r, o in pairs:
                if not isinstance(o, (int, float)):
                    failed.append(f"{at}: reference {r}, lectern {o}")
                    continue
                d = abs(r - o)
                worst = max(worst, d)
                exact += d == 0
                if d and os.environ.get("VERBOSE"):
                    print(f"  {at}: {r!r} vs {o!r}")
                if d > TOLERANCE:
                    failed.append(f"{at}: reference {r!r}, lectern {o!r}")
            print(f"{pred.stem:12} {len(pairs):4} values, {exact:4} bit-identical, max |diff| {worst:.3g}"
                  + ("" if not failed else f"  MISMATCH: {failed[:5]}"))
            bad |= bool(failed)
    sys.exit(1 if bad else 0)


if __name__ == "__main__":
    main()
