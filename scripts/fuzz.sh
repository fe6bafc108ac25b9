#!/usr/bin/env bash
# Builds the fuzz targets of tests/fuzz/ with clang's libFuzzer (and ASan + UBSan) into
# build-fuzz/ and runs each for a time:
#   scripts/fuzz.sh [SECONDS_PER_TARGET] [TARGET...]     (default: 20 s, every target)
# ZERTZ_FUZZ_RUNS=N stops a target at N executions if that comes first (issue 14's long runs:
# ZERTZ_FUZZ_RUNS=10000000 scripts/fuzz.sh 3600, ten million executions or an hour each).
# Each target starts from its seeds (tests/fuzz/corpus/TARGET, for records the boardspace
# sample too) and grows build-fuzz/corpus/TARGET, which later runs go on from. It prints each
# target's executions; a crash, leak, timeout or broken invariant stops the script with the
# input kept under build-fuzz/artifacts/ (copy it into tests/fuzz/corpus/TARGET/ to keep it as
# a regression test: ctest replays that folder in every build).
set -euo pipefail
ROOT="$(cd "$(dirname "$0")/.." && pwd)"
SECONDS_PER_TARGET="${1:-20}"
shift || true
TARGETS=("$@")
[[ ${#TARGETS[@]} -gt 0 ]] || TARGETS=(notation records shard config analysis checkpoint export review frame engine)
for tool in clang++ clang; do
  command -v "$tool" >/dev/null || { echo "error: $tool is needed (apt-get install clang libclang-rt-14-dev)"; exit 2; }
done

BUILD="$ROOT/build-fuzz"
CC=clang CXX=clang++ cmake -S "$ROOT" -B "$BUILD" -DCMAKE_BUILD_TYPE=RelWithDebInfo \
  -DZERTZ_SANITIZE=fuzzer -DZERTZ_WITH_TORCH=OFF >/dev/null
cmake --build "$BUILD" -j "$(nproc)" --target boardspace_sample "${TARGETS[@]/#/fuzz_}"

mkdir -p "$BUILD/artifacts"
for target in "${TARGETS[@]}"; do
  corpus="$BUILD/corpus/$target"
  mkdir -p "$corpus"
  seeds=("$ROOT/tests/fuzz/corpus/$target")
  [[ $target == records ]] && seeds+=("$BUILD/tests/boardspace/tournament" "$BUILD/tests/boardspace/interesting")
  log="$BUILD/artifacts/$target.log"
  # Configs are parsed, printed and parsed again, and each line tried as --set: short inputs
  # keep the executions fast (a shipped config, 8 KB, is read in pieces); so do short engine
  # sessions, whose every command searches or lists turns.
  max_len=65536; [[ $target == config ]] && max_len=2048; [[ $target == engine ]] && max_len=4096
  # -timeout: one input taking 10 s is a hang; -rss_limit_mb: memory is bounded.
  started=$SECONDS
  if ! "$BUILD/tests/fuzz/fuzz_$target" "$corpus" "${seeds[@]}" -max_total_time="$SECONDS_PER_TARGET" \
      -runs="${ZERTZ_FUZZ_RUNS:--1}" -max_len="$max_len" -timeout=10 -rss_limit_mb=2048 -print_final_stats=1 \
      -artifact_prefix="$BUILD/artifacts/$target-" >"$log" 2>&1; then
    tail -40 "$log"
    echo "error: fuzz_$target failed; the input is in $BUILD/artifacts/ (log: $log)"
    exit 1
  fi
  runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log")
  echo "fuzz_$target: $runs executions in $((SECONDS - started)) s, no crash, leak or hang;" \
    "corpus $(ls "$corpus" | wc -l) inputs"
done
