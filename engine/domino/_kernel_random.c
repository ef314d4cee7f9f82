/* Random play, compiled: the seeded shuffle of a round's deal and the random rounds
 * of simulate (engine/domino/deal_random.py and engine/domino/playout.py use them;
 * both keep a pure Python path that gives the same results).
 *
 * seeded_order() is random.Random(seed).shuffle of range(n) without the Python
 * layers: CPython's Mersenne Twister (MT19937, seeded by init_by_array with the
 * seed's 32-bit words from the least significant, as random.Random.seed splits an
 * int), getrandbits(k) as the top k bits of one 32-bit output, and the shuffle's
 * Fisher-Yates drawing j below i + 1 by getrandbits(bit length of i + 1) until one
 * is below. A deal is seeded and shuffled once a round: the seeding alone takes
 * random.Random ~8 us (it converts the int and runs through its Python layers).
 *
 * random_round() plays a round under simple turn rules on a line to its end as
 * engine/domino/playout.py's random_simple_round plays it: the placements listed
 * as Game.legal_moves lists them (tile by tile in hand order, W before E), the
 * placement legal[floor(uniform() * n)] with uniform() called only when more than
 * one is legal, a draw while the boneyard is drawable and else a pass, and the
 * round's end at a domino or at a fish. */

#include "_kernel.h"

#include <math.h>
#include <stdint.h>
#include <string.h>

/* ---------------------------------------------------------------- the generator */

#define MT_N 624
#define MT_M 397
#define MATRIX_A 0x9908b0dfU
#define UPPER_MASK 0x80000000U
#define LOWER_MASK 0x7fffffffU

typedef struct {
    uint32_t state[MT_N];
    int index;
} Twister;

/* init_genrand(19650218), where every init_by_array starts: built once. */
static uint32_t genrand_start[MT_N];
static int genrand_start_built = 0;

static void build_genrand_start(void) {
    genrand_start[0] = 19650218U;
    for (int i = 1; i < MT_N; i++) {
        genrand_start[i] = 1812433253U * (genrand_start[i - 1] ^ (genrand_start[i - 1] >> 30))
                           + (uint32_t)i;
    }
    genrand_start_built = 1;
}

static void init_by_array(Twister *mt, const uint32_t *key, size_t key_length) {
    uint32_t *st = mt->state;
    if (!genrand_start_built) {
        build_genrand_start();
    }
    memcpy(st, genrand_start, sizeof genrand_start);
    mt->index = MT_N;
    size_t i = 1, j = 0;
    size_t k = MT_N > key_length ? MT_N : key_length;
    for (; k; k--) {
        st[i] = (st[i] ^ ((st[i - 1] ^ (st[i - 1] >> 30)) * 1664525U)) + key[j]
                + (uint32_t)j;
        i++;
        j++;
        if (i >= MT_N) {
            st[0] = st[MT_N - 1];
            i = 1;
        }
        if (j >= key_length) {
            j = 0;
        }
    }
    for (k = MT_N - 1; k; k--) {
        st[i] = (st[i] ^ ((st[i - 1] ^ (st[i - 1] >> 30)) * 1566083941U)) - (uint32_t)i;
        i++;
        if (i >= MT_N) {
            st[0] = st[MT_N - 1];
            i = 1;
        }
    }
    st[0] = 0x80000000U;
}

static const uint32_t mag01[2] = {0x0U, MATRIX_A};

static uint32_t temper(uint32_t y) {
    y ^= (y >> 11);
    y ^= (y << 7) & 0x9d2c5680U;
    y ^= (y << 15) & 0xefc60000U;
    y ^= (y >> 18);
    return y;
}

/* Generate the next N words at one time (MT19937's twist). */
static void twist(Twister *mt) {
    uint32_t *st = mt->state;
    uint32_t y;
    int kk;
    for (kk = 0; kk < MT_N - MT_M; kk++) {
        y = (st[kk] & UPPER_MASK) | (st[kk + 1] & LOWER_MASK);
        st[kk] = st[kk + MT_M] ^ (y >> 1) ^ mag01[y & 0x1U];
    }
    for (; kk < MT_N - 1; kk++) {
        y = (st[kk] & UPPER_MASK) | (st[kk + 1] & LOWER_MASK);
        st[kk] = st[kk + (MT_M - MT_N)] ^ (y >> 1) ^ mag01[y & 0x1U];
    }
    y = (st[MT_N - 1] & UPPER_MASK) | (st[0] & LOWER_MASK);
    st[MT_N - 1] = st[MT_M - 1] ^ (y >> 1) ^ mag01[y & 0x1U];
}

/* The generator's next 32-bit output. Right after seeding, the first N - M outputs
 * of the twist depend on words the twist has not yet overwritten, so they are made
 * one by one as they are asked for (a shuffle of 28 tiles asks for about 40 of 624);
 * the whole twist runs only when more are asked. */
static uint32_t genrand_uint32(Twister *mt) {
    uint32_t *st = mt->state;
    if (mt->index >= MT_N) { /* a twist due: index - N of its outputs made lazily */
        int lazy = mt->index - MT_N;
        if (lazy < MT_N - MT_M) {
            uint32_t y = (st[lazy] & UPPER_MASK) | (st[lazy + 1] & LOWER_MASK);
            mt->index++;
            return temper(st[lazy + MT_M] ^ (y >> 1) ^ mag01[y & 0x1U]);
        }
        twist(mt);
        mt->index = MT_N - MT_M;
    }
    return temper(st[mt->index++]);
}

static int bit_length(unsigned n) {
    int k = 0;
    for (; n; n >>= 1) {
        k++;
    }
    return k;
}

#define MAX_ORDER 256

const char seeded_order_doc[] =
"seeded_order(seed, n)\n"
"--\n\n"
"The order random.Random(s).shuffle leaves range(n) in, s the int whose big-endian\n"
"bytes are ``seed`` (bytes): item i of the result is the index of the item the\n"
"shuffle puts at i. ``n`` is 0 to 256; the result is ``n`` bytes.";

PyObject *seeded_order(PyObject *self, PyObject *args) {
    const unsigned char *seed;
    Py_ssize_t seed_len;
    int n;
    if (!PyArg_ParseTuple(args, "y#i", &seed, &seed_len, &n)) {
        return NULL;
    }
    if (n < 0 || n > MAX_ORDER) {
        PyErr_Format(PyExc_ValueError, "n is %d, not 0 to %d", n, MAX_ORDER);
        return NULL;
    }
    /* random.Random.seed(int): its 32-bit words from the least significant, as many
     * as its bit length needs (one for 0). */
    Py_ssize_t top = 0;
    while (top < seed_len && seed[top] == 0) {
        top++;
    }
    Py_ssize_t bytes = seed_len - top;
    size_t words = bytes == 0 ? 1 : (size_t)((bytes + 3) / 4);
    uint32_t *key = PyMem_Calloc(words, sizeof(uint32_t));
    if (key == NULL) {
        return PyErr_NoMemory();
    }
    for (Py_ssize_t b = 0; b < bytes; b++) { /* b: from the least significant byte */
        key[b / 4] |= (uint32_t)seed[seed_len - 1 - b] << (8 * (b % 4));
    }
    Twister mt;
    init_by_array(&mt, key, words);
    PyMem_Free(key);
    unsigned char order[MAX_ORDER];
    for (int i = 0; i < n; i++) {
        order[i] = (unsigned char)i;
    }
    for (int i = n - 1; i > 0; i--) {
        unsigned below = (unsigned)i + 1;
        int shift = 32 - bit_length(below);
        unsigned j = genrand_uint32(&mt) >> shift;
        while (j >= below) {
            j = genrand_uint32(&mt) >> shift;
        }
        unsigned char swap = order[i];
        order[i] = order[j];
        order[j] = swap;
    }
    return PyBytes_FromStringAndSize((const char *)order, n);
}

/* ---------------------------------------------------------------- random rounds */

const char random_round_doc[] =
"random_round(hands, west, east, boneyard, drawn, drawable, seat, number, order,\n"
"             uniform)\n"
"--\n\n"
"Play a round in progress on a line under simple turn rules to its end with random\n"
"legal moves. ``hands``: each seat's tiles (indices) in hand order; ``west``,\n"
"``east``: the pips at the open ends; ``boneyard``: the deal's boneyard, of which\n"
"``drawn`` are drawn and ``drawable`` may be; ``seat``: the seat on turn, whose\n"
"turn number is ``number``; ``order``: the next placement's order; ``uniform``:\n"
"called with no arguments for a float in [0, 1) where more than one placement is\n"
"legal. Return (codes, end, hands, holding, seats, ends, turns, west, east), as\n"
"greedy_round does.";

/* The uniform pick: legal[floor(uniform() * n)], uniform the callable (ctx). */
static int uniform_pick(void *ctx, const unsigned char *hand, int len, const int *legal_at,
                        const int *legal_end, int n, int w, int e) {
    PyObject *u = PyObject_CallNoArgs((PyObject *)ctx);
    if (u == NULL) {
        return -1;
    }
    double x = PyFloat_AsDouble(u);
    Py_DECREF(u);
    if (x == -1.0 && PyErr_Occurred()) {
        return -1;
    }
    if (!(x >= 0.0 && x < 1.0)) {
        PyErr_SetString(PyExc_ValueError, "uniform() is not in [0, 1)");
        return -1;
    }
    return (int)floor(x * (double)n);
}

PyObject *random_round(PyObject *self, PyObject *args) {
    PyObject *hands_obj, *boneyard_obj, *uniform;
    int w, e, seat, order;
    long number;
    Py_ssize_t drawn, drawable;
    if (!PyArg_ParseTuple(args, "OiiOnniliO", &hands_obj, &w, &e, &boneyard_obj, &drawn,
                          &drawable, &seat, &number, &order, &uniform)) {
        return NULL;
    }
    if (!PyCallable_Check(uniform)) {
        PyErr_SetString(PyExc_TypeError, "uniform is not callable");
        return NULL;
    }
    Hands rd;
    if (read_line_round(&rd, hands_obj, w, e, boneyard_obj, drawn, drawable, seat, number,
                        order) < 0) {
        return NULL;
    }
    return play_line_round(&rd, w, e, seat, number, order, uniform_pick, uniform);
}
