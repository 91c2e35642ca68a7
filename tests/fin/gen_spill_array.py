# Generates tests/fin/spill_array.visaasm (python3 tests/fin/gen_spill_array.py > tests/fin/spill_array.visaasm).
# Generates tests/fin/spill_array.visaasm: two private arrays indexed
# through address registers (per-lane reads, uniform row writes) plus 32
# GRFs of other live values around a loop - more than the GRF holds - so
# an array spills whole to scratch.  Expected values: the same arithmetic
# lane by lane in Python.
M = 0xFFFFFFFF
N = 32          # elements per array: two arrays need all 128 GRFs
ITERS = 4
inp = [(l * 2654435761 + 12345) & M for l in range(16)]
A = [[(x + k) & M for x in inp] for k in range(N)]
B = [[(x * 3 + k) & M for x in inp] for k in range(N)]
C = [[(x ^ (0x1000 * (c + 1))) & M for x in inp] for c in range(16)]
for it in range(ITERS):
    u = (it * 7 + 3) % N          # uniform row written this iteration
    new = []
    for l in range(16):
        i = (inp[l] + it * 5) % N     # per-lane row read from A and B
        j = (inp[l] + it * 11) % N
        new.append((A[i][l] + B[j][l] + C[it % 16][l]) & M)
    A[u] = new
    C[it % 16] = [(c + 1) & M for c in C[it % 16]]
out = []
for l in range(16):
    s = 0
    for k in range(N):
        s = (s + A[k][l] * (k + 1) + B[k][l]) & M
    for c in range(16):
        s = (s + C[c][l]) & M
    out.append(s)
L = []
L.append('// Guards: address-taken arrays under register pressure: two private')
L.append('// arrays of 64 GRFs each, read per lane (VxH) and written by rows')
L.append('// through address registers over four unrolled iterations, and 32')
L.append('// GRFs of other values: an array spills whole to scratch and its indirect accesses')
L.append('// go through a filled copy (regalloc/spill.c "spilled arrays").')
L.append('// Expected values: tests/fin/gen_spill_array.py, lane by lane.')
L.append('//! --simd 16 --scratch 16384')
L.append('//! --buffer in=ud:' + ','.join('0x%X' % v for v in inp))
L.append('//! --buffer out=64 --arg 64:uq=&in --arg 72:uq=&out')
L.append('//! --expect out=ud:' + ','.join('0x%X' % v for v in out))
L.append('.version 4.1\n.kernel "spill_array"')
L.append('.decl IN v_type=G type=uq num_elts=1 align=qword')
L.append('.decl OUT v_type=G type=uq num_elts=1 align=qword')
L.append('.decl X v_type=G type=ud num_elts=16 align=hword')
L.append('.decl VA v_type=G type=ud num_elts=%d align=hword' % (16 * N))
L.append('.decl VB v_type=G type=ud num_elts=%d align=hword' % (16 * N))
for c in range(16):
    L.append('.decl C%d v_type=G type=ud num_elts=16 align=hword' % c)
L.append('.decl I v_type=G type=ud num_elts=16 align=hword')
L.append('.decl J v_type=G type=ud num_elts=16 align=hword')
L.append('.decl OI v_type=G type=uw num_elts=16 align=hword')
L.append('.decl OJ v_type=G type=uw num_elts=16 align=hword')
L.append('.decl LANE v_type=G type=uw num_elts=16 align=hword')
L.append('.decl T v_type=G type=ud num_elts=16 align=hword')
L.append('.decl S v_type=G type=ud num_elts=16 align=hword')
L.append('.decl U v_type=G type=uw num_elts=1 align=word')
for it in range(ITERS):
    L.append('.decl A0_%d v_type=A num_elts=16' % it)
    L.append('.decl A1_%d v_type=A num_elts=16' % it)
    L.append('.decl A2_%d v_type=A num_elts=1' % it)
L.append('.input IN offset=64 size=8\n.input OUT offset=72 size=8')
L.append('.kernel_attr SimdSize=16\n.function "_main_0"\n_main_0:')
L.append('    svm_block_ld (4) IN(0,0)<0;1,0> X.0')
L.append('    mov (M1, 16) LANE(0,0)<1> 0x76543210:uv')
L.append('    add (M1, 8) LANE(0,8)<1> LANE(0,0)<1;1,0> 0x8:uw')
L.append('    shl (M1, 16) LANE(0,0)<1> LANE(0,0)<1;1,0> 0x2:uw')
for k in range(N):
    L.append('    add (M1, 16) VA(%d,0)<1> X(0,0)<1;1,0> 0x%x:ud' % (2 * k, k))
    L.append('    mad (M1, 16) VB(%d,0)<1> X(0,0)<1;1,0> 0x3:ud 0x%x:ud' % (2 * k, k))
for c in range(16):
    L.append('    xor (M1, 16) C%d(0,0)<1> X(0,0)<1;1,0> 0x%x:ud' % (c, 0x1000 * (c + 1)))
# loop fully unrolled over ITERS: the pressure stays, the code is exact
for it in range(ITERS):
    u = (it * 7 + 3) % N
    L.append('    add (M1, 16) I(0,0)<1> X(0,0)<1;1,0> 0x%x:ud' % (it * 5))
    L.append('    mod (M1, 16) I(0,0)<1> I(0,0)<1;1,0> 0x%x:ud' % N)
    L.append('    add (M1, 16) J(0,0)<1> X(0,0)<1;1,0> 0x%x:ud' % (it * 11))
    L.append('    mod (M1, 16) J(0,0)<1> J(0,0)<1;1,0> 0x%x:ud' % N)
    # byte offset of lane l of row i: i * 64 + l * 4
    L.append('    mad (M1, 16) OI(0,0)<1> I(0,0)<1;1,0> 0x40:uw LANE(0,0)<1;1,0>')
    L.append('    mad (M1, 16) OJ(0,0)<1> J(0,0)<1;1,0> 0x40:uw LANE(0,0)<1;1,0>')
    L.append('    addr_add (M1, 16) A0_%d(0)<1> &VA OI(0,0)<1;1,0>' % it)
    L.append('    mov (M1, 16) T(0,0)<1> r[A0_%d(0),0]<1,0>:ud' % it)
    L.append('    addr_add (M1, 16) A1_%d(0)<1> &VB OJ(0,0)<1;1,0>' % it)
    L.append('    add (M1, 16) T(0,0)<1> T(0,0)<1;1,0> r[A1_%d(0),0]<1,0>:ud' % it)
    L.append('    add (M1, 16) T(0,0)<1> T(0,0)<1;1,0> C%d(0,0)<1;1,0>' % (it % 16))
    L.append('    mov (M1_NM, 1) U(0,0)<1> 0x%x:uw' % (u * 64))
    L.append('    addr_add (M1_NM, 1) A2_%d(0)<1> &VA U(0,0)<0;1,0>' % it)
    L.append('    mov (M1, 16) r[A2_%d(0),0]<1>:ud T(0,0)<1;1,0>' % it)
    L.append('    add (M1, 16) C%d(0,0)<1> C%d(0,0)<1;1,0> 0x1:ud' % (it % 16, it % 16))
L.append('    mov (M1, 16) S(0,0)<1> 0x0:ud')
for k in range(N):
    L.append('    mad (M1, 16) S(0,0)<1> VA(%d,0)<1;1,0> 0x%x:ud S(0,0)<1;1,0>' % (2 * k, k + 1))
    L.append('    add (M1, 16) S(0,0)<1> S(0,0)<1;1,0> VB(%d,0)<1;1,0>' % (2 * k))
for c in range(16):
    L.append('    add (M1, 16) S(0,0)<1> S(0,0)<1;1,0> C%d(0,0)<1;1,0>' % c)
L.append('    svm_block_st (4) OUT(0,0)<0;1,0> S.0')
L.append('    ret (M1, 1)')
print('\n'.join(L))
