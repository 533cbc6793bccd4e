/* Reference: counting directed knight's tours in C, with knightviz's two dead-end rules.
 *
 * A plain counter, written the way one would write it in C: recursion over the neighbour
 * lists of the classic move order, a visited array, and the degree of every square (its
 * unvisited neighbours) kept up to date on every move, with two running totals: how many
 * unvisited squares have degree 0 and how many degree 1. After every move onto t the rules
 * of knightviz/engine/count.py are checked on the whole board (through those totals):
 *
 *   1. an unvisited square of degree 0 can only be entered from t, as the last square:
 *      prune if one exists and other squares remain, or if it is not next to t;
 *   2. an unvisited square of degree 1 that is not next to t can only be the path's end:
 *      prune if there are two.
 *
 * (closed tours: also prune once the start has no unvisited neighbour left.) A node is a
 * position the search stands in: the start, and every move that passed the rules (a complete
 * tour included); a move pruned at once is not a node. knightviz's counters visit exactly
 * the same nodes (tests/engine/test_count_parallel.py checks them against this rule set).
 *
 *   cc -O2 -o benchmarks/out/reference_count benchmarks/reference_count.c
 *   benchmarks/out/reference_count ROWS COLS STARTS [open|closed] [repeats] [plain|bits]
 *
 * STARTS: a square number (row * COLS + col), several separated by commas, or "all". Prints
 * "tours T nodes N seconds S" (S: the best of `repeats` counts, timed around the counts
 * alone; T is the plain sum over STARTS). "bits" counts with the one-word version below
 * (boards of at most 64 squares): the same nodes, a faster C.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define MAX_SQ 4096

static int rows, cols, size, start, closed, remaining, zero, single;
static int nnb[MAX_SQ], nb[MAX_SQ][8], deg[MAX_SQ];
static unsigned char visited[MAX_SQ];
static long long tours, nodes;
static const int dr[8] = {2, 1, -1, -2, -2, -1, 1, 2};
static const int dc[8] = {1, 2, 2, 1, -1, -2, -2, -1};

static int adjacent(int a, int b) {
    for (int i = 0; i < nnb[a]; i++)
        if (nb[a][i] == b)
            return 1;
    return 0;
}

/* Mark sq visited; returns how many unvisited neighbours of sq now have degree 1. */
static int visit(int sq) {
    int near_single = 0;
    visited[sq] = 1;
    remaining--;
    if (deg[sq] == 0)
        zero--;
    else if (deg[sq] == 1)
        single--;
    for (int i = 0; i < nnb[sq]; i++) {
        int u = nb[sq][i];
        int d = --deg[u];
        if (!visited[u]) {
            if (d == 1) {
                single++;
                near_single++;
            } else if (d == 0) {
                single--;
                zero++;
            }
        }
    }
    return near_single;
}

static void unvisit(int sq) {
    for (int i = 0; i < nnb[sq]; i++) {
        int u = nb[sq][i];
        int d = deg[u]++;
        if (!visited[u]) {
            if (d == 1)
                single--;
            else if (d == 0) {
                zero--;
                single++;
            }
        }
    }
    visited[sq] = 0;
    remaining++;
    if (deg[sq] == 0)
        zero++;
    else if (deg[sq] == 1)
        single++;
}

/* The rules after the move onto t (near_single: unvisited neighbours of t of degree 1). */
static int hopeless(int t, int near_single) {
    if (zero > 0 && (remaining > 1 || deg[t] == 0))
        return 1;
    if (single - near_single > 1)
        return 1;
    return closed && deg[start] == 0;
}

static void search(int cur) {
    for (int i = 0; i < nnb[cur]; i++) {
        int t = nb[cur][i];
        if (visited[t])
            continue;
        int near_single = visit(t);
        if (remaining == 0) {
            nodes++;
            if (!closed || adjacent(t, start))
                tours++;
        } else if (!hopeless(t, near_single)) {
            nodes++;
            search(t);
        }
        unvisit(t);
    }
}

static void count_from(int s) {
    start = s;
    remaining = size;
    zero = single = 0;
    for (int sq = 0; sq < size; sq++) {
        deg[sq] = nnb[sq];
        if (deg[sq] == 0)
            zero++;
        else if (deg[sq] == 1)
            single++;
    }
    visit(s);
    nodes++;
    if (size == 1)
        tours += !closed;
    else
        search(s);
    unvisit(s);
}


/* -- the same count on one 64-bit word (boards of at most 64 squares) ---------------------
 * The unvisited squares are the bits of `free`; the squares of degree 0 and 1 come from the
 * eight knight shifts of that word, counted bit-parallel up to two. The same rules, the same
 * nodes; this is what knightviz's compiled counter does, written in C. */

typedef unsigned long long u64;
static u64 attacks[64], up_mask[4], down_mask[4];
static int up_by[4], down_by[4];

/* The knight's eight shifts of a whole board: four up (rows below), four down. */
static void bits_tables(void) {
    static const int ur[4] = {1, 2, 1, 2}, uc[4] = {2, 1, -2, -1};
    for (int sq = 0; sq < size; sq++) {
        attacks[sq] = 0;
        for (int k = 0; k < 8; k++) {
            int rr = sq / cols + dr[k], cc = sq % cols + dc[k];
            if (rr >= 0 && rr < rows && cc >= 0 && cc < cols)
                attacks[sq] |= 1ULL << (rr * cols + cc);
        }
    }
    for (int k = 0; k < 4; k++) {
        up_mask[k] = down_mask[k] = 0;
        up_by[k] = down_by[k] = ur[k] * cols + uc[k];
        for (int sq = 0; sq < size; sq++) {
            int r = sq / cols, c = sq % cols;
            if (r + ur[k] < rows && c + uc[k] >= 0 && c + uc[k] < cols)
                up_mask[k] |= 1ULL << sq;
            if (r - ur[k] >= 0 && c - uc[k] >= 0 && c - uc[k] < cols)
                down_mask[k] |= 1ULL << sq;
        }
        if (!up_mask[k])
            up_by[k] = 0;
        if (!down_mask[k])
            down_by[k] = 0;
    }
}

/* Squares with at least 1, 2, 3 neighbours in f: the eight shifts, added up to three. */
static inline void planes(u64 f, u64 *g1, u64 *g2, u64 *g3) {
    u64 b0 = (f & up_mask[0]) << up_by[0], b1 = (f & up_mask[1]) << up_by[1];
    u64 b2 = (f & up_mask[2]) << up_by[2], b3 = (f & up_mask[3]) << up_by[3];
    u64 b4 = (f & down_mask[0]) >> down_by[0], b5 = (f & down_mask[1]) >> down_by[1];
    u64 b6 = (f & down_mask[2]) >> down_by[2], b7 = (f & down_mask[3]) >> down_by[3];
    u64 two = b0 & b1, one = b0 | b1, three = two & b2;
    two |= one & b2; one |= b2;
    three |= two & b3; two |= one & b3; one |= b3;
    three |= two & b4; two |= one & b4; one |= b4;
    three |= two & b5; two |= one & b5; one |= b5;
    three |= two & b6; two |= one & b6; one |= b6;
    three |= two & b7; two |= one & b7; one |= b7;
    *g1 = one;
    *g2 = two;
    *g3 = three;
}

/* From cur, with `free` unvisited and g1..g3 its planes: a move onto t takes one neighbour
 * from exactly the squares around t, so the degree-0 and -1 squares after it are a few
 * AND/ORs away; the planes are counted afresh once per node entered. */
static void bits_search(int cur, u64 free, int left, u64 g1, u64 g2, u64 g3) {
    u64 a = attacks[cur] & free;
    while (a) {
        int t = __builtin_ctzll(a);
        a &= a - 1;
        u64 f = free & ~(1ULL << t);
        u64 around = attacks[t];
        if (left == 1) {
            nodes++;
            if (!closed || (around >> start & 1))
                tours++;
            continue;
        }
        u64 n1 = (g1 & ~around) | (g2 & around), n2 = (g2 & ~around) | (g3 & around);
        u64 dead = f & ~n1, ends = f & n1 & ~n2 & ~around;
        if ((dead && (left > 2 || !(dead & around))) || (ends & (ends - 1)) ||
            (closed && !(attacks[start] & f)))
            continue;
        nodes++;
        u64 h1, h2, h3;
        planes(f, &h1, &h2, &h3);
        bits_search(t, f, left - 1, h1, h2, h3);
    }
}

static void bits_count_from(int s) {
    start = s;
    nodes++;
    if (size == 1)
        tours += !closed;
    else {
        u64 free = (size == 64 ? ~0ULL : (1ULL << size) - 1) & ~(1ULL << s), g1, g2, g3;
        planes(free, &g1, &g2, &g3);
        bits_search(s, free, size - 1, g1, g2, g3);
    }
}

static double now(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return ts.tv_sec + ts.tv_nsec * 1e-9;
}

int main(int argc, char **argv) {
    static int starts[MAX_SQ];
    int nstarts = 0;
    if (argc < 4) {
        fprintf(stderr, "usage: %s ROWS COLS STARTS|all [closed] [repeats]\n", argv[0]);
        return 2;
    }
    rows = atoi(argv[1]);
    cols = atoi(argv[2]);
    size = rows * cols;
    closed = argc > 4 && strcmp(argv[4], "closed") == 0;
    int repeats = argc > 5 ? atoi(argv[5]) : 1;
    int bits = argc > 6 && strcmp(argv[6], "bits") == 0;
    if (rows < 1 || cols < 1 || size > (bits ? 64 : MAX_SQ) || repeats < 1) {
        fprintf(stderr, "bad arguments (at most %d squares)\n", MAX_SQ);
        return 2;
    }
    if (strcmp(argv[3], "all") == 0) {
        for (int sq = 0; sq < size; sq++)
            starts[nstarts++] = sq;
    } else {
        for (char *p = argv[3]; *p; p++) {
            int sq = (int)strtol(p, &p, 10);
            if (sq < 0 || sq >= size) {
                fprintf(stderr, "start %d is off the board\n", sq);
                return 2;
            }
            starts[nstarts++] = sq;
            if (*p != ',')
                break;
        }
    }
    for (int sq = 0; sq < size; sq++) {
        int r = sq / cols, c = sq % cols;
        for (int k = 0; k < 8; k++) {
            int rr = r + dr[k], cc = c + dc[k];
            if (rr >= 0 && rr < rows && cc >= 0 && cc < cols)
                nb[sq][nnb[sq]++] = rr * cols + cc;
        }
    }
    if (bits)
        bits_tables();
    double best = 1e30;
    for (int rep = 0; rep < repeats; rep++) {
        tours = nodes = 0;
        double t0 = now();
        for (int i = 0; i < nstarts; i++) {
            if (bits)
                bits_count_from(starts[i]);
            else
                count_from(starts[i]);
        }
        double t = now() - t0;
        if (t < best)
            best = t;
    }
    printf("tours %lld nodes %lld seconds %.6f\n", tours, nodes, best);
    return 0;
}
