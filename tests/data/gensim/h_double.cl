#pragma OPENCL EXTENSION cl_khr_fp64 : enable
__kernel void dmath(__global const double *a, __global double *o, __global long *l)
{
    int i = get_global_id(0);
    double x = a[i], y = a[(i + 3) & 511];
    o[4*i+0] = x / (y + 0.125);
    o[4*i+1] = sqrt(fabs(x)) + floor(y);
    o[4*i+2] = fma(x, y, -x) + (double)(float)y;
    o[4*i+3] = fmin(x, y) * 3.0 - fmax(x, -y);
    l[2*i] = convert_long(x * 1e6);
    l[2*i+1] = (long)(x > y) + (long)(x == y) * 2 + (long)((float)x);
}
