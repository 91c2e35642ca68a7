// more builtins: mix/smoothstep/step/sign/clamp, ldexp/frexp/ilogb/nextafter, math functions, printf
__kernel void more(__global const float *a, __global float *o, __global int *oi)
{
    int i = get_global_id(0);
    float x = a[i], y = a[(i + 9) & 1023];
    o[8*i+0] = mix(x, y, 0.25f) + smoothstep(-2.0f, 2.0f, x * 0.1f);
    o[8*i+1] = step(y, x) + sign(x) * clamp(y, -3.0f, 3.0f);
    o[8*i+2] = ldexp(x, i & 7) + nextafter(y, 0.0f);
    int e;
    o[8*i+3] = frexp(x + 0.5f, &e);
    oi[2*i] = e + ilogb(y + 1000.0f);
    oi[2*i+1] = clamp((int)x, -7, 100) + mad_sat((int)x, 1 << 20, (int)y) + min((uint)i, 77u);
    o[8*i+4] = hypot(x, y) + cbrt(x);
    o[8*i+5] = atan2(y, x + 0.1f) + asin(clamp(x * 0.01f, -1.0f, 1.0f));
    o[8*i+6] = pow(fabs(x) + 1.0f, 1.5f) + exp2(y * 0.05f) + log10(fabs(y) + 1.0f);
    o[8*i+7] = tanh(x * 0.1f) + erf(y * 0.1f);
    if (i == 5) printf("x=%f\n", x);
}
