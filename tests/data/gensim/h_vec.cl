// vector types, saturating small-int conversions, shuffles, structs by value
typedef struct { char c; short s; float f; int4 v; } Params;
__kernel void vecs(__global const float4 *a, __global const uchar4 *b, __global float8 *o8,
                   __global uchar4 *oc, __global int *oi, Params p)
{
    int i = get_global_id(0);
    float4 x = a[i];
    uchar4 y = b[i];
    float8 w = (float8)(x, x.wzyx * p.f);
    o8[i] = w + (float8)(p.c, p.s, 1, 2, 3, 4, 5, 6);
    oc[i] = convert_uchar4_sat(convert_float4(y) * 1.5f - 40.0f);
    int4 q = convert_int4(x) + p.v;
    uint4 mask = (uint4)(3, 0, 1, 2);
    int4 r = shuffle(q, mask);
    oi[i] = r.x * 3 + r.y - r.z ^ r.w + (int)(y.s0 * y.s1) + as_int(x.y);
}
__kernel void v3(__global float *f, __global short *s)
{
    int i = get_global_id(0);
    float3 v = vload3(i, f);
    v = v.zxy * (float3)(1.0f, -2.0f, 0.5f);
    vstore3(v, i, f);
    short2 t = vload2(i, s);
    t = add_sat(t, (short2)(30000, -30000));
    vstore2(t, i, s);
}
