#!/usr/bin/env bash
# bench/hostile.sh [N [CASE...]] — the hostile catalogue (SPEC L1,
# internal/hostile) measured: every case is written at about N and 4N
# bytes (default N=1000000) by `go run ./bench/hostile`, and read by urix
# between plain inputs, as a run meets it:
#
#   urix -j 1 a.txt a.txt CASE b.txt
#   urix -j 4 a.txt a.txt CASE CASE CASE CASE b.txt
#
# (J copies of the case at -j J, so that every worker holds one),
# each run under `timeout` (TIMEOUT seconds, default 60) and /usr/bin/time.
# What urix prints goes through a pipe to grep, which keeps the
# neighbours' lines: a case whose output is gigabytes (a long base
# resolved into every link) is not timed by how fast the disk takes them
# (written to a file, 5 GB took 10 s of system time past the kernel's
# dirty-page limit where 1.3 GB took 1 s).
# One line per case and J: the CPU time (user+sys) at N and at 4N, their
# ratio, the wall time at 4N, the peak RSS in KiB (the larger of the two
# runs), urix's exit status at 4N, whether every hit of the neighbouring
# inputs was printed, and
#
#   PASS     4N within 6x the time of N, peak RSS under 64 MiB, neighbours all there
#   FAIL     one of these does not hold (the column says which)
#   TIMEOUT  a run did not finish in TIMEOUT seconds (4N is not run when N did not finish)
#   CRASH    urix died of a signal, or reported a panic ("internal error")
#
# CPU time, not wall time, because a loaded machine stretches the wall clock
# and not the CPU time. A time under 0.2 s counts as 0.2 s in the ratio: the
# clock of /usr/bin/time says nothing below that. URIX=path measures a binary
# built elsewhere (an older commit) with this catalogue. Exits 1 when any
# line is not PASS.
set -uo pipefail
export LC_ALL=C
here=$(cd "$(dirname "$0")" && pwd)
repo=$(cd "$here/.." && pwd)
N=${1:-1000000}
shift || true
TIMEOUT=${TIMEOUT:-60}
JOBS=${JOBS:-"1 4"}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

(cd "$repo" && go build -o "$work/hostile" ./bench/hostile) || exit 2
if [ -n "${URIX:-}" ]; then
	cp "$URIX" "$work/urix" || exit 2
else
	(cd "$repo" && go build -o "$work/urix" .) || exit 2
fi
if [ $# -gt 0 ]; then
	cases=("$@")
else
	mapfile -t cases < <("$work/hostile" -list | cut -f1)
fi
mkdir -p "$work/n" "$work/4n"
printf 'see http://neighbour.example/a1 and <http://neighbour.example/a2>\n' >"$work/a.txt"
printf 'then http://neighbour.example/b\n' >"$work/b.txt"
# What the neighbours print, a.txt twice: every line must come out.
want=$(printf '%s\n' http://neighbour.example/a1 http://neighbour.example/a2 http://neighbour.example/a1 http://neighbour.example/a2 http://neighbour.example/b)

# measure FILE J: sets secs (CPU), wall, rss, rc, crashed, neighbours
measure() {
	local copies=()
	for _ in $(seq "$2"); do copies+=("$1"); done
	"/usr/bin/time" -f '%e %M %U %S' -o "$work/time" timeout "$TIMEOUT" \
		"$work/urix" -j "$2" "$work/a.txt" "$work/a.txt" "${copies[@]}" "$work/b.txt" 2>"$work/err" |
		grep -F neighbour.example >"$work/out"
	rc=${PIPESTATUS[0]}
	read -r wall rss user sys < <(tail -n 1 "$work/time")
	secs=$(awk -v u="$user" -v s="$sys" 'BEGIN { printf "%.2f", u + s }')
	crashed=no
	if [ "$rc" -gt 2 ] && [ "$rc" -ne 124 ] || grep -q -e '^panic:' -e 'internal error' "$work/err"; then
		crashed=yes
	fi
	if [ "$(cat "$work/out")" = "$want" ]; then
		neighbours=ok
	else
		neighbours=MISSING
	fi
}

printf '%-26s %2s %8s %8s %6s %7s %9s %4s %10s  %s\n' case j 'cpu N' 'cpu 4N' ratio 'wall 4N' 'RSS KiB' exit neighbours verdict
fails=0
for c in "${cases[@]}"; do
	name=${c%%.*}
	"$work/hostile" -out "$work/n" -n "$N" -case "$name" || exit 2
	"$work/hostile" -out "$work/4n" -n $((4 * N)) -case "$name" || exit 2
	for j in $JOBS; do
		measure "$work/n/$c" "$j"
		t1=$secs r1=$rss rc1=$rc c1=$crashed n1=$neighbours
		if [ "$rc1" -eq 124 ]; then
			printf '%-26s %2s %8s %8s %6s %7s %9s %4s %10s  %s\n' "$name" "$j" ">$TIMEOUT" - - - "$r1" - - TIMEOUT
			fails=$((fails + 1))
			continue
		fi
		measure "$work/4n/$c" "$j"
		t4=$secs w4=$wall r4=$rss rc4=$rc c4=$crashed n4=$neighbours
		peak=$((r1 > r4 ? r1 : r4))
		ratio=$(awk -v a="$t1" -v b="$t4" 'BEGIN { a = a < 0.2 ? 0.2 : a; b = b < 0.2 ? 0.2 : b; printf "%.1f", b / a }')
		why=""
		if [ "$c1" = yes ] || [ "$c4" = yes ]; then
			verdict=CRASH
		elif [ "$rc4" -eq 124 ]; then
			verdict=TIMEOUT t4=">$TIMEOUT" ratio=- w4=-
		else
			awk -v r="$ratio" 'BEGIN { exit !(r > 6) }' && why="$why time"
			[ "$peak" -ge 65536 ] && why="$why memory"
			[ "$n1" = ok ] && [ "$n4" = ok ] || why="$why neighbours"
			if [ -z "$why" ]; then verdict=PASS; else verdict="FAIL:$why"; fi
		fi
		neigh=ok
		[ "$n1" = ok ] && [ "$n4" = ok ] || neigh=MISSING
		printf '%-26s %2s %8s %8s %6s %7s %9s %4s %10s  %s\n' "$name" "$j" "$t1" "$t4" "$ratio" "$w4" "$peak" "$rc4" "$neigh" "$verdict"
		[ "$verdict" = PASS ] || fails=$((fails + 1))
	done
done
echo "N=$N bytes, 4N=$((4 * N)); timeout ${TIMEOUT}s; $fails line(s) not PASS"
[ "$fails" -eq 0 ]
