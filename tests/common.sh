# common.sh - sourced by the test scripts that need tools outside the
# build (tests/fin/run.sh, tests/difftest/run.sh, tests/fuzz/run.sh,
# tests/prop/run.sh, and tests/corpus/common.sh, which adds the corpus):
# a script whose tools are missing is skipped (exit 77, automake's SKIP),
# except under CI=true, where a missing oracle or tool is a failure
# (docs/tests.md).

# skip WHY: print WHY, then skip (77), or fail under CI=true
skip() {
	echo "$*"
	if [ "${CI:-}" = true ]; then exit 1; fi
	exit 77
}

# need_tools HINT TOOL...: skip unless every TOOL is on the PATH; HINT
# says where they come from or what is skipped ("" for nothing)
need_tools() {
	hint=$1
	shift
	for tool in "$@"; do
		command -v "$tool" >/dev/null 2>&1 ||
			skip "$tool not found${hint:+ ($hint)}"
	done
}
