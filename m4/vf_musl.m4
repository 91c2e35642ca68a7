# VF_MUSL: build the visafin command statically against musl when musl is
# installed (issue 12, docs/build.md).  glibc's static start-up asks the CPU
# about its features and caches with dozens of cpuid instructions, each a
# trap to the hypervisor in a virtual machine: ~0.2 ms per process, more
# than finalizing a typical kernel.  musl's start-up does none of that.
#
# Only the command: libvisafin and every other program stay glibc (a
# runtime links the library into a glibc process).  Needs musl's gcc specs
# file (Debian: musl-tools), a compiler that takes -specs (gcc) and the
# static archives of libelf and zlib; xxHash is compiled in from its header
# (Debian's libxxhash.a calls glibc's fortified __memcpy_chk).
#
# musl's headers replace the system's (-nostdinc in the specs), so the few
# headers musl lacks (libelf's, zlib's, xxHash's) are reached through a
# folder of links to just them, musl-include/ in the build folder: a header
# that is neither musl's nor one of these fails to compile instead of
# silently coming from glibc.
#
# --with-musl=SPECS names the specs file, --without-musl turns musl off;
# never with sanitizers (their runtimes need glibc).  Sets MUSL_CFLAGS,
# MUSL_LDFLAGS, MUSL_LIBS and the conditional VF_MUSL.
AC_DEFUN([VF_MUSL], [
  AC_ARG_WITH([musl],
    [AS_HELP_STRING([--with-musl@<:@=SPECS@:>@],
      [link the visafin command statically against musl, through musl's
       gcc specs file SPECS (default: when found)])],
    [], [with_musl=check])
  vf_musl=no
  vf_musl_why=
  AS_CASE([$with_musl],
    [no], [vf_musl_why="--without-musl"],
    [yes|check], [vf_musl_specs=],
    [vf_musl_specs=$with_musl
     AS_IF([test -f "$vf_musl_specs"], [],
       [vf_musl_why="$vf_musl_specs not found"])])
  AS_IF([test -n "$SAN_CFLAGS" && test "x$with_musl" != xno],
    [AS_IF([test "x$with_musl" != xcheck],
      [AC_MSG_ERROR([--with-musl and sanitizers exclude each other])])
     vf_musl_why="sanitizers"])
  AS_IF([test -z "$vf_musl_why" && test -z "$vf_musl_specs"], [
    dnl musl-gcc is a wrapper script naming the specs file.
    vf_musl_gcc=`command -v musl-gcc 2>/dev/null`
    AS_IF([test -n "$vf_musl_gcc"],
      [vf_musl_specs=`sed -n 's/.*-specs *"*\(@<:@^" @:>@*musl-gcc\.specs\).*/\1/p' \
        "$vf_musl_gcc" 2>/dev/null | head -n 1`])
    vf_found=
    for vf_f in "$vf_musl_specs" /usr/lib/musl/lib/musl-gcc.specs \
        /usr/lib/x86_64-linux-musl/musl-gcc.specs \
        /usr/local/musl/lib/musl-gcc.specs; do
      AS_IF([test -n "$vf_f" && test -f "$vf_f"], [vf_found=$vf_f; break])
    done
    vf_musl_specs=$vf_found
    AS_IF([test -z "$vf_musl_specs"],
      [vf_musl_why="no musl-gcc.specs (Debian: musl-tools)"])])
  AS_IF([test -z "$vf_musl_why"], [
    dnl the headers musl lacks, found where this compiler finds them
    rm -rf musl-include
    AS_MKDIR_P([musl-include])
    for vf_h in gelf.h libelf.h zlib.h zconf.h xxhash.h; do
      vf_p=`echo "@%:@include <$vf_h>" | $CC -E $CPPFLAGS $LIBELF_CFLAGS \
        $ZLIB_CFLAGS $XXHASH_CFLAGS - 2>/dev/null |
        sed -n "s|^@%:@ *@<:@0-9@:>@* \"\(/@<:@^\"@:>@*/$vf_h\)\".*|\1|p" |
        head -n 1`
      AS_IF([test -n "$vf_p"], [ln -s "$vf_p" "musl-include/$vf_h"],
        [vf_musl_why="$vf_h not found"])
    done
    dnl the static archives, by full path: a -L to the system's library
    dnl folder would also offer glibc's libc.a to musl's link
    MUSL_LIBS=
    for vf_a in libelf.a libz.a; do
      vf_p=`$CC -print-file-name=$vf_a`
      AS_IF([test "x$vf_p" != "x$vf_a" && test -f "$vf_p"],
        [MUSL_LIBS="$MUSL_LIBS $vf_p"],
        [vf_musl_why="no $vf_a"])
    done])
  AS_IF([test -z "$vf_musl_why"], [
    MUSL_LDFLAGS="-specs=$vf_musl_specs"
    MUSL_CFLAGS="$MUSL_LDFLAGS -isystem \$(top_builddir)/musl-include -DVF_XXHASH_INLINE"
    AC_MSG_CHECKING([whether visafin links statically against musl])
    vf_save_CFLAGS=$CFLAGS
    vf_save_LDFLAGS=$LDFLAGS
    vf_save_LIBS=$LIBS
    CFLAGS="$CFLAGS -specs=$vf_musl_specs -isystem musl-include"
    LDFLAGS="$LDFLAGS -static"
    LIBS="$MUSL_LIBS -pthread"
    dnl (a compiler that ignores -specs, as clang does, gets glibc's
    dnl headers: refused by the __GLIBC__ test)
    AC_LINK_IFELSE([AC_LANG_PROGRAM([[#include <stdlib.h>
#ifdef __GLIBC__
#error "glibc's headers: the specs file was not applied"
#endif
#define XXH_INLINE_ALL
#include <gelf.h>
#include <libelf.h>
#include <zlib.h>
#include <xxhash.h>
#include <pthread.h>]], [[return elf_version(EV_CURRENT) == EV_NONE &&
  zlibVersion() != 0 && XXH3_64bits("", 0) != 0 && pthread_self() != 0;]])],
      [vf_musl=yes], [vf_musl_why="test link failed"])
    CFLAGS=$vf_save_CFLAGS
    LDFLAGS=$vf_save_LDFLAGS
    LIBS=$vf_save_LIBS
    AC_MSG_RESULT([$vf_musl])])
  AS_IF([test "x$vf_musl" != xyes], [
    MUSL_CFLAGS=
    MUSL_LDFLAGS=
    MUSL_LIBS=
    rm -rf musl-include
    AS_IF([test "x$with_musl" != xcheck && test "x$with_musl" != xno],
      [AC_MSG_ERROR([cannot build visafin against musl: $vf_musl_why])])])
  AC_MSG_CHECKING([which C library the visafin command uses])
  AS_IF([test "x$vf_musl" = xyes], [AC_MSG_RESULT([musl, static])],
    [AC_MSG_RESULT([the system's ($vf_musl_why)])])
  AC_SUBST([MUSL_CFLAGS])
  AC_SUBST([MUSL_LDFLAGS])
  AC_SUBST([MUSL_LIBS])
  AM_CONDITIONAL([VF_MUSL], [test "x$vf_musl" = xyes])
])
