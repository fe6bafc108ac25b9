#!/usr/bin/env bash
# The baseline matches of docs/evaluation.md ("Baselines against each other") and the notebook
# (E35), at 1 s per turn, two games at a time (run it on an idle 2-core machine):
#   scripts/baseline_matches.sh goal [GAMES]   alphabeta:auto against rollout:auto, basic and
#                                              tournament boards (GAMES, default 200, each)
#   scripts/baseline_matches.sh table [GAMES] [FIRST]
#                                              every other pair of baselines (random, greedy,
#                                              rollout:200, rollout:auto, alphabeta:2,
#                                              alphabeta:3, alphabeta:auto) on the basic board
#                                              (GAMES, default 10, per pair)
#   scripts/baseline_matches.sh model M [GAMES] model M against alphabeta:auto and rollout:auto
#                                              (GAMES, default 100, each; the model's variant)
# ZERTZ names the zertz binary (default build/cli/zertz), OUT the arena folder (default
# arena/baselines); each match appends its result to OUT/<variant>/arena.jsonl.
set -euo pipefail
ROOT="$(cd "$(dirname "$0")/.." && pwd)"
ZERTZ="${ZERTZ:-$ROOT/build/cli/zertz}"
OUT="${OUT:-$ROOT/arena/baselines}"

match() {  # a b variant games seed (variant "": the model's own)
  "$ZERTZ" arena "$1" "$2" ${3:+--variant "$3"} --games "$4" --seed "$5" --time-per-move 1000 \
    --threads 2 --out "$OUT/${3:-model}"
}

case "${1:-}" in
  goal)
    for variant in basic tournament; do match alphabeta:auto rollout:auto "$variant" "${2:-200}" 46; done
    ;;
  table)
    # The pairs nearest the top of the table first, so that a run cut short has them.
    pairs=("alphabeta:2 rollout:auto" "alphabeta:auto alphabeta:2" "alphabeta:3 alphabeta:2"
      "alphabeta:auto alphabeta:3" "alphabeta:2 rollout:200" "rollout:auto rollout:200"
      "alphabeta:2 greedy" "rollout:auto greedy" "rollout:200 greedy" "alphabeta:2 random"
      "rollout:auto random" "rollout:200 random" "greedy random" "alphabeta:3 rollout:auto"
      "alphabeta:auto rollout:200" "alphabeta:auto greedy" "alphabeta:auto random"
      "alphabeta:3 rollout:200" "alphabeta:3 greedy" "alphabeta:3 random")
    # FIRST (default 1) skips the pairs before it, to go on after a cut; each pair keeps its seed.
    for ((k = ${3:-1}; k <= ${#pairs[@]}; ++k)); do
      read -r a b <<<"${pairs[k - 1]}"
      match "$a" "$b" basic "${2:-10}" $((100 + k))
    done
    ;;
  model)
    for baseline in alphabeta:auto rollout:auto; do match "$2" "$baseline" "" "${3:-100}" 47; done
    ;;
  *)
    echo "usage: $0 goal [GAMES] | table [GAMES] [FIRST] | model MODEL [GAMES]" >&2
    exit 2
    ;;
esac
