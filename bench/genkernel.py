#!/usr/bin/env python3
"""genkernel.py - write a large SIMD16 SKL kernel in IGC's .visaasm dialect
for the throughput benchmark (docs/bench.md).

    genkernel.py KIND N [WINDOW] > k.visaasm

KIND straight: one basic block of about N instructions;
KIND loop:     the same work cut into loops of 64 instructions, each
               ending in a counter add, a compare and a backward goto.
Every value instruction defines a fresh variable (as IGC's output does)
from values written at most WINDOW (default 24) instructions before, so
about WINDOW values of 2 GRFs each are live at any point: realistic
register pressure without spills.  The kernel's preamble (predefined
variables, inputs, the r0/cr0 set-up, the gather/scatter of the result)
is shaped like the corpus kernel p_elementwise.saxpy.simd16.
"""
import random
import sys


def main():
    if len(sys.argv) not in (3, 4) or sys.argv[1] not in ("straight", "loop"):
        sys.exit("usage: genkernel.py straight|loop N [WINDOW]")
    kind, n = sys.argv[1], int(sys.argv[2])
    window = int(sys.argv[3]) if len(sys.argv) == 4 else 24
    rnd = random.Random(12)
    out = []
    w = out.append
    w('.version 4.1\n.kernel "gen_%s_%d"\n\n' % (kind, n))
    base = 40             # first generated value variable
    body = []             # instruction lines (without the /// $ tag)
    decls = []
    pred_n = [1]

    def new_var(t="f"):
        v = base + len(decls)
        decls.append(".decl V%04d v_type=G type=%s num_elts=16 align=hword" % (v, t))
        return "V%04d" % v

    def new_pred():
        # A rotating pool of 14 flags (vISA allows 4095 predicate
        # variables; IGC reuses them too).
        pred_n[0] += 1
        name = "P%d" % (2 + pred_n[0] % 14)
        return name

    vals = []   # recent float values (names)
    ops3 = ["mad"]
    ops2 = ["add", "mul", "max", "min", "add", "mul"]

    def src(x):
        return "%s(0,0)<1;1,0>" % x

    def value_inst():
        a = vals[-1 - rnd.randrange(min(window, len(vals)))]
        b = vals[-1 - rnd.randrange(min(window, len(vals)))]
        d = new_var()
        r = rnd.random()
        if r < 0.3:
            c = vals[-1 - rnd.randrange(min(window, len(vals)))]
            body.append("mad (M1, 16) %s(0,0)<1> %s %s %s" % (d, src(a), src(b), src(c)))
        elif r < 0.9:
            op = ops2[rnd.randrange(len(ops2))]
            body.append("%s (M1, 16) %s(0,0)<1> %s %s" % (op, d, src(a), src(b)))
        else:
            p = new_pred()
            body.append("cmp.lt (M1, 16) %s %s %s" % (p, src(a), src(b)))
            body.append("(%s) sel (M1, 16) %s(0,0)<1> %s %s" % (p, d, src(a), src(b)))
        vals.append(d)

    # Preamble: global id -> byte offset, load one float per lane.
    gid = new_var("d"); off = new_var("d"); offu = "V%04d" % (base + len(decls))
    decls.append(".decl %s v_type=G type=ud num_elts=16 align=hword alias=<%s, 0>" % (offu, off))
    x = new_var()
    body.append("mul (M1_NM, 1) V0035(0,0)<1> V0034(0,0)<0;1,0> V0033(0,1)<0;1,0>")
    body.append("mov (M1, 16) %s(0,0)<1> V0036(0,0)<1;1,0>" % gid)
    body.append("add (M1, 16) %s(0,0)<1> V0035(0,0)<0;1,0> %s" % (gid, src(gid)))
    body.append("shl (M1, 16) %s(0,0)<1> %s 0x2:d" % (off, src(gid)))
    body.append("movs (M1_NM, 1) T6(0) 0x0:ud")
    body.append("gather4_scaled.R (M1, 16) T6 0x0:ud %s.0 %s.0" % (offu, x))
    vals.append(x)
    for k in range(min(window, 8)):
        d = new_var()
        body.append("add (M1, 16) %s(0,0)<1> %s 0x%x:f" % (d, src(x), 0x3f800000 + k * 0x100000))
        vals.append(d)

    labels = 0
    lines = []   # (label or None, instruction)
    pending_label = None
    target = max(n - len(body) - 3, 1)
    done = 0
    if kind == "straight":
        while done < target:
            before = len(body)
            value_inst()
            done += len(body) - before
    else:
        cnt = "V%04d" % (base + len(decls))
        decls.append(".decl %s v_type=G type=d num_elts=1 align=dword" % cnt)
        while done < target:
            labels += 1
            lab = "_0_%03d" % labels
            body.append("mov (M1_NM, 1) %s(0,0)<1> 0x0:d" % cnt)
            body.append(("LABEL", lab))
            start = len(body)
            while len(body) - start < 60 and done + (len(body) - start) < target:
                value_inst()
            body.append("add (M1_NM, 1) %s(0,0)<1> %s(0,0)<0;1,0> 0x1:w" % (cnt, cnt))
            p = new_pred()
            body.append("cmp.lt (M1, 16) %s %s(0,0)<0;1,0> 0x4:d" % (p, cnt))
            body.append("(%s) goto (M1, 16) %s" % (p, lab))
            done += len(body) - start
    last = vals[-1]
    body.append("movs (M1_NM, 1) T6(0) 0x1:ud")
    body.append("scatter4_scaled.R (M1, 16) T6 0x0:ud %s.0 %s.0" % (offu, last))
    body.append("ret (M1, 1)")

    w("/// VISA Predefined Variables\n")
    w(".decl V0032 v_type=G type=d num_elts=8 align=hword\n")
    w(".decl V0033 v_type=G type=d num_elts=8 align=hword alias=<%r0, 0>\n")
    w(".decl V0034 v_type=G type=d num_elts=3 align=dword\n")
    w(".decl V0035 v_type=G type=d num_elts=1 align=dword\n")
    w(".decl V0036 v_type=G type=w num_elts=16 align=hword\n")
    w(".decl V0037 v_type=G type=uq num_elts=1 align=qword\n")
    w(".decl V0038 v_type=G type=uq num_elts=1 align=qword\n")
    w(".decl V0039 v_type=G type=d num_elts=1 align=dword\n")
    for d in decls:
        w(d + "\n")
    for k in range(1, 16):
        w(".decl P%d v_type=P num_elts=16\n" % k)
    w(".decl S0 v_type=S num_elts=1 v_name=S000\n")
    w(".decl T6 v_type=T num_elts=1 v_name=T006\n")
    w(".input V0036 offset=32 size=32\n")
    w(".input V0037 offset=64 size=8\n")
    w(".input V0038 offset=72 size=8\n")
    w(".input V0039 offset=80 size=4\n")
    w(".input V0034 offset=96 size=12\n")
    w('.kernel_attr Target="3d"\n.kernel_attr SimdSize=16\n.function "_main_0"\n\n_main_0:\n')
    w("    or (M1_NM, 1) %cr0(0,0)<1> %cr0(0,0)<0;1,0> 0x4c0:ud\n")
    tag = 2
    for b in body:
        if isinstance(b, tuple):
            w("\n%s:\n" % b[1])
        else:
            w("    %-76s /// $%d\n" % (b, tag))
        tag += 1
    sys.stdout.write("".join(out))


if __name__ == "__main__":
    main()
