// Divergent early exits: returns from inside nested loops, a do-while
// with continue, and a switch on a char inside a loop (SIMD32 masks).
__kernel void exits(__global const int *in, __global int *out)
{
    size_t i = get_global_id(0);
    int v = in[i];
    out[i] = -1;
    if (v < -4000)
        return;
    int acc = 0;
    for (int a = 0; a < (v & 7); a++) {
        for (int b = 0; b < 5; b++) {
            acc += a * b + (v >> b);
            if (acc > 3000 && (v & 1)) {
                out[i] = acc;
                return;
            }
            if (((acc + b) & 3) == 0)
                break;
        }
        if (acc < -2000)
            continue;
        acc ^= a;
    }
    int k = 0;
    do {
        k++;
        if (k & 1)
            continue;
        acc += k;
    } while (k < (v & 15));
    char c = (char)(v >> 4);
    for (int j = 0; j < 3; j++) {
        switch (c & 7) {
        case 0: acc += 1; break;
        case 1: acc -= 7; c++; break;
        case 3: acc *= 3; break;
        case 5: c += 2; continue;
        default: acc += c; break;
        }
        c += 3;
    }
    out[i] = acc;
}
