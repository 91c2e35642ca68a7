// global and local atomics with every operation (order-independent results)
__kernel void atoms(__global const int *in, __global int *g, __global uint *u)
{
    __local int lmin, lmax, land, lor, lxor;
    int l = get_local_id(0);
    if (l == 0) { lmin = 0x7fffffff; lmax = -0x7fffffff; land = -1; lor = 0; lxor = 0; }
    barrier(CLK_LOCAL_MEM_FENCE);
    int v = in[get_global_id(0)];
    atomic_min(&lmin, v); atomic_max(&lmax, v);
    atomic_and(&land, v | 0x100); atomic_or(&lor, v & 0xff0); atomic_xor(&lxor, v);
    barrier(CLK_LOCAL_MEM_FENCE);
    if (l == 0) {
        atomic_min(&g[0], lmin); atomic_max(&g[1], lmax);
        atomic_and(&g[2], land); atomic_or(&g[3], lor); atomic_xor(&g[4], lxor);
    }
    atomic_sub(&g[5], v & 15);
    atomic_inc(&u[0]);
    if (v & 1) atomic_dec(&u[1]);
    atomic_min(&u[2], (uint)v);
    atomic_max(&u[3], (uint)v);
}
