# Generates tests/fin/spill_loop.visaasm (python3 tests/fin/gen_spill_loop.py > tests/fin/spill_loop.visaasm).
# Integer kernel: 'live' SIMD16 dword values kept live around a loop that
# runs ITER times; expected output computed here lane by lane.
import sys
live=96; body=300; iters=3
M=0xffffffff
L=[]
inp=[(i*2654435761)&M for i in range(16)]
A=[[(inp[l]+i*977)&M for l in range(16)] for i in range(live)]
ops=[]
for j in range(body):
    a=j%live; b=(j*7+3)%live
    ops.append(('add' if j%2 else 'xor',a,b))
for it in range(iters):
    for op,a,b in ops:
        A[a]=[((x+y)&M) if op=='add' else (x^y) for x,y in zip(A[a],A[b])]
acc=A[0]
for i in range(1,live): acc=[(x+y)&M for x,y in zip(acc,A[i])]
hdr=f'''// Guards: register allocation under pressure around a loop: {live} SIMD16
// dword values live across a loop body of {body} instructions (192 GRFs of
// values for 128 registers) spill to scratch at SpillMemOffset, slots are
// shared by interval, and the result is right.  Expected values: the same
// arithmetic done lane by lane in Python (tests/fin/gen_spill_loop.py).
//! --simd 16 --scratch 8192
//! --buffer in=ud:{",".join("0x%X"%v for v in inp)}
//! --buffer out=64 --arg 64:uq=&in --arg 72:uq=&out --arg 80:d={iters}
//! --expect out=ud:{",".join("0x%X"%v for v in acc)}'''
L.append(hdr)
L.append('.version 4.1\n.kernel "spill_loop"')
L.append('.decl X v_type=G type=ud num_elts=16 align=hword')
L.append('.decl IN v_type=G type=uq num_elts=1 align=qword')
L.append('.decl OUT v_type=G type=uq num_elts=1 align=qword')
L.append('.decl CNT v_type=G type=d num_elts=1 align=dword')
L.append('.decl ITER v_type=G type=d num_elts=1 align=dword')
for i in range(live): L.append(f'.decl A{i} v_type=G type=ud num_elts=16 align=hword')
L.append('.decl P1 v_type=P num_elts=1')
L.append('.input IN offset=64 size=8\n.input OUT offset=72 size=8\n.input ITER offset=80 size=4')
L.append('.kernel_attr SimdSize=16\n.kernel_attr SpillMemOffset=1024\n.function "_main_0"\n_main_0:')
L.append('    svm_block_ld (4) IN(0,0)<0;1,0> X.0')
for i in range(live): L.append(f'    add (M1, 16) A{i}(0,0)<1> X(0,0)<1;1,0> 0x{i*977:x}:ud')
L.append('    mov (M1_NM, 1) CNT(0,0)<1> 0x0:d')
L.append('LOOP:')
for op,a,b in ops: L.append(f'    {op} (M1, 16) A{a}(0,0)<1> A{a}(0,0)<1;1,0> A{b}(0,0)<1;1,0>')
L.append('    add (M1_NM, 1) CNT(0,0)<1> CNT(0,0)<0;1,0> 0x1:d')
L.append('    cmp.lt (M1_NM, 1) P1 CNT(0,0)<0;1,0> ITER(0,0)<0;1,0>')
L.append('    (P1) jmp (M1_NM, 1) LOOP')
for i in range(1,live): L.append(f'    add (M1, 16) A0(0,0)<1> A0(0,0)<1;1,0> A{i}(0,0)<1;1,0>')
L.append('    svm_block_st (4) OUT(0,0)<0;1,0> A0.0')
L.append('    ret (M1, 1)')
print('\n'.join(L))
