// Byte and word memory: local char/short arrays (SLM byte scattered
// messages), unaligned vloads of uchar/short, byte stores of odd sizes.
__kernel void slm_bytes(__global const uchar *in, __global uchar *out,
                        __global short *out2)
{
    __local uchar lb[256];
    __local short ls[128];
    size_t i = get_global_id(0), li = get_local_id(0);
    lb[li] = in[i];
    lb[li + 64] = in[i] ^ 0x5A;
    lb[li + 128] = (uchar)li;
    lb[li + 192] = in[(i + 7) % get_global_size(0)];
    ls[li] = (short)(in[i] * 100 - 9000);
    ls[li + 64] = (short)li;
    barrier(CLK_LOCAL_MEM_FENCE);
    uchar4 a = vload4(0, lb + (li * 3 % 250));
    short2 b = vload2(0, ls + (li * 5 % 126));
    out[i] = a.x + a.y * 3 + (a.z ^ a.w);
    out2[2 * i] = b.x - b.y;
    out2[2 * i + 1] = ls[63 - li] + lb[255 - li];
}

__kernel void unaligned(__global const uchar *in, __global const short *sin,
                        __global uchar *out, __global int *sum)
{
    size_t i = get_global_id(0);
    uchar8 v = vload8(0, in + i * 3 + 1);
    short4 s = vload4(0, sin + i + 1);
    vstore3(v.s135, 0, out + i * 3);
    sum[i] = v.s0 + v.s7 * 2 + s.x - s.w + s.y * s.z;
}
