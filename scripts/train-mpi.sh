#!/usr/bin/env bash
# Distributed training on Open MPI (docs/distributed.md, README "More than one machine").
#   scripts/train-mpi.sh [mpirun options] -- [zertz train options]
#   scripts/train-mpi.sh -np 9 --hostfile hosts -- --config configs/tournament.yaml --run-dir runs/big
# Runs `mpirun ... zertz train ...`. Open MPI 4.1 ends the whole job when one rank dies; the run
# directory is consistent at every moment and the same command resumes it, so this script says
# why the job ended and relaunches it, up to ZERTZ_MPI_RESTARTS times (default 5), waiting
# ZERTZ_MPI_RESTART_DELAY seconds (default 10) between launches. It does not relaunch after
# success, bad input (status 2) or an interrupt (Ctrl-C: status 130).
# ZERTZ_BIN names the zertz to run (it must be at the same path on every host); without it the
# packages are installed when missing and build/cli/zertz is built. ZERTZ_MPIRUN replaces
# `mpirun` (the script's test uses a stand-in).
set -euo pipefail
ROOT="$(cd "$(dirname "$0")/.." && pwd)"
MPIRUN="${ZERTZ_MPIRUN:-mpirun}"
RESTARTS="${ZERTZ_MPI_RESTARTS:-5}"
DELAY="${ZERTZ_MPI_RESTART_DELAY:-10}"

mpirun_args=()
while (($#)) && [[ "$1" != "--" ]]; do
  mpirun_args+=("$1")
  shift
done
if [[ "${1:-}" != "--" ]]; then
  echo "error: expected mpirun options, then --, then zertz train options (see the script's header)" >&2
  exit 2
fi
shift
run_dir="runs/default"
args=("$@")
for ((i = 0; i < ${#args[@]}; ++i)); do
  [[ "${args[i]}" == "--run-dir" && $((i + 1)) -lt ${#args[@]} ]] && run_dir="${args[i + 1]}"
done

if [[ -z "${ZERTZ_BIN:-}" ]]; then
  "$ROOT/scripts/deps.sh"
  BUILD_DIR="$ROOT/build" BUILD_TARGET=zertz "$ROOT/scripts/build.sh" -DCMAKE_BUILD_TYPE=Release -DZERTZ_SANITIZE=
  ZERTZ_BIN="$ROOT/build/cli/zertz"
fi

launch=1
while true; do
  echo "train-mpi: launch $launch: $MPIRUN ${mpirun_args[*]} $ZERTZ_BIN train $*"
  status=0
  "$MPIRUN" "${mpirun_args[@]}" "$ZERTZ_BIN" train "$@" || status=$?
  case "$status" in
    0) echo "train-mpi: finished after $launch launches"; exit 0 ;;
    2) echo "train-mpi: bad input (status 2): not relaunched" >&2; exit 2 ;;
    130) echo "train-mpi: interrupted (status 130): not relaunched; the same command resumes" >&2
      exit 130 ;;
  esac
  why="mpirun ended with status $status"
  ((status > 128)) && why="$why (signal $((status - 128)))"
  last_error=""
  [[ -f "$run_dir/log.txt" ]] && last_error="$(grep -E "error|silent" "$run_dir/log.txt" | tail -n 1 || true)"
  [[ -n "$last_error" ]] && why="$why; the run's log last said: $last_error"
  if ((launch > RESTARTS)); then
    echo "train-mpi: $why; gave up after $RESTARTS relaunches (ZERTZ_MPI_RESTARTS)" >&2
    exit "$status"
  fi
  echo "train-mpi: $why; relaunching in $DELAY s ($launch of $RESTARTS relaunches; it resumes)" >&2
  sleep "$DELAY"
  launch=$((launch + 1))
done
