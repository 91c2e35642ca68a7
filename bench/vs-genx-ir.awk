# vs-genx-ir.awk - the report of bench/vs-genx-ir: one row per entry,
# then totals and ratios.  Input: tab-separated rows
#   name vf_ok vf_ms vf_inproc_ms vf_kb vf_insts vf_spill
#   gx_ok gx_rc gx_ms gx_kb gx_insts gx_spill igc_insts gx_timestats_ms
# ('-' where a value is missing).  Exit status 1 if visafin failed on an
# entry (missing outputs), else 0.
function mb(kb) { return kb == "-" ? "-" : sprintf("%.1f", kb / 1024) }
function ratio(a, b) { return b > 0 ? sprintf("%.2f", a / b) : "-" }
BEGIN {
	fmt = "%-36s %7s %7s %8s %7s %6s %5s %5s %6s %6s %6s %6s %6s\n"
	printf fmt, "entry", "vf ms", "vf-in", "gx ms", "gx-in", "gx/vf",
	       "vf MB", "gx MB", "vf ins", "gx ins", "igc", "vf spl", "gx spl"
}
{
	n++
	both = $2 == 1 && $8 == 1
	gxcol = $8 == 1 ? $10 : sprintf("fail%d", $9)
	printf fmt, $1, $3, $4, gxcol, $15, both ? ratio($10, $3) : "-", mb($5),
	       $8 == 1 ? mb($11) : "-", $6, $12, $14, $7, $13
	if ($8 == 1) gxok++
	if ($2 != 1) { vffail++; vflist = vflist " " $1; next }
	vfok++
	avf_ms += $3; avf_in += $4; aigc_vf += $14; avf_ins += $6
	if ($8 != 1) { gxfail++; gxlist = gxlist " " $1 "(rc " $9 ")"; next }
	m++
	vf_ms += $3; vf_in += $4; gx_ms += $10; gx_in += $15
	vf_kb += $5; gx_kb += $11
	if ($5 > vf_kbmax) vf_kbmax = $5
	if ($11 > gx_kbmax) gx_kbmax = $11
	vf_ins += $6; gx_ins += $12; igc_ins += $14
	if ($7 > 0 && $13 == 0) { spillonly++; spilllist = spilllist " " $1 }
	if ($7 > 0) vfsp++
	if ($13 > 0) gxsp++
}
END {
	print ""
	printf "entries: %d; visafin wrote its outputs for %d", n, vfok
	if (vffail) printf " (FAILED:%s)", vflist
	printf "; GenX_IR for %d", gxok
	if (gxfail) printf " (failed where visafin did not:%s)", gxlist
	printf "\n"
	printf "all %d visafin entries: %.1f ms whole process, %.1f ms in-process, %d instructions (IGC %d, ratio %s)\n",
	       vfok, avf_ms, avf_in, avf_ins, aigc_vf, ratio(avf_ins, aigc_vf)
	printf "totals over the %d entries both finalized:\n", m
	printf "  time, whole process:  visafin %9.1f ms   GenX_IR %9.1f ms   GenX_IR/visafin %sx\n",
	       vf_ms, gx_ms, ratio(gx_ms, vf_ms)
	printf "  time, in-process:     visafin %9.1f ms   GenX_IR %9.1f ms   GenX_IR/visafin %sx\n",
	       vf_in, gx_in, ratio(gx_in, vf_in)
	printf "  GenX_IR whole process / visafin in-process: %sx\n", ratio(gx_ms, vf_in)
	if (m > 0)
		printf "  peak memory:          visafin mean %.1f MB, max %.1f MB   GenX_IR mean %.1f MB, max %.1f MB\n",
		       vf_kb / m / 1024, vf_kbmax / 1024, gx_kb / m / 1024, gx_kbmax / 1024
	printf "  instructions:         visafin %d   GenX_IR %d   IGC %d   visafin/GenX_IR %s   visafin/IGC %s\n",
	       vf_ins, gx_ins, igc_ins, ratio(vf_ins, gx_ins), ratio(vf_ins, igc_ins)
	printf "  spills:               visafin in %d entries, GenX_IR in %d; visafin only:%s\n",
	       vfsp, gxsp, spillonly ? spilllist : " none"
	exit vffail ? 1 : 0
}
