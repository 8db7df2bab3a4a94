#!/usr/bin/env python3
"""Markdown ablation table from `lectern eval --json` files (docs/LEARNED.md).

usage: learned_table.py LABEL=FILE.json [LABEL=FILE.json]...
One row per corpus (word F1; trafilatura, which has no gold text, its snippet F1), then one
row per WCXB page type; one column per file. The difference to the first column is shown.
"""
import json
import sys


def f1(scores):
    for kind in ("word", "snippet"):
        if scores.get(kind):
            return scores[kind]["f1"]
    return None


def rows(results):
    out = {}
    for c in results:
        out[c["dataset"]] = f1(c["overall"])
        if c["dataset"].startswith("wcxb"):
            for t, s in c.get("by_page_type", {}).items():
                out[f"{c['dataset']} {t}"] = f1(s)
    return out


def main(argv):
    cols = []
    for arg in argv:
        label, _, path = arg.partition("=")
        with open(path, encoding="utf-8") as fh:
            cols.append((label, rows(json.load(fh))))
    keys = []
    for _, r in cols:
        keys.extend(k for k in r if k not in keys)
    print("| corpus | " + " | ".join(label for label, _ in cols) + " |")
    print("|---" * (len(cols) + 1) + "|")
    for k in keys:
        base = cols[0][1].get(k)
        cells = []
        for i, (_, r) in enumerate(cols):
            v = r.get(k)
            if v is None:
                cells.append("–")
            elif i == 0 or base is None:
                cells.append(f"{v:.4f}")
            else:
                cells.append(f"{v:.4f} ({v - base:+.4f})")
        print(f"| {k} | " + " | ".join(cells) + " |")


if __name__ == "__main__":
    main(sys.argv[1:])
