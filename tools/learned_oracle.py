#!/usr/bin/env python3
"""Per-page oracle of the learned stage (docs/LEARNED.md, sessions 11, 13, 15).

usage: learned_oracle.py RULES_DIR FUSED_DIR ALONE_DIR [SHARED]
Each DIR holds the per-corpus predictions of `lectern eval --pred-dir` (rules only, `--learned`,
`--learned-only`). Prints, per corpus and WCXB page type, the mean word F1 of the three and of
the better of rules / model alone on each page, and how many pages the model alone wins or
loses by more than 0.01. Per-page scores come from `score.py --per-page` (written beside
ALONE_DIR), so the means reproduce `lectern eval`.
"""
import collections
import json
import subprocess
import sys


def main(argv):
    if len(argv) < 3:
        sys.exit(__doc__)
    rules, fused, alone = argv[:3]
    shared = argv[3] if len(argv) > 3 else "../shared"
    for corpus in ["wcxb-dev", "cleaneval", "readability", "big9-dev"]:
        data = f"{shared}/datasets/{corpus}"
        pp = f"{alone.rstrip('/')}-pp-{corpus}.jsonl"
        subprocess.run(
            ["python3", f"{shared}/eval/score.py", "--data", data, "--n-bootstrap", "1",
             "--pred", f"rules={rules}/{corpus}.jsonl", "--pred", f"fused={fused}/{corpus}.jsonl",
             "--pred", f"only={alone}/{corpus}.jsonl", "--per-page", pp],
            check=True, stdout=subprocess.DEVNULL)
        f1 = collections.defaultdict(dict)
        for line in open(pp):
            r = json.loads(line)
            if r.get("word_f1") is not None:
                f1[r["id"]][r["pred"]] = r["word_f1"]
        types = {}
        for line in open(f"{data}/manifest.jsonl"):
            r = json.loads(line)
            if r.get("page_type"):
                types[r["id"]] = r["page_type"]
        groups = collections.defaultdict(list)
        for pid, d in f1.items():
            row = (d["rules"], d["fused"], d["only"], max(d["rules"], d["only"]))
            groups[corpus].append(row)
            if corpus == "wcxb-dev" and pid in types:
                groups["  " + types[pid]].append(row)
        for g, rows in groups.items():
            n = len(rows)
            m = [sum(r[k] for r in rows) / n for k in range(4)]
            win = sum(1 for r in rows if r[2] > r[0] + 0.01)
            lose = sum(1 for r in rows if r[2] < r[0] - 0.01)
            print(f"{g:16s} n={n:4d} rules {m[0]:.4f} fused {m[1]:.4f} alone {m[2]:.4f} "
                  f"oracle {m[3]:.4f} ({m[3] - m[0]:+.4f})  alone wins {win} loses {lose}")


if __name__ == "__main__":
    main(sys.argv[1:])
