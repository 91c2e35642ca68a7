// OpenCL 2.0 work-group functions: IGC builds them from sub-group
// operations, SLM and barriers.
__kernel void wg_funcs(__global const int *in, __global int *out)
{
    size_t i = get_global_id(0);
    int v = in[i];
    out[6 * i + 0] = work_group_reduce_add(v);
    out[6 * i + 1] = work_group_reduce_max(v);
    out[6 * i + 2] = work_group_scan_inclusive_add(v);
    out[6 * i + 3] = work_group_scan_exclusive_min(v);
    out[6 * i + 4] = work_group_broadcast(v, 5);
    out[6 * i + 5] = work_group_any(v > 90) + 2 * work_group_all(v > -95);
}
