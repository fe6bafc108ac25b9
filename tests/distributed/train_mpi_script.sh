#!/usr/bin/env bash
# scripts/train-mpi.sh relaunches a failed job up to its limit, saying why, and stops at success,
# bad input and interrupts. A stand-in for mpirun exits with the statuses listed in STATUSES, one
# per launch, and logs each launch's arguments.
set -euo pipefail
SCRIPT="$(cd "$(dirname "$0")/../.." && pwd)/scripts/train-mpi.sh"
WORK="$(mktemp -d)"
trap 'rm -rf "$WORK"' EXIT
cat >"$WORK/mpirun" <<'STANDIN'
#!/usr/bin/env bash
n=$(($(cat "$WORK/count" 2>/dev/null || echo 0) + 1))
echo "$n" >"$WORK/count"
echo "$*" >>"$WORK/launches"
mkdir -p "$WORK/run"
echo "[00:00:0$n] error: rank 2 has been silent for more than 300 s" >>"$WORK/run/log.txt"
exit "$(echo "$STATUSES" | cut -d' ' -f"$n")"
STANDIN
chmod +x "$WORK/mpirun"
export WORK ZERTZ_MPIRUN="$WORK/mpirun" ZERTZ_BIN=/bin/zertz-stand-in ZERTZ_MPI_RESTART_DELAY=0

fail() { echo "FAIL: $*"; exit 1; }
# Runs the script with STATUSES and RESTARTS; sets `status`, `out` and `launches`.
run() {
  rm -f "$WORK/count" "$WORK/launches"; rm -rf "$WORK/run"
  status=0
  out="$(STATUSES="$1" ZERTZ_MPI_RESTARTS="$2" "$SCRIPT" -np 3 --oversubscribe -- \
    --config c.yaml --run-dir "$WORK/run" 2>&1)" || status=$?
  launches=$(cat "$WORK/count")
}

run "137 0" 5
[[ $status == 0 && $launches == 2 ]] || fail "kill then success: status $status, $launches launches"
grep -q "mpirun ended with status 137 (signal 9); the run's log last said: .*rank 2 has been silent" <<<"$out" ||
  fail "no reason given: $out"
grep -q "finished after 2 launches" <<<"$out" || fail "no end line: $out"
[[ "$(head -n 1 "$WORK/launches")" == "-np 3 --oversubscribe /bin/zertz-stand-in train --config c.yaml --run-dir $WORK/run" ]] ||
  fail "arguments: $(head -n 1 "$WORK/launches")"

run "1 1 1 1" 2
[[ $status == 1 && $launches == 3 ]] || fail "limit: status $status, $launches launches"
grep -q "gave up after 2 relaunches" <<<"$out" || fail "no give-up line: $out"

run "2" 5
[[ $status == 2 && $launches == 1 ]] || fail "bad input relaunched: status $status, $launches launches"
run "130" 5
[[ $status == 130 && $launches == 1 ]] || fail "interrupt relaunched: status $status, $launches launches"

"$SCRIPT" -np 3 >/dev/null 2>&1 && fail "no -- accepted"
echo "train-mpi.sh: relaunches, limit, bad input and interrupt behave"
