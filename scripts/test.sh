#!/usr/bin/env bash
# Installs the Debian packages when missing, builds, and runs every test through ctest. Then all
# torch-free code (core/, mcts/, nn/'s features, config/, evaluation/'s matches and ratings,
# distributed/'s protocol, training/'s data, the front ends with baselines) again under
# AddressSanitizer + UndefinedBehaviorSanitizer and under ThreadSanitizer (all their tests: the
# search, the batcher, matches and the learner's communication thread run several threads). The
# torch-linked rest runs in the Release pass only: LibTorch and its OpenMP runtime are not
# instrumented, so sanitizers report their internals rather than our code. ZERTZ_SANITIZERS=0
# skips the sanitizer passes. Last, each fuzz target runs for ZERTZ_FUZZ_SECONDS (20; 0 skips
# them).
set -euo pipefail
ROOT="$(cd "$(dirname "$0")/.." && pwd)"
"$ROOT/scripts/deps.sh"

echo "== release build and tests"
BUILD_DIR="$ROOT/build" "$ROOT/scripts/build.sh" -DCMAKE_BUILD_TYPE=Release -DZERTZ_SANITIZE=
ctest --test-dir "$ROOT/build" --output-on-failure -j "$(nproc)"

if [[ "${ZERTZ_SANITIZERS:-1}" != 0 ]]; then
  echo "== AddressSanitizer + UndefinedBehaviorSanitizer build and tests (torch-free code)"
  BUILD_DIR="$ROOT/build-asan" "$ROOT/scripts/build.sh" -DCMAKE_BUILD_TYPE=RelWithDebInfo \
    -DZERTZ_SANITIZE=address -DZERTZ_WITH_TORCH=OFF
  ctest --test-dir "$ROOT/build-asan" --output-on-failure -j "$(nproc)"

  echo "== ThreadSanitizer build and tests (torch-free code)"
  BUILD_DIR="$ROOT/build-tsan" "$ROOT/scripts/build.sh" -DCMAKE_BUILD_TYPE=RelWithDebInfo \
    -DZERTZ_SANITIZE=thread -DZERTZ_WITH_TORCH=OFF
  TSAN_OPTIONS="suppressions=$ROOT/tests/tsan.supp ${TSAN_OPTIONS:-}" \
    ctest --test-dir "$ROOT/build-tsan" --output-on-failure -j "$(nproc)"
fi

# A smoke run of every fuzz target (libFuzzer; scripts/fuzz.sh runs them for longer).
if [[ "${ZERTZ_FUZZ_SECONDS:-20}" != 0 ]]; then
  echo "== fuzz targets, ${ZERTZ_FUZZ_SECONDS:-20} s each"
  "$ROOT/scripts/fuzz.sh" "${ZERTZ_FUZZ_SECONDS:-20}"
fi
