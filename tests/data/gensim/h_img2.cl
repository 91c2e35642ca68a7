// images: normalized linear sampling with repeat and mirrored repeat, 1D images, 16-bit integer formats
__kernel void lin(__read_only image2d_t src, sampler_t s, __global float4 *out, float du, float dv)
{
    int x = get_global_id(0), y = get_global_id(1);
    float2 uv = (float2)(x * du - 0.3f, y * dv + 0.1f);
    out[y * get_global_size(0) + x] = read_imagef(src, s, uv);
}
__constant sampler_t mir = CLK_NORMALIZED_COORDS_TRUE | CLK_ADDRESS_MIRRORED_REPEAT | CLK_FILTER_NEAREST;
__kernel void mirror(__read_only image2d_t src, __global float4 *out)
{
    int x = get_global_id(0), y = get_global_id(1);
    float2 uv = (float2)(x / 16.0f - 0.75f, y / 4.0f + 0.05f);
    out[y * get_global_size(0) + x] = read_imagef(src, mir, uv);
}
__constant sampler_t ns = CLK_NORMALIZED_COORDS_FALSE | CLK_ADDRESS_CLAMP | CLK_FILTER_NEAREST;
__kernel void i16(__read_only image2d_t a, __write_only image2d_t b)
{
    int2 p = (int2)(get_global_id(0), get_global_id(1));
    int4 v = read_imagei(a, ns, p - (int2)(1, 1));
    write_imagei(b, p, v * 3 + (int4)(1, 2, 3, 4));
}
