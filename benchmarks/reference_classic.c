/* Reference: the classic recursive backtracking knight's tour (docs/reference.md section 1), in C.
 *
 * Written the way the tutorial writes it: an N x N int board of -1, the fixed move order
 * xMove = {2, 1, -1, -2, -2, -1, 1, 2}, yMove = {1, 2, 2, 1, -1, -2, -2, -1}, an isSafe
 * bounds-and-visited check per candidate, move numbers, reset to -1 on failure. The only
 * additions: counting (a move per move number assigned, a backtrack per reset) and timing of
 * the search alone (clock_gettime around it), so the benchmark compares in-process times.
 *
 *   cc -O2 -o benchmarks/out/reference_classic benchmarks/reference_classic.c
 *   benchmarks/out/reference_classic [N] [repeats]
 *
 * prints the matrix as the C program does (" %2d " per cell), then one line
 * "moves M backtracks B seconds S" (S: the best of `repeats` searches).
 */
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#define MAX_N 8

static int n = 8;
static long long moves, backtracks;
static int xMove[8] = {2, 1, -1, -2, -2, -1, 1, 2};
static int yMove[8] = {1, 2, 2, 1, -1, -2, -2, -1};

static int isSafe(int x, int y, int sol[MAX_N][MAX_N]) {
    return (x >= 0 && x < n && y >= 0 && y < n && sol[x][y] == -1);
}

static int solveKTUtil(int x, int y, int movei, int sol[MAX_N][MAX_N]) {
    int k, next_x, next_y;
    if (movei == n * n)
        return 1;
    for (k = 0; k < 8; k++) {
        next_x = x + xMove[k];
        next_y = y + yMove[k];
        if (isSafe(next_x, next_y, sol)) {
            sol[next_x][next_y] = movei;
            moves++;
            if (solveKTUtil(next_x, next_y, movei + 1, sol) == 1)
                return 1;
            sol[next_x][next_y] = -1; /* backtracking */
            backtracks++;
        }
    }
    return 0;
}

static int solveKT(int sol[MAX_N][MAX_N]) {
    for (int x = 0; x < n; x++)
        for (int y = 0; y < n; y++)
            sol[x][y] = -1;
    moves = backtracks = 0;
    sol[0][0] = 0;
    return solveKTUtil(0, 0, 1, sol);
}

static double now(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return ts.tv_sec + ts.tv_nsec * 1e-9;
}

int main(int argc, char **argv) {
    static int sol[MAX_N][MAX_N];
    int repeats = 1, found = 0;
    double best = 1e30;
    if (argc > 1)
        n = atoi(argv[1]);
    if (argc > 2)
        repeats = atoi(argv[2]);
    if (n < 1 || n > MAX_N || repeats < 1) {
        fprintf(stderr, "usage: %s [N (1..%d)] [repeats]\n", argv[0], MAX_N);
        return 2;
    }
    for (int r = 0; r < repeats; r++) {
        double t0 = now();
        found = solveKT(sol);
        double t = now() - t0;
        if (t < best)
            best = t;
    }
    if (!found) {
        printf("Solution does not exist");
    } else {
        for (int x = 0; x < n; x++) {
            for (int y = 0; y < n; y++)
                printf(" %2d ", sol[x][y]);
            printf("\n");
        }
    }
    printf("\nmoves %lld backtracks %lld seconds %.6f\n", moves, backtracks, best);
    return 0;
}
