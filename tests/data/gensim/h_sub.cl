// sub-groups (expected outputs from a Python model in probe.py: sub-groups
// are consecutive work-items of a work-group, SIMD-width wide)
__kernel void sg(__global const int *in, __global int *out)
{
    size_t g = get_global_id(0);
    int v = in[g];
    uint l = get_sub_group_local_id();
    uint n = get_sub_group_size();
    out[8*g+0] = sub_group_scan_inclusive_max(v);
    out[8*g+1] = sub_group_reduce_min(v);
    out[8*g+2] = sub_group_all(v > -90) + 2 * sub_group_any(v > 95);
    out[8*g+3] = intel_sub_group_shuffle_down(v, v * 2, 3u);
    out[8*g+4] = intel_sub_group_shuffle_up(v * 3, v, 2u);
    out[8*g+5] = get_sub_group_id() * 100 + get_num_sub_groups();
    out[8*g+6] = sub_group_scan_exclusive_min(v);
    out[8*g+7] = intel_sub_group_shuffle(v, n - 1 - l);
}
