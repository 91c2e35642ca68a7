// conversions with rounding modes, integer builtins, program-scope constant table
__constant int lut[8] = {3, 1, 4, 1, 5, 9, 2, 6};
__kernel void conv(__global const float *in, __global int *out, __global float *f2)
{
    int i = get_global_id(0);
    float v = in[i];
    out[4*i+0] = convert_int_rtp(v);
    out[4*i+1] = convert_int_rtn(v);
    out[4*i+2] = convert_int_rte(v) + lut[i & 7];
    out[4*i+3] = convert_int_sat(v * 1e9f);
    f2[2*i] = convert_float_rtz(i * 2097151 + 3);
    f2[2*i+1] = convert_float_rtp(i * 2097151 + 5);
}
__kernel void ibits(__global const uint *a, __global uint *out)
{
    int i = get_global_id(0);
    uint x = a[i], y = a[(i + 1) & 1023];
    out[8*i+0] = rotate(x, y & 31);
    out[8*i+1] = clz(x) + ctz(y);
    out[8*i+2] = popcount(x ^ y);
    out[8*i+3] = hadd(x, y) ^ rhadd(x, y);
    out[8*i+4] = abs_diff((int)x, (int)y);
    out[8*i+5] = add_sat((int)x, (int)y) ^ sub_sat(x, y);
    out[8*i+6] = mul_hi(x, y) + mad24(x & 0xffff, y & 0xffff, 7u);
    out[8*i+7] = (uint)(upsample((ushort)x, (ushort)y) >> 3) + (uint)mad_hi((int)x, (int)y, 5);
}
