#!/usr/bin/env bash
# Installs the Debian packages when missing, builds, and runs every test through ctest; then
# builds again with AddressSanitizer + UndefinedBehaviorSanitizer and runs the tests there, and
# with ThreadSanitizer for the search's tests (several threads on one tree).
# ZERTZ_SANITIZERS=0 skips the sanitizer passes.
set -euo pipefail
ROOT="$(cd "$(dirname "$0")/.." && pwd)"
"$ROOT/scripts/deps.sh"

echo "== release build and tests"
BUILD_DIR="$ROOT/build" "$ROOT/scripts/build.sh" -DCMAKE_BUILD_TYPE=Release -DZERTZ_SANITIZE=
ctest --test-dir "$ROOT/build" --output-on-failure -j "$(nproc)"

if [[ "${ZERTZ_SANITIZERS:-1}" != 0 ]]; then
  echo "== AddressSanitizer + UndefinedBehaviorSanitizer build and tests"
  BUILD_DIR="$ROOT/build-asan" "$ROOT/scripts/build.sh" -DCMAKE_BUILD_TYPE=RelWithDebInfo \
    -DZERTZ_SANITIZE=address
  ctest --test-dir "$ROOT/build-asan" --output-on-failure -j "$(nproc)"

  echo "== ThreadSanitizer build and the search's tests"
  BUILD_DIR="$ROOT/build-tsan" "$ROOT/scripts/build.sh" -DCMAKE_BUILD_TYPE=RelWithDebInfo \
    -DZERTZ_SANITIZE=thread -DZERTZ_WITH_TORCH=OFF
  "$ROOT/build-tsan/tests/mcts_tests"
fi
