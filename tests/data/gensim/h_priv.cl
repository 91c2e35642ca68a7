// private arrays with dynamic indexing and a long-lived register set
__kernel void priv(__global const int *in, __global int *out)
{
    int i = get_global_id(0);
    int a[40];
    for (int k = 0; k < 40; k++)
        a[k] = in[(i + k * 7) & 1023];
    for (int k = 0; k < 39; k++) {
        int j = (a[k] & 0x7fffffff) % 40;
        int t = a[j]; a[j] = a[k]; a[k] = t + k;
    }
    int s = 0;
    for (int k = 0; k < 40; k++)
        s = s * 31 + a[(k * 13 + i) % 40];
    out[i] = s;
}
__kernel void manyregs(__global const float4 *in, __global float4 *out)
{
    int i = get_global_id(0);
    float4 acc[24];
    for (int k = 0; k < 24; k++) acc[k] = in[(i * 3 + k) & 255];
    for (int r = 0; r < 6; r++)
        for (int k = 0; k < 24; k++)
            acc[k] = acc[k] * 0.5f + acc[(k + r + 1) % 24] * 0.25f;
    float4 s = 0;
    for (int k = 0; k < 24; k++) s += acc[k] * (float)(k + 1);
    out[i] = s;
}
