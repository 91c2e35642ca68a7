#!/bin/sh
# Guards: "visafin IN.visaasm -platform SKL <IGC's finalizer options>"
# (GenX_IR's spelling) accepts every option set IGC passes (manifest
# finalizer_option_sets), notes the ones it ignores, and writes the same
# files GenX_IR writes, by name and place (.isa next to the input, .asm
# and .dat in the current directory; checked against GenX_IR run on a
# copy of the same input); the .dat is the kernel that "-p skl --raw"
# makes, the .isa carries it, the .asm is its listing.  Also: -asmOutput,
# -outputCisaBinaryName, -nocompaction, the outputs of each flag alone,
# and the errors GenX_IR gives (unknown option, missing value, platform).
. "$(dirname "$0")/common.sh"
need_tools "Debian: libigc-tools" GenX_IR iga64
VFA=$(cd "$(dirname "$VF")" && pwd)/$(basename "$VF")
python3 - "$CORPUS" >"$TMP/list" <<'PY'
import json, shlex, sys
m = json.load(open(f"{sys.argv[1]}/manifest.skl.json"))
for e in m["entries"]:
    opts = m["finalizer_option_sets"][e["igc"]["finalizer_options_id"]]
    g = e.get("genx_ir_igc_options") or {}
    print("\t".join([e["files"]["visaasm"], str(bool(g.get("ok"))).lower(),
                     opts]))
PY
# run TOOL DIR STEM OPTS: TOOL on DIR/in/STEM.visaasm from DIR/run, then
# the list of files it made in both folders.
run() {
	rm -rf "$2" && mkdir -p "$2/in" "$2/run"
	cp "$CORPUS/$(dirname "$txt")/$3".*visaasm "$2/in/"
	chmod u+w "$2"/in/*
	(cd "$2/run" && eval "\"$1\" ../in/$3.visaasm -platform SKL $4" \
		>/dev/null 2>"$2/err")
	rc=$?
	(cd "$2" && find in run -type f ! -name '*.visaasm' | sort) >"$2/files"
	return $rc
}
while IFS='	' read -r txt genx_ok opts; do
	stem=$(basename "${txt%.visaasm}")
	if ! run "$VFA" "$TMP/v" "$stem" "$opts"; then
		bad "$stem: $(head -c 300 "$TMP/v/err")"; continue
	fi
	grep -q "note: GenX_IR options not implemented" "$TMP/v/err" ||
		{ bad "$stem: no note about ignored options"; continue; }
	printf 'in/%s.isa\nrun/%s.asm\nrun/%s.dat\n' "$stem" "$stem" "$stem" \
		>"$TMP/want"
	cmp -s "$TMP/want" "$TMP/v/files" ||
		{ bad "$stem: made $(tr '\n' ' ' <"$TMP/v/files")"; continue; }
	if [ "$genx_ok" = true ]; then
		run GenX_IR "$TMP/g" "$stem" "$opts"
		cmp -s "$TMP/g/files" "$TMP/v/files" ||
			{ bad "$stem: GenX_IR made $(tr '\n' ' ' <"$TMP/g/files")"; continue; }
	fi
	"$VF" -p skl "$TMP/v/in/$stem.visaasm" --raw -o "$TMP/raw.dat" 2>/dev/null
	cmp -s "$TMP/raw.dat" "$TMP/v/run/$stem.dat" ||
		{ bad "$stem: .dat differs from --raw"; continue; }
	"$VF" fat "$TMP/v/in/$stem.isa" --platform skl --extract -o "$TMP/x.dat" \
		2>/dev/null && cmp -s "$TMP/x.dat" "$TMP/raw.dat" ||
		{ bad "$stem: .isa does not carry the kernel"; continue; }
	grep -q "^// kernel " "$TMP/v/run/$stem.asm" || { bad "$stem: .asm"; continue; }
	ok
done <"$TMP/list"

# The single flags, the renaming options and -nocompaction, on one kernel.
k=p_atomics.atomic_counters.simd8
txt=skl/$k.visaasm
one() {  # one OPTS WANT: the files made with OPTS, by visafin and GenX_IR
	run "$VFA" "$TMP/v" $k "$1" || { bad "'$1': $(head -c 200 "$TMP/v/err")"; return; }
	run GenX_IR "$TMP/g" $k "$1"
	printf "$2" >"$TMP/want"
	if cmp -s "$TMP/v/files" "$TMP/want" && cmp -s "$TMP/g/files" "$TMP/want"
	then ok; else bad "'$1': visafin made $(tr '\n' ' ' <"$TMP/v/files"), GenX_IR $(tr '\n' ' ' <"$TMP/g/files")"; fi
}
one "" "in/$k.isa\n"
one "-binary" "in/$k.isa\nrun/$k.dat\n"
one "-output" "in/$k.isa\nrun/$k.asm\n"
one "-output -binary -asmOutput yy -outputCisaBinaryName zz.isa" \
	"run/yy.asm\nrun/yy.dat\nrun/zz.isa\n"
run "$VFA" "$TMP/v" $k "-binary -nocompaction"
dat=$TMP/v/run/$k.dat
size=$(wc -c <"$dat")
if [ "$size" -gt 0 ] && [ $((size % 16)) -eq 0 ] &&
   iga64 -d -p=9 -Wall "$dat" >"$TMP/nc.asm" 2>"$TMP/nc.err" &&
   [ ! -s "$TMP/nc.err" ] && ! grep -q Compacted "$TMP/nc.asm"; then ok
else bad "-nocompaction: $size bytes, $(head -c 200 "$TMP/nc.err")"; fi
# GenX_IR's errors: an unknown option, a missing value, no platform (on a
# copy: an accepted command would write next to its input).
in=$TMP/v/in/$k.visaasm
for args in "-platform SKL -bogus" "-platform SKL -TotalGRFNum" "-output"; do
	# shellcheck disable=SC2086
	if (cd "$TMP/v/run" && "$VFA" "$in" $args >/dev/null 2>&1); then
		bad "'$args' accepted"
	else ok; fi
done
finish
