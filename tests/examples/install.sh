#!/bin/sh
# Guards the installed package ("make installcheck", also run by "make
# distcheck"; after "make install DESTDIR=D" run "make installcheck
# DESTDIR=D"): examples/runtime.c compiled against the installed header
# and linked through pkg-config, once with the shared library (run with
# LD_LIBRARY_PATH) and once statically (pkg-config --static), finalizes
# the example kernel; both man pages render with "man -l" and name
# their command; the installed visafin runs.
# usage: install.sh SRCDIR DESTDIR PREFIX LIBDIR BINDIR MANDIR
set -u
SRC=$1 DEST=$2 PREFIX=$3 LIBDIR=$4 BINDIR=$5 MANDIR=$6
CC=${CC:-cc}
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT
fail=0
bad() { fail=$((fail + 1)); echo "FAIL $*"; }
K=$SRC/examples/saxpy.simd8.visaasm

# pkg-config prefixes the .pc file's paths with the staging directory
export PKG_CONFIG_PATH="$DEST$LIBDIR/pkgconfig"
export PKG_CONFIG_SYSROOT_DIR="$DEST"
pkg-config --exists visafin || bad "pkg-config finds no visafin in $PKG_CONFIG_PATH"
cflags=$(pkg-config --cflags visafin)
libs=$(pkg-config --libs visafin)
slibs=$(pkg-config --static --libs visafin)
# libelf uses zlib: -lelf must come first in a static link
case $slibs in *-lelf*-lz*) ;; *) bad "static libs not in order: $slibs" ;; esac

$CC -o "$TMP/rt-shared" "$SRC/examples/runtime.c" $cflags $libs ||
	bad "shared link failed"
LD_LIBRARY_PATH="$DEST$LIBDIR" "$TMP/rt-shared" "$K" >"$TMP/shared" ||
	bad "shared program failed"
grep -q '^kernel saxpy (finalized)$' "$TMP/shared" || bad "shared: no kernel"
LD_LIBRARY_PATH="$DEST$LIBDIR" ldd "$TMP/rt-shared" 2>/dev/null |
	grep -q libvisafin || bad "shared program does not use libvisafin.so"

if $CC -static -o "$TMP/rt-static" "$SRC/examples/runtime.c" $cflags $slibs \
	2>"$TMP/static.err"; then
	kind="fully static"
else
	# no static C library or dependencies: libvisafin.a alone
	kind="libvisafin static"
	$CC -o "$TMP/rt-static" "$SRC/examples/runtime.c" $cflags \
		"$DEST$LIBDIR/libvisafin.a" $(echo "$slibs" | sed 's/-lvisafin//') ||
		bad "static link failed: $(cat "$TMP/static.err")"
fi
"$TMP/rt-static" "$K" >"$TMP/static" || bad "static program failed"
cmp -s "$TMP/shared" "$TMP/static" || bad "static and shared programs differ"
ldd "$TMP/rt-static" 2>/dev/null | grep -q libvisafin && bad "static program loads libvisafin.so"

for page in visafin gensim; do
	f=$DEST$MANDIR/man1/$page.1
	[ -f "$f" ] || { bad "$f not installed"; continue; }
	if command -v man >/dev/null 2>&1; then
		MANWIDTH=80 man -l "$f" 2>"$TMP/man.err" >"$TMP/$page.txt" || bad "man -l $f"
		grep -q "^NAME" "$TMP/$page.txt" && grep -q "^ *$page -" "$TMP/$page.txt" ||
			bad "$page(1) has no NAME line"
		[ -s "$TMP/man.err" ] && bad "$page(1) warnings: $(head -2 "$TMP/man.err")"
	fi
done
"$DEST$BINDIR/visafin" --version | grep -q '^visafin ' || bad "installed visafin does not run"

echo "install ($kind link): $fail failures"
[ "$fail" -eq 0 ]
