// program-scope writable global data (OpenCL 2.0) and atomics on it
__global int gcount = 5;
__global float gtab[4] = {1.0f, 2.0f, 4.0f, 8.0f};
__kernel void gvars(__global const int *in, __global float *out)
{
    int i = get_global_id(0);
    int v = in[i];
    atomic_add(&gcount, v & 7);
    out[i] = gtab[v & 3] * (float)v;
}
__kernel void gread(__global int *out)
{
    out[get_global_id(0)] = gcount;
}
