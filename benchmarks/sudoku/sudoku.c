/* Reference: Sudoku by backtracking in C, the orders knightviz shows (docs/sudoku.md).
 *
 * plain: the first empty cell in reading order, its candidate digits ascending; no
 * candidate left: the last placement is removed. mrv: among the empty cells with the
 * fewest candidates the first in reading order, digits ascending; a cell with none fails
 * at once. Candidates are bit masks (one word per row, column and box), the search an
 * explicit stack (no recursion). A step is a placement or a removal, counted to the first
 * solution, as knightviz counts them; givens are not steps.
 *
 *   cc -O2 -march=native -o benchmarks/out/sudoku benchmarks/sudoku/sudoku.c
 *   benchmarks/out/sudoku plain|mrv [repeats] < puzzles    one puzzle a line (N*N chars)
 *   benchmarks/out/sudoku count N [repeats]                every solution of the empty N*N
 *   benchmarks/out/sudoku generate SEED TRIES KEEP MOST    the hard set (see generate)
 *
 * The search mode prints "steps S moves M backtracks B solved Y" per puzzle and then
 * "total seconds T" (the best of `repeats` passes over every puzzle, timed around the
 * searches alone). The count prints "solutions C steps S seconds T" (plain order, one core).
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define MAXN 16
#define MAXC (MAXN * MAXN)
#define MAXP 4096

typedef struct {
    int n;
    unsigned char cells[MAXC]; /* 0 blank, else the digit */
} Puzzle;

static int n, nn, box_rows, box_cols;
static uint32_t full;
static int box_of[MAXC], row_of[MAXC], col_of[MAXC];
static uint32_t rowm[MAXN], colm[MAXN], boxm[MAXN];

static int setup(int size) {
    n = size;
    nn = n * n;
    switch (n) {
    case 4: box_rows = 2; box_cols = 2; break;
    case 6: box_rows = 2; box_cols = 3; break;
    case 9: box_rows = 3; box_cols = 3; break;
    case 16: box_rows = 4; box_cols = 4; break;
    default: return 0;
    }
    full = (n == 32) ? 0xffffffffu : ((1u << n) - 1);
    for (int c = 0; c < nn; c++) {
        int r = c / n, k = c % n;
        row_of[c] = r;
        col_of[c] = k;
        box_of[c] = (r / box_rows) * (n / box_cols) + k / box_cols;
    }
    return 1;
}

/* The givens into the masks; 0 when two equal digits share a unit. */
static int load(const Puzzle *p) {
    memset(rowm, 0, sizeof rowm);
    memset(colm, 0, sizeof colm);
    memset(boxm, 0, sizeof boxm);
    for (int c = 0; c < nn; c++) {
        int d = p->cells[c];
        if (!d)
            continue;
        uint32_t bit = 1u << (d - 1);
        if ((rowm[row_of[c]] | colm[col_of[c]] | boxm[box_of[c]]) & bit)
            return 0;
        rowm[row_of[c]] |= bit;
        colm[col_of[c]] |= bit;
        boxm[box_of[c]] |= bit;
    }
    return 1;
}

static inline uint32_t cands(int c) {
    return full & ~(rowm[row_of[c]] | colm[col_of[c]] | boxm[box_of[c]]);
}

static inline void put(int c, uint32_t bit) {
    rowm[row_of[c]] |= bit;
    colm[col_of[c]] |= bit;
    boxm[box_of[c]] |= bit;
}

static inline void take(int c, uint32_t bit) {
    rowm[row_of[c]] &= ~bit;
    colm[col_of[c]] &= ~bit;
    boxm[box_of[c]] &= ~bit;
}

/* plain: level d fills the d-th empty cell (plain fills them in reading order). */
static int plain(const Puzzle *p, long long *moves, long long *backs, int every,
                 long long *solutions, long long limit) {
    int empties[MAXC], e = 0;
    uint32_t avail[MAXC + 1], placed[MAXC + 1];
    long long mv = 0, bk = 0, sols = 0;
    for (int c = 0; c < nn; c++)
        if (!p->cells[c])
            empties[e++] = c;
    int d = 0, solved = 0;
    avail[0] = e ? cands(empties[0]) : 0;
    if (e == 0) {
        *moves = *backs = 0;
        *solutions = 1;
        return 1;
    }
    for (;;) {
        uint32_t a = avail[d];
        if (a) {
            uint32_t bit = a & -a;
            avail[d] = a ^ bit;
            int c = empties[d];
            put(c, bit);
            placed[d] = bit;
            mv++;
            d++;
            if (d == e) {
                sols++;
                solved = 1;
                if (!every)
                    break;
                avail[d] = 0; /* a full grid has nothing further: back off */
                continue;
            }
            avail[d] = cands(empties[d]);
        } else {
            if (d == 0)
                break;
            d--;
            take(empties[d], placed[d]);
            bk++;
        }
        if (limit && mv + bk >= limit)
            break;
    }
    *moves = mv;
    *backs = bk;
    *solutions = sols;
    return solved;
}

static int mrv(const Puzzle *p, long long *moves, long long *backs) {
    int empty[MAXC], cell[MAXC + 1], e = 0;
    uint32_t avail[MAXC + 1], placed[MAXC + 1];
    long long mv = 0, bk = 0;
    unsigned char filled[MAXC];
    for (int c = 0; c < nn; c++) {
        filled[c] = p->cells[c] != 0;
        if (!filled[c])
            empty[e++] = c;
    }
    int d = 0, solved = 0, entering = 1;
    for (;;) {
        if (entering) {
            if (d == e) {
                solved = 1;
                break;
            }
            int best = -1, fewest = 99;
            uint32_t bm = 0;
            for (int i = 0; i < e; i++) {
                int c = empty[i];
                if (filled[c])
                    continue;
                uint32_t m = cands(c);
                int k = __builtin_popcount(m);
                if (k < fewest) {
                    fewest = k;
                    best = c;
                    bm = m;
                    if (k == 0)
                        break;
                }
            }
            cell[d] = best;
            avail[d] = bm;
            entering = 0;
        }
        uint32_t a = avail[d];
        if (a) {
            uint32_t bit = a & -a;
            avail[d] = a ^ bit;
            int c = cell[d];
            put(c, bit);
            filled[c] = 1;
            placed[d] = bit;
            mv++;
            d++;
            entering = 1;
        } else {
            if (d == 0)
                break;
            d--;
            take(cell[d], placed[d]);
            filled[cell[d]] = 0;
            bk++;
        }
    }
    *moves = mv;
    *backs = bk;
    return solved;
}

/* -- the hard set: random minimal puzzles, the slowest for plain kept ----------------- */

static uint64_t rng_state;

static uint64_t next_random(void) { /* splitmix64: the same numbers on every machine */
    uint64_t z = (rng_state += 0x9e3779b97f4a7c15ULL);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
}

static int below_n(int k) { return (int)(next_random() % (uint64_t)k); }

/* Solutions of the masks' position (cells[] 0 = blank), up to `cap`, MRV order. */
static int count_upto(unsigned char *cells, int cap) {
    int best = -1, fewest = 99;
    uint32_t bm = 0;
    for (int c = 0; c < nn; c++) {
        if (cells[c])
            continue;
        uint32_t m = cands(c);
        int k = __builtin_popcount(m);
        if (k < fewest) {
            fewest = k;
            best = c;
            bm = m;
            if (k <= 1)
                break;
        }
    }
    if (best < 0)
        return 1;
    int found = 0;
    while (bm && found < cap) {
        uint32_t bit = bm & -bm;
        bm ^= bit;
        put(best, bit);
        cells[best] = (unsigned char)(__builtin_ctz(bit) + 1);
        found += count_upto(cells, cap - found);
        cells[best] = 0;
        take(best, bit);
    }
    return found;
}

/* A random complete grid: cells in reading order, digits in a random order each. */
static int fill_random(unsigned char *cells, int c) {
    if (c == nn)
        return 1;
    uint32_t m = cands(c);
    int digits[MAXN], k = 0;
    for (int d = 0; d < n; d++)
        if (m >> d & 1)
            digits[k++] = d;
    for (int i = k - 1; i > 0; i--) {
        int j = below_n(i + 1), t = digits[i];
        digits[i] = digits[j];
        digits[j] = t;
    }
    for (int i = 0; i < k; i++) {
        uint32_t bit = 1u << digits[i];
        put(c, bit);
        cells[c] = (unsigned char)(digits[i] + 1);
        if (fill_random(cells, c + 1))
            return 1;
        cells[c] = 0;
        take(c, bit);
    }
    return 0;
}

static int unique(const unsigned char *cells) {
    Puzzle p;
    p.n = n;
    memcpy(p.cells, cells, (size_t)nn);
    if (!load(&p))
        return 0;
    return count_upto(p.cells, 2) == 1;
}

/* `tries` random 9x9 grids (seed `seed`), each stripped to a minimal puzzle with one
 * solution (givens removed in a random order while the solution stays unique); printed:
 * those whose plain search takes at most `most` steps, the `keep` slowest, in the order
 * generated. */
static int generate(uint64_t seed, int tries, int keep, long long most) {
    static Puzzle made[MAXP];
    static long long steps[MAXP];
    if (tries > MAXP)
        tries = MAXP;
    setup(9);
    rng_state = seed;
    for (int t = 0; t < tries; t++) {
        unsigned char cells[MAXC];
        memset(cells, 0, sizeof cells);
        memset(rowm, 0, sizeof rowm);
        memset(colm, 0, sizeof colm);
        memset(boxm, 0, sizeof boxm);
        fill_random(cells, 0);
        int order[MAXC];
        for (int c = 0; c < nn; c++)
            order[c] = c;
        for (int i = nn - 1; i > 0; i--) {
            int j = below_n(i + 1), x = order[i];
            order[i] = order[j];
            order[j] = x;
        }
        for (int i = 0; i < nn; i++) {
            int c = order[i];
            unsigned char d = cells[c];
            cells[c] = 0;
            if (!unique(cells))
                cells[c] = d;
        }
        made[t].n = 9;
        memcpy(made[t].cells, cells, (size_t)nn);
        long long mv, bk, sols;
        load(&made[t]);
        int solved = plain(&made[t], &mv, &bk, 0, &sols, most + 1);
        steps[t] = solved && mv + bk <= most ? mv + bk : -1;
    }
    /* the keep-th largest step count that qualifies is the threshold */
    int chosen = 0;
    unsigned char pick[MAXP];
    memset(pick, 0, sizeof pick);
    while (chosen < keep) {
        int top = -1;
        for (int t = 0; t < tries; t++)
            if (!pick[t] && steps[t] >= 0 && (top < 0 || steps[t] > steps[top]))
                top = t;
        if (top < 0)
            break;
        pick[top] = 1;
        chosen++;
    }
    for (int t = 0; t < tries; t++) {
        if (!pick[t])
            continue;
        for (int c = 0; c < nn; c++)
            putchar(made[t].cells[c] ? '0' + made[t].cells[c] : '.');
        putchar('\n');
    }
    return chosen;
}

static double now(void) {
    struct timespec ts;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts); /* processor time: fair on a shared machine */
    return ts.tv_sec + ts.tv_nsec * 1e-9;
}

static int digit(int ch) {
    if (ch == '.' || ch == '0')
        return 0;
    if (ch >= '1' && ch <= '9')
        return ch - '0';
    if (ch >= 'A' && ch <= 'G')
        return ch - 'A' + 10;
    if (ch >= 'a' && ch <= 'g')
        return ch - 'a' + 10;
    return -1;
}

static Puzzle puzzles[MAXP];

static int read_puzzles(void) {
    char line[1024];
    int count = 0;
    while (fgets(line, sizeof line, stdin) && count < MAXP) {
        size_t len = strcspn(line, "\r\n");
        line[len] = 0;
        if (len == 0 || line[0] == '#')
            continue;
        int size = 0;
        while (size * size < (int)len)
            size++;
        if (size * size != (int)len || !setup(size)) {
            fprintf(stderr, "not a puzzle: %s\n", line);
            exit(2);
        }
        Puzzle *p = &puzzles[count++];
        p->n = size;
        for (size_t i = 0; i < len; i++) {
            int d = digit(line[i]);
            if (d < 0 || d > size) {
                fprintf(stderr, "bad character in: %s\n", line);
                exit(2);
            }
            p->cells[i] = (unsigned char)d;
        }
    }
    return count;
}

int main(int argc, char **argv) {
    if (argc < 2) {
        fprintf(stderr, "usage: sudoku plain|mrv [repeats] < puzzles | sudoku count N [repeats]\n");
        return 2;
    }
    if (strcmp(argv[1], "generate") == 0) {
        if (argc < 6)
            return 2;
        return generate(strtoull(argv[2], NULL, 10), atoi(argv[3]), atoi(argv[4]),
                        atoll(argv[5]))
                   ? 0
                   : 1;
    }
    if (strcmp(argv[1], "count") == 0) {
        int size = argc > 2 ? atoi(argv[2]) : 6;
        int repeats = argc > 3 ? atoi(argv[3]) : 1;
        Puzzle empty;
        if (!setup(size) || repeats < 1)
            return 2;
        memset(&empty, 0, sizeof empty);
        empty.n = size;
        double best = 1e30;
        long long sols = 0, mv = 0, bk = 0;
        for (int r = 0; r < repeats; r++) {
            load(&empty);
            double t0 = now();
            plain(&empty, &mv, &bk, 1, &sols, 0);
            double t = now() - t0;
            if (t < best)
                best = t;
        }
        printf("solutions %lld steps %lld seconds %.6f\n", sols, mv + bk, best);
        return 0;
    }
    int use_mrv = strcmp(argv[1], "mrv") == 0;
    if (!use_mrv && strcmp(argv[1], "plain") != 0)
        return 2;
    int repeats = argc > 2 ? atoi(argv[2]) : 1;
    int count = read_puzzles();
    static long long mv[MAXP], bk[MAXP];
    static int ok[MAXP];
    double best = 1e30;
    for (int r = 0; r < (repeats < 1 ? 1 : repeats); r++) {
        double total = 0;
        for (int i = 0; i < count; i++) {
            setup(puzzles[i].n);
            if (!load(&puzzles[i])) {
                mv[i] = bk[i] = 0;
                ok[i] = 0;
                continue;
            }
            long long sols;
            double t0 = now();
            ok[i] = use_mrv ? mrv(&puzzles[i], &mv[i], &bk[i])
                            : plain(&puzzles[i], &mv[i], &bk[i], 0, &sols, 0);
            total += now() - t0;
        }
        if (total < best)
            best = total;
    }
    for (int i = 0; i < count; i++)
        printf("steps %lld moves %lld backtracks %lld solved %d\n", mv[i] + bk[i], mv[i], bk[i],
               ok[i]);
    printf("total seconds %.6f\n", best);
    return 0;
}
