#!/bin/sh
# Builds one libFuzzer harness (tests/fuzz/fuzz_NAME.c) with every library
# source, under ASan + UBSan: tests/fuzz/build.sh NAME OUT.
# VF_SRC: source tree (default: this script's tree); VF_BUILD: the tree
# with config.h (default VF_SRC).  VF_FUZZ_CMP=0 leaves out libFuzzer's
# comparison tracing (about half the time of an execution here): the
# same checks, about twice the executions, less guidance towards the
# constants the code compares with (docs/fuzz.md "Campaigns").
set -eu
name=$1 out=$2
VF_SRC=${VF_SRC:-$(cd "$(dirname "$0")/../.." && pwd)}
VF_BUILD=${VF_BUILD:-$VF_SRC}
# Every .c of libvisafin_la_SOURCES in Makefile.am, with the $(X_SOURCES)
# lists it names expanded (continuation lines joined first).
libsrc=$(sed -e ':a' -e '/\\$/N; s/\\\n//; ta' "$VF_SRC/Makefile.am" | awk '
	/^[A-Za-z_]+_SOURCES *\+?=/ {
		name = $1; sub(/ *\+?=.*/, "", name)
		line = $0; sub(/^[^=]*= */, "", line)
		list[name] = list[name] " " line
		if (name == "libvisafin_la_SOURCES") lib = lib " " line
	}
	END {
		n = split(lib, w, /[ \t]+/)
		for (i = 1; i <= n; i++) {
			if (w[i] ~ /^\$\(/) {
				v = w[i]; gsub(/[$()]/, "", v)
				m = split(list[v], u, /[ \t]+/)
				for (j = 1; j <= m; j++) if (u[j] ~ /\.c$/) print u[j]
			} else if (w[i] ~ /\.c$/) print w[i]
		}
	}' | sort -u | sed "s|^|$VF_SRC/|")
cmp=
[ "${VF_FUZZ_CMP:-1}" = 0 ] && cmp=-fno-sanitize-coverage=trace-cmp
libs=$(pkg-config --libs libelf zlib libxxhash 2>/dev/null || echo "-lelf -lz -lxxhash")
exec clang -g -O1 -std=c11 -D_GNU_SOURCE \
	-fsanitize=fuzzer,address,undefined -fno-sanitize-recover=undefined $cmp \
	-I"$VF_BUILD" -I"$VF_SRC" -I"$VF_SRC/lib" -I"$VF_SRC/visa" \
	-I"$VF_SRC/encoder" -o "$out" "$VF_SRC/tests/fuzz/fuzz_$name.c" \
	$libsrc $libs -lpthread -lm
