// work-group functions, local atomics with cmpxchg, barriers in loops
__kernel void wg(__global const int *in, __global int *out, __local int *t)
{
    int l = get_local_id(0), n = get_local_size(0);
    int v = in[get_global_id(0)];
    t[l] = v;
    barrier(CLK_LOCAL_MEM_FENCE);
    for (int s = n / 2; s > 0; s >>= 1) {
        if (l < s) t[l] = max(t[l], t[l + s]) + (t[l + s] & 1);
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    out[get_global_id(0)] = t[0] * 1000 + v;
}
__kernel void lcas(__global const int *in, __global int *out, __local int *tmp)
{
    int l = get_local_id(0);
    if (l < 4) tmp[l] = 0;
    barrier(CLK_LOCAL_MEM_FENCE);
    int v = in[get_global_id(0)] & 255;
    int old, nv;
    do {
        old = tmp[v & 3];
        nv = old + v;
    } while (atomic_cmpxchg(&tmp[v & 3], old, nv) != old);
    atomic_xchg(&tmp[4 + (l & 3)], l);
    barrier(CLK_LOCAL_MEM_FENCE);
    if (l < 4) out[get_group_id(0) * 4 + l] = tmp[l];
}
