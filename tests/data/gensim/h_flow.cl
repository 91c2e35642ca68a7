// control flow: big switch, nested loops with break/continue, divergent early return
__kernel void bigswitch(__global const int *op, __global int *out)
{
    int i = get_global_id(0);
    int v = op[i], r = 0;
    switch (v & 15) {
    case 0: r = v * 3; break;
    case 1: r = v ^ 0x55; break;
    case 2: r = v + 100; break;
    case 3: r = -v; break;
    case 4: r = v << 2; break;
    case 5: r = v >> 1; break;
    case 6: r = v * v; break;
    case 7: r = v | 0x1000; break;
    case 8: r = v & 0xff; break;
    case 9: r = v - 7; break;
    case 10: r = v * 11; break;
    case 11: r = ~v; break;
    case 12: r = v / 3; break;
    case 13: r = v % 5; break;
    default: r = 42; break;
    }
    out[i] = r;
}
__kernel void nested(__global const int *n, __global int *out)
{
    int i = get_global_id(0);
    int m = n[i] & 31, acc = 0;
    if (m == 0) { out[i] = -1; return; }
    for (int a = 0; a < m; a++) {
        if ((a & 3) == 1) continue;
        for (int b = a; b < m; b++) {
            if (b * a > 60) break;
            acc += a ^ b;
        }
        if (acc > 500) break;
    }
    out[i] = acc;
}
