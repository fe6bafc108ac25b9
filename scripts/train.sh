#!/usr/bin/env bash
# The main job. Installs the Debian packages when missing and builds; until the training loop
# exists (issue 5) it plays and prints a demo game between two random players.
set -euo pipefail
ROOT="$(cd "$(dirname "$0")/.." && pwd)"
"$ROOT/scripts/deps.sh"
BUILD_DIR="$ROOT/build" "$ROOT/scripts/build.sh" -DCMAKE_BUILD_TYPE=Release -DZERTZ_SANITIZE=
"$ROOT/build/cli/zertz" demo --variant basic "$@"
