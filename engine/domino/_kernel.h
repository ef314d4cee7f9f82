/* What the two halves of the compiled rollout share (engine/domino/_kernel.c: the
 * module and the rounds on a line; engine/domino/_kernel_spinner.c: the rounds around
 * a spinner; engine/domino/_kernel_random.c: the seeded shuffle and random rounds):
 * tiles as their canonical index in the double-12 set
 * (engine/core/tiles.py: b * (b + 1) / 2 + a, a <= b), the greedy weights, the move
 * codes and the reading of a round's hands and boneyard. */

#ifndef DOMINO_KERNEL_H
#define DOMINO_KERNEL_H

#define PY_SSIZE_T_CLEAN
#include <Python.h>

#define MAX_PIP 12
#define PIPS (MAX_PIP + 1)
#define TILES (PIPS * (PIPS + 1) / 2) /* 91: the double-12 set */
#define MAX_SEATS 16

/* The move codes. */
#define CODE_DRAW 0
#define CODE_PASS 1
#define CODE_PLACE 2 /* + the tile and its end: see each function */

/* Why the round ended. */
#define END_DOMINO 0
#define END_FISH 1

extern unsigned char tile_a[TILES];
extern unsigned char tile_b[TILES];

/* The greedy style's weights (engine/domino/ai/policy.py's Style). */
typedef struct {
    double points, shed, dbl, follow, cover, out;
} Weights;

/* A round in progress as read from Python: each seat's hand in hand order, the
 * tiles in the hands showing each pip, and the boneyard still drawable. */
typedef struct {
    unsigned char hands[MAX_SEATS][TILES];
    int lens[MAX_SEATS];
    int holding[PIPS];
    int players;
    int in_play;
    unsigned char boneyard[TILES];
    Py_ssize_t drawn, drawable;
} Hands;

/* A drawn tile t joins the end of a hand of *len tiles and the pips held. */
static inline void add_tile(unsigned char *hand, int *len, int *holding, int t) {
    hand[(*len)++] = (unsigned char)t;
    holding[tile_a[t]]++;
    if (tile_a[t] != tile_b[t]) {
        holding[tile_b[t]]++;
    }
}

/* Read the hands (seat on turn: seat) and the boneyard of which drawn are drawn and
 * drawable may be; 0, or -1 with an exception set. */
int read_round(Hands *rd, PyObject *hands_obj, PyObject *boneyard_obj, Py_ssize_t drawn,
               Py_ssize_t drawable, int seat);

/* The most moves a round of rd can take: between two placements or draws each other
 * seat passes at most once (whoever holds a fitting tile places it on his turn). */
Py_ssize_t move_bound(const Hands *rd);

/* move_scores' value of placing hand[at] (of len tiles) for points in play, leaving
 * the pips of open (a bit per pip) at the open ends: the points and the shed pips, the
 * double's bonus, then going out, or the rest of the hand's follow (tiles showing an
 * open pip) and cover (distinct pips), with Python's floating-point operations in
 * Python's order. */
double placement_value(const unsigned char *hand, int len, int at, int points,
                       unsigned open, const Weights *wt);

/* A policy's pick among the n placements of hand (legal_at[k]: where in the hand,
 * legal_end[k]: 0 W or 1 E) on ends w and e: k, or -1 with an exception set. Asked
 * only when more than one placement is legal. */
typedef int (*Pick)(void *ctx, const unsigned char *hand, int len, const int *legal_at,
                    const int *legal_end, int n, int w, int e);

/* The bounds of a line round's turn number and first placement's order. */
#define MAX_TURN_NUMBER 0x3fffffffL
#define MAX_ORDER_START (255 - TILES)

/* Read a line round's arguments (the ends' pips, turn number and order checked, then
 * read_round). */
int read_line_round(Hands *rd, PyObject *hands_obj, int w, int e, PyObject *boneyard_obj,
                    Py_ssize_t drawn, Py_ssize_t drawable, int seat, long number, int order);

/* Play a round read into rd, on a line with ends w and e, seat on turn, turn number
 * and the next placement's order, to its end under simple turn rules, each placement
 * by pick. Return (codes, end, hands, holding, seats, ends, turns, west, east), or NULL
 * with an exception set:
 *   codes: one byte a move (CODE_DRAW, CODE_PASS, CODE_PLACE + 2 * tile + end, end 0
 *     W or 1 E); end: END_DOMINO or END_FISH;
 *   hands: each seat's tiles at the end (bytes, hand order); holding: how many tiles
 *     in the hands show each pip 0 to MAX_PIP (PIPS bytes);
 *   seats: each move's seat (bytes); ends: each move's 0 for a placement, or
 *     1 + W * PIPS + E, the ends a draw or pass saw (bytes); turns: each move's turn
 *     number (native uint32);
 *   west, east: the placements on each arm in order, as five bytes objects: tiles,
 *     inner pips, outer pips, seats, orders. */
PyObject *play_line_round(Hands *rd, int w, int e, int seat, long number, int order,
                          Pick pick, void *ctx);

extern const char greedy_spinner_round_doc[];
PyObject *greedy_spinner_round(PyObject *self, PyObject *args);

extern const char seeded_order_doc[];
PyObject *seeded_order(PyObject *self, PyObject *args);

extern const char random_round_doc[];
PyObject *random_round(PyObject *self, PyObject *args);

#endif
