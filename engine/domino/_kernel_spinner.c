/* The greedy rollout of a round around a spinner, compiled (the module is
 * engine/domino/_kernel.c).
 *
 * engine/domino/ai/fast.py calls greedy_spinner_round() with a round in progress (a
 * lead on the table) of a variant on a spinner layout with one placement a turn on
 * any open end, nothing owed, closed nor extra, and its in-play points, if any, from
 * the count of the open ends (CountScoring, engine/domino/variant.py). It mirrors
 * engine/domino/table.py's Table (the spinner's rules, the open ends in W E N S
 * order, the count) and gets back the moves the greedy policy would play to the
 * round's end, as greedy_round does on a line: placements tile by tile in hand order,
 * end by end; each valued as move_scores values it, with the same floating-point
 * operations in the same order; the first best one wins. The game may end sooner
 * (a target reached in play): the caller stops there. Its turn loop (draw, pass,
 * place) has greedy_round's shape on purpose: each kernel keeps its own loop over its
 * own table, so the compiler inlines the table's steps into it.
 */

#include "_kernel.h"

/* The table of a round on a spinner layout (engine/domino/table.py's Table): the
 * lead's pips, each arm's length and its last tile (the pip facing out, whether it
 * is a double), where the spinner lies and whether its sides N and S are open. */
enum { ARM_W, ARM_E, ARM_N, ARM_S, ARMS };
#define SPINNER_NONE (-1)
#define SPINNER_LEAD ARMS

typedef struct {
    int lead_inner, lead_outer, lead_double;
    int len[ARMS], outer[ARMS], dbl[ARMS];
    int spinner, sp_index, sp_pip, ns_open;
} Tab;

/* The table rules (TableRules) and the in-play scoring of the count (the variant's
 * CountScoring, engine/domino/variant.py; mod 0: nothing is scored in play): with at
 * least min_ends ends counted and their count a positive multiple of mod, a placement
 * scores unit for every mod in the count (per_count) or unit once; placing the
 * round's spinner adds bonus[0] in turns 1-4, bonus[1] in 5-8, bonus[2] later. */
typedef struct {
    int first_closed, sides_immediately, double_counts;
    int mod, unit, per_count, min_ends, bonus[3];
} Rules;

/* The open ends in Table.open_ends' order (W, E, then N, S once open): their arm and pip. */
static int open_ends(const Tab *tb, int *arm, int *pip) {
    int n = 0;
    arm[n] = ARM_W;
    pip[n++] = tb->len[ARM_W] ? tb->outer[ARM_W] : tb->lead_inner;
    arm[n] = ARM_E;
    pip[n++] = tb->len[ARM_E] ? tb->outer[ARM_E] : tb->lead_outer;
    if (tb->ns_open) {
        for (int e = ARM_N; e <= ARM_S; e++) {
            arm[n] = e;
            pip[n++] = tb->len[e] ? tb->outer[e] : tb->sp_pip;
        }
    }
    return n;
}

/* Table.count: the counted open ends added up (a double's both halves count
 * double_counts times; a lone double lead is one end; empty N and S arms are none),
 * and in *ends how many ends were counted. */
static int table_count(const Tab *tb, int k, int *ends) {
    int count = 0;
    *ends = 2;
    if (!tb->len[ARM_W] && !tb->len[ARM_E]) {
        if (tb->lead_double) {
            count = tb->lead_inner * k;
            *ends = 1;
        } else {
            count = tb->lead_inner + tb->lead_outer;
        }
    } else {
        for (int e = ARM_W; e <= ARM_E; e++) {
            int lead_pip = e == ARM_W ? tb->lead_inner : tb->lead_outer;
            if (tb->len[e]) {
                count += tb->dbl[e] ? tb->outer[e] * k : tb->outer[e];
            } else {
                count += tb->lead_double ? lead_pip * k : lead_pip;
            }
        }
    }
    for (int e = ARM_N; e <= ARM_S; e++) {
        if (tb->len[e]) {
            count += tb->dbl[e] ? tb->outer[e] * k : tb->outer[e];
            ++*ends;
        }
    }
    return count;
}

/* Table.place of tile (a, b) on the open end of arm e showing pip; whether the tile
 * placed became the spinner. */
static int table_place(Tab *tb, const Rules *r, int e, int pip, int a, int b) {
    int outer = pip == a ? b : a;
    int is_double = a == b;
    int spinner = 0;
    if (tb->spinner == SPINNER_NONE) {
        if (!r->first_closed) {
            if (is_double) {
                spinner = 1;
                tb->spinner = e;
                tb->sp_index = tb->len[e];
                tb->sp_pip = a;
                tb->ns_open = r->sides_immediately;
            }
        } else if (tb->len[e] && tb->dbl[e]) {
            /* first-closed-double: the double at this end gets its second main side */
            tb->spinner = e;
            tb->sp_index = tb->len[e] - 1;
            tb->sp_pip = tb->outer[e];
            tb->ns_open = 1;
        }
    }
    tb->len[e]++;
    tb->outer[e] = outer;
    tb->dbl[e] = is_double;
    if (tb->spinner != SPINNER_NONE && !tb->ns_open) {
        int touched = tb->spinner == SPINNER_LEAD
                          ? tb->len[ARM_W] > 0 && tb->len[ARM_E] > 0
                          : tb->len[tb->spinner] > tb->sp_index + 1;
        if (touched) {
            tb->ns_open = 1;
        }
    }
    return spinner;
}

/* CountScoring.points of a placement in turn number turn on the table it left. */
static int placement_points(const Tab *tb, const Rules *r, int spinner, int turn) {
    if (!r->mod) {
        return 0;
    }
    int ends;
    int count = table_count(tb, r->double_counts, &ends);
    int points = 0;
    if (ends >= r->min_ends && count > 0 && count % r->mod == 0) {
        points = r->per_count ? count / r->mod * r->unit : r->unit;
    }
    if (spinner) {
        points += turn <= 4 ? r->bonus[0] : turn <= 8 ? r->bonus[1] : r->bonus[2];
    }
    return points;
}

/* move_scores' value of placing hand[at] on arm e (showing pip), by
 * placement_value: the in-play points of the table it leaves, and the ends it leaves
 * open for the rest of the hand's follow. */
static double spinner_value(const unsigned char *hand, int len, int at, const Tab *tb,
                            const Rules *r, int e, int pip, int turn, const Weights *wt) {
    int t = hand[at];
    Tab trial = *tb;
    int points = placement_points(&trial, r, table_place(&trial, r, e, pip, tile_a[t],
                                                         tile_b[t]), turn);
    int arms[ARMS], pips[ARMS];
    int n = open_ends(&trial, arms, pips);
    unsigned open = 0;
    for (int i = 0; i < n; i++) {
        open |= 1u << pips[i];
    }
    return placement_value(hand, len, at, points, open, wt);
}

/* Whether nobody holds a tile for an open end. */
static int nobody_fits(const Tab *tb, const int *holding) {
    int arms[ARMS], pips[ARMS];
    int n = open_ends(tb, arms, pips);
    for (int i = 0; i < n; i++) {
        if (holding[pips[i]]) {
            return 0;
        }
    }
    return 1;
}

const char greedy_spinner_round_doc[] =
"greedy_spinner_round(hands, table, boneyard, drawn, drawable, seat, turn, weights,\n"
"                     rules)\n"
"--\n\n"
"Play a round in progress on a spinner layout (one placement a turn on any open\n"
"end) to its end with the greedy policy. ``table``: (lead inner, lead outer, lead\n"
"is a double, the arms' lengths W E N S, their last tiles' outer pips, whether\n"
"those are doubles, the spinner's arm (-1 none, 0 W, 1 E, 4 the lead), its index\n"
"in the arm, its pip, N and S open); ``turn``: the round's turn number;\n"
"``rules``: (first-closed-double, sides open immediately, double counts, the\n"
"CountScoring's modulus or 0, unit, per count, least ends, and its three spinner\n"
"bonuses); the rest as greedy_round. Return (moves, end): two bytes a move in\n"
"native order (0 draw, 1 pass, 2 + 4 * tile + end, the end 0 W, 1 E, 2 N, 3 S),\n"
"and 0 for a domino or 1 for a fish.";

PyObject *greedy_spinner_round(PyObject *self, PyObject *args) {
    PyObject *hands_obj, *boneyard_obj;
    Tab tb;
    Rules r;
    int seat, turn;
    Py_ssize_t drawn, drawable;
    Weights wt;
    if (!PyArg_ParseTuple(args, "O(iii(iiii)(iiii)(iiii)iiii)" "Onnii" "(dddddd)(iiiiiiiiii)",
                          &hands_obj, &tb.lead_inner, &tb.lead_outer, &tb.lead_double,
                          &tb.len[0], &tb.len[1], &tb.len[2], &tb.len[3],
                          &tb.outer[0], &tb.outer[1], &tb.outer[2], &tb.outer[3],
                          &tb.dbl[0], &tb.dbl[1], &tb.dbl[2], &tb.dbl[3],
                          &tb.spinner, &tb.sp_index, &tb.sp_pip, &tb.ns_open,
                          &boneyard_obj, &drawn, &drawable, &seat, &turn,
                          &wt.points, &wt.shed, &wt.dbl, &wt.follow, &wt.cover, &wt.out,
                          &r.first_closed, &r.sides_immediately, &r.double_counts,
                          &r.mod, &r.unit, &r.per_count, &r.min_ends,
                          &r.bonus[0], &r.bonus[1], &r.bonus[2])) {
        return NULL;
    }
    int bad = tb.lead_inner < 0 || tb.lead_inner > MAX_PIP || tb.lead_outer < 0
              || tb.lead_outer > MAX_PIP || tb.sp_pip < 0 || tb.sp_pip > MAX_PIP
              || r.mod < 0 || r.double_counts < 1 || turn < 0
              || !(tb.spinner == SPINNER_NONE || tb.spinner == ARM_W || tb.spinner == ARM_E
                   || tb.spinner == SPINNER_LEAD)
              || tb.sp_index < 0 || (tb.ns_open && tb.spinner == SPINNER_NONE);
    for (int e = 0; e < ARMS; e++) {
        bad = bad || tb.len[e] < 0 || tb.len[e] > TILES || tb.outer[e] < 0
              || tb.outer[e] > MAX_PIP;
    }
    if (bad) {
        PyErr_SetString(PyExc_ValueError, "the table or the rules are out of range");
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
    unsigned short *moves = PyMem_Malloc((size_t)cap * sizeof(unsigned short));
    if (moves == NULL) {
        return PyErr_NoMemory();
    }
    Py_ssize_t count = 0;
    int end_kind = -1;
    int legal_at[ARMS * TILES];
    int legal_end[ARMS * TILES];
    int legal_pip[ARMS * TILES];
    int arms[ARMS], pips[ARMS];

    while (count < cap) {
        unsigned char *hand = rd.hands[seat];
        int len = lens[seat];
        int ends = open_ends(&tb, arms, pips);
        int n = 0;
        for (int i = 0; i < len; i++) {
            int a = tile_a[hand[i]], b = tile_b[hand[i]];
            for (int k = 0; k < ends; k++) {
                if (a == pips[k] || b == pips[k]) {
                    legal_at[n] = i;
                    legal_end[n] = arms[k];
                    legal_pip[n++] = pips[k];
                }
            }
        }
        if (n == 0) {
            if (drawn < drawable) {
                add_tile(hand, &lens[seat], holding, boneyard[drawn++]);
                moves[count++] = CODE_DRAW;
                if (drawn >= drawable && nobody_fits(&tb, holding)) {
                    end_kind = END_FISH;
                    break;
                }
                continue;
            }
            moves[count++] = CODE_PASS;
            seat = seat + 1 < players ? seat + 1 : 0;
            turn++;
            continue;
        }
        int best = 0;
        if (n > 1) {
            double best_value = 0.0;
            for (int k = 0; k < n; k++) {
                double value = spinner_value(hand, len, legal_at[k], &tb, &r, legal_end[k],
                                             legal_pip[k], turn, &wt);
                if (k == 0 || value > best_value) {
                    best = k;
                    best_value = value;
                }
            }
        }
        int at = legal_at[best];
        int t = hand[at];
        int a = tile_a[t], b = tile_b[t];
        table_place(&tb, &r, legal_end[best], legal_pip[best], a, b);
        memmove(hand + at, hand + at + 1, (size_t)(len - at - 1));
        lens[seat] = --len;
        holding[a]--;
        if (a != b) {
            holding[b]--;
        }
        moves[count++] = (unsigned short)(CODE_PLACE + ARMS * t + legal_end[best]);
        if (len == 0) {
            end_kind = END_DOMINO;
            break;
        }
        if (drawn >= drawable && nobody_fits(&tb, holding)) {
            end_kind = END_FISH;
            break;
        }
        seat = seat + 1 < players ? seat + 1 : 0;
        turn++;
    }
    if (end_kind < 0) { /* cannot happen for a valid round: see cap */
        PyMem_Free(moves);
        PyErr_SetString(PyExc_RuntimeError, "the round did not end within its bound");
        return NULL;
    }
    PyObject *codes = PyBytes_FromStringAndSize((const char *)moves,
                                                count * (Py_ssize_t)sizeof(unsigned short));
    PyMem_Free(moves);
    if (codes == NULL) {
        return NULL;
    }
    return Py_BuildValue("(Ni)", codes, end_kind);
}

