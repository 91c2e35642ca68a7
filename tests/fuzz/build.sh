#!/bin/sh
# Builds one libFuzzer harness (tests/fuzz/fuzz_NAME.c) with every library
# source, under ASan + UBSan: tests/fuzz/build.sh NAME OUT.
# VF_SRC: source tree (default: this script's tree); VF_BUILD: the tree
# with config.h (default VF_SRC).
set -eu
name=$1 out=$2
VF_SRC=${VF_SRC:-$(cd "$(dirname "$0")/../.." && pwd)}
VF_BUILD=${VF_BUILD:-$VF_SRC}
# The library's source lists in Makefile.am (continuation lines joined).
libsrc=$(sed -e ':a' -e '/\\$/N; s/\\\n//; ta' "$VF_SRC/Makefile.am" |
	sed -n 's/^\(CORE\|MODEL\|BINARY\|OPS\|PRINT\|PARSE\|GEN\|FIN\)_SOURCES +*= //p' |
	tr ' \t' '\n\n' | grep '\.c$' | sed "s|^|$VF_SRC/|")
libs=$(pkg-config --libs libelf zlib libxxhash 2>/dev/null || echo "-lelf -lz -lxxhash")
exec clang -g -O1 -std=c11 -D_GNU_SOURCE \
	-fsanitize=fuzzer,address,undefined -fno-sanitize-recover=undefined \
	-I"$VF_BUILD" -I"$VF_SRC" -I"$VF_SRC/lib" -I"$VF_SRC/visa" \
	-I"$VF_SRC/encoder" -o "$out" "$VF_SRC/tests/fuzz/fuzz_$name.c" \
	$libsrc "$VF_SRC/lib/elf.c" $libs -lpthread -lm
