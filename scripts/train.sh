#!/usr/bin/env bash
# The main job: installs the Debian packages when missing, builds, and trains on the default
# config in runs/default (running it again resumes there). Extra arguments go to `zertz train`,
# e.g. scripts/train.sh --set run.time_budget_minutes=30; a --config or --run-dir given here
# replaces the default one.
set -euo pipefail
ROOT="$(cd "$(dirname "$0")/.." && pwd)"
"$ROOT/scripts/deps.sh"
BUILD_DIR="$ROOT/build" BUILD_TARGET=zertz "$ROOT/scripts/build.sh" -DCMAKE_BUILD_TYPE=Release -DZERTZ_SANITIZE=
cd "$ROOT"
# zertz train defaults to --config configs/default.yaml and --run-dir runs/default.
exec "$ROOT/build/cli/zertz" train "$@"
