#!/bin/sh
# Guards: the complete-layout .isa that "visafin convert" writes from a
# corpus .visaasm means to Intel's own finalizer exactly what IGC meant:
# GenX_IR, run on our binary with the finalizer options IGC used, emits
# byte for byte IGC's Gen binary (.igc.dat).  Only entries for which
# GenX_IR reproduces IGC's binary from the text itself are used (manifest
# field genx_ir_igc_options.dat_identical_to_igc).
. "$(dirname "$0")/common.sh"
need_tools "Debian: libigc-tools" GenX_IR
python3 - "$CORPUS" >"$TMP/list" <<'PY'
import json, shlex, sys
corpus = sys.argv[1]
drop = {"-dumpcommonisa", "-dumpvisa"}
for dev in ["bdw", "skl", "bxt", "icllp", "tgllp"]:
    m = json.load(open(f"{corpus}/manifest.{dev}.json"))
    for e in m["entries"]:
        g = e.get("genx_ir_igc_options") or {}
        if not g.get("dat_identical_to_igc"):
            continue
        opts = shlex.split(m["finalizer_option_sets"][e["igc"]["finalizer_options_id"]])
        out, skip = [], False
        for o in opts:
            if skip: skip = False; continue
            if o == "-shaderDumpFilter": skip = True; continue
            if o in drop: continue
            out.append(o)
        print("\t".join([m["genx_ir_platform"], e["files"]["visaasm"],
                         e["files"]["igc_dat"], shlex.join(out)]))
PY
while IFS='	' read -r plat txt dat opts; do
	rm -f "$TMP"/k.* "$TMP"/*.dat "$TMP"/.dat "$TMP"/.asm
	if ! "$VF" convert "$CORPUS/$txt" -o "$TMP/k.isa" 2>"$TMP/err"; then
		bad "$txt: convert: $(head -c 300 "$TMP/err")"; continue
	fi
	(cd "$TMP" && eval "GenX_IR k.isa -platform $plat $opts" >/dev/null 2>&1)
	got=$(ls "$TMP"/*.dat "$TMP"/.dat 2>/dev/null | head -1)
	if [ -n "$got" ] && cmp -s "$got" "$CORPUS/$dat"; then ok; else
		bad "$txt: GenX_IR on our binary does not give IGC's Gen code"; fi
done <"$TMP/list"
finish
