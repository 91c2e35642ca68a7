// 64-bit integer arithmetic and atomics
#pragma OPENCL EXTENSION cl_khr_int64_base_atomics : enable
__kernel void lmath(__global const long *a, __global long *out, __global long *acc)
{
    int i = get_global_id(0);
    long x = a[i], y = a[(i * 7 + 3) & 511] | 1;
    out[6*i+0] = x * y;
    out[6*i+1] = mul_hi(x, y);
    out[6*i+2] = x / y;
    out[6*i+3] = x % y;
    out[6*i+4] = (x >> (i & 63)) ^ ((ulong)x >> 5) ^ (x << 3);
    out[6*i+5] = (ulong)x / (ulong)(y & 0xffffffffffL | 1);
    atom_add(acc, x & 0xffff);
    atom_max(acc + 1, x);
}
