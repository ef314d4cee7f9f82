/* What the two halves of the compiled rollout share (engine/domino/_kernel.c: the
 * module and the rounds on a line; engine/domino/_kernel_spinner.c: the rounds around
 * a spinner): tiles as their canonical index in the double-12 set
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

/* Read the hands (seat on turn: seat) and the boneyard of which drawn are drawn and
 * drawable may be; 0, or -1 with an exception set. */
int read_round(Hands *rd, PyObject *hands_obj, PyObject *boneyard_obj, Py_ssize_t drawn,
               Py_ssize_t drawable, int seat);

/* The most moves a round of rd can take: between two placements or draws each other
 * seat passes at most once (whoever holds a fitting tile places it on his turn). */
Py_ssize_t move_bound(const Hands *rd);

extern const char greedy_spinner_round_doc[];
PyObject *greedy_spinner_round(PyObject *self, PyObject *args);

#endif
