#!/bin/sh
# Guards the installed headers (visafininclude_HEADERS in Makefile.am):
# each compiles alone, as the first include of a file, under
# -std=c99 -pedantic -Wall -Wextra -Werror, and as C++ when a C++
# compiler is present; and every function it declares has a comment
# within the three lines above its declaration.
set -u
VF_SRC=${VF_SRC:-$(cd "$(dirname "$0")/../.." && pwd)}
CC=${CC:-cc}
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT
fail=0
bad() { fail=$((fail + 1)); echo "FAIL $*"; }
headers=$(awk '/^visafininclude_HEADERS *[+]?=/ { on = 1; sub(/^[^=]*=/, "") }
                on { cont = /\\$/; sub(/\\$/, ""); printf "%s ", $0; on = cont }' \
          "$VF_SRC/Makefile.am")
[ -n "$headers" ] || bad "no installed headers found in Makefile.am"
for h in $headers; do
	mkdir -p "$TMP/inc/visafin"
	cp "$VF_SRC/$h" "$TMP/inc/visafin/"
	printf '#include <visafin/%s>\nint main(void) { return 0; }\n' \
		"$(basename "$h")" >"$TMP/one.c"
	$CC -std=c99 -pedantic -Wall -Wextra -Werror -I"$TMP/inc" -c \
		"$TMP/one.c" -o "$TMP/one.o" || bad "$h does not compile alone as C99"
	if command -v c++ >/dev/null 2>&1; then
		cp "$TMP/one.c" "$TMP/one.cc"
		c++ -pedantic -Wall -Wextra -Werror -I"$TMP/inc" -c "$TMP/one.cc" \
			-o "$TMP/one.o" || bad "$h does not compile as C++"
	fi
	# a declaration starts a line with a type and names vf_...( ; the
	# comment (a line ending "*/") must end at most three lines above.
	undocumented=$(awk '
		/\*\/[ \t]*$/ { last = NR }
		/^[A-Za-z].*[ *]vf_[a-z0-9_]*\(/ && !/^static/ {
			if (NR - last > 3) print FILENAME ":" NR ": " $0
		}' "$VF_SRC/$h")
	[ -z "$undocumented" ] || bad "undocumented: $undocumented"
done
echo "headers: $fail failures"
[ "$fail" -eq 0 ]
