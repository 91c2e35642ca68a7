// 8- and 16-bit integer arithmetic, where IGC packs and unpacks values
// through word and byte registers (and through :hf moves on ICLLP/TGLLP):
// builtins on short/ushort/char/uchar scalars and vectors.

__kernel void small_ops(__global const short *a, __global const short *b,
                        __global short *o16, __global uchar *o8)
{
    size_t i = get_global_id(0);
    short x = a[i], y = b[i];
    ushort ux = (ushort)x, uy = (ushort)y;
    char cx = (char)x, cy = (char)(y >> 3);
    uchar bx = (uchar)ux, by = (uchar)(uy >> 5);
    o16[8 * i + 0] = mul_hi(x, y);
    o16[8 * i + 1] = (short)mul_hi(ux, uy);
    o16[8 * i + 2] = add_sat(x, y);
    o16[8 * i + 3] = (short)sub_sat(ux, uy);
    o16[8 * i + 4] = (short)abs_diff(x, y);
    o16[8 * i + 5] = rhadd(x, y);
    o16[8 * i + 6] = (short)(rotate(ux, (ushort)(uy & 15)) ^ clz(ux));
    o16[8 * i + 7] = (short)(popcount(ux) + mad_sat(x, (short)3, y));
    o8[8 * i + 0] = (uchar)mul_hi(cx, cy);
    o8[8 * i + 1] = mul_hi(bx, by);
    o8[8 * i + 2] = (uchar)add_sat(cx, cy);
    o8[8 * i + 3] = sub_sat(bx, by);
    o8[8 * i + 4] = abs_diff(bx, by);
    o8[8 * i + 5] = (uchar)(hadd(cx, cy) + clz(bx));
    o8[8 * i + 6] = rotate(bx, (uchar)(by & 7));
    o8[8 * i + 7] = (uchar)((bx * by) >> 3) + (uchar)(by ? bx % by : 0);
}

__kernel void small_vec(__global const short8 *a, __global const short8 *b,
                        __global short8 *o, __global uchar8 *p, __global ushort4 *q)
{
    size_t i = get_global_id(0);
    short8 x = a[i], y = b[i];
    short8 r = select(x, y, x > y);
    r = max(r, (short8)(-300)) + min(x, y) / (short8)(7);
    o[i] = r * (short8)(3) - (y >> (short8)(2));
    p[i] = convert_uchar8_sat(x) + convert_uchar8_sat_rte(convert_float8(y) * 0.37f);
    ushort8 u = as_ushort8(x);
    q[i] = u.s0246 / (ushort4)(1, 3, 7, 255) + u.s1357 % (ushort4)(2, 5, 9, 1000);
}
