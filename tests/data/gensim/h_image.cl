// images: 3D read with nearest sampler, unorm8 write, integer image reads
__constant sampler_t nearest = CLK_NORMALIZED_COORDS_FALSE | CLK_ADDRESS_CLAMP_TO_EDGE | CLK_FILTER_NEAREST;
__kernel void img3d(__read_only image3d_t vol, __global float4 *out)
{
    int x = get_global_id(0), y = get_global_id(1);
    float4 s = (float4)(0);
    for (int z = 0; z < 4; z++)
        s += read_imagef(vol, nearest, (int4)(x, y, z, 0));
    out[y * get_global_size(0) + x] = s;
}
__kernel void img_unorm(__read_only image2d_t src, __write_only image2d_t dst)
{
    int2 p = (int2)(get_global_id(0), get_global_id(1));
    uint4 v = read_imageui(src, nearest, p);
    write_imagef(dst, p, (float4)(v.x / 255.0f, v.y / 128.0f, 0.5f, 1.5f));
}
