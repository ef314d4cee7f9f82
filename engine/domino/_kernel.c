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

#include <stdint.h>
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

double placement_value(const unsigned char *hand, int len, int at, int points,
                       unsigned open, const Weights *wt) {
    int t = hand[at];
    int a = tile_a[t], b = tile_b[t];
    double value = (double)points * wt->points + (double)(a + b) * wt->shed;
    if (a == b) {
        value += wt->dbl;
    }
    if (len == 1) {
        value += wt->out;
        return value;
    }
    int follow = 0;
    unsigned held = 0;
    for (int i = 0; i < len; i++) {
        if (i == at) {
            continue;
        }
        int u = tile_a[hand[i]], v = tile_b[hand[i]];
        if (open & ((1u << u) | (1u << v))) {
            follow++;
        }
        held |= (1u << u) | (1u << v);
    }
    int distinct = 0;
    for (; held; held &= held - 1) {
        distinct++;
    }
    value += wt->follow * (double)follow;
    value += wt->cover * (double)distinct;
    return value;
}

PyDoc_STRVAR(greedy_round_doc,
"greedy_round(hands, west, east, boneyard, drawn, drawable, seat, number, order,\n"
"             weights)\n"
"--\n\n"
"Play a round in progress on a line under simple turn rules to its end with the\n"
"greedy policy. ``hands``: each seat's tiles (indices) in hand order; ``west``,\n"
"``east``: the pips at the open ends; ``boneyard``: the deal's boneyard, of which\n"
"``drawn`` are drawn and ``drawable`` may be; ``seat``: the seat on turn, whose\n"
"turn number is ``number``; ``order``: the next placement's order; ``weights``: the\n"
"style's (points, shed, double, follow, cover, out).\n"
"Return (codes, end, hands, holding, seats, ends, turns, west, east):\n"
"``codes`` one byte a move (0 draw, 1 pass, 2 + 2 * tile + end for a placement on\n"
"end 0 W or 1 E); ``end`` 0 for a domino or 1 for a fish; ``hands`` each seat's\n"
"tiles at the end (bytes, in hand order); ``holding`` how many of them show each\n"
"pip 0 to 12 (bytes); ``seats`` each move's seat (bytes); ``ends`` each move's 0\n"
"for a placement, or 1 + 13 * W + E, the ends its draw or pass saw (bytes);\n"
"``turns`` each move's turn number (native uint32); ``west`` and ``east`` the\n"
"placements on each end in order, as (tiles, inner pips, outer pips, seats,\n"
"orders), five bytes objects.");

/* The greedy policy's pick among the n placements of hand: the first best by
 * placement_value (ctx: the Weights). */
static int greedy_pick(void *ctx, const unsigned char *hand, int len, const int *legal_at,
                       const int *legal_end, int n, int w, int e) {
    const Weights *wt = ctx;
    int best = 0;
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
        /* nothing scored in play: only variants without it qualify */
        double value = placement_value(hand, len, legal_at[k], 0, (1u << nw) | (1u << ne),
                                       wt);
        if (k == 0 || value > best_value) {
            best = k;
            best_value = value;
        }
    }
    return best;
}

/* The placements on one arm in a round played: each one's tile, inner and outer pip,
 * seat and order. */
typedef struct {
    unsigned char tile[TILES], inner[TILES], outer[TILES], seat[TILES], order[TILES];
    Py_ssize_t count;
} ArmLog;

static PyObject *arm_tuple(const ArmLog *arm) {
    return Py_BuildValue("(y#y#y#y#y#)", (const char *)arm->tile, arm->count,
                         (const char *)arm->inner, arm->count, (const char *)arm->outer,
                         arm->count, (const char *)arm->seat, arm->count,
                         (const char *)arm->order, arm->count);
}

/* The round's result as play_line_round returns it, from its buffers. */
static PyObject *line_result(const Hands *rd, const unsigned char *moves,
                             const unsigned char *seats, const unsigned char *ends,
                             const uint32_t *ids, Py_ssize_t count, int end_kind,
                             const ArmLog *arms) {
    PyObject *hands = PyTuple_New(rd->players);
    if (hands == NULL) {
        return NULL;
    }
    for (int s = 0; s < rd->players; s++) {
        PyObject *hand = PyBytes_FromStringAndSize((const char *)rd->hands[s], rd->lens[s]);
        if (hand == NULL) {
            Py_DECREF(hands);
            return NULL;
        }
        PyTuple_SET_ITEM(hands, s, hand);
    }
    unsigned char held[PIPS];
    for (int pip = 0; pip < PIPS; pip++) {
        held[pip] = (unsigned char)rd->holding[pip];
    }
    PyObject *west = arm_tuple(&arms[0]);
    PyObject *east = west == NULL ? NULL : arm_tuple(&arms[1]);
    if (east == NULL) {
        Py_XDECREF(west);
        Py_DECREF(hands);
        return NULL;
    }
    return Py_BuildValue("(y#iNy#y#y#y#NN)", (const char *)moves, count, end_kind, hands,
                         (const char *)held, (Py_ssize_t)PIPS, (const char *)seats, count,
                         (const char *)ends, count, (const char *)ids,
                         count * (Py_ssize_t)sizeof(uint32_t), west, east);
}

PyObject *play_line_round(Hands *rd, int w, int e, int seat, long number, int order,
                          Pick pick, void *ctx) {
    int players = rd->players;
    int *lens = rd->lens;
    int *holding = rd->holding;
    unsigned char *boneyard = rd->boneyard;
    Py_ssize_t drawn = rd->drawn, drawable = rd->drawable;
    Py_ssize_t cap = move_bound(rd);
    /* One buffer: each move's turn number, then its code, seat and ends (0, or
     * 1 + W * PIPS + E before a draw or a pass); the numbers first, where the
     * allocation is aligned. */
    unsigned char *buffer = PyMem_Malloc((size_t)cap * (sizeof(uint32_t) + 3));
    ArmLog *arms = PyMem_Malloc(2 * sizeof(ArmLog));
    if (buffer == NULL || arms == NULL) {
        PyMem_Free(buffer);
        PyMem_Free(arms);
        return PyErr_NoMemory();
    }
    uint32_t *ids = (uint32_t *)buffer;
    unsigned char *moves = buffer + cap * (Py_ssize_t)sizeof(uint32_t);
    unsigned char *seats = moves + cap, *ends = moves + 2 * cap;
    arms[0].count = arms[1].count = 0;
    Py_ssize_t count = 0;
    int end_kind = -1;
    /* The placements of the seat on turn: where in the hand, and on which end. */
    int legal_at[2 * TILES];
    int legal_end[2 * TILES];

    while (count < cap) {
        unsigned char *hand = rd->hands[seat];
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
        seats[count] = (unsigned char)seat;
        ids[count] = (uint32_t)number;
        if (n == 0) {
            ends[count] = (unsigned char)(1 + w * PIPS + e);
            if (drawn < drawable) {
                add_tile(hand, &lens[seat], holding, boneyard[drawn++]);
                moves[count++] = CODE_DRAW;
                if (drawn >= drawable && !holding[w] && !holding[e]) {
                    end_kind = END_FISH;
                    break;
                }
                continue;
            }
            moves[count++] = CODE_PASS;
            seat = seat + 1 < players ? seat + 1 : 0;
            number++;
            continue;
        }
        int best = n == 1 ? 0 : pick(ctx, hand, len, legal_at, legal_end, n, w, e);
        if (best < 0) {
            PyMem_Free(buffer);
            PyMem_Free(arms);
            return NULL;
        }
        int at = legal_at[best];
        int t = hand[at];
        int a = tile_a[t], b = tile_b[t];
        ArmLog *arm = &arms[legal_end[best]];
        Py_ssize_t k = arm->count++;
        arm->tile[k] = (unsigned char)t;
        arm->seat[k] = (unsigned char)seat;
        arm->order[k] = (unsigned char)order++;
        if (legal_end[best] == 0) {
            arm->inner[k] = (unsigned char)w;
            w = a == w ? b : a;
            arm->outer[k] = (unsigned char)w;
        } else {
            arm->inner[k] = (unsigned char)e;
            e = a == e ? b : a;
            arm->outer[k] = (unsigned char)e;
        }
        memmove(hand + at, hand + at + 1, (size_t)(len - at - 1));
        lens[seat] = --len;
        holding[a]--;
        if (a != b) {
            holding[b]--;
        }
        ends[count] = 0;
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
        number++;
    }
    PyObject *result = NULL;
    if (end_kind < 0) { /* cannot happen for a valid round: see cap */
        PyErr_SetString(PyExc_RuntimeError, "the round did not end within its bound");
    } else {
        result = line_result(rd, moves, seats, ends, ids, count, end_kind, arms);
    }
    PyMem_Free(buffer);
    PyMem_Free(arms);
    return result;
}

/* Read a line round's arguments: the ends' pips checked, then the hands. */
int read_line_round(Hands *rd, PyObject *hands_obj, int w, int e, PyObject *boneyard_obj,
                    Py_ssize_t drawn, Py_ssize_t drawable, int seat, long number, int order) {
    if (w < 0 || w > MAX_PIP || e < 0 || e > MAX_PIP) {
        PyErr_SetString(PyExc_ValueError, "an open end's pip is out of range");
        return -1;
    }
    if (number < 0 || number > MAX_TURN_NUMBER || order < 0 || order > MAX_ORDER_START) {
        PyErr_SetString(PyExc_ValueError, "the turn number or the placements' order is out "
                        "of range");
        return -1;
    }
    return read_round(rd, hands_obj, boneyard_obj, drawn, drawable, seat);
}

static PyObject *greedy_round(PyObject *self, PyObject *args) {
    PyObject *hands_obj, *boneyard_obj;
    int w, e, seat, order;
    long number;
    Py_ssize_t drawn, drawable;
    Weights wt;
    if (!PyArg_ParseTuple(args, "Oii" "Onnili" "(dddddd)", &hands_obj, &w, &e, &boneyard_obj,
                          &drawn, &drawable, &seat, &number, &order, &wt.points, &wt.shed,
                          &wt.dbl, &wt.follow, &wt.cover, &wt.out)) {
        return NULL;
    }
    Hands rd;
    if (read_line_round(&rd, hands_obj, w, e, boneyard_obj, drawn, drawable, seat, number,
                        order) < 0) {
        return NULL;
    }
    return play_line_round(&rd, w, e, seat, number, order, greedy_pick, &wt);
}

static PyMethodDef kernel_methods[] = {
    {"greedy_round", greedy_round, METH_VARARGS, greedy_round_doc},
    {"greedy_spinner_round", greedy_spinner_round, METH_VARARGS, greedy_spinner_round_doc},
    {"random_round", random_round, METH_VARARGS, random_round_doc},
    {"seeded_order", seeded_order, METH_VARARGS, seeded_order_doc},
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
