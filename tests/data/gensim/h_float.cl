// float builtins: min/max/select/rounding/fma, half storage conversions
__kernel void fbuiltins(__global const float *a, __global float *out, __global half *h)
{
    int i = get_global_id(0);
    float x = a[i], y = a[(i + 5) & 1023];
    out[8*i+0] = fmin(x, y) + fmax(x, y);
    out[8*i+1] = copysign(fabs(x), y);
    out[8*i+2] = floor(x) + ceil(y) * 2.0f;
    out[8*i+3] = round(x) + trunc(y) * 4.0f;
    out[8*i+4] = rint(x) - fract(y, &out[8*i+5]);
    out[8*i+6] = fma(x, y, 0.25f);
    out[8*i+7] = select(x, y, (int)(isless(x, y)));
    vstore_half_rtz(x * 3.0f, 2*i, h);
    vstore_half_rte(y * 3.0f, 2*i+1, h);
}
__kernel void fmath(__global const float *a, __global float *out)
{
    int i = get_global_id(0);
    float x = a[i];
    out[4*i+0] = sqrt(fabs(x)) + rsqrt(fabs(x) + 1.0f);
    out[4*i+1] = exp(x * 0.01f) + log(fabs(x) + 2.0f);
    out[4*i+2] = sin(x) * cos(x * 0.5f);
    out[4*i+3] = native_divide(x, 3.0f) + half_sqrt(fabs(x));
}
