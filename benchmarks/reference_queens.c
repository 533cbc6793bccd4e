/* Reference: counting N-Queens solutions in C, the classic bitmask way, with the mirror
 * symmetry of the first row.
 *
 * The well-known bitmask recursion (taken files, and the two diagonals shifted one file
 * per row), made to count: a queen on the first row's left half counts its solutions twice
 * (their mirror images start on the right half), a queen on the middle file (odd N) once.
 * This is the counter the counting targets compare knightviz with; knightviz itself also uses
 * the other symmetries of the square (knightviz/engine/queens_count.py).
 *
 *   cc -O2 -o benchmarks/out/reference_queens benchmarks/reference_queens.c
 *   benchmarks/out/reference_queens N [repeats]
 *
 * prints "solutions Q nodes P seconds S": P the queens placed (the first row's included),
 * S the best of `repeats` counts, timed around the count alone.
 */
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

static int n;
static unsigned long long full;
static long long nodes;

static long long below(int row, unsigned long long cols, unsigned long long left,
                       unsigned long long right) {
    if (row == n)
        return 1;
    long long count = 0;
    unsigned long long free = full & ~(cols | left | right);
    while (free) {
        unsigned long long bit = free & -free;
        free ^= bit;
        nodes++;
        count += below(row + 1, cols | bit, (left | bit) << 1, (right | bit) >> 1);
    }
    return count;
}

static long long count_all(void) {
    long long total = 0;
    nodes = 0;
    for (int col = 0; 2 * col < n; col++) {
        unsigned long long bit = 1ULL << col;
        nodes++;
        long long half = below(1, bit, bit << 1, bit >> 1);
        total += (2 * col + 1 == n) ? half : 2 * half;
    }
    return total;
}

static double now(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return ts.tv_sec + ts.tv_nsec * 1e-9;
}

int main(int argc, char **argv) {
    n = argc > 1 ? atoi(argv[1]) : 8;
    int repeats = argc > 2 ? atoi(argv[2]) : 1;
    if (n < 1 || n > 63 || repeats < 1) {
        fprintf(stderr, "usage: %s N (1..63) [repeats]\n", argv[0]);
        return 2;
    }
    full = (1ULL << n) - 1;
    double best = 1e30;
    long long total = 0;
    for (int r = 0; r < repeats; r++) {
        double t0 = now();
        total = count_all();
        double t = now() - t0;
        if (t < best)
            best = t;
    }
    printf("solutions %lld nodes %lld seconds %.6f\n", total, nodes, best);
    return 0;
}
