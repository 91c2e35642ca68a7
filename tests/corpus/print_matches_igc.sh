#!/bin/sh
# Guards: visafin prints IGC's own text.  For every corpus entry X (all
# devices), with WANT = X.visaasm followed by X.f0.visaasm, X.f1.visaasm,
# ... (the stack-call functions IGC dumped as separate texts):
#  1. "visafin dump --full X.visaasm" (the texts parsed into one module,
#     then printed with every field) is WANT byte for byte;
#  2. "visafin dump X.isa" (IGC's binary) is WANT line for line, except
#     that an instruction line may stop early: IGC's binary writer leaves
#     the last fields of most instructions out (docs/visa-text-printer.md,
#     "Binaries written by IGC"), so such a line must be a prefix of IGC's
#     line (a cut-off predicate may be missing in front) with the same
#     "/// $N".  Header, declarations and labels must be identical.
. "$(dirname "$0")/common.sh"

# prefix_match WANT GOT: succeeds when GOT is WANT with instruction lines
# possibly cut short as described above.
prefix_match() {
	awk -v got="$2" '
	function strip(s) {
		sub(/ +\/\/\/ \$[0-9]+$/, "", s)
		sub(/ +$/, "", s)
		return s
	}
	function fail() { failed = 1; exit 1 }
	# h is w cut at a field boundary (space or dot)
	function cut_of(w, h) {
		if (index(w, h) != 1)
			return 0
		c = substr(w, length(h) + 1, 1)
		return c == "" || c == " " || c == "."
	}
	function id(s) {
		if (match(s, / \/\/\/ \$[0-9]+$/))
			return substr(s, RSTART)
		return ""
	}
	{
		if ((getline g < got) <= 0) { print "line " NR ": missing"; fail(); }
		if (g == $0) next
		if (id(g) == "" || id(g) != id($0)) { print "line " NR ": " g; fail() }
		w = strip($0); h = strip(g)
		if (cut_of(w, h)) next
		# The predicate itself may have been cut off.
		if (substr(h, 5, 1) != "(" && sub(/^    \([^)]*\) /, "    ", w) &&
		    cut_of(w, h)) next
		print "line " NR ": " g
		fail()
	}
	END {
		if (failed)
			exit 1
		if ((getline g < got) > 0) { print "extra line: " g; exit 1 }
	}
	' "$1"
}

for dev in bdw skl bxt icllp tgllp; do
	for isa in "$CORPUS/$dev"/*.isa; do
		[ -e "$isa" ] || continue
		base=${isa%.isa}
		if ! cat "$base.visaasm" >"$TMP/want" 2>/dev/null; then
			bad "$isa: no $base.visaasm"
			continue
		fi
		k=0
		while [ -e "$base.f$k.visaasm" ]; do
			cat "$base.f$k.visaasm" >>"$TMP/want"
			k=$((k + 1))
		done
		if ! "$VF" dump --full "$base.visaasm" >"$TMP/text" 2>"$TMP/err"
		then
			bad "$base.visaasm: $(head -c 300 "$TMP/err")"
		elif ! cmp -s "$TMP/want" "$TMP/text"; then
			bad "$base.visaasm: $(diff "$TMP/want" "$TMP/text" | head -n 3)"
		elif ! "$VF" dump "$isa" >"$TMP/bin" 2>"$TMP/err"; then
			bad "$isa: $(head -c 300 "$TMP/err")"
		elif ! prefix_match "$TMP/want" "$TMP/bin" >"$TMP/why"; then
			bad "$isa: $(head -c 300 "$TMP/why")"
		else
			ok
		fi
	done
done
finish
