#!/usr/bin/env bash
# The one way to set up, build, lint and test Lectern.
#
#   ./build.sh setup   install what the build needs (idempotent; registries only)
#   ./build.sh build   release wasm for the extension (extension/pkg/) and the npm package (pkg/)
#   ./build.sh lint    rustfmt + clippy (native and wasm32), warnings are errors
#   ./build.sh test    lint, native tests, browser tests; ends with "N passed, N failed"
#   ./build.sh demo    setup + build, then extract the bundled sample as Markdown and screenshot
#                      the reader page in headless Chromium (out/reader.png)
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
cd "$ROOT"
export CARGO_TARGET_DIR="${CARGO_TARGET_DIR:-$ROOT/target}"
export PATH="$HOME/.cargo/bin:$PATH"
WASM_TARGET=wasm32-unknown-unknown
# The extension only reads the live DOM; the npm package also parses HTML strings.
EXT_FEATURES=web
NPM_FEATURES=web,html
CHROMIUM=/usr/bin/chromium
CHROMEDRIVER_BIN=/usr/bin/chromedriver

log() { printf '\n== %s\n' "$*" >&2; }
die() { printf 'build.sh: %s\n' "$*" >&2; exit 1; }

# The wasm-bindgen CLI must match the crate version in Cargo.lock exactly, or the generated glue
# does not fit the wasm.
locked_bindgen_version() {
  awk '/^name = "wasm-bindgen"$/ { getline; gsub(/version = |"/, ""); print; exit }' Cargo.lock
}

installed_bindgen_version() {
  if command -v wasm-bindgen >/dev/null 2>&1; then
    wasm-bindgen --version | awk '{ print $2 }'
  fi
}

check_bindgen() {
  local want have
  want="$(locked_bindgen_version)"
  have="$(installed_bindgen_version)"
  [[ "$want" == "$have" ]] && return 0
  printf 'build.sh: wasm-bindgen CLI is %s, Cargo.lock wants %s (run ./build.sh setup)\n' "${have:-missing}" "$want" >&2
  return 1
}

cmd_setup() {
  log "rust target $WASM_TARGET"
  rustup target add "$WASM_TARGET"

  local want
  want="$(locked_bindgen_version)"
  if [[ "$(installed_bindgen_version)" != "$want" ]]; then
    log "wasm-bindgen-cli $want"
    # Not --locked: one of the CLI's locked dependencies is missing from the registry mirror.
    cargo install wasm-bindgen-cli --version "$want"
  fi

  if [[ ! -x "$CHROMIUM" || ! -x "$CHROMEDRIVER_BIN" ]]; then
    log "chromium + chromedriver (Debian)"
    apt-get update && apt-get install -y chromium chromium-driver
  fi

  log "npm dev tooling"
  npm ci --no-audit --no-fund
}

size_line() {
  local f="$1"
  printf '%-40s %9d bytes raw %9d bytes gzip\n' "$f" "$(stat -c %s "$f")" "$(gzip -9c "$f" | wc -c)"
}

# build_wasm FEATURES OUT_DIR: cargo → wasm-bindgen → wasm-opt.
build_wasm() {
  local features="$1" out="$2"
  log "cargo build --release --features $features → $out"
  cargo build --release --lib --target "$WASM_TARGET" --no-default-features --features "$features"
  rm -rf "$out" && mkdir -p "$out"
  wasm-bindgen --target web --remove-name-section --remove-producers-section \
    --out-dir "$out" "$CARGO_TARGET_DIR/$WASM_TARGET/release/lectern.wasm"
  npx --no-install wasm-opt -Oz "$out/lectern_bg.wasm" -o "$out/lectern_bg.wasm"
}

cmd_build() {
  check_bindgen || exit 1
  [[ -x node_modules/.bin/wasm-opt ]] || die "npm tooling missing (run ./build.sh setup)"
  build_wasm "$EXT_FEATURES" extension/pkg
  build_wasm "$NPM_FEATURES" pkg
  cp npm/package.json pkg/package.json
  log "sizes"
  size_line extension/pkg/lectern_bg.wasm
  size_line pkg/lectern_bg.wasm
  # wasm-opt must keep the features wasm-bindgen's output uses; an invalid module would only
  # show up later, in the extension.
  node -e 'const fs = require("fs");
    for (const f of process.argv.slice(1)) {
      if (!WebAssembly.validate(fs.readFileSync(f))) { console.error(f + ": invalid wasm"); process.exit(1); }
    }' extension/pkg/lectern_bg.wasm pkg/lectern_bg.wasm
  # The typings are hand-shaped in src/web/convert.rs; make sure they still compile.
  npx --no-install tsc --noEmit --strict --lib dom,es2020 --target es2020 --module es2020 \
    extension/pkg/lectern.d.ts pkg/lectern.d.ts
}

# --- test groups: each runs, is timed and counted; the run fails if any group failed ----------
PASSED=0
FAILED=0
FAILED_NAMES=()

group() {
  local name="$1"
  shift
  log "$name"
  local start=$SECONDS
  if "$@"; then
    PASSED=$((PASSED + 1))
    printf -- '-- %s: ok (%ds)\n' "$name" $((SECONDS - start)) >&2
  else
    FAILED=$((FAILED + 1))
    FAILED_NAMES+=("$name")
    printf -- '-- %s: FAILED (%ds)\n' "$name" $((SECONDS - start)) >&2
  fi
}

lint_groups() {
  group "rustfmt" cargo fmt --all -- --check
  group "clippy native" cargo clippy --all-targets -- -D warnings
  # The extension build is the library alone; tests and examples are linted with the parser on.
  group "clippy wasm32 ($EXT_FEATURES)" \
    cargo clippy --lib --target "$WASM_TARGET" --no-default-features --features "$EXT_FEATURES" -- -D warnings
  group "clippy wasm32 ($NPM_FEATURES)" \
    cargo clippy --all-targets --target "$WASM_TARGET" --no-default-features --features "$NPM_FEATURES" -- -D warnings
}

browser_tests() {
  check_bindgen || return 1
  CARGO_TARGET_WASM32_UNKNOWN_UNKNOWN_RUNNER=wasm-bindgen-test-runner \
    CHROMEDRIVER="$CHROMEDRIVER_BIN" \
    cargo test --target "$WASM_TARGET" --no-default-features --features "$NPM_FEATURES" --test web
}

summary() {
  echo "$PASSED passed, $FAILED failed"
  if ((FAILED > 0)); then
    printf 'failed: %s\n' "${FAILED_NAMES[@]}" >&2
    exit 1
  fi
}

cmd_lint() {
  lint_groups
  summary
}

# The metadata matching rule of tools/eval_metadata.mjs (node:test, no dependencies, ~1 s).
metadata_rule_tests() {
  node --test tools/eval_metadata.test.mjs
}

cmd_test() {
  lint_groups
  group "cargo test (native)" cargo test
  group "browser tests (wasm-bindgen, headless Chromium)" browser_tests
  group "metadata matching rule (node)" metadata_rule_tests
  summary
}

cmd_demo() {
  cmd_setup
  cmd_build
  log "cargo build --release --bin lectern"
  cargo build --release --bin lectern
  log "lectern extract samples/article.html --format markdown"
  "$CARGO_TARGET_DIR/release/lectern" extract samples/article.html --format markdown
  mkdir -p out
  log "reader view screenshot (headless Chromium)"
  node tests/browser/demo.mjs out/reader.png
}

case "${1:-}" in
  setup) cmd_setup ;;
  build) cmd_build ;;
  lint) cmd_lint ;;
  test) cmd_test ;;
  demo) cmd_demo ;;
  *)
    sed -n '2,9p' "$0" >&2
    exit 2
    ;;
esac
