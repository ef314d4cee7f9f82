/* The greedy rollout of a round under simple turn rules on a line, compiled.
 *
 * engine/domino/ai/fast.py calls greedy_round() with the state of a round in
 * progress (a lead on the table) whose variant has simple turn rules
 * (engine/domino/turn_rules.py: one placement a turn, any tile on either end of a
 * line, nothing scored in play nor owed, no extra turns) and gets back the moves
 * the greedy policy (engine/domino/ai/policy.py: greedy_move over
 * Game.legal_moves) would play to the round's end, and why it ended.
 *
 * Tiles are their canonical index in the double-12 set (engine/core/tiles.py:
 * b * (b + 1) / 2 + a, a <= b). The turn is played as Game.legal_moves and
 * Game.apply play it:
 *   - the placements are listed tile by tile in hand order, W before E: a tile
 *     fitting both ends (a double when both ends show its pip, or a-b on ends a
 *     and b) is two moves;
 *   - no placement: draw while the boneyard is drawable, else pass;
 *   - one legal move is played as it is; otherwise each placement is valued as
 *     move_scores values it, with the same floating-point operations in the same
 *     order, and the first best one wins;
 *   - the round ends when the placer's hand is empty (a domino), or, once the
 *     boneyard is exhausted, after a placement or a draw that leaves nobody
 *     holding a pip of either open end (a fish).
 * The inner loop touches only C integers and doubles.
 */

#define PY_SSIZE_T_CLEAN
#include <Python.h>

#include <string.h>

#define MAX_PIP 12
#define PIPS (MAX_PIP + 1)
#define TILES (PIPS * (PIPS + 1) / 2) /* 91: the double-12 set */
#define MAX_SEATS 16

/* The move codes of the returned bytes. */
#define CODE_DRAW 0
#define CODE_PASS 1
#define CODE_PLACE 2 /* + 2 * tile + end (0: W, 1: E) */

/* Why the round ended. */
#define END_DOMINO 0
#define END_FISH 1

static unsigned char tile_a[TILES];
static unsigned char tile_b[TILES];

static void build_tiles(void) {
    for (int b = 0; b <= MAX_PIP; b++) {
        for (int a = 0; a <= b; a++) {
            int index = b * (b + 1) / 2 + a;
            tile_a[index] = (unsigned char)a;
            tile_b[index] = (unsigned char)b;
        }
    }
}

typedef struct {
    double points, shed, dbl, follow, cover, out;
} Weights;

/* Read a sequence of tile indices into tiles[]; return its length, or -1 with an
 * exception set. */
static Py_ssize_t read_tiles(PyObject *seq, unsigned char *tiles, Py_ssize_t cap,
                             const char *what) {
    PyObject *fast = PySequence_Fast(seq, what);
    if (fast == NULL) {
        return -1;
    }
    Py_ssize_t n = PySequence_Fast_GET_SIZE(fast);
    if (n > cap) {
        Py_DECREF(fast);
        PyErr_Format(PyExc_ValueError, "%s: more than %zd tiles", what, cap);
        return -1;
    }
    PyObject **items = PySequence_Fast_ITEMS(fast);
    for (Py_ssize_t i = 0; i < n; i++) {
        long t = PyLong_AsLong(items[i]);
        if (t == -1 && PyErr_Occurred()) {
            Py_DECREF(fast);
            return -1;
        }
        if (t < 0 || t >= TILES) {
            Py_DECREF(fast);
            PyErr_Format(PyExc_ValueError, "%s: %ld is not a tile index", what, t);
            return -1;
        }
        tiles[i] = (unsigned char)t;
    }
    Py_DECREF(fast);
    return n;
}

/* move_scores' value of placing hand[at] so that the ends show nw and ne: the
 * in-play points (none: only variants without them qualify) and shed pips, the
 * double's bonus, then going out, or the rest of the hand's follow and cover. */
static double move_value(const unsigned char *hand, int len, int at, int nw, int ne,
                         const Weights *wt) {
    int t = hand[at];
    int a = tile_a[t], b = tile_b[t];
    double value = 0.0 * wt->points + (double)(a + b) * wt->shed;
    if (a == b) {
        value += wt->dbl;
    }
    if (len == 1) {
        value += wt->out;
        return value;
    }
    int follow = 0;
    unsigned pips = 0;
    for (int i = 0; i < len; i++) {
        if (i == at) {
            continue;
        }
        int u = tile_a[hand[i]], v = tile_b[hand[i]];
        if (u == nw || u == ne || v == nw || v == ne) {
            follow++;
        }
        pips |= (1u << u) | (1u << v);
    }
    int distinct = 0;
    for (; pips; pips &= pips - 1) {
        distinct++;
    }
    value += wt->follow * (double)follow;
    value += wt->cover * (double)distinct;
    return value;
}

PyDoc_STRVAR(greedy_round_doc,
"greedy_round(hands, west, east, boneyard, drawn, drawable, seat, weights)\n"
"--\n\n"
"Play a round in progress on a line under simple turn rules to its end with the\n"
"greedy policy. ``hands``: each seat's tiles (indices) in hand order; ``west``,\n"
"``east``: the pips at the open ends; ``boneyard``: the deal's boneyard, of which\n"
"``drawn`` are drawn and ``drawable`` may be; ``seat``: the seat on turn;\n"
"``weights``: the style's (points, shed, double, follow, cover, out).\n"
"Return (moves, end): one byte a move (0 draw, 1 pass, 2 + 2 * tile + end for a\n"
"placement on end 0 W or 1 E), and 0 for a domino or 1 for a fish.");

static PyObject *greedy_round(PyObject *self, PyObject *args) {
    PyObject *hands_obj, *boneyard_obj;
    int w, e, seat;
    Py_ssize_t drawn, drawable;
    Weights wt;
    if (!PyArg_ParseTuple(args, "Oii" "Onni" "(dddddd)", &hands_obj, &w, &e, &boneyard_obj,
                          &drawn, &drawable, &seat, &wt.points, &wt.shed, &wt.dbl,
                          &wt.follow, &wt.cover, &wt.out)) {
        return NULL;
    }
    if (w < 0 || w > MAX_PIP || e < 0 || e > MAX_PIP) {
        PyErr_SetString(PyExc_ValueError, "an open end's pip is out of range");
        return NULL;
    }
    unsigned char boneyard[TILES];
    Py_ssize_t boneyard_len = read_tiles(boneyard_obj, boneyard, TILES, "boneyard");
    if (boneyard_len < 0) {
        return NULL;
    }
    if (drawn < 0 || drawable > boneyard_len || drawn > drawable) {
        PyErr_SetString(PyExc_ValueError, "drawn and drawable do not fit the boneyard");
        return NULL;
    }
    PyObject *hands_seq = PySequence_Fast(hands_obj, "hands");
    if (hands_seq == NULL) {
        return NULL;
    }
    Py_ssize_t players = PySequence_Fast_GET_SIZE(hands_seq);
    if (players < 1 || players > MAX_SEATS || seat < 0 || seat >= players) {
        Py_DECREF(hands_seq);
        PyErr_SetString(PyExc_ValueError, "the seats do not fit the hands");
        return NULL;
    }
    unsigned char hands[MAX_SEATS][TILES];
    int lens[MAX_SEATS];
    int holding[PIPS] = {0}; /* tiles in the hands showing each pip */
    int in_play = 0;
    for (Py_ssize_t s = 0; s < players; s++) {
        Py_ssize_t n = read_tiles(PySequence_Fast_GET_ITEM(hands_seq, s), hands[s], TILES,
                                  "hand");
        if (n < 0) {
            Py_DECREF(hands_seq);
            return NULL;
        }
        lens[s] = (int)n;
        in_play += (int)n;
        for (Py_ssize_t i = 0; i < n; i++) {
            int a = tile_a[hands[s][i]], b = tile_b[hands[s][i]];
            holding[a]++;
            if (a != b) {
                holding[b]++;
            }
        }
    }
    Py_DECREF(hands_seq);
    if (lens[seat] == 0) {
        PyErr_SetString(PyExc_ValueError, "the seat on turn has no tiles");
        return NULL;
    }

    /* Between two placements or draws each other seat passes at most once (whoever
     * holds a fitting tile places it on his turn), so this bounds the moves. */
    Py_ssize_t left = drawable - drawn;
    if (in_play + left > TILES) { /* a set's tiles are distinct: no hand outgrows it */
        PyErr_SetString(PyExc_ValueError, "more tiles in play than in the set");
        return NULL;
    }
    Py_ssize_t cap = (in_play + left) * (players + 1) + left + players + 1;
    unsigned char *moves = PyMem_Malloc((size_t)cap);
    if (moves == NULL) {
        return PyErr_NoMemory();
    }
    Py_ssize_t count = 0;
    int end_kind = -1;
    /* The placements of the seat on turn: where in the hand, and on which end. */
    int legal_at[2 * TILES];
    int legal_end[2 * TILES];

    while (count < cap) {
        unsigned char *hand = hands[seat];
        int len = lens[seat];
        int n = 0;
        for (int i = 0; i < len; i++) {
            int a = tile_a[hand[i]], b = tile_b[hand[i]];
            if (a == w || b == w) {
                legal_at[n] = i;
                legal_end[n++] = 0;
            }
            if (a == e || b == e) {
                legal_at[n] = i;
                legal_end[n++] = 1;
            }
        }
        if (n == 0) {
            if (drawn < drawable) {
                int t = boneyard[drawn++];
                hand[len] = (unsigned char)t;
                lens[seat] = len + 1;
                holding[tile_a[t]]++;
                if (tile_a[t] != tile_b[t]) {
                    holding[tile_b[t]]++;
                }
                moves[count++] = CODE_DRAW;
                if (drawn >= drawable && !holding[w] && !holding[e]) {
                    end_kind = END_FISH;
                    break;
                }
                continue;
            }
            moves[count++] = CODE_PASS;
            seat = seat + 1 < players ? seat + 1 : 0;
            continue;
        }
        int best = 0;
        if (n > 1) {
            double best_value = 0.0;
            for (int k = 0; k < n; k++) {
                int t = hand[legal_at[k]];
                int a = tile_a[t], b = tile_b[t];
                int nw = w, ne = e;
                if (legal_end[k] == 0) {
                    nw = a == w ? b : a;
                } else {
                    ne = a == e ? b : a;
                }
                double value = move_value(hand, len, legal_at[k], nw, ne, &wt);
                if (k == 0 || value > best_value) {
                    best = k;
                    best_value = value;
                }
            }
        }
        int at = legal_at[best];
        int t = hand[at];
        int a = tile_a[t], b = tile_b[t];
        if (legal_end[best] == 0) {
            w = a == w ? b : a;
        } else {
            e = a == e ? b : a;
        }
        memmove(hand + at, hand + at + 1, (size_t)(len - at - 1));
        lens[seat] = --len;
        holding[a]--;
        if (a != b) {
            holding[b]--;
        }
        moves[count++] = (unsigned char)(CODE_PLACE + 2 * t + legal_end[best]);
        if (len == 0) {
            end_kind = END_DOMINO;
            break;
        }
        if (drawn >= drawable && !holding[w] && !holding[e]) {
            end_kind = END_FISH;
            break;
        }
        seat = seat + 1 < players ? seat + 1 : 0;
    }
    if (end_kind < 0) { /* cannot happen for a valid round: see cap */
        PyMem_Free(moves);
        PyErr_SetString(PyExc_RuntimeError, "the round did not end within its bound");
        return NULL;
    }
    PyObject *codes = PyBytes_FromStringAndSize((const char *)moves, count);
    PyMem_Free(moves);
    if (codes == NULL) {
        return NULL;
    }
    return Py_BuildValue("(Ni)", codes, end_kind);
}

static PyMethodDef kernel_methods[] = {
    {"greedy_round", greedy_round, METH_VARARGS, greedy_round_doc},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef kernel_module = {
    PyModuleDef_HEAD_INIT,
    "engine.domino._kernel",
    "The greedy rollout of a simple round on a line, compiled "
    "(engine/domino/ai/fast.py uses it).",
    -1,
    kernel_methods,
    NULL, NULL, NULL, NULL,
};

PyMODINIT_FUNC PyInit__kernel(void) {
    build_tiles();
    PyObject *m = PyModule_Create(&kernel_module);
    if (m == NULL) {
        return NULL;
    }
    if (PyModule_AddIntConstant(m, "CODE_DRAW", CODE_DRAW) < 0
        || PyModule_AddIntConstant(m, "CODE_PASS", CODE_PASS) < 0
        || PyModule_AddIntConstant(m, "CODE_PLACE", CODE_PLACE) < 0
        || PyModule_AddIntConstant(m, "END_DOMINO", END_DOMINO) < 0
        || PyModule_AddIntConstant(m, "END_FISH", END_FISH) < 0) {
        Py_DECREF(m);
        return NULL;
    }
    return m;
}
