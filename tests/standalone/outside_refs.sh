#!/usr/bin/env bash
# Fails when a file that git tracks names the folder beside the repository (dot-dot, slash,
# "shared"): a clone on its own must build, test and explain itself, so data, rules and links all
# live inside it. One line per offending place, then a non-zero exit:
#   outside_refs.sh REPO_DIR
# Exits 77 (ctest's skip) where there is no list of tracked files: no git, or REPO_DIR is not
# the top of a checkout (an unpacked source archive).
set -uo pipefail
repo="$1"
pattern="../""shared"  # in two pieces, so that this file does not name it
command -v git >/dev/null || { echo "skipped: git is not installed"; exit 77; }
top="$(git -C "$repo" rev-parse --show-toplevel 2>/dev/null)"
if [[ -z "$top" || "$(realpath "$top")" != "$(realpath "$repo")" ]]; then
  echo "skipped: $repo is not the top of a git checkout, so no file list to check"
  exit 77
fi
hits="$(git -C "$repo" grep -n -I -F -e "$pattern" -- .)"
case $? in
  0) ;;
  1) echo "no tracked file names $pattern"; exit 0 ;;
  *) echo "$repo: git grep failed"; exit 2 ;;
esac
while IFS= read -r hit; do
  file="${hit%%:*}"
  rest="${hit#*:}"
  echo "$file:${rest%%:*}: names $pattern, a folder outside the repository; point inside it"
done <<<"$hits"
exit 1
