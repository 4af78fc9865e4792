/* The exact Reversi/Othello endgame solver's search, in C.
 *
 * The same search as ``Endgame.solve`` in ``games/rules/reversi_endgame.py`` (its pure-Python
 * reference, which the tests compare it with): fail-soft negamax with alpha-beta over the
 * bitboards of boards up to 8x8, laid out 8 cells a row here (bit row * 8 + col; the caller
 * converts ``reversi_bits``' rows of cols + 1; blocks and the cells beyond a smaller board are
 * simply not playable, and a line shifted past the board's side is masked), the final disc
 * difference with the empties not counted. Three layers, by the empties left:
 * - many (``deep``): a transposition table of bounds, its move first, then fastest first (the
 *   fewest replies; anchors, the corners, favoured), principal variation search, a cut where
 *   the table already bounds a child (its slot fetched from memory while the moves are
 *   ranked: without that the search mostly waits on memory), and one where the opponent's
 *   stable discs already bound the result;
 * - some (``middle``, at most MIDDLE): fastest first and the stability cut, no table;
 * - few (``shallow``, at most PARITY): moves in regions (board quarters) holding an odd number
 *   of empties first, the stability cut from four empties, the last two empties written out.
 * The exact value (an unbounded window) is found by null windows only.
 *
 * The table belongs to the calling thread, so the search runs without the GIL.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

typedef uint64_t bb;

#define PARITY 5          /* empties up to which ordering by parity alone pays */
#define MIDDLE 7          /* empties up to which the table costs more than it saves */
#define TABLE_BITS 20     /* 1,048,576 entries of 24 bytes: 24 MB a thread */
#define CHECK_EVERY 4095  /* nodes between two looks at the budget */
#define INF 10000

struct entry {
    bb p, o;
    int16_t lower, upper;
    uint8_t move; /* bit index + 1 of the best move, 0: none */
};

struct table {
    bb playable;
    struct entry slots[1 << TABLE_BITS];
};

struct search {
    bb playable, anchors;
    bb quadrants[4];
    int n_quadrants;
    bb neighbours[64]; /* per cell: its playable neighbours (a move needs one of o's there) */
    bb edges[4];        /* per axis: the cells with a wall (the edge or a block) beside them */
    int cells;          /* playable cells */
    struct table *tt;
    unsigned long long nodes, max_nodes;
    double deadline; /* on the monotonic clock, in seconds; negative: none */
    int aborted;
};

static __thread struct table *thread_table;

static inline int count(bb x) { return __builtin_popcountll(x); }

static inline int lowest_index(bb x) { return __builtin_ctzll(x); }

#define COLUMN_0 0x0101010101010101ull
#define COLUMN_7 0x8080808080808080ull

/* The four axes: east, south-west, south, south-east (and back). A shift up by 1 or 9 moves a
 * column right, by 7 left: what lands past the side is masked off. Constants, so that every
 * loop over the axes unrolls into straight shifts. */
static const int shifts[4] = {1, 7, 8, 9};
static const bb up_mask[4] = {~COLUMN_0, ~COLUMN_7, ~0ull, ~COLUMN_0};
static const bb down_mask[4] = {~COLUMN_7, ~COLUMN_0, ~0ull, ~COLUMN_7};

static inline bb up(bb x, int k) { return (x << shifts[k]) & up_mask[k]; }

static inline bb down(bb x, int k) { return (x >> shifts[k]) & down_mask[k]; }

/* Along axis k, the runs of discs of o (at most six) that start next to a disc of ``from``,
 * towards higher bits (``*ups``) and lower ones (``*downs``), grown without a branch. A disc on
 * a side column is never flanked across that side, so with those left out of the runs no
 * shift needs a mask: what wraps round lands on a side column. */
static inline void runs(bb from, bb o, int k, bb *ups, bb *downs) {
    const int s = shifts[k];
    const bb inner = o & up_mask[k] & down_mask[k];
    bb x = (from << s) & inner, y = (from >> s) & inner;
    for (int i = 0; i < 5; i++) {
        x |= (x << s) & inner;
        y |= (y >> s) & inner;
    }
    *ups = x;
    *downs = y;
}

/* The discs of o that a disc of p on ``move`` flips along one axis, both ways: a run counts
 * when a disc of p closes it. */
static inline bb line(bb move, bb p, bb o, int k) {
    bb x, y;
    runs(move, o, k, &x, &y);
    bb flipped = ((x << shifts[k]) & p) ? x : 0;
    return ((y >> shifts[k]) & p) ? flipped | y : flipped;
}

/* The discs of o that a disc of p on ``move`` flips. */
static inline bb flips(bb move, bb p, bb o) {
    return line(move, p, o, 0) | line(move, p, o, 1) | line(move, p, o, 2) | line(move, p, o, 3);
}

/* The empty cells where p may play: beyond a run of o next to one of its discs. */
static inline bb moves_of(bb p, bb o, bb empty) {
    bb moves = 0;
    for (int k = 0; k < 4; k++) {
        bb x, y;
        runs(p, o, k, &x, &y);
        moves |= (x << shifts[k]) | (y >> shifts[k]);
    }
    return moves & empty;
}

static double now(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

static int tick(struct search *S) {
    S->nodes++;
    if (!(S->nodes & CHECK_EVERY)) {
        if ((S->max_nodes && S->nodes > S->max_nodes) || (S->deadline >= 0 && now() > S->deadline))
            S->aborted = 1;
    }
    return S->aborted;
}

/* The discs of ``own`` that can never be flipped (a safe under-estimate, as reversi_bits'
 * stable_discs): on each of its four lines, the line is full, or a wall or a stable disc of
 * its own colour is next to it. */
static bb stable_discs(const struct search *S, bb own, bb occupied) {
    if (!(own & S->anchors)) return 0;
    bb empty = S->playable & ~occupied, full[4];
    for (int k = 0; k < 4; k++) {
        bb reach = empty, x = empty;
        while (x) { /* cells an empty cell sees along this axis through discs */
            x = ((up(x, k) | down(x, k)) & occupied) & ~reach;
            reach |= x;
        }
        full[k] = occupied & ~reach;
    }
    bb stable = own & S->anchors;
    for (;;) {
        bb grown = own;
        for (int k = 0; k < 4; k++)
            grown &= full[k] | S->edges[k] | up(stable, k) | down(stable, k);
        grown |= stable;
        if (grown == stable) return stable;
        stable = grown;
    }
}

/* The opponent's stable discs stay theirs: the mover ends at most cells - 2 x them ahead. That
 * bound where it is at most alpha (a cut), else INF; tried only when o has discs enough. */
static inline int stability_cut(const struct search *S, bb p, bb o, int alpha) {
    if (alpha <= 0 || S->cells - 2 * count(o) > alpha) return INF;
    int bound = S->cells - 2 * count(stable_discs(S, o, p | o));
    return bound <= alpha ? bound : INF;
}

/* The empties of the regions (board quarters) holding an odd number of them: moving last in
 * a region pays, so a move there is tried first. */
static inline bb odd_regions(const struct search *S, bb empty) {
    bb odd = 0;
    for (int i = 0; i < S->n_quadrants; i++)
        if (count(empty & S->quadrants[i]) & 1) odd |= empty & S->quadrants[i];
    return odd;
}

/* A move ``b`` of p and the position after it, the other side to move (q theirs, r ours). */
struct child {
    int rank;
    bb b, q, r;
};

static inline struct child child_of(bb p, bb o, bb b) {
    bb f = flips(b, p, o);
    return (struct child){0, b, o & ~f, p | f | b};
}

/* Fastest first: the fewest replies (anchors count twice), then the fewest empties beside our
 * discs, then a move in an odd region; an anchor favoured. Lower ranks go first. */
static inline int fastest_first(const struct search *S, const struct child *c, bb empty, bb odd) {
    bb left = empty & ~c->b, replies = moves_of(c->q, c->r, left), around = 0;
    for (int k = 0; k < 4; k++) around |= up(c->r, k) | down(c->r, k);
    int rank = (count(replies) + count(replies & S->anchors)) * 16 + count(around & left) + 2 * !(c->b & odd);
    return c->b & S->anchors ? rank - 24 : rank;
}

/* A stable insertion sort by rank: equal ranks keep the order of the cells (lowest bit first). */
static inline void sort_children(struct child *children, int n) {
    for (int i = 1; i < n; i++) {
        struct child c = children[i];
        int j = i;
        for (; j > 0 && children[j - 1].rank > c.rank; j--) children[j] = children[j - 1];
        children[j] = c;
    }
}

static int last(const struct search *S, bb p, bb o, bb empty) {
    /* One empty left: its flips for the mover, else for the other side. */
    int diff = count(p) - count(o);
    if (!(S->neighbours[lowest_index(empty)] & (p | o))) return diff;
    int f = count(flips(empty, p, o));
    if (f) return diff + 2 * f + 1;
    f = count(flips(empty, o, p));
    if (f) return diff - 2 * f - 1;
    return diff;
}

/* Two empties left, written out: the mover's moves on each, else the other side's. */
static int last_two(struct search *S, bb p, bb o, bb empty, int alpha, int beta) {
    bb a = empty & (~empty + 1), b = empty ^ a, f;
    int best = -INF, value;
    if ((S->neighbours[lowest_index(a)] & o) && (f = flips(a, p, o))) {
        S->nodes++;
        best = -last(S, o & ~f, p | f | a, b);
        if (best >= beta) return best;
    }
    if ((S->neighbours[lowest_index(b)] & o) && (f = flips(b, p, o))) {
        S->nodes++;
        value = -last(S, o & ~f, p | f | b, a);
        if (value > best) best = value;
    }
    if (best > -INF) return best;
    best = INF; /* the mover passes */
    if ((S->neighbours[lowest_index(a)] & p) && (f = flips(a, o, p))) {
        S->nodes++;
        best = last(S, p & ~f, o | f | a, b);
        if (best <= alpha) return best;
    }
    if ((S->neighbours[lowest_index(b)] & p) && (f = flips(b, o, p))) {
        S->nodes++;
        value = last(S, p & ~f, o | f | b, a);
        if (value < best) best = value;
    }
    return best < INF ? best : count(p) - count(o);
}

static int shallow(struct search *S, bb p, bb o, bb empty, int n, int alpha, int beta, int passed) {
    if (n == 1) {
        S->nodes++;
        return last(S, p, o, empty);
    }
    if (n == 2) {
        if (tick(S)) return 0;
        return last_two(S, p, o, empty, alpha, beta);
    }
    if (tick(S)) return 0;
    if (n >= 4) {
        int bound = stability_cut(S, p, o, alpha);
        if (bound != INF) return bound;
    }
    const bb odd = odd_regions(S, empty);
    int best = -INF, moved = 0;
    bb groups[2] = {odd, empty & ~odd};
    for (int k = 0; k < 2; k++) {
        bb group = groups[k];
        while (group) {
            bb b = group & (~group + 1);
            group ^= b;
            if (!(S->neighbours[lowest_index(b)] & o)) continue;
            bb f = flips(b, p, o);
            if (!f) continue;
            moved = 1;
            int value = -shallow(S, o & ~f, p | f | b, empty & ~b, n - 1, -beta, -alpha, 0);
            if (S->aborted) return 0;
            if (value > best) {
                best = value;
                if (value > alpha) {
                    alpha = value;
                    if (alpha >= beta) return best;
                }
            }
        }
    }
    if (moved) return best;
    if (passed) return count(p) - count(o);
    return -shallow(S, o, p, empty, n, -beta, -alpha, 1);
}

/* Between the few empties and the many: fastest first and the stability cut, no table. */
static int middle(struct search *S, bb p, bb o, bb empty, int n, int alpha, int beta, int passed) {
    if (tick(S)) return 0;
    int bound = stability_cut(S, p, o, alpha);
    if (bound != INF) return bound;
    bb moves = moves_of(p, o, empty);
    if (!moves) {
        if (passed) return count(p) - count(o);
        return -middle(S, o, p, empty, n, -beta, -alpha, 1);
    }
    const bb odd = odd_regions(S, empty);
    struct child children[32]; /* at most MIDDLE moves */
    int count_children = 0;
    for (; moves; moves &= moves - 1) {
        struct child *c = &children[count_children++];
        *c = child_of(p, o, moves & (~moves + 1));
        c->rank = fastest_first(S, c, empty, odd);
    }
    sort_children(children, count_children);
    int best = -INF;
    for (int i = 0; i < count_children; i++) {
        const struct child *c = &children[i];
        const bb left = empty & ~c->b;
        int value = n - 1 <= PARITY ? -shallow(S, c->q, c->r, left, n - 1, -beta, -alpha, 0)
                                    : -middle(S, c->q, c->r, left, n - 1, -beta, -alpha, 0);
        if (S->aborted) return 0;
        if (value > best) {
            best = value;
            if (value > alpha) {
                alpha = value;
                if (alpha >= beta) return best;
            }
        }
    }
    return best;
}

static struct entry *slot(const struct search *S, bb p, bb o) {
    uint64_t h = p * 0x9E3779B97F4A7C15ull ^ o * 0xC2B2AE3D27D4EB4Full;
    return &S->tt->slots[(h ^ (h >> 29)) & ((1u << TABLE_BITS) - 1)];
}

static int deep(struct search *S, bb p, bb o, bb empty, int n, int alpha, int beta, int passed);

/* A move's value for the mover (the child ``q``, ``r`` with the other side to move): the first
 * move with the whole window, the others by a null window first, searched again only if they
 * beat it (principal variation search). */
static int child_value(struct search *S, bb q, bb r, bb empty, int n, int alpha, int beta, int first) {
    int (*search)(struct search *, bb, bb, bb, int, int, int, int) = n <= PARITY ? shallow : n <= MIDDLE ? middle : deep;
    if (first) return -search(S, q, r, empty, n, -beta, -alpha, 0);
    int value = -search(S, q, r, empty, n, -alpha - 1, -alpha, 0);
    if (!S->aborted && alpha < value && value < beta) value = -search(S, q, r, empty, n, -beta, -value, 0);
    return value;
}

static int deep(struct search *S, bb p, bb o, bb empty, int n, int alpha, int beta, int passed) {
    if (tick(S)) return 0;
    int bound = stability_cut(S, p, o, alpha);
    if (bound != INF) return bound;
    struct entry *e = slot(S, p, o);
    bb first = 0;
    if (e->move && e->p == p && e->o == o) {
        int lower = e->lower, upper = e->upper;
        first = (bb)1 << (e->move - 1);
        if (lower >= beta) return lower;
        if (upper <= alpha) return upper;
        if (lower == upper) return lower;
        if (lower > alpha) alpha = lower;
        if (upper < beta) beta = upper;
    }
    bb moves = moves_of(p, o, empty);
    if (!moves) {
        if (passed) return count(p) - count(o);
        return -deep(S, o, p, empty, n, -beta, -alpha, 1);
    }
    int alpha0 = alpha, best = -INF;
    bb best_move = 0;
    if (first & moves) { /* the table's move first, before the others are ranked: it often cuts alone */
        const struct child c = child_of(p, o, first);
        best = child_value(S, c.q, c.r, empty & ~first, n - 1, alpha, beta, 1);
        if (S->aborted) return 0;
        best_move = first;
        if (best > alpha) alpha = best;
        moves ^= first;
    }
    struct child children[64];
    int count_children = 0;
    if (alpha < beta) {
        /* the children first, their table slots fetched from memory while the moves are ranked */
        const bb odd = odd_regions(S, empty);
        for (; moves; moves &= moves - 1) {
            struct child *c = &children[count_children++];
            *c = child_of(p, o, moves & (~moves + 1));
            __builtin_prefetch(slot(S, c->q, c->r));
        }
        for (int i = 0; i < count_children; i++) children[i].rank = fastest_first(S, &children[i], empty, odd);
        /* The table may already bound a child: at most u for them is at least -u for us. */
        for (int i = 0; i < count_children; i++) {
            struct child *c = &children[i];
            struct entry *known = slot(S, c->q, c->r);
            if (known->move && known->p == c->q && known->o == c->r && -known->upper >= beta) return -known->upper;
        }
        sort_children(children, count_children);
    }
    for (int i = 0; i < count_children && alpha < beta; i++) {
        struct child *c = &children[i];
        int value = child_value(S, c->q, c->r, empty & ~c->b, n - 1, alpha, beta, best == -INF);
        if (S->aborted) return 0;
        if (value > best) {
            best = value;
            best_move = c->b;
            if (value > alpha) alpha = value;
        }
    }
    e->p = p;
    e->o = o;
    e->move = (uint8_t)(lowest_index(best_move) + 1);
    if (best >= beta) {
        e->lower = (int16_t)best;
        e->upper = INF;
    } else if (best <= alpha0) {
        e->lower = -INF;
        e->upper = (int16_t)best;
    } else {
        e->lower = e->upper = (int16_t)best;
    }
    return best;
}

/* The exact value by null windows only (MTD(f), from the disc difference as a guess): each null window is far
 * cheaper than a wide one, and the table carries what one proved into the next. */
static int exact(struct search *S, bb p, bb o, bb empty, int n) {
    int lower = -INF, upper = INF, guess = count(p) - count(o);
    while (lower < upper && !S->aborted) {
        int beta = guess > lower ? guess : lower + 1;
        int value = deep(S, p, o, empty, n, beta - 1, beta, 0);
        if (value < beta)
            upper = value;
        else
            lower = value;
        guess = value;
    }
    return lower;
}

PyDoc_STRVAR(solve_doc,
             "solve(rows, cols, playable, anchors, edges, quadrants, p, o, alpha, beta, max_nodes, seconds)\n"
             "    -> (value, nodes, done)\n\n"
             "The exact final disc difference for the side owning ``p`` when it lies in (alpha,\n"
             "beta), else a bound beyond the window on the same side (an unbounded window: the\n"
             "exact value). Every mask is laid out 8 cells a row (bit row * 8 + col); ``edges`` is\n"
             "a tuple of four masks, ``quadrants`` of up to four. ``done`` is False when\n"
             "``max_nodes`` (0: none) or ``seconds`` (negative: none) ran out first.");

static int read_masks(PyObject *tuple, bb *out, Py_ssize_t most, const char *what) {
    if (!PyTuple_Check(tuple) || PyTuple_GET_SIZE(tuple) > most) {
        PyErr_Format(PyExc_ValueError, "%s: a tuple of at most %zd masks", what, most);
        return -1;
    }
    for (Py_ssize_t i = 0; i < PyTuple_GET_SIZE(tuple); i++) {
        out[i] = PyLong_AsUnsignedLongLong(PyTuple_GET_ITEM(tuple, i));
        if (PyErr_Occurred()) return -1;
    }
    return (int)PyTuple_GET_SIZE(tuple);
}

static PyObject *solve(PyObject *self, PyObject *args) {
    int rows, cols, alpha, beta;
    unsigned long long playable, anchors, p, o, max_nodes;
    PyObject *edges, *quadrants;
    double seconds;
    if (!PyArg_ParseTuple(args, "iiKKOOKKiiKd", &rows, &cols, &playable, &anchors, &edges, &quadrants, &p, &o,
                          &alpha, &beta, &max_nodes, &seconds))
        return NULL;
    if (rows < 1 || cols < 1 || rows > 8 || cols > 8) {
        PyErr_Format(PyExc_ValueError, "a board of %d x %d cells does not fit the core's 8 x 8", rows, cols);
        return NULL;
    }
    struct search S;
    memset(&S, 0, sizeof S);
    S.playable = playable;
    S.anchors = anchors;
    if (read_masks(edges, S.edges, 4, "edges") != 4) {
        if (!PyErr_Occurred()) PyErr_SetString(PyExc_ValueError, "edges: a tuple of four masks");
        return NULL;
    }
    if ((S.n_quadrants = read_masks(quadrants, S.quadrants, 4, "quadrants")) < 0) return NULL;
    S.cells = count(S.playable);
    for (int i = 0; i < 64; i++) {
        bb cell = (bb)1 << i, around = 0;
        for (int k = 0; k < 4; k++) around |= up(cell, k) | down(cell, k);
        S.neighbours[i] = around & S.playable;
    }
    if ((p & o) || ((p | o) & ~S.playable)) {
        PyErr_SetString(PyExc_ValueError, "the discs must lie on playable cells, one colour a cell");
        return NULL;
    }
    if (!thread_table) {
        thread_table = calloc(1, sizeof *thread_table);
        if (!thread_table) return PyErr_NoMemory();
    }
    if (thread_table->playable != S.playable) {
        memset(thread_table->slots, 0, sizeof thread_table->slots);
        thread_table->playable = S.playable;
    }
    S.tt = thread_table;
    S.max_nodes = max_nodes;
    S.deadline = seconds >= 0 ? now() + seconds : -1.0;
    bb empty = S.playable & ~(p | o);
    int n = count(empty), value;
    Py_BEGIN_ALLOW_THREADS
    if (n == 0)
        value = count(p) - count(o);
    else if (n <= PARITY)
        value = shallow(&S, p, o, empty, n, alpha, beta, 0);
    else if (alpha < -S.cells && beta > S.cells) /* the exact value asked for */
        value = exact(&S, p, o, empty, n);
    else
        value = deep(&S, p, o, empty, n, alpha, beta, 0);
    Py_END_ALLOW_THREADS
    return Py_BuildValue("iKO", value, S.nodes, S.aborted ? Py_False : Py_True);
}

static PyMethodDef methods[] = {
    {"solve", solve, METH_VARARGS, solve_doc},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {
    PyModuleDef_HEAD_INIT, "_reversi_core", "The Reversi family's endgame core (see reversi_endgame.py).", -1,
    methods,
};

PyMODINIT_FUNC PyInit__reversi_core(void) { return PyModule_Create(&module); }
