#!/usr/bin/env bash
# bench/ical_oracle.sh [--record OUT] FILE... — the iCalendar and vCard
# reader (doc/spec.md IC1) against two other parsers, python3-icalendar
# (.ics) and python3-vobject (.ics and .vcf), both from Debian
# (apt-get install python3-icalendar python3-vobject).
#
# Each parser unfolds the file and splits every content line into name,
# parameters and value as it does; this script then lists, per property,
# what IC1 says is a reference: the value of a URI-valued property (URL,
# ATTACH, SOURCE, TZURL, CONFERENCE, ORGANIZER, ATTENDEE, MEMBER, FBURL,
# CALURI, CALADRURI, IMPP, PHOTO, LOGO, SOUND, KEY, IMAGE, RELATED, or
# VALUE=uri) and of the parameters ALTREP, DIR, SENT-BY, DELEGATED-FROM,
# DELEGATED-TO and MEMBER, when it has a scheme and is not binary or
# data:; and the URIs `urix --read-as text` finds in every other value
# as the parser unescaped it. That list, "ATTR URI" per line, must be the
# one `urix --read-as ical FILE` gives. Prints a DIFF block per file and
# parser that differs and a summary; exits 1 if any differs. With
# --record OUT, writes the parsers' lists to OUT ("PARSER FILE ATTR URI"),
# the record reader/ical's TestDebianOracle holds urix to.
set -uo pipefail
export LC_ALL=C.UTF-8
record=
if [ "${1:-}" = --record ]; then record=$2; shift 2; fi
repo=$(cd "$(dirname "$0")/.." && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
(cd "$repo" && go build -o "$work/urix" .) || exit 2
PY=/usr/bin/python3 # Debian's, where apt installs the two parsers
cat >"$work/oracle.py" <<'EOF'
import re, subprocess, sys

urix, parser, path = sys.argv[1:4]
URIPROPS = {"URL", "ATTACH", "SOURCE", "TZURL", "CONFERENCE", "ORGANIZER", "ATTENDEE", "MEMBER", "FBURL",
            "CALURI", "CALADRURI", "IMPP", "PHOTO", "LOGO", "SOUND", "KEY", "IMAGE", "RELATED"}
URIPARAMS = {"ALTREP", "DIR", "SENT-BY", "DELEGATED-FROM", "DELEGATED-TO", "MEMBER"}
scheme = re.compile(r"^[A-Za-z][A-Za-z0-9+.-]+:")
out = set()

def text(name, value):
    if ":" not in value:
        return
    r = subprocess.run([urix, "--read-as", "text", "-"], input=value.encode(), capture_output=True)
    for u in r.stdout.decode().split("\n"):
        if u:
            out.add(name + " " + u)

def line(name, params, value):
    """name upper case, params {NAME: [values]}, value a str or None."""
    for p, vs in params.items():
        if p in URIPARAMS:
            for v in vs:
                if scheme.match(v):
                    out.add(name + ";" + p + " " + v)
    if not isinstance(value, str):
        return  # a date, a duration, decoded binary: no text
    kind = [v.lower() for v in params.get("VALUE", [""])][0]
    enc = [v.lower() for v in params.get("ENCODING", [""])][0]
    if kind == "binary" or enc in ("b", "base64"):
        return
    uri = kind in ("uri", "url", "cal-address") or kind in ("", "text") and name in URIPROPS
    if uri and scheme.match(value.strip()):
        if not value.strip().lower().startswith("data:"):
            out.add(name + " " + value.strip())
        return
    text(name, value)

data = open(path, "rb").read()
if parser == "icalendar":
    import icalendar
    for cal in icalendar.Calendar.from_ical(data, multiple=True):
        for comp in cal.walk():
            for name, v in comp.property_items(recursive=False, sorted=False):
                if name in ("BEGIN", "END"):
                    continue
                ps = {k.upper(): (p if isinstance(p, list) else [p]) for k, p in (getattr(v, "params", None) or {}).items()}
                line(name.upper(), ps, str(v) if isinstance(v, str) else None)
else:
    import vobject
    def walk(comp):
        for c in comp.getChildren():
            if isinstance(c, vobject.base.Component):
                walk(c)
                continue
            v = c.value
            if isinstance(v, list) and all(isinstance(x, str) for x in v):
                v = ",".join(v)
            line(c.name.upper(), {k.upper(): list(p) for k, p in c.params.items()}, v if isinstance(v, str) else None)
    for comp in vobject.readComponents(data.decode("utf-8"), ignoreUnreadable=True, allowQP=True):
        walk(comp)
for l in sorted(out):
    print(l)
EOF
same=0 differ=0 uris=0
: >"$work/record"
for f in "$@"; do
	parsers=vobject
	case "$f" in *.ics) parsers="icalendar vobject" ;; esac
	"$work/urix" --read-as ical --format json "$f" 2>/dev/null |
		"$PY" -c 'import json,sys; [print(h["attr"]+" "+h["uri"]) for h in map(json.loads, sys.stdin)]' | sort -u >"$work/a"
	for p in $parsers; do
		if ! "$PY" "$work/oracle.py" "$work/urix" "$p" "$f" >"$work/b" 2>"$work/err"; then
			echo "FAIL $p $f: $(tail -1 "$work/err")"
			differ=$((differ + 1))
			continue
		fi
		sed "s|^|$p $(basename "$f") |" "$work/b" >>"$work/record"
		[ -s "$work/b" ] || echo "$p $(basename "$f")" >>"$work/record"
		uris=$((uris + $(wc -l <"$work/b")))
		if cmp -s "$work/a" "$work/b"; then
			same=$((same + 1))
		else
			differ=$((differ + 1))
			echo "DIFF $p $f (< urix, > $p)"
			diff "$work/a" "$work/b" | head -10
		fi
	done
done
summary="same=$same differ=$differ uris=$uris"
echo "$summary"
if [ -n "$record" ]; then
	{
		echo "# What python3-icalendar ($(dpkg-query -W -f '${Version}' python3-icalendar)) and python3-vobject ($(dpkg-query -W -f '${Version}' python3-vobject)) read in these files,"
		echo "# as bench/ical_oracle.sh lists it: PARSER FILE ATTR URI (a file with none: PARSER FILE)."
		echo "# bench/ical_oracle.sh --record reader/ical/testdata/debian/oracle.txt reader/ical/testdata/debian/*.{ics,vcf}: $summary"
		cat "$work/record"
	} >"$record"
fi
[ "$differ" -eq 0 ]
