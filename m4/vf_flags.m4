# VF_WARN_CFLAGS: the project's warning flags (always errors).
AC_DEFUN([VF_WARN_CFLAGS], [
  WARN_CFLAGS="-std=c11 -D_POSIX_C_SOURCE=200809L -Wall -Wextra -Werror -Wshadow -Wstrict-prototypes -Wmissing-prototypes -Wno-unused-parameter"
  AC_SUBST([WARN_CFLAGS])
])

# VF_SANITIZERS: --enable-asan and --enable-ubsan add the sanitizers to
# every compile and link.
AC_DEFUN([VF_SANITIZERS], [
  AC_ARG_ENABLE([asan],
    [AS_HELP_STRING([--enable-asan], [build with AddressSanitizer])],
    [], [enable_asan=no])
  AC_ARG_ENABLE([ubsan],
    [AS_HELP_STRING([--enable-ubsan], [build with UndefinedBehaviorSanitizer])],
    [], [enable_ubsan=no])
  SAN_CFLAGS=""
  AS_IF([test "x$enable_asan" = xyes],
    [SAN_CFLAGS="$SAN_CFLAGS -fsanitize=address -fno-omit-frame-pointer"])
  AS_IF([test "x$enable_ubsan" = xyes],
    [SAN_CFLAGS="$SAN_CFLAGS -fsanitize=undefined -fno-sanitize-recover=undefined"])
  AC_SUBST([SAN_CFLAGS])
])
