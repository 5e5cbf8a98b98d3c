#!/usr/bin/env bash
# bench/json_oracle.sh FILE... — the JSON reader against jq (doc/spec.md
# §7a, JSON): for each file that jq parses and that has no JSON-LD keyword,
# the URIs of `urix --read-as json FILE` must be those of `urix --read-as text`
# over every key and string jq decodes from it, each on lines of its own.
# Prints a DIFF block per file that differs and a summary; exits 1 if any.
set -uo pipefail
export LC_ALL=C
repo=$(cd "$(dirname "$0")/.." && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
(cd "$repo" && go build -o "$work/urix" .) || exit 2
same=0 differ=0 skipped=0 uris=0
for f in "$@"; do
	if ! jq -e . "$f" >/dev/null 2>&1 || grep -q -e '"@id"' -e '"@context"' -e '"@base"' -e '"@vocab"' -e '"entries"' "$f"; then
		skipped=$((skipped + 1))
		continue
	fi
	"$work/urix" --read-as json "$f" 2>/dev/null | sort >"$work/a"
	jq -r '[.. | objects | keys[]] + [.. | strings] | .[] | . + "\n\u0000"' "$f" | tr '\0' '\n' |
		"$work/urix" --read-as text - 2>/dev/null | sort >"$work/b"
	uris=$((uris + $(wc -l <"$work/a")))
	if cmp -s "$work/a" "$work/b"; then
		same=$((same + 1))
	else
		differ=$((differ + 1))
		echo "DIFF $f"
		diff "$work/a" "$work/b" | head -10
	fi
done
echo "same=$same differ=$differ skipped=$skipped uris=$uris"
[ "$differ" -eq 0 ]
