# Generates tests/fin/sched_straight.visaasm:
#   python3 tests/fin/gen_sched_straight.py > tests/fin/sched_straight.visaasm
# Straight-line float kernel whose vISA order defines every value first and
# uses it late: 'live' SIMD16 floats (2 GRFs each) A_i = x + i are all
# defined, then each is scaled (A_i *= 3), then all are summed.  In that
# order 'live' values are live at once (192 GRFs for live=96, more than the
# 128 there are); ordered by the pre-RA scheduler (finalizer/schedule.c)
# each value is defined, scaled and summed in turn and nothing spills.
# 'groups' repeats the pattern (one sum per group, all stored), for the
# compile-time bench: python3 gen_sched_straight.py LIVE GROUPS.
# Expected values: the same float arithmetic done here; every value is a
# small integer, exact in single precision.
import struct
import sys

live = int(sys.argv[1]) if len(sys.argv) > 1 else 96
groups = int(sys.argv[2]) if len(sys.argv) > 2 else 1
lanes = 16


def fbits(x):
    return struct.unpack('<I', struct.pack('<f', float(x)))[0]


inp = [float(l) for l in range(lanes)]
sums = []
for g in range(groups):
    s = [0.0] * lanes
    for i in range(live):
        c = (i + g) % 251
        s = [a + (x + c) * 3.0 for a, x in zip(s, inp)]
    sums.append(s)
out = [fbits(v) for s in sums for v in s]
L = []
L.append(f'''// Guards: the pre-RA scheduler (finalizer/schedule.c, docs/finalizer.md
// "Scheduling") reorders a straight-line kernel that defines {live} SIMD16
// floats before using any of them so that it needs no spill, and the
// result is right.  Expected values: the same float arithmetic done in
// Python (tests/fin/gen_sched_straight.py); "//@ no-spill" makes run.sh
// check that the binary has no scratch message.
//@ no-spill
//! --simd 16
//! --buffer in=f:{",".join(repr(v) for v in inp)}
//! --buffer out={4 * lanes * groups} --arg 64:uq=&in --arg 72:uq=&out
//! --expect out=ud:{",".join("0x%08X" % v for v in out)}''')
L.append('.version 4.1\n.kernel "sched_straight"')
L.append('.decl X v_type=G type=f num_elts=16 align=hword')
L.append('.decl S v_type=G type=f num_elts=16 align=hword')
L.append('.decl IN v_type=G type=uq num_elts=1 align=qword')
L.append('.decl OUT v_type=G type=uq num_elts=1 align=qword')
# each group has its own variables (a variable reused by every group
# would be live over all of them: the allocator's intervals are hulls)
def var(i, g):
    return f'A{i}' if g == 0 else f'A{i}_{g}'


for g in range(groups):
    for i in range(live):
        L.append(f'.decl {var(i, g)} v_type=G type=f num_elts=16 align=hword')
L.append('.input IN offset=64 size=8\n.input OUT offset=72 size=8')
L.append('.kernel_attr SimdSize=16\n.function "_main_0"\n_main_0:')
L.append('    svm_block_ld (4) IN(0,0)<0;1,0> X.0')
for g in range(groups):
    for i in range(live):
        c = (i + g) % 251
        L.append(f'    add (M1, 16) {var(i, g)}(0,0)<1> X(0,0)<1;1,0> 0x{fbits(c):x}:f')
    for i in range(live):
        a = var(i, g)
        L.append(f'    mul (M1, 16) {a}(0,0)<1> {a}(0,0)<1;1,0> 0x{fbits(3):x}:f')
    L.append(f'    mov (M1, 16) S(0,0)<1> {var(0, g)}(0,0)<1;1,0>')
    for i in range(1, live):
        L.append(f'    add (M1, 16) S(0,0)<1> S(0,0)<1;1,0> {var(i, g)}(0,0)<1;1,0>')
    if g:
        L.append(f'    add (M1_NM, 1) OUT(0,0)<1> OUT(0,0)<0;1,0> 0x40:uq')
    L.append('    svm_block_st (4) OUT(0,0)<0;1,0> S.0')
L.append('    ret (M1, 1)')
print('\n'.join(L))
