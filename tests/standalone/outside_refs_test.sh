#!/usr/bin/env bash
# outside_refs.sh on scratch repositories, so that the check itself is known to work: it must
# fail on a tracked file that names the folder beside the repository, ignore untracked files
# and pass without them, and skip outside a checkout.
set -uo pipefail
check="$(cd "$(dirname "$0")" && pwd)/outside_refs.sh"
command -v git >/dev/null || { echo "skipped: git is not installed"; exit 77; }
scratch="$(mktemp -d)"
trap 'rm -rf "$scratch"' EXIT
fail() { echo "FAIL: $1"; echo "$out"; exit 1; }

repo="$scratch/repo"
mkdir -p "$repo/docs" "$scratch/plain"
git -C "$repo" init -q
printf 'intro\nthe rules: ../''shared/notes.md\n' >"$repo/docs/guide.md"
git -C "$repo" add docs/guide.md
out="$("$check" "$repo")"
[[ $? -eq 1 ]] || fail "a tracked file names it, but the check did not fail"
grep -q '^docs/guide.md:2: names \.\./shared' <<<"$out" || fail "no line names docs/guide.md:2"

git -C "$repo" rm -q --cached docs/guide.md  # the same file, now untracked
out="$("$check" "$repo")"
[[ $? -eq 0 ]] || fail "only an untracked file names it, but the check failed"

out="$("$check" "$scratch/plain")"
[[ $? -eq 77 ]] || fail "outside a checkout the check did not skip"
echo "ok"
