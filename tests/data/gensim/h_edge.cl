// Rules a simulator easily gets wrong: packed vector immediates feeding a
// dword destination (IGC interleaves the nibbles), a constant buffer whose
// last block read runs past its end, and unsigned short division.

__kernel void slm_vec3(__global const float *in, __global float *out)
{
    __local float l[128];
    size_t i = get_global_id(0);
    size_t li = get_local_id(0);
    l[li] = in[i];
    l[li + 64] = in[i] * 2.0f;
    barrier(CLK_LOCAL_MEM_FENCE);
    int k = (int)(get_group_id(0) % 20);
    float3 v = vload3(0, l + 3 * k);
    float3 w = vload3(0, l + 64 + 3 * k + 1);
    out[i] = v.x + v.y * 2.0f + v.z * 4.0f + w.x * 8.0f + w.y * 16.0f + w.z * 32.0f + l[li ^ 5];
}

__kernel void cbuf_tail(__constant float *c, __global float *out)
{
    size_t i = get_global_id(0);
    float s = 0.0f;
    for (int k = 0; k < 90; k++)      /* 360 bytes: IGC reads 3 x 128 */
        s += c[k] * (float)((i + k) & 7);
    out[i] = s;
}

__kernel void udiv16(__global const ushort *a, __global const ushort *b,
                     __global ushort *q, __global ushort *r)
{
    size_t i = get_global_id(0);
    ushort x = a[i], y = b[i];
    q[i] = x / y;
    r[i] = x % y;
}

__kernel void sdiv16(__global const short *a, __global const short *b,
                     __global short *q, __global uchar *u)
{
    size_t i = get_global_id(0);
    short x = a[i], y = b[i];
    q[i] = x / y + x % y;
    uchar ux = (uchar)x, uy = (uchar)y | 1;
    u[i] = ux / uy + ux % uy;
}
