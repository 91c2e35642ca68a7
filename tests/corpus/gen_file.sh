#!/bin/sh
# Guards: for every SKL kernel of the corpus the default output ("visafin
# -p skl IN -o OUT.gen") is an ELF file that "readelf -a" reads without a
# warning, with a .text.<kernel> section holding exactly the "--raw"
# binary and a FUNC symbol for it; "visafin disasm OUT.gen" reads it back
# and lists the same instructions as the raw binary; relocations appear
# in .rel.text.<kernel> as in the --raw relocation list (OUT.rel.json),
# which the three p_transcend.pow_sqrt kernels must have.
. "$(dirname "$0")/common.sh"
need_tools "Debian: binutils" readelf
for v in "$CORPUS"/skl/*.simd*.visaasm; do
	case "$v" in *.f[0-9].visaasm) continue ;; esac
	b=$(basename "${v%.visaasm}")
	k=$(sed -n 's/^\.kernel "\{0,1\}\([^" ]*\)"\{0,1\}.*/\1/p' "$v" | head -1)
	rm -f "$TMP"/x.*
	if ! "$VF" -p skl "$v" -o "$TMP/x.gen" 2>"$TMP/err" ||
	   ! "$VF" -p skl "$v" --raw -o "$TMP/x.dat" 2>>"$TMP/err"; then
		bad "$b: $(head -c 300 "$TMP/err")"; continue
	fi
	if ! readelf -a -W "$TMP/x.gen" >"$TMP/x.re" 2>"$TMP/x.rerr" ||
	   [ -s "$TMP/x.rerr" ]; then
		bad "$b: readelf: $(head -c 300 "$TMP/x.rerr")"; continue
	fi
	grep -q "FUNC    GLOBAL DEFAULT .* $k\$" "$TMP/x.re" ||
		{ bad "$b: no symbol $k"; continue; }
	# shellcheck disable=SC2046
	set -- $(sed -n "s/.*\] \.text\.$k  *PROGBITS  *[0-9a-f]*  *\([0-9a-f]*\)  *\([0-9a-f]*\) .*/\1 \2/p" "$TMP/x.re")
	[ $# -eq 2 ] && dd if="$TMP/x.gen" of="$TMP/x.text" bs=1 skip=$((0x$1)) \
		count=$((0x$2)) 2>/dev/null
	cmp -s "$TMP/x.text" "$TMP/x.dat" ||
		{ bad "$b: .text.$k is not the --raw binary"; continue; }
	"$VF" disasm "$TMP/x.gen" 2>"$TMP/err" | grep -v '^//' >"$TMP/x.a1"
	"$VF" disasm -p skl "$TMP/x.dat" >"$TMP/x.a2" 2>>"$TMP/err"
	if [ ! -s "$TMP/x.a1" ] || ! cmp -s "$TMP/x.a1" "$TMP/x.a2"; then
		bad "$b: disasm of the .gen differs $(head -c 200 "$TMP/err")"
		continue
	fi
	awk '/^Relocation section/ { on = 1; next } on && NF == 0 { on = 0 }
		on && $1 ~ /^[0-9a-f]+$/ { print $1, $NF }' "$TMP/x.re" |
		while read -r off sym; do echo "$((0x$off)) $sym"; done >"$TMP/x.rel"
	if [ -f "$TMP/x.rel.json" ]; then
		sed -n 's/.*"offset": *\([0-9]*\),.*"symbol": *"\([^"]*\)".*/\1 \2/p' \
			"$TMP/x.rel.json" >"$TMP/x.want"
	else
		: >"$TMP/x.want"
	fi
	case $b in p_transcend.pow_sqrt.*) [ -s "$TMP/x.want" ] ||
		{ bad "$b: no relocations"; continue; } ;; esac
	cmp -s "$TMP/x.rel" "$TMP/x.want" ||
		{ bad "$b: relocations differ: $(tr '\n' ' ' <"$TMP/x.rel")"; continue; }
	ok
done
finish
