#!/usr/bin/env bash
# Retrain the learned block classifier and print its out-of-fold ablation (docs/LEARNED.md).
#
#   tools/learned_report.sh            # retrain model/blocks.v1.bin + fold models, full report
#   LEARNED_SKIP_TRAIN=1 tools/learned_report.sh   # report only (models already trained)
#
# Rows come from the rules-only engine, so run this after any change to the rules (the row
# cache under target/learn/cache is deleted first). Training uses wcxb-dev and cleaneval, each
# page twice: parsed (native, no layout) and replayed from its live capture (layout), so one
# model serves both modes. Every eval with the fold models is out-of-fold for the pages a model
# trained on (page fold = FNV-1a(id) mod 5); big9-dev, readability and trafilatura are unseen.
# Then: refresh the golden scores (LECTERN_BLESS=1 cargo test --test learned_golden).
# Wall time on the shared 2-core machine: see docs/LEARNED.md.
set -euo pipefail
cd "$(dirname "$0")/.."
SHARED=${LECTERN_SHARED:-../shared}
export LECTERN_SHARED=$SHARED
CAPTURES=${LECTERN_CAPTURES:-/work/captures}
OUT=target/learn
L=target/release/lectern
D=$SHARED/datasets
mkdir -p "$OUT/r"
cargo build --release --bin lectern
start=$(date +%s)
if [ -z "${LEARNED_SKIP_TRAIN:-}" ]; then
  rm -rf "$OUT/cache"
  $L train --data "$D/wcxb-dev" --data "$D/cleaneval" --snapshots "$CAPTURES" \
    --rows-cache "$OUT/cache" --out model/blocks.v1.bin --fold-out "$OUT/fold" --compare
  cargo build --release --bin lectern   # embeds the new model
fi
FOLDS=()
for k in 0 1 2 3 4; do FOLDS+=(--model "$OUT/fold$k.bin"); done
for mode in native live; do
  LIVE=()
  [ "$mode" = live ] && LIVE=(--snapshots "$CAPTURES")
  $L eval "${LIVE[@]}" --rules-only --json "$OUT/r/rules-$mode.json" > "$OUT/r/rules-$mode.txt"
  $L eval "${LIVE[@]}" --learned "${FOLDS[@]}" --json "$OUT/r/fused-$mode.json" \
    > "$OUT/r/fused-$mode.txt"
  $L eval "${LIVE[@]}" --learned-only "${FOLDS[@]}" --json "$OUT/r/only-$mode.json" \
    > "$OUT/r/only-$mode.txt"
done
python3 tools/learned_table.py \
  "rules native=$OUT/r/rules-native.json" "fused native=$OUT/r/fused-native.json" \
  "learned only native=$OUT/r/only-native.json" \
  "rules live=$OUT/r/rules-live.json" "fused live=$OUT/r/fused-live.json" \
  "learned only live=$OUT/r/only-live.json"
echo "wall time: $(( $(date +%s) - start )) s" >&2
