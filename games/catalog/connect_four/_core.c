/* The inner loop of Connect Four's exact solver, in C.
 *
 * The negamax of ``Solver._negamax`` in ``solver.py`` (its pure-Python reference, which the
 * tests compare it with): alpha-beta over bitboards, moves that lose at once never played, a
 * forced block played alone, the moves making the most threats searched first (centre first
 * among equals), and a transposition table of bounds. Two additions: the table may cut
 * before any child is searched (enhanced transposition cutoff), the children's slots being
 * fetched from memory while the moves are ranked; and the positions near the end have a small
 * table of their own that the cache holds (without these the search mostly waits on memory).
 * Boards whose bitboard fits 64 bits (columns x (rows + 1) <= 64: 6x7, 7x7, 6x8, 7x8...) are
 * solved here; the others stay with the reference.
 *
 * The table belongs to the calling thread (each thread that solves gets its own, kept
 * between calls while the board size is the same), so the search runs without the GIL.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

typedef uint64_t bb;

#define TABLE_SIZE 4194301u /* a prime: 32 MB a thread (8 bytes an entry) */
#define UPPER_BASE 64       /* an upper bound u is stored as u + UPPER_BASE (1..127) */
#define LOWER_BASE 192      /* a lower bound l as l + LOWER_BASE (129..255); 0: empty */
#define NEAR 14             /* positions with at most this many empty cells use the near table */
#define NEAR_SIZE 65521u    /* a prime: 512 KB, which stays in the core's cache */
#define CHECK_EVERY 1023    /* nodes between two looks at the budget */

struct table {
    int rows, cols;
    /* a position's key (cur + mask) goes to slot key % TABLE_SIZE, which keeps key / TABLE_SIZE
     * (below 2^43) above its encoded bound: one word, so one read from memory a look-up */
    uint64_t slots[TABLE_SIZE];
    /* The positions with few empty cells left, by far the most, get a small table of their
     * own: the cache holds it, where a look-up in the large one waits on memory. */
    uint64_t near[NEAR_SIZE];
};

struct search {
    int h, cols, cells;
    bb board, bottom_all;
    bb columns[16]; /* centre first */
    struct table *tt;
    unsigned long long nodes, max_nodes;
    double deadline; /* on the monotonic clock, in seconds; negative: none */
    int aborted;
};

static __thread struct table *thread_table;

static inline bb threats(bb p, bb empty, int h) {
    /* Pons's compute_winning_position: the empty cells completing a four for p. */
    bb r = (p << 1) & (p << 2) & (p << 3);
    const int shifts[3] = {h, h + 1, h - 1};
    for (int i = 0; i < 3; i++) {
        int s = shifts[i];
        bb a = (p << s) & (p << (2 * s));
        r |= a & (p << (3 * s));
        r |= a & (p >> s);
        a = (p >> s) & (p >> (2 * s));
        r |= a & (p << s);
        r |= a & (p >> (3 * s));
    }
    return r & empty;
}

static double now(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

/* The part of the table for positions with ``empties`` empty cells: the small one near the end. */
struct part {
    uint64_t *slots;
    uint64_t size;
};

static inline struct part part_for(struct table *tt, int empties) {
    return empties > NEAR ? (struct part){tt->slots, TABLE_SIZE} : (struct part){tt->near, NEAR_SIZE};
}

static inline uint64_t *slot_of(struct part t, bb key) { return &t.slots[key % t.size]; }

static inline void store(struct part t, bb key, int encoded) { *slot_of(t, key) = (key / t.size) << 8 | (uint64_t)encoded; }

/* The encoded bound stored for ``key``, 0 if none. */
static inline int probe(struct part t, bb key) {
    const uint64_t e = *slot_of(t, key);
    return (e >> 8) == key / t.size ? (int)(e & 0xff) : 0;
}

typedef int (*search_fn)(struct search *S, bb cur, bb mask, int n, int alpha, int beta);

/* The negamax, written once and compiled twice: for any board, and for 6x7 (the board nearly
 * every game is played on), where the column height, cells and columns are constants that
 * the compiler folds into the shifts and unrolls. */
static inline __attribute__((always_inline)) int search_body(struct search *S, bb cur, bb mask, int n, int alpha,
                                                             int beta, const int h, const int cells, const int cols,
                                                             const bb board, const bb bottom_all, search_fn negamax) {
    S->nodes++;
    if (!(S->nodes & CHECK_EVERY)) {
        if ((S->max_nodes && S->nodes > S->max_nodes) || (S->deadline >= 0 && now() > S->deadline))
            S->aborted = 1;
    }
    if (S->aborted) return 0;
    const bb empty = board ^ mask;
    bb possible = (mask + bottom_all) & board;
    const bb opp = cur ^ mask;
    const bb opp_wins = threats(opp, empty, h);
    const bb forced = possible & opp_wins;
    if (forced) {
        if (forced & (forced - 1)) return -((cells - n) / 2); /* two threats to block */
        possible = forced;
    }
    const bb moves = possible & ~(opp_wins >> 1); /* never play right under their threat */
    if (!moves) return -((cells - n) / 2);
    if (n >= cells - 2) return 0;
    int low = -((cells - 2 - n) / 2); /* they cannot win at their next move */
    if (alpha < low) {
        alpha = low;
        if (alpha >= beta) return alpha;
    }
    int high = (cells - 1 - n) / 2; /* nor can we at this one */
    const bb key = cur + mask;
    const struct part own = part_for(S->tt, cells - n), children = part_for(S->tt, cells - n - 1);
    const int stored = probe(own, key);
    if (stored) {
        if (stored > 128) {
            low = stored - LOWER_BASE;
            if (alpha < low) {
                alpha = low;
                if (alpha >= beta) return alpha;
            }
        } else if (stored - UPPER_BASE < high) {
            high = stored - UPPER_BASE;
        }
    }
    if (beta > high) {
        beta = high;
        if (alpha >= beta) return beta;
    }
    /* The moves, most threats made first; a stable insertion keeps centre first among equals. */
    bb bits[16];
    int scores[16], count = 0;
    for (int i = 0; i < cols; i++) /* the children's slots, fetched from memory while the moves are ranked */
        if (moves & S->columns[i]) __builtin_prefetch(slot_of(children, opp + (mask | (moves & S->columns[i]))));
    for (int i = 0; i < cols; i++) {
        bb bit = moves & S->columns[i];
        if (!bit) continue;
        int score = __builtin_popcountll(threats(cur | bit, empty ^ bit, h));
        int j = count++;
        while (j > 0 && scores[j - 1] < score) {
            bits[j] = bits[j - 1];
            scores[j] = scores[j - 1];
            j--;
        }
        bits[j] = bit;
        scores[j] = score;
    }
    /* The table may already bound a child: at most u for them is at least -u for us (the
     * children's slots were fetched while the moves were ranked). */
    for (int i = 0; i < count; i++) {
        const int bound = probe(children, opp + (mask | bits[i]));
        if (bound && bound < 128 && UPPER_BASE - bound >= beta) return UPPER_BASE - bound;
    }
    for (int i = 0; i < count; i++) {
        int score = -negamax(S, opp, mask | bits[i], n + 1, -beta, -alpha);
        if (S->aborted) return 0;
        if (score >= beta) {
            store(own, key, score + LOWER_BASE);
            return score;
        }
        if (score > alpha) alpha = score;
    }
    store(own, key, alpha + UPPER_BASE);
    return alpha;
}

static int search_any(struct search *S, bb cur, bb mask, int n, int alpha, int beta) {
    return search_body(S, cur, mask, n, alpha, beta, S->h, S->cells, S->cols, S->board, S->bottom_all, search_any);
}

#define BOTTOM_6X7 0x40810204081ull /* the bottom cell of each column */
#define BOARD_6X7 0xfdfbf7efdfbfull  /* six cells of each column of seven bits */

static int search_6x7(struct search *S, bb cur, bb mask, int n, int alpha, int beta) {
    return search_body(S, cur, mask, n, alpha, beta, 7, 42, 7, BOARD_6X7, BOTTOM_6X7, search_6x7);
}

static int prepare(struct search *S, int rows, int cols) {
    if (rows < 4 || cols < 4 || cols > 16 || cols * (rows + 1) > 64) {
        PyErr_Format(PyExc_ValueError, "a %d x %d board does not fit the core's 64 bits", rows, cols);
        return -1;
    }
    memset(S, 0, sizeof *S);
    S->h = rows + 1;
    S->cols = cols;
    S->cells = rows * cols;
    int order[16];
    for (int c = 0; c < cols; c++) {
        bb column = (((bb)1 << rows) - 1) << (c * S->h);
        S->board |= column;
        S->bottom_all |= (bb)1 << (c * S->h);
        /* centre first; of two columns equally far from the centre, the left one first */
        int j = c, far = abs(2 * c - (cols - 1));
        while (j > 0 && abs(2 * order[j - 1] - (cols - 1)) > far) {
            order[j] = order[j - 1];
            j--;
        }
        order[j] = c;
    }
    for (int i = 0; i < cols; i++) S->columns[i] = (((bb)1 << rows) - 1) << (order[i] * S->h);
    if (!thread_table) {
        thread_table = calloc(1, sizeof *thread_table);
        if (!thread_table) {
            PyErr_NoMemory();
            return -1;
        }
    }
    if (thread_table->rows != rows || thread_table->cols != cols) {
        memset(thread_table->slots, 0, sizeof thread_table->slots);
        memset(thread_table->near, 0, sizeof thread_table->near);
        thread_table->rows = rows;
        thread_table->cols = cols;
    }
    S->tt = thread_table;
    return 0;
}

PyDoc_STRVAR(bound_doc,
             "bound(rows, cols, cur, mask, alpha, beta, max_nodes, seconds) -> (value, nodes, done)\n\n"
             "The negamax value of the position for the side to move (``cur``: its stones, ``mask``:\n"
             "every stone; it has no win in one), exact within (alpha, beta), a bound outside;\n"
             "``done`` is False when ``max_nodes`` (0: none) or ``seconds`` (negative: none) ran out\n"
             "first, and then ``value`` means nothing.");

static PyObject *bound(PyObject *self, PyObject *args) {
    int rows, cols, alpha, beta;
    unsigned long long cur, mask, max_nodes;
    double seconds;
    if (!PyArg_ParseTuple(args, "iiKKiiKd", &rows, &cols, &cur, &mask, &alpha, &beta, &max_nodes, &seconds))
        return NULL;
    struct search S;
    if (prepare(&S, rows, cols) < 0) return NULL;
    if ((cur & ~mask) || (mask & ~S.board)) {
        PyErr_SetString(PyExc_ValueError, "the stones must lie on the board, cur within mask");
        return NULL;
    }
    S.max_nodes = max_nodes;
    S.deadline = seconds >= 0 ? now() + seconds : -1.0;
    int n = __builtin_popcountll(mask), value;
    Py_BEGIN_ALLOW_THREADS
    value = (rows == 6 && cols == 7 ? search_6x7 : search_any)(&S, cur, mask, n, alpha, beta);
    Py_END_ALLOW_THREADS
    return Py_BuildValue("iKO", value, S.nodes, S.aborted ? Py_False : Py_True);
}

PyDoc_STRVAR(clear_doc,
             "clear()\n\nEmpties the calling thread's table (the book's builder measures from a fresh one).");

static PyObject *clear(PyObject *self, PyObject *unused) {
    if (thread_table) {
        memset(thread_table->slots, 0, sizeof thread_table->slots);
        memset(thread_table->near, 0, sizeof thread_table->near);
    }
    Py_RETURN_NONE;
}

static PyMethodDef methods[] = {
    {"bound", bound, METH_VARARGS, bound_doc},
    {"clear", clear, METH_NOARGS, clear_doc},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {
    PyModuleDef_HEAD_INIT, "_core", "Connect Four's solver core (see solver.py).", -1, methods,
};

PyMODINIT_FUNC PyInit__core(void) { return PyModule_Create(&module); }
