/* Reference: counting N-Queens solutions in C by start constellations, one core.
 *
 * The technique of the fastest published CPU counters (NQueensFAF's "start
 * constellations"), written the way knightviz's compiled counter does it
 * (knightviz/engine/queens_constellations.py, kernels/_constellations.py), so that the
 * two can be compared node for node: the queens on the four border lines first (top row at
 * file t, bottom row at file b, left file at row l, right file at row r; a corner queen is
 * on two of them), one constellation of each orbit of the square's 8 symmetries (the
 * smallest (t, b, l, r) of its images), each solution below it counted 8 / |symmetries
 * fixing it| times, searched in the orientation with the bottom queen nearest a corner;
 * then the free rows (1 .. n-2 without l and r) filled by a bitmask
 * search on an explicit stack, with the border queens' files and diagonals one precomputed
 * mask per free row, a row entered only if the row after it keeps a free square, and
 * the last free row's queens counted by one population count.
 *
 *   cc -O2 -march=native -o benchmarks/out/reference_queens_constellations \
 *      benchmarks/reference_queens_constellations.c
 *   benchmarks/out/reference_queens_constellations N [repeats]
 *
 * prints "solutions Q nodes P constellations C seconds S": P the queens placed below the
 * constellations (the same figure knightviz's counter reports), S the best of `repeats`
 * counts, timed around the count alone (the constellations' enumeration included).
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

static int n, m;

/* (t, b, l, r) of the image of the border queens under symmetry g (0..7). */
static void image(int g, const int key[4], int out[4]) {
    int ys[4] = {0, m, key[2], key[3]};
    int xs[4] = {key[0], key[1], 0, m};
    for (int i = 0; i < 4; i++) {
        int y = ys[i], x = xs[i], yy = y, xx = x;
        switch (g) {
        case 1: yy = x; xx = m - y; break;
        case 2: yy = m - y; xx = m - x; break;
        case 3: yy = m - x; xx = y; break;
        case 4: xx = m - x; break;
        case 5: yy = m - y; break;
        case 6: yy = x; xx = y; break;
        case 7: yy = m - x; xx = m - y; break;
        default: break;
        }
        if (yy == 0) out[0] = xx;
        if (yy == m) out[1] = xx;
        if (xx == 0) out[2] = yy;
        if (xx == m) out[3] = yy;
    }
}

static int before(const int a[4], const int b[4]) {
    for (int i = 0; i < 4; i++)
        if (a[i] != b[i])
            return a[i] < b[i];
    return 0;
}

/* The orbit's size if key is the smallest of its images, else 0. */
static int weight(const int key[4]) {
    int fixed = 0, img[4];
    for (int g = 0; g < 8; g++) {
        image(g, key, img);
        if (before(img, key))
            return 0;
        if (img[0] == key[0] && img[1] == key[1] && img[2] == key[2] && img[3] == key[3])
            fixed++;
    }
    return 8 / fixed;
}

static int peaceful(const int key[4]) {
    int ys[4] = {0, m, key[2], key[3]};
    int xs[4] = {key[0], key[1], 0, m};
    for (int i = 0; i < 4; i++)
        for (int j = i + 1; j < 4; j++) {
            if (ys[i] == ys[j] && xs[i] == xs[j])
                continue;
            if (ys[i] == ys[j] || xs[i] == xs[j] || abs(ys[i] - ys[j]) == abs(xs[i] - xs[j]))
                return 0;
        }
    return 1;
}

/* The image searched: the bottom queen nearest a corner, then the side queens' upper one
 * lowest, then the top queen farthest from a corner (ties: the smallest image). */
static int dist(int x) { return x < m - x ? x : m - x; }

static void rank(const int k[4], int out[3]) {
    out[0] = dist(k[1]);
    out[1] = -(k[2] < k[3] ? k[2] : k[3]);
    out[2] = -dist(k[0]);
}

static void oriented(const int key[4], int out[4]) {
    int best[3], cur[3], img[4];
    for (int i = 0; i < 4; i++)
        out[i] = key[i];
    rank(key, best);
    for (int g = 1; g < 8; g++) {
        image(g, key, img);
        rank(img, cur);
        int cmp = 0;
        for (int i = 0; i < 3 && !cmp; i++)
            cmp = (cur[i] > best[i]) - (cur[i] < best[i]);
        if (cmp < 0 || (cmp == 0 && before(img, out))) {
            for (int i = 0; i < 3; i++)
                best[i] = cur[i];
            for (int i = 0; i < 4; i++)
                out[i] = img[i];
        }
    }
}

static long long nodes;

/* Solutions below one constellation (unweighted). */
static long long below(const int key[4]) {
    uint64_t keep[64], cols[64], left[64], right[64], avail[64];
    int shift[64], rows[64];
    uint64_t full = (n == 64) ? ~0ULL : (1ULL << n) - 1;
    uint64_t taken = 1ULL | (1ULL << m) | (1ULL << key[0]) | (1ULL << key[1]);
    int ys[4] = {0, m, key[2], key[3]};
    int xs[4] = {key[0], key[1], 0, m};
    int depth = 0;
    for (int y = 1; y < m; y++) {
        if (y == key[2] || y == key[3])
            continue;
        uint64_t mask = taken;
        for (int i = 0; i < 4; i++) {
            int s = y - ys[i], x = xs[i] + s;
            if (x >= 0 && x < n) mask |= 1ULL << x;
            x = xs[i] - s;
            if (x >= 0 && x < n) mask |= 1ULL << x;
        }
        rows[depth] = y;
        keep[depth++] = full & ~mask;
    }
    if (depth == 0)
        return 1;
    for (int i = 0; i + 1 < depth; i++)
        shift[i] = rows[i + 1] - rows[i];
    shift[depth - 1] = 1;
    int last = depth - 1;
    if (last == 0) {
        long long got = __builtin_popcountll(keep[0]);
        nodes += got;
        return got;
    }
    long long sols = 0, count = 0;
    int d = 0;
    cols[0] = left[0] = right[0] = 0;
    /* the current row's masks and free squares in registers, on the stack only while a
       deeper row is searched */
    uint64_t a = keep[0], c = 0, l = 0, r = 0;
    int s = shift[0];
    for (;;) {
        if (!a) {
            if (d == 0)
                break;
            d--;
            a = avail[d];
            c = cols[d];
            l = left[d];
            r = right[d];
            s = shift[d];
            continue;
        }
        uint64_t bit = a & -a;
        a ^= bit;
        count++;
        uint64_t cn = c | bit, ln = (l | bit) << s, rn = (r | bit) >> s;
        uint64_t f = keep[d + 1] & ~(cn | ln | rn);
        if (d + 1 == last) {
            long long got = __builtin_popcountll(f);
            sols += got;
            count += got;
        } else if (f) {
            /* enter the row only if the row after it keeps a free square */
            int s1 = shift[d + 1];
            if (!(keep[d + 2] & ~(cn | (ln << s1) | (rn >> s1))))
                continue;
            avail[d] = a;
            d++;
            cols[d] = c = cn;
            left[d] = l = ln;
            right[d] = r = rn;
            a = f;
            s = s1;
        }
    }
    nodes += count;
    return sols;
}

static long long constellations;

static long long count_all(void) {
    long long total = 0;
    nodes = 0;
    constellations = 0;
    if (n == 1) {
        constellations = 1;
        return 1;
    }
    int key[4];
    for (key[0] = 0; key[0] < n; key[0]++)
        for (key[1] = 0; key[1] < n; key[1]++)
            for (key[2] = 0; key[2] < n; key[2]++) {
                if ((key[0] == 0) != (key[2] == 0) || (key[1] == 0) != (key[2] == m))
                    continue;
                for (key[3] = 0; key[3] < n; key[3]++) {
                    if ((key[0] == m) != (key[3] == 0) || (key[1] == m) != (key[3] == m))
                        continue;
                    if (!peaceful(key))
                        continue;
                    int w = weight(key);
                    if (!w)
                        continue;
                    int searched[4];
                    oriented(key, searched);
                    constellations++;
                    total += w * below(searched);
                }
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
    if (n < 1 || n > 60 || repeats < 1) {
        fprintf(stderr, "usage: %s N (1..60) [repeats]\n", argv[0]);
        return 2;
    }
    m = n - 1;
    double best = 1e30;
    long long total = 0;
    for (int r = 0; r < repeats; r++) {
        double t0 = now();
        total = count_all();
        double t = now() - t0;
        if (t < best)
            best = t;
    }
    printf("solutions %lld nodes %lld constellations %lld seconds %.6f\n", total, nodes,
           constellations, best);
    return 0;
}
