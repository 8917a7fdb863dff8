/* The issue-22 anchor: a plain value iteration written for Pig alone (the
 * paper's equations, in-place sweeps from the highest scores down) to 1e-12.
 * Build and run beside oddsmith pig:
 *   gcc -O2 -o /tmp/pig_anchor benches/anchors/pig_value_iteration.c -lm && /tmp/pig_anchor
 * Not part of the library or its tests. */
#include <stdio.h>
#include <math.h>
#include <time.h>
#define G 100
static double P[G][G][G];
int main(void) {
    struct timespec a, b;
    int iters = 0;
    clock_gettime(CLOCK_MONOTONIC, &a);
    double change;
    do {
        change = 0;
        for (int i = G - 1; i >= 0; i--)
            for (int j = G - 1; j >= 0; j--)
                for (int k = G - 1 - i; k >= 0; k--) {
                    double roll = (1.0 - P[j][i][0]) / 6.0;
                    for (int f = 2; f <= 6; f++) roll += (i + k + f >= G ? 1.0 : P[i][j][k + f]) / 6.0;
                    double hold = k == 0 ? 0.0 : (i + k >= G ? 1.0 : 1.0 - P[j][i + k][0]);
                    double v = roll > hold ? roll : hold;
                    double d = fabs(v - P[i][j][k]);
                    if (d > change) change = d;
                    P[i][j][k] = v;
                }
        iters++;
    } while (change > 1e-12);
    clock_gettime(CLOCK_MONOTONIC, &b);
    printf("P = %.10f after %d sweeps, %.1f ms\n", P[0][0][0], iters, (b.tv_sec - a.tv_sec) * 1e3 + (b.tv_nsec - a.tv_nsec) / 1e6);
    return 0;
}
