# big-kernel.awk - writes a large vISA kernel for the cache benchmark
# (bench/cache): examples/saxpy.simd8.visaasm with N extra ALU
# instructions between its loads and its store, each writing a fresh
# variable from the last one and the one eight back, so that every value
# is used and a few stay live at once.
#   awk -v N=50000 -f bench/big-kernel.awk examples/saxpy.simd8.visaasm
BEGIN { if (N == "") N = 50000 }
/^\.decl P1 / {
	for (i = 0; i < N; i++)
		printf ".decl X%d v_type=G type=f num_elts=8 align=hword\n", i
}
/^    scatter4_scaled/ {
	split("add mul add mad", ops, " ")
	for (i = 0; i < N; i++) {
		prev = i ? "X" (i - 1) : "V0054"
		back = i >= 8 ? "X" (i - 8) : "V0052"
		op = ops[i % 4 + 1]
		if (op == "mad")
			printf "    mad (M1, 8) X%d(0,0)<1> %s(0,0)<1;1,0> V0034(0,0)<0;1,0> %s(0,0)<1;1,0>\n", i, prev, back
		else
			printf "    %s (M1, 8) X%d(0,0)<1> %s(0,0)<1;1,0> %s(0,0)<1;1,0>\n", op, i, prev, back
	}
	printf "    mov (M1, 8) V0054(0,0)<1> X%d(0,0)<1;1,0>\n", N - 1
}
{ print }
