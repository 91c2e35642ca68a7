#pragma OPENCL EXTENSION cl_khr_fp16 : enable
__kernel void hmath(__global const half *a, __global const half *b, __global half *o, __global float *f)
{
    size_t i = get_global_id(0);
    half x = a[i], y = b[i];
    o[4 * i + 0] = x * y + x;
    o[4 * i + 1] = fma(x, y, (half)1.5h);
    o[4 * i + 2] = max(x, y) - min(x, (half)0.25h);
    o[4 * i + 3] = x > y ? x / (half)3.0h : y * (half)0.5h;
    f[i] = (float)(x + y) * 2.0f;
}
