/* The greedy rollouts of the hard player, compiled: the module, and the rounds
 * under simple turn rules on a line (the rounds around a spinner are
 * engine/domino/_kernel_spinner.c's).
 *
 * engine/domino/ai/fast.py calls greedy_round() with the state of a round in
 * progress (a lead on the table) whose variant has simple turn rules
 * (engine/domino/turn_rules.py: one placement a turn, any tile on either end of a
 * line, nothing scored in play nor owed, no extra turns) and gets back the moves
 * the greedy policy (engine/domino/ai/policy.py: greedy_move over
 * Game.legal_moves) would play to the round's end, and why it ended.
 *
 * The turn is played as Game.legal_moves and Game.apply play it:
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

#include "_kernel.h"

#include <string.h>

unsigned char tile_a[TILES];
unsigned char tile_b[TILES];

static void build_tiles(void) {
    for (int b = 0; b <= MAX_PIP; b++) {
        for (int a = 0; a <= b; a++) {
            int index = b * (b + 1) / 2 + a;
            tile_a[index] = (unsigned char)a;
            tile_b[index] = (unsigned char)b;
        }
    }
}

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

int read_round(Hands *rd, PyObject *hands_obj, PyObject *boneyard_obj, Py_ssize_t drawn,
               Py_ssize_t drawable, int seat) {
    Py_ssize_t boneyard_len = read_tiles(boneyard_obj, rd->boneyard, TILES, "boneyard");
    if (boneyard_len < 0) {
        return -1;
    }
    if (drawn < 0 || drawable > boneyard_len || drawn > drawable) {
        PyErr_SetString(PyExc_ValueError, "drawn and drawable do not fit the boneyard");
        return -1;
    }
    rd->drawn = drawn;
    rd->drawable = drawable;
    PyObject *hands_seq = PySequence_Fast(hands_obj, "hands");
    if (hands_seq == NULL) {
        return -1;
    }
    Py_ssize_t players = PySequence_Fast_GET_SIZE(hands_seq);
    if (players < 1 || players > MAX_SEATS || seat < 0 || seat >= players) {
        Py_DECREF(hands_seq);
        PyErr_SetString(PyExc_ValueError, "the seats do not fit the hands");
        return -1;
    }
    rd->players = (int)players;
    rd->in_play = 0;
    memset(rd->holding, 0, sizeof rd->holding);
    for (Py_ssize_t s = 0; s < players; s++) {
        Py_ssize_t n = read_tiles(PySequence_Fast_GET_ITEM(hands_seq, s), rd->hands[s], TILES,
                                  "hand");
        if (n < 0) {
            Py_DECREF(hands_seq);
            return -1;
        }
        rd->lens[s] = (int)n;
        rd->in_play += (int)n;
        for (Py_ssize_t i = 0; i < n; i++) {
            int a = tile_a[rd->hands[s][i]], b = tile_b[rd->hands[s][i]];
            rd->holding[a]++;
            if (a != b) {
                rd->holding[b]++;
            }
        }
    }
    Py_DECREF(hands_seq);
    if (rd->lens[seat] == 0) {
        PyErr_SetString(PyExc_ValueError, "the seat on turn has no tiles");
        return -1;
    }
    if (rd->in_play + (drawable - drawn) > TILES) { /* a set's tiles are distinct */
        PyErr_SetString(PyExc_ValueError, "more tiles in play than in the set");
        return -1;
    }
    return 0;
}

Py_ssize_t move_bound(const Hands *rd) {
    Py_ssize_t left = rd->drawable - rd->drawn;
    return (rd->in_play + left) * (rd->players + 1) + left + rd->players + 1;
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
    Hands rd;
    if (read_round(&rd, hands_obj, boneyard_obj, drawn, drawable, seat) < 0) {
        return NULL;
    }
    int players = rd.players;
    int *lens = rd.lens;
    int *holding = rd.holding;
    unsigned char *boneyard = rd.boneyard;
    Py_ssize_t cap = move_bound(&rd);
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
        unsigned char *hand = rd.hands[seat];
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
    {"greedy_spinner_round", greedy_spinner_round, METH_VARARGS, greedy_spinner_round_doc},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef kernel_module = {
    PyModuleDef_HEAD_INIT,
    "engine.domino._kernel",
    "The greedy rollouts of simple rounds, on a line or around a spinner, compiled "
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
