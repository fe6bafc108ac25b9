#!/usr/bin/env bash
# Runs a command and checks its exit status and output:
#   expect.sh ok|fail|bad-input REGEX -- COMMAND...
# `fail` requires a non-zero status that is not a crash (a signal gives >= 128); `bad-input`
# requires status 2, the status of every command for bad input or usage (README).
set -uo pipefail
want="$1"; pattern="$2"; shift 3
output="$("$@" 2>&1)"
status=$?
echo "$output" | tail -20
if [[ "$want" == ok && $status -ne 0 ]]; then echo "expected success, got status $status"; exit 1; fi
if [[ "$want" == fail && ( $status -eq 0 || $status -ge 128 ) ]]; then
  echo "expected a clean failure, got status $status"; exit 1
fi
if [[ "$want" == bad-input && $status -ne 2 ]]; then
  echo "expected status 2 (bad input), got status $status"; exit 1
fi
if ! grep -Eq -- "$pattern" <<<"$output"; then echo "output does not match /$pattern/"; exit 1; fi
