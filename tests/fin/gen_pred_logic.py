#!/usr/bin/env python3
"""Writes tests/fin/pred_logic.visaasm: logic on predicates (and, or, xor,
not, setp) naming part of the destination predicate's elements in its
flag word ((M1, 8), (M2, 4), (M3, 8) on 16 elements; (M5, 8), (M7, 4),
(M2, 4) on 32) and whole words, at SIMD32, with gensim expectations
computed here from the spec's definitions (shared/spec/visa/instructions
AND, OR, XOR, NOT, SETP; 5_operands.md "Predicate Operands": elements
from the mask control's offset), never from visafin's output.
usage: gen_pred_logic.py > tests/fin/pred_logic.visaasm"""
A32,B32=0xF0F03C3C,0x5A5AA5A5
A16,B16=0x3C3C,0xA5A5
I16,I32=0x1234,0x12345678
S=0x1C3

# 'old' with elements lo..lo+n-1 taken from 'new' (bit i = element i)
def put(old,new,lo,n):
    m=((1<<n)-1)<<lo
    return (old&~m)|(new&m)
# (elements of Dk, instruction, expected word, comment)
rows=[
 (16,"and (M1, 8) D0 A16 B16",put(I16,A16&B16,0,8),"and, elements 0..7 of 16"),
 (16,"or (M3, 8) D1 A16 B16",put(I16,A16|B16,8,8),"or, elements 8..15 of 16"),
 (32,"xor (M5, 8) D2 A32 B32",put(I32,A32^B32,16,8),"xor, elements 16..23 of 32"),
 (32,"not (M5, 8) D3 A32",put(I32,~A32,16,8),"not, elements 16..23 of 32"),
 (32,"and (M1, 32) D4 A32 B32",A32&B32,"and, the whole 32-bit word"),
 (32,"xor (M5, 16) D5 A32 B32",put(I32,A32^B32,16,16),"xor, the whole high word of 32"),
 (16,"not (M1, 8) D6 A16",put(I16,~A16,0,8),"not, elements 0..7 of 16"),
 (32,"or (M7, 4) D7 A32 B32",put(I32,A32|B32,24,4),"or, elements 24..27 of 32"),
 (16,"setp (M3, 8) D8 0x5a:ud",put(I16,0x5A<<8,8,8),"setp 0x5a to elements 8..15"),
 (16,"setp (M3, 8) D9 S(0,0)<0;1,0>",put(I16,S<<8,8,8),"setp S to elements 8..15"),
 (16,"and (M2, 4) D10 A16 B16",put(I16,A16&B16,4,4),"and, elements 4..7 of 16"),
 (16,"or (M1, 16) D11 A16 B16",A16|B16,"or, the whole 16-bit word"),
 (32,"setp (M7, 4) D12 S(0,0)<0;1,0>",put(I32,S<<24,24,4),"setp S to elements 24..27 of 32"),
 (32,"xor (M2, 4) D13 A32 B32",put(I32,A32^B32,4,4),"xor, elements 4..7 of 32"),
]
exp=[]
for n,_,v,_ in rows:
    exp+=[(v>>i)&1 for i in range(n)]+[0]*(32-n)
L=[]
L.append("""// Guards: logic on predicates (build_alu.c flag_logic, flag_logic_part):
// and/or/xor/not and setp naming only part of the destination
// predicate's elements in its flag word ((M1, 8), (M2, 4) on 16
// elements, (M3, 8) = elements 8..15, (M5, 8) = 16..23 of 32, (M7, 4) =
// 24..27) change only those elements; whole-word cases ((M1, 32) and
// (M5, 16) on 32 elements, (M1, 16) on 16) as before.  Sources: A32 =
// 0xF0F03C3C, B32 = 0x5A5AA5A5, A16 = 0x3C3C, B16 = 0xA5A5, S = 0x1C3
// (bit i = element i; setp gives element offset + i bit i of S);
// destinations start as 0x1234 (16 elements) / 0x12345678 (32).  Output
// row k (32 dwords): element i of Dk as 1/0, zeros past a 16-element
// predicate.  Expected words (by hand: the old value outside the named
// elements, the operation inside) in the comments below; written by
// tests/fin/gen_pred_logic.py.
//! --simd 32
//! --buffer out=%d --arg 224:uq=&out""" % (128*len(rows)))
L.append("//! --expect out=d:"+",".join(map(str,exp)))
L.append('''.version 4.1
.kernel "pred_logic"
.decl PO v_type=G type=uq num_elts=1 align=qword
.decl PA v_type=G type=uq num_elts=1 align=qword
.decl R v_type=G type=d num_elts=32 align=hword
.decl S v_type=G type=ud num_elts=1 align=dword
.decl A32 v_type=P num_elts=32
.decl B32 v_type=P num_elts=32
.decl A16 v_type=P num_elts=16
.decl B16 v_type=P num_elts=16''')
for k,(n,_,_,_) in enumerate(rows):
    L.append(".decl D%d v_type=P num_elts=%d" % (k,n))
L.append('''.input PO offset=224 size=8
.kernel_attr Target="3d"
.kernel_attr SimdSize=32
.function "_main_0"

_main_0:
    setp (M1, 32) A32 0xf0f03c3c:ud
    setp (M1, 32) B32 0x5a5aa5a5:ud
    setp (M1, 16) A16 0x3c3c:ud
    setp (M1, 16) B16 0xa5a5:ud
    mov (M1_NM, 1) S(0,0)<1> 0x1c3:ud''')
for k,(n,ins,v,c) in enumerate(rows):
    L.append("    // %d: %s: 0x%x" % (k,c,v & ((1<<n)-1)))
    L.append("    setp (M1, %d) D%d 0x%x:ud" % (n,k,I16 if n==16 else I32))
    L.append("    "+ins)
    L.append("    mov (M1, 32) R(0,0)<1> 0x0:d")
    L.append("    (D%d) sel (M1, %d) R(0,0)<1> 0x1:d 0x0:d" % (k,n))
    L.append("    add (M1_NM, 1) PA(0,0)<1> PO(0,0)<0;1,0> 0x%x:uq" % (128*k))
    L.append("    svm_block_st (8) PA(0,0)<0;1,0> R.0")
L.append("    ret (M1, 1)")
print("\n".join(L))
