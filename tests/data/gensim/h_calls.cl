// Non-inlined calls where gensim's call model is tested hardest: a call in a
// divergent loop, a recursive call (a real vISA stack call), and functions
// that take and return vectors by value (float8, int8, uchar16).

__attribute__((noinline))
int mix_step(int acc, int v, int k)
{
    if ((v + k) & 1)
        return acc * 3 + v - k;
    return (acc ^ (v << 2)) + k;
}

__kernel void call_loop(__global const int *in, __global int *out)
{
    size_t i = get_global_id(0);
    int v = in[i];
    int n = (v & 7) + 1;
    int acc = (int)i;
    for (int k = 0; k < n; k++)
        acc = mix_step(acc, v, k);
    out[i] = acc;
}

uint collatz_depth(uint x, uint limit)
{
    if (x <= 1 || limit == 0)
        return 0;
    if (x & 1)
        return 1 + collatz_depth(3 * x + 1, limit - 1);
    return 1 + collatz_depth(x >> 1, limit - 1);
}

__kernel void rec_calls(__global const uint *in, __global uint *out)
{
    size_t i = get_global_id(0);
    out[i] = collatz_depth(in[i] % 97 + 1, 40u);
}

__attribute__((noinline))
float8 scale8(float8 a, float s, int8 b)
{
    return a * s + convert_float8(b);
}

__attribute__((noinline))
int8 perm8(int8 b, uchar16 c)
{
    int8 r = b.s70615243;
    r += convert_int8(c.s02468ace) - convert_int8(c.s13579bdf);
    return r;
}

__attribute__((noinline))
uchar16 bytes16(uchar16 c, int8 b)
{
    return c + convert_uchar16((int16)(b, b.s76543210));
}

__kernel void vec_calls(__global const float8 *fa, __global const int8 *ib,
                        __global const uchar16 *uc, __global float8 *of,
                        __global int8 *oi, __global uchar16 *ou)
{
    size_t i = get_global_id(0);
    float8 a = fa[i];
    int8 b = ib[i];
    uchar16 c = uc[i];
    of[i] = scale8(a, 0.5f + (float)(i & 3), b);
    oi[i] = perm8(b, c);
    ou[i] = bytes16(c, b);
}

__attribute__((noinline))
float8 blend8(float8 a, float8 b, int8 sel)
{
    float8 r = select(a, b, sel > 0);
    return r * 0.5f + a;
}

__attribute__((noinline))
uchar16 rot16(uchar16 c, int k)
{
    uchar16 r = c;
    for (int j = 0; j < (k & 3); j++)
        r = r.sf0123456789abcde;
    return r;
}

__kernel void vec_multi(__global const float8 *fa, __global const int8 *ib,
                        __global const uchar16 *uc, __global float8 *of,
                        __global uchar16 *ou)
{
    size_t i = get_global_id(0);
    float8 a = fa[i];
    int8 b = ib[i];
    float8 x = blend8(a, a * 2.0f, b);
    if (b.s0 > 0)
        x = blend8(x, a, b.s12345670);
    for (int k = 0; k < (b.s1 & 3); k++)
        x = blend8(x, x + 1.0f, b.s76543210);
    of[i] = x;
    uchar16 c = rot16(uc[i], b.s2);
    if (b.s3 & 1)
        c = rot16(c, (int)i);
    ou[i] = rot16(c, b.s4 + 1);
}

float8 rec_vec(float8 a, int8 b, uint n)
{
    if (n == 0 || b.s0 < -250)
        return a;
    float8 r = rec_vec(a * 0.75f + convert_float8(b & 7), b.s12345670 - 3, n - 1);
    return r + (float)n;
}

uchar16 rec_bytes(uchar16 c, uint n)
{
    if (n == 0)
        return c;
    return rec_bytes(c.s123456789abcdef0 + (uchar)n, n - 1) ^ (uchar)(n * 3);
}

__kernel void vec_stack(__global const float8 *fa, __global const int8 *ib,
                        __global const uchar16 *uc, __global float8 *of,
                        __global uchar16 *ou)
{
    size_t i = get_global_id(0);
    int8 b = ib[i];
    of[i] = rec_vec(fa[i], b, (uint)(b.s1 & 7));
    ou[i] = rec_bytes(uc[i], (uint)(b.s2 & 15));
}

__attribute__((noinline))
int8 inner8(int8 v, uchar16 c)
{
    int8 r = v ^ convert_int8(c.s02468ace);
    if (r.s0 & 1)
        r = r.s12345670 + 5;
    return r;
}

__attribute__((noinline))
float8 outer8(float8 a, int8 v, uchar16 c)
{
    int8 t = inner8(v, c);
    for (int k = 0; k < (v.s3 & 3); k++)
        t = inner8(t, c.sfedcba9876543210);
    return a * 0.5f + convert_float8(t);
}

__kernel void vec_nested(__global const float8 *fa, __global const int8 *ib,
                         __global const uchar16 *uc, __global float8 *of)
{
    size_t i = get_global_id(0);
    float8 a = fa[i];
    if (i & 1)
        a = outer8(a, ib[i], uc[i]);
    of[i] = outer8(a, ib[i].s76543210, uc[i]);
}
