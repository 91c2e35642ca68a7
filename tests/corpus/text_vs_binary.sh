#!/bin/sh
# Guards: every corpus .visaasm (with its stack-call function texts)
# parses to the same object as the .isa IGC wrote for the same kernel,
# and converting the text to binary gives that object again.
. "$(dirname "$0")/common.sh"
for isa in "$CORPUS"/*/*.isa; do
	txt=${isa%.isa}.visaasm
	if ! "$VF" dump "$isa" >"$TMP/a" 2>"$TMP/err"; then
		bad "$isa: dump: $(head -c 300 "$TMP/err")"; continue
	fi
	if ! "$VF" dump "$txt" >"$TMP/b" 2>"$TMP/err"; then
		bad "$txt: dump: $(head -c 300 "$TMP/err")"; continue
	fi
	if ! cmp -s "$TMP/a" "$TMP/b" || [ ! -s "$TMP/a" ]; then
		bad "$txt: text and binary dumps differ"; continue
	fi
	if ! "$VF" convert "$txt" -o "$TMP/t.isa" 2>"$TMP/err" ||
	   ! "$VF" dump "$TMP/t.isa" >"$TMP/c" 2>>"$TMP/err"; then
		bad "$txt: convert: $(head -c 300 "$TMP/err")"; continue
	fi
	if cmp -s "$TMP/a" "$TMP/c"; then ok; else
		bad "$txt: text converted to binary dumps differently"; fi
done
finish
