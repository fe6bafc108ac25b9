#!/usr/bin/env bash
# The learning lab (docs/experiments.md): builds zertz when needed, then trains the arms of
# SPEC.yaml one after another for equal wall-clock time and evaluates them
# (scripts/experiment.py documents the spec and the outputs). Run it on an idle machine.
#   scripts/experiment.sh configs/experiments/leaf-rollouts.yaml [--out DIR] [--skip-training]
set -euo pipefail
ROOT="$(cd "$(dirname "$0")/.." && pwd)"
"$ROOT/scripts/deps.sh"
BUILD_DIR="$ROOT/build" BUILD_TARGET=zertz "$ROOT/scripts/build.sh" -DCMAKE_BUILD_TYPE=Release -DZERTZ_SANITIZE=
exec /usr/bin/python3 "$ROOT/scripts/experiment.py" "$@"
