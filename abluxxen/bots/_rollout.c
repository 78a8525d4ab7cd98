/* The hard bot's search below its root moves, in C: abluxxen.bots.subtrees.Subtrees
 * (the information-set trees) and abluxxen.bots.quick.rollout, move for move.
 *
 * A rollout plays a (determinized) game to its end with the cheap policy of
 * quick.py. In Python that was nine tenths of the hard bot's time; here an
 * iteration (a descent, a new node, a rollout) is a few dozen microseconds,
 * so the search gets some twenty times as many in the same time.
 *
 * This file is a second implementation of three Python modules (the rules of
 * state.py without events, the policy of quick.py, the trees of
 * subtrees.py), and the tests hold it to them: from any position, with the
 * same seed, it makes the very moves they make and ends in the very same
 * state, growing the very same trees (tests/test_bots_compiled.py).
 * Everything that could make the two differ is copied, not re-derived:
 *
 *   - the random numbers: CPython's Mersenne Twister, seeded as
 *     random.Random(seed) seeds it, and random() as CPython computes it;
 *   - the policy's tables and constants (survival odds, the clock's tables,
 *     the policy's weights ...) are handed over by quick.py (configure());
 *   - the engine's numbers (the joker, the phases, the action codes ...) are
 *     this file's constants, and configure() refuses an engine whose own
 *     differ (quick._engine() hands them over), so a stale build cannot play;
 *   - floating-point sums and products are made in Python's order (the build
 *     turns off fused multiply-adds).
 *
 * The module trusts no caller: it copies a State's attributes into a plain C
 * struct once, refuses (ValueError, TypeError) any state the rules below
 * cannot play or the save loader would refuse (see "reading a State"), plays
 * on the struct and either writes the final state back (tests) or only
 * returns the final scores and hand sizes.
 */

#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <math.h>
#include <stdint.h>
#include <string.h>

/* -- the game's constants (abluxxen.cards, .moves, .phase) ------------------ *
 * Written here as constants (they size arrays and are the cases of switches);
 * configure() compares each with the engine's own (quick._engine) and refuses
 * to run with an engine that differs. */

enum { JOKER = 14, COPIES = 8, JOKERS = 5, POOL_SIZE = 6, SHADOW_SIZE = 13, MAX_PLAYERS = 5, CARDS = 109 };
enum { PLAY, SHADOW, TAKE_OR_LEAVE, BACK_OR_DISCARD, DRAW, SINGLE_DRAW, OVER };
enum { TAKE, LEAVE, BACK, DISCARD, PASS, DRAW_DECK };
enum { SHADOW_BASE = 16, DRAW_POOL_BASE = 32, PLAY_BASE = 64 };
enum { PLAY_VALUE_STEP = 128, PLAY_NUMBER_STEP = 8 };  /* moves.play_code; play() takes a code apart by them */
enum { NOT_OVER, HAND_EMPTY, EXHAUSTED };

#define SLOT 14                 /* quick._SLOT: a table row per value, indexed by size */
#define TABLE (15 * SLOT)       /* entries of a survival-odds table */
#define MAX_HAND (CARDS + 1)    /* hand sizes a table is kept for: 0 .. 109 */
#define GROUP_MAX 2             /* a pool slot: a card, and in the duel the 13 or joker put onto it */
#define LAYERS_MAX CARDS
#define FEWEST_HAND "fewest-hand"  /* the tiebreak of rules.TIEBREAKS that looks at hand sizes */
#define MAX_LEGAL (13 * 8 * 6 + 5)  /* plays: 1 to 8 cards of each value with 0 to 5 jokers, and jokers alone */

static inline int play_code(int value, int numbers, int jokers) {
    return PLAY_BASE + value * PLAY_VALUE_STEP + numbers * PLAY_NUMBER_STEP + jokers;
}

/* -- CPython's random.Random ----------------------------------------------- */

#define MT_N 624
#define MT_M 397

typedef struct {
    uint32_t state[MT_N];
    int index;
} MT;

static void mt_init(MT *mt, uint32_t s) {
    uint32_t *mtv = mt->state;
    mtv[0] = s;
    for (int i = 1; i < MT_N; i++)
        mtv[i] = 1812433253U * (mtv[i - 1] ^ (mtv[i - 1] >> 30)) + (uint32_t)i;
    mt->index = MT_N;
}

/* random.Random(seed) for 0 <= seed < 2**64: init_by_array over the seed's
 * 32-bit words, least significant first, as random_seed() in _randommodule.c. */
static void mt_seed(MT *mt, uint64_t seed) {
    uint32_t key[2];
    size_t keys = 0;
    key[keys++] = (uint32_t)seed;
    if (seed >> 32)
        key[keys++] = (uint32_t)(seed >> 32);
    mt_init(mt, 19650218U);
    uint32_t *mtv = mt->state;
    size_t i = 1, j = 0;
    for (size_t k = MT_N > keys ? MT_N : keys; k; k--) {
        mtv[i] = (mtv[i] ^ ((mtv[i - 1] ^ (mtv[i - 1] >> 30)) * 1664525U)) + key[j] + (uint32_t)j;
        i++;
        j++;
        if (i >= MT_N) {
            mtv[0] = mtv[MT_N - 1];
            i = 1;
        }
        if (j >= keys)
            j = 0;
    }
    for (size_t k = MT_N - 1; k; k--) {
        mtv[i] = (mtv[i] ^ ((mtv[i - 1] ^ (mtv[i - 1] >> 30)) * 1566083941U)) - (uint32_t)i;
        i++;
        if (i >= MT_N) {
            mtv[0] = mtv[MT_N - 1];
            i = 1;
        }
    }
    mtv[0] = 0x80000000U;
}

/* The next block of MT_N numbers. */
static void mt_twist(MT *mt) {
    static const uint32_t mag01[2] = {0x0U, 0x9908b0dfU};
    uint32_t y;
    uint32_t *mtv = mt->state;
    int kk;
    for (kk = 0; kk < MT_N - MT_M; kk++) {
        y = (mtv[kk] & 0x80000000U) | (mtv[kk + 1] & 0x7fffffffU);
        mtv[kk] = mtv[kk + MT_M] ^ (y >> 1) ^ mag01[y & 0x1U];
    }
    for (; kk < MT_N - 1; kk++) {
        y = (mtv[kk] & 0x80000000U) | (mtv[kk + 1] & 0x7fffffffU);
        mtv[kk] = mtv[kk + (MT_M - MT_N)] ^ (y >> 1) ^ mag01[y & 0x1U];
    }
    y = (mtv[MT_N - 1] & 0x80000000U) | (mtv[0] & 0x7fffffffU);
    mtv[MT_N - 1] = mtv[MT_M - 1] ^ (y >> 1) ^ mag01[y & 0x1U];
    mt->index = 0;
}

static inline uint32_t mt_next(MT *mt) {
    if (mt->index >= MT_N)
        mt_twist(mt);
    uint32_t y = mt->state[mt->index++];
    y ^= (y >> 11);
    y ^= (y << 7) & 0x9d2c5680U;
    y ^= (y << 15) & 0xefc60000U;
    y ^= (y >> 18);
    return y;
}

/* random.random(): 53 random bits in [0, 1). */
static inline double mt_random(MT *mt) {
    uint32_t a = mt_next(mt) >> 5, b = mt_next(mt) >> 6;
    return (a * 67108864.0 + b) * (1.0 / 9007199254740992.0);
}

/* -- the state (abluxxen.state.State, without names and events) ------------ */

typedef struct {
    unsigned char value, size, jokers;
} Layer;

typedef struct {
    int n, expert, single_draw, fewest_hand;
    int hands[MAX_PLAYERS][15];
    int known[MAX_PLAYERS][15];
    int layers[MAX_PLAYERS];
    Layer display[MAX_PLAYERS][LAYERS_MAX];
    int pool_len;
    int slot_len[POOL_SIZE];
    unsigned char slot[POOL_SIZE][GROUP_MAX]; /* each slot's cards, ascending */
    int deck_len;
    unsigned char deck[CARDS];                /* top card last */
    int discard_len;
    unsigned char discard[CARDS];
    int shadow[15];
    int removed_len;
    unsigned char removed[CARDS];
    int turn, phase, victim, drawer, draws_left;
    int queue_len, queue[MAX_PLAYERS];
    int options_len, options[15];
    int end_reason, end_seat;
} S;

/* -- the policy's tables (handed over by quick.configure) ------------------ */

static int configured;
static double safe[2][MAX_HAND][TABLE];   /* quick._safe(hand_size, expert) */
static int plays_by_hand[CARDS + 1];      /* quick._PLAYS_BY_HAND */
static int plays_by_stock[6][CARDS + 1];  /* quick._PLAYS_BY_STOCK */
static double twice_size[TABLE];          /* quick._TWICE_SIZE */
static double DECK_GAIN, NOISE;
/* quick.Weights: [0] with three players or more (quick.WEIGHTS), [1] for two (quick.DUEL_WEIGHTS) */
typedef struct {
    double hurt, take_back, joker_cost, shadow, take_cost, take_bonus;
} Weights;
#define WEIGHTS_FIELDS 6
static Weights weights[2];
static PyObject *reason_text[3];          /* None, "hand-empty", "exhausted" */

/* quick.weights_for: the policy's weights in a state's game */
static inline const Weights *weights_for(const S *s) {
    return &weights[s->n == 2];
}

/* BEATS[expert][value][top]: layers.beats */
static inline int beats(int value, int top, int expert) {
    return value > top || (expert && value == 1 && top >= 13);
}

/* -- the rules (State.apply_action and the functions it calls) ------------- */

static void end_game(S *s, int reason, int seat) {
    s->phase = OVER;
    s->end_reason = reason;
    s->end_seat = seat;
    s->queue_len = 0;
    s->victim = -1;
    s->draws_left = 0;
    s->options_len = 0;
}

static void end_turn(S *s) {
    s->turn = (s->turn + 1) % s->n;
    s->phase = PLAY;
    s->victim = -1;
    s->drawer = -1;
    s->draws_left = 0;
}

static void next_victim(S *s, int abluxxed) {
    if (s->queue_len) {
        s->victim = s->queue[0];
        s->queue_len--;
        memmove(s->queue, s->queue + 1, sizeof(int) * (size_t)s->queue_len);
        s->phase = TAKE_OR_LEAVE;
        return;
    }
    s->victim = -1;
    if (!abluxxed && s->single_draw) {
        s->phase = SINGLE_DRAW;
        s->drawer = s->turn;
        s->draws_left = 1;
        return;
    }
    end_turn(s);
}

static void pool_append(S *s, int card) {
    s->slot_len[s->pool_len] = 1;
    s->slot[s->pool_len][0] = (unsigned char)card;
    s->pool_len++;
}

static void pool_remove(S *s, int i) {
    for (int k = i; k + 1 < s->pool_len; k++) {
        s->slot_len[k] = s->slot_len[k + 1];
        memcpy(s->slot[k], s->slot[k + 1], GROUP_MAX);
    }
    s->pool_len--;
}

/* A 13 or joker turned up for the shadow: onto the lowest single pool card. */
static void card_to_pool(S *s, int card) {
    int best = -1;
    for (int i = 0; i < s->pool_len; i++)
        if (s->slot_len[i] == 1 && (best < 0 || s->slot[i][0] < s->slot[best][0]))
            best = i;
    if (best < 0) {
        s->removed[s->removed_len++] = (unsigned char)card;
        return;
    }
    /* The slot holds one card; the pair goes in ascending order. */
    int low = s->slot[best][0];
    if (card < low) {
        s->slot[best][0] = (unsigned char)card;
        s->slot[best][1] = (unsigned char)low;
    } else {
        s->slot[best][1] = (unsigned char)card;
    }
    s->slot_len[best] = 2;
}

static void refill_shadow(S *s) {
    while (s->shadow[0] < SHADOW_SIZE && s->deck_len) {
        int card = s->deck[--s->deck_len];
        if (card >= 13) {
            card_to_pool(s, card);
            continue;
        }
        s->shadow[card]++;
        s->shadow[0]++;
    }
}

static void shadowluxx(S *s, int value) {
    int count = s->shadow[value];
    s->shadow[value] = 0;
    s->shadow[0] -= count;
    int *hand = s->hands[s->turn], *known = s->known[s->turn];
    hand[value] += count;
    hand[0] += count;
    known[value] += count;
    known[0] += count;
    s->options_len = 0;
    refill_shadow(s);
    next_victim(s, 1);
}

static void to_hand(S *s, int seat, Layer layer) {
    int numbers = layer.size - layer.jokers;
    int *hand = s->hands[seat], *known = s->known[seat];
    hand[layer.value] += numbers;
    hand[JOKER] += layer.jokers;
    hand[0] += layer.size;
    known[layer.value] += numbers;
    known[JOKER] += layer.jokers;
    known[0] += layer.size;
}

static void start_draws(S *s, int seat, int count) {
    if (!s->deck_len && !s->pool_len) {
        end_game(s, EXHAUSTED, seat);
        return;
    }
    s->phase = DRAW;
    s->drawer = seat;
    s->draws_left = count;
}

static void after_draw(S *s) {
    if (!s->deck_len && !s->pool_len) {
        end_game(s, EXHAUSTED, s->drawer);
        return;
    }
    if (--s->draws_left)
        return;
    while (s->pool_len < POOL_SIZE && s->deck_len)
        pool_append(s, s->deck[--s->deck_len]);
    if (s->phase == SINGLE_DRAW)
        end_turn(s);
    else
        next_victim(s, 1);
}

static void play(S *s, int code) {
    int x = code - PLAY_BASE;
    int value = x >> 7, numbers = (x >> 3) & 15, jokers = x & 7;
    int size = numbers + jokers, turn = s->turn;
    int *hand = s->hands[turn], *known = s->known[turn];
    hand[value] -= numbers;
    hand[JOKER] -= jokers;
    hand[0] -= size;
    if (known[0]) {
        int was = known[value];
        if (was && numbers) {
            int now = known[value] = was > numbers ? was - numbers : 0;
            known[0] -= was - now;
        }
        was = known[JOKER];
        if (was && jokers) {
            int now = known[JOKER] = was > jokers ? was - jokers : 0;
            known[0] -= was - now;
        }
    }
    Layer layer = {(unsigned char)value, (unsigned char)size, (unsigned char)jokers};
    s->display[turn][s->layers[turn]++] = layer;
    if (!hand[0]) {
        end_game(s, HAND_EMPTY, turn);
        return;
    }
    s->queue_len = 0;
    for (int i = 1; i < s->n; i++) {
        int seat = (turn + i) % s->n;
        if (s->layers[seat]) {
            Layer top = s->display[seat][s->layers[seat] - 1];
            if (top.size == size && beats(value, top.value, s->expert))
                s->queue[s->queue_len++] = seat;
        }
    }
    if (s->shadow[0]) {
        /* layers.shadow_options */
        int options[15], count = 0;
        int below = value < 14 ? value : 14;
        for (int v = 1; v < below; v++)
            if (s->shadow[v] == size)
                options[count++] = v;
        if (s->expert && value == 1 && s->shadow[13] == size)
            options[count++] = 13;
        if (count > 1) {
            memcpy(s->options, options, sizeof(int) * (size_t)count);
            s->options_len = count;
            s->phase = SHADOW;
            return;
        }
        if (count) {
            shadowluxx(s, options[0]);
            return;
        }
    }
    if (s->queue_len)
        next_victim(s, 0);
    else if (s->single_draw) {
        s->victim = -1;
        s->phase = SINGLE_DRAW;
        s->drawer = turn;
        s->draws_left = 1;
    } else
        end_turn(s);
}

static void apply(S *s, int code) {
    if (code >= PLAY_BASE) {
        play(s, code);
    } else if (code >= DRAW_POOL_BASE) {
        int i = code - DRAW_POOL_BASE, drawer = s->drawer;
        int *hand = s->hands[drawer], *known = s->known[drawer];
        for (int k = 0; k < s->slot_len[i]; k++) {
            hand[s->slot[i][k]]++;
            known[s->slot[i][k]]++;
        }
        hand[0] += s->slot_len[i];
        known[0] += s->slot_len[i];
        pool_remove(s, i);
        after_draw(s);
    } else if (code == DRAW_DECK) {
        int card = s->deck[--s->deck_len];
        s->hands[s->drawer][card]++;
        s->hands[s->drawer][0]++;
        after_draw(s);
    } else if (code >= SHADOW_BASE) {
        shadowluxx(s, code - SHADOW_BASE);
    } else if (code == TAKE) {
        Layer layer = s->display[s->victim][--s->layers[s->victim]];
        to_hand(s, s->turn, layer);
        start_draws(s, s->victim, layer.size);
    } else if (code == LEAVE) {
        s->phase = BACK_OR_DISCARD;
    } else if (code == BACK) {
        Layer layer = s->display[s->victim][--s->layers[s->victim]];
        to_hand(s, s->victim, layer);
        next_victim(s, 1);
    } else if (code == DISCARD) {
        Layer layer = s->display[s->victim][--s->layers[s->victim]];
        /* layers.layer_cards: the numbers, then the jokers */
        if (layer.value == JOKER) {
            for (int k = 0; k < layer.size; k++)
                s->discard[s->discard_len++] = JOKER;
        } else {
            for (int k = 0; k < layer.size - layer.jokers; k++)
                s->discard[s->discard_len++] = layer.value;
            for (int k = 0; k < layer.jokers; k++)
                s->discard[s->discard_len++] = JOKER;
        }
        start_draws(s, s->victim, layer.size);
    } else { /* PASS */
        end_turn(s);
    }
}

static int same_slot(const S *s, int a, int b) {
    return s->slot_len[a] == s->slot_len[b] && !memcmp(s->slot[a], s->slot[b], (size_t)s->slot_len[a]);
}

/* State.legal_actions, in its order; returns how many. */
static int legal_actions(const S *s, int *out) {
    int count = 0;
    switch (s->phase) {
    case PLAY: {
        const int *hand = s->hands[s->turn];
        int jokers = hand[JOKER];
        for (int v = 1; v < JOKER; v++)
            for (int numbers = 1; numbers <= hand[v]; numbers++)
                for (int k = 0; k <= jokers; k++)
                    out[count++] = play_code(v, numbers, k);
        if (jokers <= 5)
            for (int k = 1; k <= jokers; k++)
                out[count++] = play_code(JOKER, 0, k);
        break;
    }
    case TAKE_OR_LEAVE:
        out[count++] = TAKE;
        out[count++] = LEAVE;
        break;
    case BACK_OR_DISCARD:
        out[count++] = BACK;
        out[count++] = DISCARD;
        break;
    case DRAW:
    case SINGLE_DRAW:
        if (s->deck_len)
            out[count++] = DRAW_DECK;
        for (int i = 0; i < s->pool_len; i++) {
            int first = 1;
            for (int k = 0; k < i && first; k++)
                if (same_slot(s, k, i))
                    first = 0;
            if (first)
                out[count++] = DRAW_POOL_BASE + i;
        }
        if (s->phase == SINGLE_DRAW)
            out[count++] = PASS;
        break;
    case SHADOW:
        for (int i = 0; i < s->options_len; i++)
            out[count++] = SHADOW_BASE + s->options[i];
        break;
    }
    return count;
}

/* -- the policy (quick.py) ------------------------------------------------- */

/* quick._clock: the survival odds of a seat's sets, and the plays left to it.
 * worth(i) = twice_size[i] * (before(i) * last[i]), with before(i) the
 * product, in clockwise order, over every opponent but the last. */
typedef struct {
    const double *first[MAX_PLAYERS - 1];
    int firsts;
    const double *last;
    int plays;
} Clock;

static inline double before_at(const Clock *c, int i) {
    double b = 1.0;
    for (int k = 0; k < c->firsts; k++)
        b = b * c->first[k][i];
    return b;
}

static inline double worth(const Clock *c, int i) {
    return twice_size[i] * (before_at(c, i) * c->last[i]);
}

static Clock clock_of(const S *s, int seat) {
    Clock c;
    int n = s->n, shortest = 1 << 30;
    c.firsts = 0;
    for (int k = 1; k < n; k++) {
        int h = s->hands[(seat + k) % n][0];
        if (h < shortest)
            shortest = h;
        const double *table = safe[s->expert][h < MAX_HAND ? h : MAX_HAND - 1];
        if (k < n - 1)
            c.first[c.firsts++] = table;
        else
            c.last = table;
    }
    int stock = s->deck_len + s->pool_len;
    int by_hand = plays_by_hand[shortest], by_stock = plays_by_stock[n][stock];
    c.plays = by_hand < by_stock ? by_hand : by_stock;
    if (seat == s->turn && s->phase != PLAY)
        c.plays--;
    return c;
}

static int groups_held(const int *hand) {
    int groups = 0;
    for (int v = 1; v < JOKER; v++)
        groups += hand[v] != 0;
    return groups;
}

/* quick._gain */
static double gain(const int *hand, int value, int count, const Clock *c) {
    if (c->plays <= 0)
        return 0.0;
    if (value == JOKER)
        return 2.0 * count;
    int held = hand[value], i = value * SLOT + held;
    if (held) {
        int j = i + count;
        return worth(c, j) - worth(c, i);
    }
    i += count;
    return worth(c, i) * (groups_held(hand) < c->plays ? 0.6 : 0.15);
}

/* quick._card_gain */
static double card_gain(const int *hand, int card, const Clock *c, double new_group) {
    if (card == JOKER)
        return 2.0;
    int i = card * SLOT + hand[card], j = i + 1;
    if (hand[card])
        return worth(c, j) - worth(c, i);
    return worth(c, j) * new_group;
}

static int scores_of(const S *s, int *scores) {
    for (int seat = 0; seat < s->n; seat++) {
        int shown = 0;
        for (int k = 0; k < s->layers[seat]; k++)
            shown += s->display[seat][k].size;
        scores[seat] = shown - s->hands[seat][0];
    }
    return s->n;
}

/* quick._ending_wins */
static int ending_wins(const S *s, int seat, int size) {
    int scores[MAX_PLAYERS] = {0};
    scores_of(s, scores);
    int mine = scores[seat] + 2 * size, best = INT32_MIN;
    for (int i = 0; i < s->n; i++)
        if (i != seat && scores[i] > best)
            best = scores[i];
    return mine > best || (mine == best && s->fewest_hand);
}

typedef struct {
    double worth;
    int value, count;
} Group;

/* held.sort(reverse=True) on (worth, value, count) tuples: values are unique. */
static void sort_groups(Group *g, int count) {
    for (int i = 1; i < count; i++) {
        Group x = g[i];
        int k = i - 1;
        while (k >= 0 && (g[k].worth < x.worth || (g[k].worth == x.worth && g[k].value < x.value))) {
            g[k + 1] = g[k];
            k--;
        }
        g[k + 1] = x;
    }
}

/* quick._play */
static int policy_play(const S *s, MT *rng, Clock c) {
    int turn = s->turn;
    const int *hand = s->hands[turn];
    int jokers = hand[JOKER], total = hand[0], plays = c.plays;
    Group held[13];
    int nheld = 0;
    for (int v = 1; v < JOKER; v++)
        if (hand[v]) {
            int i = v * SLOT + hand[v];
            held[nheld].worth = worth(&c, i);
            held[nheld].value = v;
            held[nheld].count = hand[v];
            nheld++;
        }
    if (nheld < 2 && ending_wins(s, turn, total))
        return nheld ? play_code(held[0].value, held[0].count, jokers) : play_code(JOKER, 0, jokers);
    int group = nheld ? held[0].value : JOKER;
    if (plays)
        plays--;
    sort_groups(held, nheld);
    double later_sum = 0.0, counted_sum = 0.0, spare_play = 0.0;
    int counted = 0;
    if (plays) {
        /* sums left to right, as quick._play makes them */
        for (int k = 0; k < nheld && k < plays; k++)
            later_sum += held[k].worth;
        if (nheld <= plays) {
            counted_sum = later_sum;
        } else {
            for (int k = 0; k < plays + 1; k++)
                counted_sum += held[k].worth;
        }
        counted = nheld < plays + 1 ? nheld : plays + 1;
        spare_play = jokers && counted - 1 < plays ? 2.0 * jokers : 0.0;
    }
    /* the opponents' top layers, clockwise */
    int top_value[MAX_PLAYERS], top_size[MAX_PLAYERS], tops = 0;
    for (int k = 1; k < s->n; k++) {
        int o = (turn + k) % s->n;
        if (s->layers[o]) {
            Layer top = s->display[o][s->layers[o] - 1];
            top_value[tops] = top.value;
            top_size[tops] = top.size;
            tops++;
        }
    }
    int duel = s->shadow[0];
    const Weights *w = weights_for(s);
    int best_v = 0, best_count = 0, best_j = 0;
    double best = -1e9;
    for (int rank = 0; rank < nheld; rank++) {
        double set_worth = held[rank].worth, future;
        int v = held[rank].value, count = held[rank].count;
        if (!plays) {
            future = 0.0;
        } else if (rank < counted) {
            future = counted_sum - set_worth;
            if (spare_play != 0.0)
                future += spare_play;
        } else {
            future = later_sum;
        }
        int size = count, j = 0;
        double score = set_worth + future;
        for (;;) {
            if (size < total) {
                /* tops[size], in clockwise order (the dict keeps insertion order per size) */
                for (int t = 0; t < tops; t++) {
                    if (top_size[t] != size)
                        continue;
                    int top = top_value[t];
                    if (beats(v, top, s->expert)) {
                        score += w->hurt * size;
                        if (top != JOKER && hand[top] && top != v)
                            score += size * w->take_back;
                    }
                }
                if (duel) {
                    for (int lower = 1; lower < v; lower++)
                        if (s->shadow[lower] == size) {
                            score += size * (hand[lower] ? w->shadow : -w->shadow);
                            break;
                        }
                }
                score += mt_random(rng) * NOISE;
                if (score > best) {
                    best = score;
                    best_v = v;
                    best_count = count;
                    best_j = j;
                }
            }
            if (j || !jokers)
                break;
            j = jokers;
            size = count + j;
            int i = v * SLOT + size;
            score = worth(&c, i) + future - w->joker_cost * j;
        }
    }
    if (jokers && jokers < total) {
        int i = JOKER * SLOT + jokers;
        double score = worth(&c, i) + later_sum + mt_random(rng) * NOISE;
        if (score > best)
            return play_code(JOKER, 0, jokers);
    }
    if (best_v)
        return play_code(best_v, best_count, best_j);
    if (group == JOKER)
        return play_code(JOKER, 0, jokers - 1 > 1 ? jokers - 1 : 1);
    return play_code(group, hand[group] - 1 > 1 ? hand[group] - 1 : 1, 0);
}

/* quick._take_or_leave */
static int policy_take_or_leave(const S *s, Clock c) {
    Layer layer = s->display[s->victim][s->layers[s->victim] - 1];
    int size = layer.size;
    const Weights *w = weights_for(s);
    double g = gain(s->hands[s->turn], layer.value, size, &c) - w->take_cost * size
               + (size >= 2 ? w->take_bonus * size : 0.0);
    return g > 0 ? TAKE : LEAVE;
}

/* quick._back_or_discard */
static int policy_back_or_discard(const S *s, Clock c) {
    Layer layer = s->display[s->victim][s->layers[s->victim] - 1];
    int size = layer.size;
    const int *hand = s->hands[s->victim];
    double back = gain(hand, layer.value, size, &c);
    double fresh[POOL_SIZE + CARDS];
    int nfresh = s->pool_len;
    if (c.plays > 0) {
        double new_group = groups_held(hand) < c.plays ? 0.6 : 0.15;
        for (int i = 0; i < s->pool_len; i++)
            fresh[i] = card_gain(hand, s->slot[i][0], &c, new_group) - (s->slot_len[i] - 1);
    } else {
        for (int i = 0; i < s->pool_len; i++)
            fresh[i] = 0.0 - (s->slot_len[i] - 1);
    }
    /* fresh.sort(reverse=True) */
    for (int i = 1; i < nfresh; i++) {
        double x = fresh[i];
        int k = i - 1;
        while (k >= 0 && fresh[k] < x) {
            fresh[k + 1] = fresh[k];
            k--;
        }
        fresh[k + 1] = x;
    }
    if (nfresh > size)
        nfresh = size;
    while (nfresh < size)
        fresh[nfresh++] = DECK_GAIN;
    double total = 0.0;
    for (int i = 0; i < nfresh; i++)
        total += fresh[i];
    return back >= total ? BACK : DISCARD;
}

/* quick._draw */
static int policy_draw(const S *s, int optional, Clock c) {
    const int *hand = s->hands[s->drawer];
    int best_slot = -1;
    double best = s->deck_len ? DECK_GAIN : -1e9;
    if (c.plays > 0) {
        double fresh = groups_held(hand) < c.plays ? 0.6 : 0.15;
        for (int i = 0; i < s->pool_len; i++) {
            double g;
            if (s->slot_len[i] == 1) {
                g = card_gain(hand, s->slot[i][0], &c, fresh);
            } else {
                g = 1.0 - s->slot_len[i];
                for (int k = 0; k < s->slot_len[i]; k++)
                    g += card_gain(hand, s->slot[i][k], &c, fresh);
            }
            if (g > best) {
                best = g;
                best_slot = i;
            }
        }
    }
    if (optional && best <= 1.0)
        return PASS;
    if (best_slot >= 0)
        return DRAW_POOL_BASE + best_slot;
    return s->deck_len ? DRAW_DECK : DRAW_POOL_BASE;
}

/* quick.quick_action's shadow choice: the group we hold most of, then the highest. */
static int policy_shadow(const S *s) {
    const int *hand = s->hands[s->turn];
    int best = s->options[0];
    for (int i = 1; i < s->options_len; i++) {
        int v = s->options[i];
        if (hand[v] > hand[best] || (hand[v] == hand[best] && v > best))
            best = v;
    }
    return SHADOW_BASE + best;
}

/* The least chance of a random move a rollout is given. The policy alone can go round a cycle of
 * abluxxes taken back for ever, deaf to Ctrl-C (a rollout checks for no signal); one random move in
 * 10,000 leaves such a cycle within some tens of thousands of moves, milliseconds here
 * (tests/test_bots_compiled.py). */
#define MIN_NOISE 1e-4

/* Why a rollout cannot be given this noise, or NULL. */
static const char *noise_fault(double noise) {
    return noise >= MIN_NOISE && noise <= 1.0 ? NULL
           : "a rollout's noise (its chance of a random move) must be from 0.0001 to 1: with less, the policy "
             "may go round a cycle of take-backs for ever";
}

/* quick.rollout: play to the end; the moves made. */
static long rollout(S *s, MT *rng, double noise) {
    long moves = 0;
    int legal[MAX_LEGAL];
    for (;;) {
        int phase = s->phase;
        if (phase == OVER)
            return moves;
        moves++;
        if (mt_random(rng) < noise) {
            int count = legal_actions(s, legal);
            apply(s, legal[(int)(mt_random(rng) * count)]);
        } else if (phase == PLAY) {
            apply(s, policy_play(s, rng, clock_of(s, s->turn)));
        } else if (phase == DRAW) {
            apply(s, policy_draw(s, 0, clock_of(s, s->drawer)));
        } else if (phase == SINGLE_DRAW) {
            apply(s, policy_draw(s, 1, clock_of(s, s->turn)));
        } else if (phase == TAKE_OR_LEAVE) {
            apply(s, policy_take_or_leave(s, clock_of(s, s->turn)));
        } else if (phase == BACK_OR_DISCARD) {
            apply(s, policy_back_or_discard(s, clock_of(s, s->victim)));
        } else {
            apply(s, policy_shadow(s));
        }
    }
}

/* -- reading and writing a State ------------------------------------------ *
 *
 * The caller is not trusted: a State (or anything posing as one) is copied
 * into the module's own struct and checked as a whole before a move is made.
 *
 *   - A field that holds sequences (hands, known, displays, a display, the
 *     pool) is first copied into a tuple of its items: reading an item may run
 *     Python code (the iterator of an item that is not a list), and that code
 *     could otherwise empty the field's list and free the items still unread.
 *   - A sequence of numbers is read in one pass that runs no Python code:
 *     each item must be an int (an object with __index__ is refused, never
 *     called), so nothing can change the list between its length and its end.
 *   - state_fault() then refuses whatever the rules below cannot play safely,
 *     and whatever else the save loader (abluxxen/save.py) refuses.
 */

static PyObject *name_hands, *name_known, *name_displays, *name_pool, *name_deck, *name_discard,
    *name_shadow, *name_removed, *name_turn, *name_phase, *name_victim, *name_queue, *name_drawer,
    *name_draws_left, *name_shadow_options, *name_end_reason, *name_end_seat, *name_expert,
    *name_single_draw, *name_players, *name_rules, *name_tiebreak, *name_duel;

/* An int within [low, high]; -1 and an exception otherwise. Runs no Python code. */
static int int_in(PyObject *obj, int low, int high, int *out) {
    if (!PyLong_Check(obj)) {
        PyErr_Format(PyExc_TypeError, "a state's numbers must be ints, not %.100s", Py_TYPE(obj)->tp_name);
        return -1;
    }
    int overflow;
    long v = PyLong_AsLongAndOverflow(obj, &overflow);
    if (v == -1 && PyErr_Occurred())
        return -1;
    if (overflow || v < low || v > high) {
        PyErr_Format(PyExc_ValueError, "a state's number is out of range (%d to %d)", low, high);
        return -1;
    }
    *out = (int)v;
    return 0;
}

static int int_attr(PyObject *game, PyObject *name, int low, int high, int *out) {
    PyObject *obj = PyObject_GetAttr(game, name);
    if (!obj)
        return -1;
    int rc = int_in(obj, low, high, out);
    Py_DECREF(obj);
    return rc;
}

/* A sequence of ints within [low, high] into out (at most cap of them). A list or tuple is read
 * in place: between its length and its last item no Python code runs (int_in calls none). */
static int int_seq(PyObject *seq, int low, int high, int *out, Py_ssize_t cap, int *len) {
    PyObject *fast = PySequence_Fast(seq, "a state's field must be a list");
    if (!fast)
        return -1;
    Py_ssize_t n = PySequence_Fast_GET_SIZE(fast);
    if (n > cap) {
        Py_DECREF(fast);
        PyErr_SetString(PyExc_ValueError, "a state's list is too long");
        return -1;
    }
    PyObject **items = PySequence_Fast_ITEMS(fast);
    for (Py_ssize_t i = 0; i < n; i++)
        if (int_in(items[i], low, high, &out[i]) < 0) {
            Py_DECREF(fast);
            return -1;
        }
    *len = (int)n;
    Py_DECREF(fast);
    return 0;
}

static int card_seq(PyObject *game, PyObject *name, unsigned char *out, int *len) {
    PyObject *obj = PyObject_GetAttr(game, name);
    if (!obj)
        return -1;
    int cards[CARDS];
    int rc = int_seq(obj, 1, JOKER, cards, CARDS, len);
    Py_DECREF(obj);
    for (int i = 0; rc == 0 && i < *len; i++)
        out[i] = (unsigned char)cards[i];
    return rc;
}

/* The items of a sequence of sequences, copied into a tuple this module holds (a new reference), or
 * NULL with an exception: reading one item cannot free another. */
static PyObject *items_of(PyObject *seq) {
    return PySequence_Tuple(seq);
}

static PyObject *items_attr(PyObject *game, PyObject *name) {
    PyObject *obj = PyObject_GetAttr(game, name);
    if (!obj)
        return NULL;
    PyObject *items = items_of(obj);
    Py_DECREF(obj);
    return items;
}

static int counts_of_seats(PyObject *game, PyObject *name, int n, int counts[][15]) {
    PyObject *items = items_attr(game, name);
    if (!items)
        return -1;
    int rc = 0;
    if (PyTuple_GET_SIZE(items) != n) {
        PyErr_SetString(PyExc_ValueError, "a state's hands must be one per seat");
        rc = -1;
    }
    for (int seat = 0; rc == 0 && seat < n; seat++) {
        int len;
        rc = int_seq(PyTuple_GET_ITEM(items, seat), 0, CARDS, counts[seat], 15, &len);
        if (rc == 0 && len != 15) {
            PyErr_SetString(PyExc_ValueError, "a count array has 15 entries");
            rc = -1;
        }
    }
    Py_DECREF(items);
    return rc;
}

/* displays: per seat, layers (value, size, jokers) bottom to top */
static int read_displays(PyObject *game, S *s) {
    PyObject *items = items_attr(game, name_displays);
    if (!items)
        return -1;
    int rc = 0;
    if (PyTuple_GET_SIZE(items) != s->n) {
        PyErr_SetString(PyExc_ValueError, "a state's displays must be one per seat");
        rc = -1;
    }
    for (int seat = 0; rc == 0 && seat < s->n; seat++) {
        PyObject *layers = items_of(PyTuple_GET_ITEM(items, seat));
        if (!layers) {
            rc = -1;
            break;
        }
        Py_ssize_t count = PyTuple_GET_SIZE(layers);
        if (count > LAYERS_MAX) {
            PyErr_SetString(PyExc_ValueError, "a display has too many layers");
            rc = -1;
        }
        for (Py_ssize_t k = 0; rc == 0 && k < count; k++) {
            int parts[3], len;
            rc = int_seq(PyTuple_GET_ITEM(layers, k), 0, JOKER, parts, 3, &len);
            /* a value's cards (1 to 8 of them) with 0 to 5 jokers, or jokers alone */
            if (rc == 0 && (len != 3 || parts[0] < 1 || parts[1] < 1 || parts[1] > 13 || parts[2] > 5 ||
                            (parts[0] == JOKER ? parts[2] != parts[1] : parts[2] >= parts[1]))) {
                PyErr_SetString(PyExc_ValueError, "a layer is (value, size, jokers)");
                rc = -1;
            }
            if (rc == 0) {
                Layer layer = {(unsigned char)parts[0], (unsigned char)parts[1], (unsigned char)parts[2]};
                s->display[seat][k] = layer;
            }
        }
        Py_DECREF(layers);
        s->layers[seat] = (int)count;
    }
    Py_DECREF(items);
    return rc;
}

/* pool: slots of one card, or (the duel's groups) of a card and the 13 or joker put onto it */
static int read_pool(PyObject *game, S *s) {
    PyObject *items = items_attr(game, name_pool);
    if (!items)
        return -1;
    Py_ssize_t slots = PyTuple_GET_SIZE(items);
    int rc = 0;
    if (slots > POOL_SIZE) {
        PyErr_SetString(PyExc_ValueError, "a state's pool is too long");
        rc = -1;
    }
    for (Py_ssize_t i = 0; rc == 0 && i < slots; i++) {
        int cards[CARDS], len;
        rc = int_seq(PyTuple_GET_ITEM(items, i), 1, JOKER, cards, CARDS, &len);
        if (rc == 0 && (len < 1 || len > GROUP_MAX || (len == 2 && (cards[1] < 13 || cards[0] > cards[1])))) {
            PyErr_SetString(PyExc_ValueError,
                            "a pool slot holds a card, or a card and the 13 or joker put onto it (in that order)");
            rc = -1;
        }
        for (int k = 0; rc == 0 && k < len; k++)
            s->slot[i][k] = (unsigned char)cards[k];
        s->slot_len[i] = len;
    }
    s->pool_len = (int)slots;
    Py_DECREF(items);
    return rc;
}

/* Every card of the game is somewhere, once: 8 of each number and 5 jokers, and every count
 * array's total is its sum. What the rules above do within their arrays' bounds rests on it. */
static int check_cards(const S *s) {
    int cards[15] = {0};
    for (int seat = 0; seat < s->n; seat++) {
        int held = 0;
        for (int v = 1; v <= JOKER; v++) {
            cards[v] += s->hands[seat][v];
            held += s->hands[seat][v];
        }
        if (held != s->hands[seat][0])
            return -1;
        for (int k = 0; k < s->layers[seat]; k++) {
            Layer l = s->display[seat][k];
            cards[l.value == JOKER ? JOKER : l.value] += l.value == JOKER ? l.size : l.size - l.jokers;
            if (l.value != JOKER)
                cards[JOKER] += l.jokers;
        }
    }
    for (int i = 0; i < s->pool_len; i++)
        for (int k = 0; k < s->slot_len[i]; k++)
            cards[s->slot[i][k]]++;
    for (int i = 0; i < s->deck_len; i++)
        cards[s->deck[i]]++;
    for (int i = 0; i < s->discard_len; i++)
        cards[s->discard[i]]++;
    for (int i = 0; i < s->removed_len; i++)
        cards[s->removed[i]]++;
    int shadowed = 0;
    for (int v = 1; v < JOKER; v++) {
        cards[v] += s->shadow[v];
        shadowed += s->shadow[v];
    }
    if (shadowed != s->shadow[0] || s->shadow[JOKER])
        return -1;
    for (int v = 1; v <= JOKER; v++)
        if (cards[v] != (v == JOKER ? JOKERS : COPIES))
            return -1;
    return 0;
}

/* Whether a seat's top layer is one the turn's played set abluxxes (state._play's queue). */
static int abluxxed(const S *s, int seat, Layer played) {
    if (seat < 0 || seat == s->turn || !s->layers[seat])
        return 0;
    Layer top = s->display[seat][s->layers[seat] - 1];
    return top.size == played.size && beats(played.value, top.value, s->expert);
}

/* Why the decision a state waits for cannot be played (save._restore_pending's rules), or NULL. */
static const char *pending_fault(const S *s) {
    if (s->phase == PLAY)
        return s->queue_len ? "a state's queue must be empty at the start of a turn" : NULL;
    if (!s->layers[s->turn])
        return "the state waits on a set the turn has not played (its display is empty)";
    Layer played = s->display[s->turn][s->layers[s->turn] - 1];
    /* Each victim still to be resolved, once, clockwise after the attacker: the one being resolved
     * (a victim deciding, or drawing), then the queue. */
    int resolving[MAX_PLAYERS + 1], count = 0;
    if (s->phase == TAKE_OR_LEAVE || s->phase == BACK_OR_DISCARD) {
        if (!abluxxed(s, s->victim, played))
            return "the state's victim has no top layer its turn's set abluxxes";
        resolving[count++] = s->victim;
    }
    for (int i = 0; i < s->queue_len; i++) {
        if (!abluxxed(s, s->queue[i], played))
            return "a seat in the state's queue has no top layer its turn's set abluxxes";
        resolving[count++] = s->queue[i];
    }
    if (s->phase == DRAW) {
        if (s->drawer < 0 || s->drawer == s->turn || s->draws_left < 1)
            return "a draw needs a drawer (not the attacker) and a number of cards";
        memmove(resolving + 1, resolving, sizeof(int) * (size_t)count);
        resolving[0] = s->drawer;
        count++;
    }
    for (int i = 1; i < count; i++)
        if ((resolving[i] - s->turn + s->n) % s->n <= (resolving[i - 1] - s->turn + s->n) % s->n)
            return "the state's victims must come once each, clockwise after the attacker";
    if (s->phase == SINGLE_DRAW &&
        (!s->single_draw || s->queue_len || s->drawer != s->turn || s->draws_left != 1))
        return "a single draw is the turn's own, of one card, after a set that abluxxed nobody (base rules)";
    if ((s->phase == DRAW || s->phase == SINGLE_DRAW) && !s->deck_len && !s->pool_len)
        return "a draw with the deck and the pool empty: the game would be over";
    if (s->phase == SHADOW) {
        /* layers.shadow_options of the played set, as play() finds them: two or more */
        int options[15], found = 0;
        int below = played.value < JOKER ? played.value : JOKER;
        for (int v = 1; v < below; v++)
            if (s->shadow[v] == played.size)
                options[found++] = v;
        if (s->expert && played.value == 1 && s->shadow[13] == played.size)
            options[found++] = 13;
        if (found < 2 || found != s->options_len || memcmp(options, s->options, sizeof(int) * (size_t)found))
            return "the state's shadow options must be the shadow groups its turn's set abluxxes";
    }
    return NULL;
}

/* Why the rules cannot play a state from here, or NULL. */
static const char *state_fault(const S *s) {
    if (s->phase == OVER)
        return "the game is over";
    if (check_cards(s) < 0)
        return "a state's cards must be the game's 109, each once";
    for (int seat = 0; seat < s->n; seat++) {
        const int *hand = s->hands[seat], *known = s->known[seat];
        if (!hand[0])
            return "a hand is empty, so the game would be over";
        int sum = 0;
        for (int v = 1; v <= JOKER; v++) {
            if (known[v] > hand[v])
                return "a seat's known cards must be cards in its hand";
            sum += known[v];
        }
        if (sum != known[0])
            return "a count array's first entry is its total";
    }
    if (s->shadow[13])
        return "the shadow holds no 13s (they go onto the pool)";
    return pending_fault(s);
}

/* Why a state outside the duel holds what only the duel has (a shadow, and so a 13 or joker put onto
 * a pool card), or NULL: save._restore refuses both. */
static const char *duel_fault(const S *s) {
    for (int v = 0; v <= JOKER; v++)
        if (s->shadow[v])
            return "a state's shadow must be empty outside the duel";
    for (int i = 0; i < s->pool_len; i++)
        if (s->slot_len[i] > 1)
            return "a state's pool groups exist only in the duel";
    return NULL;
}

static int read_state(PyObject *game, S *s) {
    if (int_attr(game, name_players, 2, MAX_PLAYERS, &s->n) < 0 ||
        int_attr(game, name_expert, 0, 1, &s->expert) < 0 ||
        int_attr(game, name_single_draw, 0, 1, &s->single_draw) < 0)
        return -1;
    /* rules.tiebreak */
    PyObject *obj = PyObject_GetAttr(game, name_rules);
    if (!obj)
        return -1;
    int duel;
    PyObject *tiebreak = int_attr(obj, name_duel, 0, 1, &duel) < 0 ? NULL : PyObject_GetAttr(obj, name_tiebreak);
    Py_DECREF(obj);
    if (!tiebreak)
        return -1;
    s->fewest_hand = PyUnicode_Check(tiebreak) && PyUnicode_CompareWithASCIIString(tiebreak, FEWEST_HAND) == 0;
    Py_DECREF(tiebreak);
    int n = s->n;
    if (counts_of_seats(game, name_hands, n, s->hands) < 0 || counts_of_seats(game, name_known, n, s->known) < 0 ||
        read_displays(game, s) < 0 || read_pool(game, s) < 0)
        return -1;
    if (card_seq(game, name_deck, s->deck, &s->deck_len) < 0 ||
        card_seq(game, name_discard, s->discard, &s->discard_len) < 0 ||
        card_seq(game, name_removed, s->removed, &s->removed_len) < 0)
        return -1;
    obj = PyObject_GetAttr(game, name_shadow);
    if (!obj)
        return -1;
    int len, rc = int_seq(obj, 0, CARDS, s->shadow, 15, &len);
    Py_DECREF(obj);
    if (rc < 0)
        return -1;
    if (len != 15) {
        PyErr_SetString(PyExc_ValueError, "the shadow is a count array of 15 entries");
        return -1;
    }
    if (int_attr(game, name_turn, 0, n - 1, &s->turn) < 0 || int_attr(game, name_phase, PLAY, OVER, &s->phase) < 0 ||
        int_attr(game, name_victim, -1, n - 1, &s->victim) < 0 ||
        int_attr(game, name_drawer, -1, n - 1, &s->drawer) < 0 ||
        int_attr(game, name_draws_left, 0, CARDS, &s->draws_left) < 0)
        return -1;
    obj = PyObject_GetAttr(game, name_queue);
    if (!obj)
        return -1;
    rc = int_seq(obj, 0, n - 1, s->queue, MAX_PLAYERS, &s->queue_len);
    Py_DECREF(obj);
    if (rc < 0)
        return -1;
    obj = PyObject_GetAttr(game, name_shadow_options);
    if (!obj)
        return -1;
    rc = int_seq(obj, 1, 13, s->options, 15, &s->options_len);
    Py_DECREF(obj);
    if (rc < 0)
        return -1;
    s->end_reason = NOT_OVER;
    s->end_seat = -1;
    const char *fault = state_fault(s);
    if (!fault && !duel)
        fault = duel_fault(s);
    if (fault) {
        PyErr_SetString(PyExc_ValueError, fault);
        return -1;
    }
    return 0;
}

static PyObject *int_list(const int *values, int n) {
    PyObject *list = PyList_New(n);
    if (!list)
        return NULL;
    for (int i = 0; i < n; i++) {
        PyObject *v = PyLong_FromLong(values[i]);
        if (!v) {
            Py_DECREF(list);
            return NULL;
        }
        PyList_SET_ITEM(list, i, v);
    }
    return list;
}

static PyObject *card_list(const unsigned char *cards, int n) {
    int values[CARDS];
    for (int i = 0; i < n; i++)
        values[i] = cards[i];
    return int_list(values, n);
}

/* Sets the attribute to a new object, taking the reference. */
static int set_new(PyObject *game, PyObject *name, PyObject *value) {
    if (!value)
        return -1;
    int rc = PyObject_SetAttr(game, name, value);
    Py_DECREF(value);
    return rc;
}

static PyObject *tuple_of(const unsigned char *parts, int n) {
    int values[GROUP_MAX];
    for (int i = 0; i < n; i++)
        values[i] = parts[i];
    PyObject *list = int_list(values, n);
    if (!list)
        return NULL;
    PyObject *tuple = PyList_AsTuple(list);
    Py_DECREF(list);
    return tuple;
}

static int seat_lists(PyObject *game, PyObject *name, const S *s, int counts[][15]) {
    PyObject *outer = PyList_New(s->n);
    if (!outer)
        return -1;
    for (int seat = 0; seat < s->n; seat++) {
        PyObject *inner = int_list(counts[seat], 15);
        if (!inner) {
            Py_DECREF(outer);
            return -1;
        }
        PyList_SET_ITEM(outer, seat, inner);
    }
    return set_new(game, name, outer);
}

static int write_state(PyObject *game, S *s) {
    if (seat_lists(game, name_hands, s, s->hands) < 0 || seat_lists(game, name_known, s, s->known) < 0)
        return -1;
    PyObject *displays = PyList_New(s->n);
    if (!displays)
        return -1;
    for (int seat = 0; seat < s->n; seat++) {
        PyObject *layers = PyList_New(s->layers[seat]);
        if (!layers) {
            Py_DECREF(displays);
            return -1;
        }
        PyList_SET_ITEM(displays, seat, layers);
        for (int k = 0; k < s->layers[seat]; k++) {
            Layer l = s->display[seat][k];
            PyObject *layer = Py_BuildValue("(iii)", l.value, l.size, l.jokers);
            if (!layer) {
                Py_DECREF(displays);
                return -1;
            }
            PyList_SET_ITEM(layers, k, layer);
        }
    }
    if (set_new(game, name_displays, displays) < 0)
        return -1;
    PyObject *pool = PyList_New(s->pool_len);
    if (!pool)
        return -1;
    for (int i = 0; i < s->pool_len; i++) {
        PyObject *slot = tuple_of(s->slot[i], s->slot_len[i]);
        if (!slot) {
            Py_DECREF(pool);
            return -1;
        }
        PyList_SET_ITEM(pool, i, slot);
    }
    if (set_new(game, name_pool, pool) < 0 || set_new(game, name_deck, card_list(s->deck, s->deck_len)) < 0 ||
        set_new(game, name_discard, card_list(s->discard, s->discard_len)) < 0 ||
        set_new(game, name_removed, card_list(s->removed, s->removed_len)) < 0 ||
        set_new(game, name_shadow, int_list(s->shadow, 15)) < 0 ||
        set_new(game, name_turn, PyLong_FromLong(s->turn)) < 0 ||
        set_new(game, name_phase, PyLong_FromLong(s->phase)) < 0 ||
        set_new(game, name_victim, PyLong_FromLong(s->victim)) < 0 ||
        set_new(game, name_queue, int_list(s->queue, s->queue_len)) < 0 ||
        set_new(game, name_drawer, PyLong_FromLong(s->drawer)) < 0 ||
        set_new(game, name_draws_left, PyLong_FromLong(s->draws_left)) < 0 ||
        set_new(game, name_shadow_options, int_list(s->options, s->options_len)) < 0)
        return -1;
    PyObject *reason = reason_text[s->end_reason];
    Py_INCREF(reason);
    if (set_new(game, name_end_reason, reason) < 0)
        return -1;
    if (s->end_seat < 0) {
        Py_INCREF(Py_None);
        return set_new(game, name_end_seat, Py_None);
    }
    return set_new(game, name_end_seat, PyLong_FromLong(s->end_seat));
}

/* -- the search's trees (abluxxen.bots.subtrees.Subtrees) -------------------- */

typedef struct {
    int key, node;
} Child;

typedef struct {
    int player, visits, avail;
    double total;
    int children, capacity;
    Child *child;
} Node;

typedef struct {
    PyObject_HEAD
    int ready;                  /* set up (by __init__, once) */
    int players;                /* of every deal searched (0 before the first) */
    Node *nodes;
    int count, capacity;
    int seat;
    double exploration, noise, margin_scale;
    int *roots;
    int trees, tree_capacity;
    int *path;                  /* the nodes an iteration passed, root first */
    int path_capacity;
} Subtrees;

/* A new node; its index (the arena may move: re-read pointers after this). -1 when out of memory. */
static int new_node(Subtrees *t, int player, int avail) {
    if (t->count == t->capacity) {
        if (t->capacity > INT_MAX / 2)
            return -1;
        int capacity = t->capacity ? 2 * t->capacity : 1024;
        Node *nodes = PyMem_Realloc(t->nodes, sizeof(Node) * (size_t)capacity);
        if (!nodes)
            return -1;
        t->nodes = nodes;
        t->capacity = capacity;
    }
    Node *n = &t->nodes[t->count];
    n->player = player;
    n->visits = 0;
    n->avail = avail;
    n->total = 0.0;
    n->children = n->capacity = 0;
    n->child = NULL;
    return t->count++;
}

static int add_child(Subtrees *t, int parent, int key, int node) {
    Node *p = &t->nodes[parent];
    if (p->children == p->capacity) {
        int capacity = p->capacity ? 2 * p->capacity : 4;
        Child *child = PyMem_Realloc(p->child, sizeof(Child) * (size_t)capacity);
        if (!child)
            return -1;
        p->child = child;
        p->capacity = capacity;
    }
    p->child[p->children].key = key;
    p->child[p->children].node = node;
    p->children++;
    return 0;
}

static int find_child(const Node *n, int key) {
    for (int i = 0; i < n->children; i++)
        if (n->child[i].key == key)
            return n->child[i].node;
    return -1;
}

/* subtrees.move_key */
static int move_key(const S *s, int code) {
    if (code >= DRAW_POOL_BASE && code < PLAY_BASE) {
        int i = code - DRAW_POOL_BASE, key = 0;
        for (int k = 0; k < s->slot_len[i]; k++)
            key = key * 15 + s->slot[i][k];
        return -1 - key;
    }
    return code;
}

static int to_move(const S *s) {
    if (s->phase == BACK_OR_DISCARD)
        return s->victim;
    if (s->phase == DRAW)
        return s->drawer;
    return s->turn;
}

/* quick.quick_action */
static int policy_action(const S *s, MT *rng, const int *legal) {
    switch (s->phase) {
    case PLAY:
        return policy_play(s, rng, clock_of(s, s->turn));
    case DRAW:
    case SINGLE_DRAW:
        return policy_draw(s, s->phase == SINGLE_DRAW, clock_of(s, s->drawer));
    case TAKE_OR_LEAVE:
        return policy_take_or_leave(s, clock_of(s, s->turn));
    case BACK_OR_DISCARD:
        return policy_back_or_discard(s, clock_of(s, s->victim));
    case SHADOW:
        return policy_shadow(s);
    }
    return legal[0];
}

/* subtrees.rewards: each seat's reward in [0, 1] */
static void rewards_of(const S *s, const int *scores, double margin_scale, double *reward) {
    int n = s->n, best = INT32_MIN, second = INT32_MIN, winners[MAX_PLAYERS], nwinners = 0;
    /* winners_of: the best score; with fewest-hand, the fewest cards in hand among them */
    for (int i = 0; i < n; i++)
        if (scores[i] > best)
            best = scores[i];
    int fewest = 1 << 30;
    for (int i = 0; i < n; i++)
        if (scores[i] == best && s->hands[i][0] < fewest)
            fewest = s->hands[i][0];
    int tied = 0;
    for (int i = 0; i < n; i++)
        tied += scores[i] == best;
    for (int i = 0; i < n; i++)
        if (scores[i] == best && (!s->fewest_hand || tied < 2 || s->hands[i][0] == fewest))
            winners[nwinners++] = i;
    /* the two best scores (sorted descending, the first two) */
    int first = INT32_MIN;
    for (int i = 0; i < n; i++) {
        if (scores[i] > first) {
            second = first;
            first = scores[i];
        } else if (scores[i] > second) {
            second = scores[i];
        }
    }
    double share = 1.0 / nwinners;
    for (int seat = 0; seat < n; seat++) {
        int best_other = scores[seat] == first ? second : first;
        double margin = (scores[seat] - best_other) / (2 * margin_scale);
        margin = margin > 0.5 ? 0.5 : margin < -0.5 ? -0.5 : margin;
        int won = 0;
        for (int k = 0; k < nwinners; k++)
            won |= winners[k] == seat;
        reward[seat] = 0.5 * (won ? share : 0.0) + 0.5 * (0.5 + margin);
    }
}

/* Subtrees._descend: one iteration below the root move played in s; the final scores in scores,
 * the seat's reward returned (a negative number when out of memory). */
static double descend(Subtrees *t, int start, S *s, MT *rng, int *scores) {
    int depth = 0;
    int legal[MAX_LEGAL], keys[MAX_LEGAL], nodes[MAX_LEGAL], untried[MAX_LEGAL];
    int node = start;
    /* A path is at most one node longer than the tree is deep, and the tree has t->count nodes. */
    if (t->path_capacity < t->count + 2) {
        if (t->count > INT_MAX / 2 - 2)
            return -1.0;
        int capacity = 2 * (t->count + 2);
        int *path = PyMem_Realloc(t->path, sizeof(int) * (size_t)capacity);
        if (!path)
            return -1.0;
        t->path = path;
        t->path_capacity = capacity;
    }
    int *path = t->path;
    path[depth++] = start;
    while (s->phase != OVER) {
        int count = legal_actions(s, legal);
        if (count == 1) {
            apply(s, legal[0]);
            continue;
        }
        int mover = to_move(s), nuntried = 0;
        Node *n = &t->nodes[node];
        for (int i = 0; i < count; i++) {
            keys[i] = move_key(s, legal[i]);
            nodes[i] = find_child(n, keys[i]);
            if (nodes[i] < 0)
                untried[nuntried++] = i;
            else
                t->nodes[nodes[i]].avail++;
        }
        if (nuntried) {
            int pick = untried[0];
            if (nuntried > 1) {
                int preferred = policy_action(s, rng, legal);
                pick = -1;
                for (int k = 0; k < nuntried && pick < 0; k++)
                    if (legal[untried[k]] == preferred)
                        pick = untried[k];
                if (pick < 0)
                    pick = untried[(int)(mt_random(rng) * nuntried)];
            }
            int child = new_node(t, mover, 1);
            if (child < 0 || add_child(t, node, keys[pick], child) < 0)
                return -1.0;
            apply(s, legal[pick]);
            path[depth++] = child;
            break;
        }
        int best_i = 0;
        double best = -HUGE_VAL;
        for (int i = 0; i < count; i++) {
            const Node *c = &t->nodes[nodes[i]];
            double score = c->total / c->visits + t->exploration * sqrt(log((double)c->avail) / c->visits);
            if (score > best) {
                best = score;
                best_i = i;
            }
        }
        apply(s, legal[best_i]);
        node = nodes[best_i];
        path[depth++] = node;
    }
    if (s->phase != OVER)
        rollout(s, rng, t->noise);
    scores_of(s, scores);
    double reward[MAX_PLAYERS];
    rewards_of(s, scores, t->margin_scale, reward);
    for (int k = 0; k < depth; k++) {
        Node *p = &t->nodes[path[k]];
        p->visits++;
        p->total += reward[p->player];
    }
    return reward[t->seat];
}

static int Subtrees_init(Subtrees *t, PyObject *args, PyObject *kwargs) {
    if (kwargs && PyDict_Size(kwargs)) {
        PyErr_SetString(PyExc_TypeError, "Subtrees(seat, exploration, noise, margin_scale)");
        return -1;
    }
    /* Its trees hold the seat's rewards: set up again, they would mean another seat's. */
    if (t->ready) {
        PyErr_SetString(PyExc_TypeError, "a Subtrees is set up once");
        return -1;
    }
    int seat;
    double exploration, noise, margin_scale;
    if (!PyArg_ParseTuple(args, "iddd", &seat, &exploration, &noise, &margin_scale))
        return -1;
    if (seat < 0 || seat >= MAX_PLAYERS) {
        PyErr_SetString(PyExc_ValueError, "a seat from 0 to 4");
        return -1;
    }
    if (!(exploration >= 0.0 && exploration < HUGE_VAL && margin_scale > 0.0 && margin_scale < HUGE_VAL)) {
        PyErr_SetString(PyExc_ValueError, "exploration >= 0 and margin_scale > 0, each finite");
        return -1;
    }
    if (noise_fault(noise)) {
        PyErr_SetString(PyExc_ValueError, noise_fault(noise));
        return -1;
    }
    t->seat = seat;
    t->exploration = exploration;
    t->noise = noise;
    t->margin_scale = margin_scale;
    t->ready = 1;
    return 0;
}

/* 0 when the Subtrees was set up, else -1 and an exception (Subtrees.__new__ alone makes one that is not). */
static int ready(const Subtrees *t) {
    if (t->ready)
        return 0;
    PyErr_SetString(PyExc_TypeError, "the Subtrees was never set up: Subtrees(seat, exploration, noise, margin_scale)");
    return -1;
}

static void Subtrees_dealloc(Subtrees *t) {
    for (int i = 0; i < t->count; i++)
        PyMem_Free(t->nodes[i].child);
    PyMem_Free(t->nodes);
    PyMem_Free(t->roots);
    PyMem_Free(t->path);
    Py_TYPE(t)->tp_free((PyObject *)t);
}

static PyObject *Subtrees_new_tree(Subtrees *t, PyObject *unused) {
    (void)unused;
    if (ready(t) < 0)
        return NULL;
    if (t->trees == t->tree_capacity) {
        if (t->tree_capacity > INT_MAX / 2)
            return PyErr_NoMemory();
        int capacity = t->tree_capacity ? 2 * t->tree_capacity : 16;
        int *roots = PyMem_Realloc(t->roots, sizeof(int) * (size_t)capacity);
        if (!roots)
            return PyErr_NoMemory();
        t->roots = roots;
        t->tree_capacity = capacity;
    }
    int root = new_node(t, t->seat, 0);
    if (root < 0)
        return PyErr_NoMemory();
    t->roots[t->trees] = root;
    return PyLong_FromLong(t->trees++);
}

/* The seed argument of a call, once the rollouts are configured; -1 and an exception otherwise. */
static int seed_arg(PyObject *arg, unsigned long long *seed) {
    if (!configured) {
        PyErr_SetString(PyExc_RuntimeError, "configure() the rollouts first");
        return -1;
    }
    *seed = PyLong_AsUnsignedLongLong(arg);
    return *seed == (unsigned long long)-1 && PyErr_Occurred() ? -1 : 0;
}

/* One iteration's outcome, kept until every move of the call is searched. */
typedef struct {
    double reward;
    int scores[MAX_PLAYERS];
} Outcome;

/* The (tree, code) pairs of iterate(), into trees and codes: each tree one of t's, each code legal in
 * the deal. Every pair is read before the first is searched. */
static int read_moves(Subtrees *t, PyObject *moves, const S *deal, int *trees, int *codes, Py_ssize_t count) {
    int legal[MAX_LEGAL], nlegal = legal_actions(deal, legal);
    for (Py_ssize_t i = 0; i < count; i++) {
        PyObject *pair = PySequence_Tuple(PyTuple_GET_ITEM(moves, i));
        if (!pair)
            return -1;
        int rc = -1;
        if (PyTuple_GET_SIZE(pair) != 2)
            PyErr_SetString(PyExc_ValueError, "a move is a (tree, code) pair");
        else if (int_in(PyTuple_GET_ITEM(pair, 0), 0, INT_MAX, &trees[i]) == 0 &&
                 int_in(PyTuple_GET_ITEM(pair, 1), 0, INT_MAX, &codes[i]) == 0)
            rc = 0;
        Py_DECREF(pair);
        if (rc < 0)
            return -1;
        if (trees[i] >= t->trees) {
            PyErr_SetString(PyExc_ValueError, "no such subtree");
            return -1;
        }
        int ok = 0;
        for (int k = 0; k < nlegal && !ok; k++)
            ok = legal[k] == codes[i];
        if (!ok) {
            PyErr_Format(PyExc_ValueError, "action code %d is not legal in the deal", codes[i]);
            return -1;
        }
    }
    return 0;
}

static PyObject *outcomes_list(const Outcome *done, Py_ssize_t count, int players) {
    PyObject *out = PyList_New(count);
    if (!out)
        return NULL;
    for (Py_ssize_t i = 0; i < count; i++) {
        PyObject *score_list = int_list(done[i].scores, players);
        if (!score_list) {
            Py_DECREF(out);
            return NULL;
        }
        PyObject *score_tuple = PyList_AsTuple(score_list);
        Py_DECREF(score_list);
        PyObject *item = score_tuple ? Py_BuildValue("(dN)", done[i].reward, score_tuple) : NULL;
        if (!item) {
            Py_DECREF(out);
            return NULL;
        }
        PyList_SET_ITEM(out, i, item);
    }
    return out;
}

static PyObject *Subtrees_iterate(Subtrees *t, PyObject *const *args, Py_ssize_t nargs) {
    if (nargs != 3) {
        PyErr_SetString(PyExc_TypeError, "iterate(deal, moves, seed)");
        return NULL;
    }
    unsigned long long seed;
    if (ready(t) < 0 || seed_arg(args[2], &seed) < 0)
        return NULL;
    S deal;
    if (read_state(args[0], &deal) < 0)
        return NULL;
    PyObject *moves = PySequence_Tuple(args[1]);
    if (!moves)
        return NULL;
    Py_ssize_t count = PyTuple_GET_SIZE(moves);
    int *trees = PyMem_Calloc((size_t)count + 1, 2 * sizeof(int)), *codes = trees + count + 1;
    Outcome *done = PyMem_Calloc((size_t)count + 1, sizeof(Outcome));
    PyObject *out = NULL;
    if (!trees || !done) {
        PyErr_NoMemory();
        goto end;
    }
    if (read_moves(t, moves, &deal, trees, codes, count) < 0)
        goto end;
    /* Every node's player is a seat of the deal (rewards_of fills one reward per seat). Checked once the
     * moves are read: reading them may run Python code, and that code may search these trees on a deal
     * of another game (a move whose __iter__ calls iterate), growing nodes for seats this deal has not. */
    if (t->seat >= deal.n || (t->players && deal.n != t->players)) {
        PyErr_SetString(PyExc_ValueError, "the deals of a Subtrees are of one game: its players, the seat among them");
        goto end;
    }
    t->players = deal.n;
    /* From here to the end of the search no Python code runs. Every move starts from
     * random.Random(seed): seeded once, its first block of numbers made, then copied for each move. */
    MT seeded;
    mt_seed(&seeded, seed);
    mt_twist(&seeded);
    for (Py_ssize_t i = 0; i < count; i++) {
        S s = deal;
        apply(&s, codes[i]);
        MT rng = seeded;
        done[i].reward = descend(t, t->roots[trees[i]], &s, &rng, done[i].scores);
        if (done[i].reward < 0) {
            PyErr_NoMemory();
            goto end;
        }
    }
    out = outcomes_list(done, count, deal.n);
end:
    PyMem_Free(trees);
    PyMem_Free(done);
    Py_DECREF(moves);
    return out;
}

static PyMethodDef Subtrees_methods[] = {
    {"new", (PyCFunction)Subtrees_new_tree, METH_NOARGS, "A new, empty subtree; its number."},
    {"iterate", (PyCFunction)(void (*)(void))Subtrees_iterate, METH_FASTCALL,
     "iterate(deal, moves, seed): one iteration per (subtree, root move code) on the deal, each with\n"
     "random.Random(seed); the searching seat's reward and the final scores, per move."},
    {NULL, NULL, 0, NULL},
};

static PyTypeObject SubtreesType = {
    PyVarObject_HEAD_INIT(NULL, 0)
    .tp_name = "_abluxxen_rollout.Subtrees",
    .tp_doc = "Subtrees(seat, exploration, noise, margin_scale): the trees below a decision's root moves\n"
              "(abluxxen.bots.subtrees.Subtrees, compiled).",
    .tp_basicsize = sizeof(Subtrees),
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_new = PyType_GenericNew,
    .tp_init = (initproc)Subtrees_init,
    .tp_dealloc = (destructor)Subtrees_dealloc,
    .tp_methods = Subtrees_methods,
};

/* -- the module's functions ------------------------------------------------ */

PyDoc_STRVAR(play_out_doc,
"play_out(game, seed, noise, write_back)\n--\n\n"
"Play a State to its end as quick.rollout(game, random.Random(seed), noise) does.\n\n"
"Returns (moves, scores, hand_sizes) of the finished game. With write_back the\n"
"game itself is left in its final state, else it is not changed.\n"
"Raises ValueError for a state this module cannot hold or a noise below 0.0001, RuntimeError before\n"
"configure().");

static PyObject *play_out(PyObject *module, PyObject *const *args, Py_ssize_t nargs) {
    (void)module;
    if (nargs != 4) {
        PyErr_SetString(PyExc_TypeError, "play_out(game, seed, noise, write_back)");
        return NULL;
    }
    unsigned long long seed;
    if (seed_arg(args[1], &seed) < 0)
        return NULL;
    double noise = PyFloat_AsDouble(args[2]);
    if (noise == -1.0 && PyErr_Occurred())
        return NULL;
    if (noise_fault(noise)) {
        PyErr_SetString(PyExc_ValueError, noise_fault(noise));
        return NULL;
    }
    int write_back = PyObject_IsTrue(args[3]);
    if (write_back < 0)
        return NULL;
    S s;
    if (read_state(args[0], &s) < 0)
        return NULL;
    MT rng;
    mt_seed(&rng, seed);
    long moves = rollout(&s, &rng, noise);
    if (write_back && write_state(args[0], &s) < 0)
        return NULL;
    int scores[MAX_PLAYERS], sizes[MAX_PLAYERS];
    scores_of(&s, scores);
    for (int seat = 0; seat < s.n; seat++)
        sizes[seat] = s.hands[seat][0];
    PyObject *score_list = int_list(scores, s.n), *size_list = int_list(sizes, s.n);
    if (!score_list || !size_list) {
        Py_XDECREF(score_list);
        Py_XDECREF(size_list);
        return NULL;
    }
    PyObject *score_tuple = PyList_AsTuple(score_list), *size_tuple = PyList_AsTuple(size_list);
    Py_DECREF(score_list);
    Py_DECREF(size_list);
    if (!score_tuple || !size_tuple) {
        Py_XDECREF(score_tuple);
        Py_XDECREF(size_tuple);
        return NULL;
    }
    return Py_BuildValue("(lNN)", moves, score_tuple, size_tuple);
}

PyDoc_STRVAR(shuffle_doc,
"shuffle(cards, rand)\n--\n\n"
"view.shuffle_cards in C: shuffle the list in place by Fisher-Yates, drawing with rand()\n"
"(an rng.random) exactly as the Python function does, so the same rng state gives the same order.");

static PyObject *shuffle(PyObject *module, PyObject *const *args, Py_ssize_t nargs) {
    (void)module;
    if (nargs != 2 || !PyList_CheckExact(args[0])) {
        PyErr_SetString(PyExc_TypeError, "shuffle(cards: list, rand)");
        return NULL;
    }
    PyObject *cards = args[0], *rand = args[1];
    for (Py_ssize_t i = PyList_GET_SIZE(cards) - 1; i > 0; i--) {
        PyObject *drawn = PyObject_CallNoArgs(rand);
        if (!drawn)
            return NULL;
        double r = PyFloat_AsDouble(drawn);
        Py_DECREF(drawn);
        if (r == -1.0 && PyErr_Occurred())
            return NULL;
        if (!(r >= 0.0 && r < 1.0)) {
            PyErr_SetString(PyExc_ValueError, "rand() must give a number in [0, 1)");
            return NULL;
        }
        if (PyList_GET_SIZE(cards) <= i) {
            PyErr_SetString(PyExc_RuntimeError, "the list changed size while shuffled");
            return NULL;
        }
        Py_ssize_t j = (Py_ssize_t)(r * (double)(i + 1));
        PyObject *a = PyList_GET_ITEM(cards, i);
        PyList_SET_ITEM(cards, i, PyList_GET_ITEM(cards, j));
        PyList_SET_ITEM(cards, j, a);
    }
    Py_RETURN_NONE;
}

/* A list of n floats (or ints) into out. Like int_seq, it runs no Python code while it reads. */
static int doubles(PyObject *seq, double *out, Py_ssize_t n) {
    PyObject *fast = PySequence_Fast(seq, "a table must be a list of floats");
    if (!fast)
        return -1;
    int rc = 0;
    if (PySequence_Fast_GET_SIZE(fast) != n) {
        PyErr_Format(PyExc_ValueError, "a table must have %zd entries", n);
        rc = -1;
    }
    PyObject **items = PySequence_Fast_ITEMS(fast);
    for (Py_ssize_t i = 0; rc == 0 && i < n; i++) {
        if (PyFloat_Check(items[i])) {
            out[i] = PyFloat_AS_DOUBLE(items[i]);
        } else if (PyLong_Check(items[i])) {
            out[i] = PyLong_AsDouble(items[i]);
            rc = out[i] == -1.0 && PyErr_Occurred() ? -1 : 0;
        } else {
            PyErr_Format(PyExc_TypeError, "a table holds floats, not %.100s", Py_TYPE(items[i])->tp_name);
            rc = -1;
        }
    }
    Py_DECREF(fast);
    return rc;
}

static int ints(PyObject *seq, int *out, Py_ssize_t n) {
    int len;
    if (int_seq(seq, 0, 1 << 20, out, n, &len) < 0)
        return -1;
    if (len != n) {
        PyErr_Format(PyExc_ValueError, "a table must have %zd entries", n);
        return -1;
    }
    return 0;
}

/* The engine's numbers this file is written with, by the names quick._engine() gives them. */
static const struct {
    const char *name;
    int value;
} ENGINE[] = {
    {"JOKER", JOKER}, {"COPIES_PER_VALUE", COPIES}, {"JOKERS", JOKERS}, {"DECK_SIZE", CARDS},
    {"POOL_SIZE", POOL_SIZE}, {"SHADOW_SIZE", SHADOW_SIZE},
    {"PLAY", PLAY}, {"SHADOW", SHADOW}, {"TAKE_OR_LEAVE", TAKE_OR_LEAVE}, {"BACK_OR_DISCARD", BACK_OR_DISCARD},
    {"DRAW", DRAW}, {"SINGLE_DRAW", SINGLE_DRAW}, {"OVER", OVER},
    {"TAKE", TAKE}, {"LEAVE", LEAVE}, {"BACK", BACK}, {"DISCARD", DISCARD}, {"PASS", PASS}, {"DRAW_DECK", DRAW_DECK},
    {"SHADOW_BASE", SHADOW_BASE}, {"DRAW_POOL_BASE", DRAW_POOL_BASE}, {"PLAY_BASE", PLAY_BASE},
    {"PLAY_VALUE_STEP", PLAY_VALUE_STEP}, {"PLAY_NUMBER_STEP", PLAY_NUMBER_STEP}, {"PLAY_JOKER_STEP", 1},
    {"SLOT", SLOT},
};

/* -1 and ValueError naming the first of the engine's numbers and rules this file differs from. */
static int engine_differs(const char *name) {
    PyErr_Format(PyExc_ValueError,
                 "the compiled search was built for another engine (its %s differs): reinstall the package", name);
    return -1;
}

/* Whether BEATS (layers.BEATS[expert][value][top]) is this file's beats(). */
static int check_beats(PyObject *table) {
    int rc = 0;
    for (int expert = 0; rc == 0 && expert < 2; expert++) {
        PyObject *rows = PySequence_GetItem(table, expert);
        for (int value = 0; rows && rc == 0 && value <= JOKER; value++) {
            PyObject *row = PySequence_GetItem(rows, value);
            for (int top = 0; row && rc == 0 && top <= JOKER; top++) {
                PyObject *cell = PySequence_GetItem(row, top);
                int says = cell ? PyObject_IsTrue(cell) : -1;
                Py_XDECREF(cell);
                rc = says < 0 ? -1 : says != beats(value, top, expert) ? engine_differs("BEATS") : 0;
            }
            rc = row ? rc : -1;
            Py_XDECREF(row);
        }
        rc = rows ? rc : -1;
        Py_XDECREF(rows);
    }
    return rc;
}

/* Whether the engine (a dict: quick._engine()) has this file's numbers and rules; -1 and an exception if not. */
static int check_engine(PyObject *engine) {
    if (!PyDict_Check(engine)) {
        PyErr_SetString(PyExc_TypeError, "the engine's constants must be a dict");
        return -1;
    }
    /* A copy: looking a name up (a key's __eq__) cannot change what is compared. */
    PyObject *copy = PyDict_Copy(engine);
    if (!copy)
        return -1;
    int rc = 0;
    for (size_t i = 0; rc == 0 && i < sizeof ENGINE / sizeof ENGINE[0]; i++) {
        PyObject *value = PyDict_GetItemString(copy, ENGINE[i].name);
        int overflow = 0;
        if (!value || !PyLong_Check(value) || PyLong_AsLongAndOverflow(value, &overflow) != ENGINE[i].value || overflow)
            rc = engine_differs(ENGINE[i].name);
    }
    if (rc == 0) {
        PyObject *text = PyDict_GetItemString(copy, "FEWEST_HAND");
        if (!text || !PyUnicode_Check(text) || PyUnicode_CompareWithASCIIString(text, FEWEST_HAND) != 0)
            rc = engine_differs("FEWEST_HAND");
    }
    if (rc == 0) {
        PyObject *table = PyDict_GetItemString(copy, "BEATS");
        rc = table ? check_beats(table) : engine_differs("BEATS");
    }
    Py_DECREF(copy);
    return rc;
}

/* What configure() hands over, read whole before any of it is used. */
typedef struct {
    double safe[2][MAX_HAND][TABLE];
    int plays_by_hand[CARDS + 1];
    int plays_by_stock[6][CARDS + 1];
    double twice_size[TABLE];
    double constants[2 + 2 * WEIGHTS_FIELDS];
} Tables;

static int read_tables(PyObject *const *args, Tables *t) {
    for (int expert = 0; expert < 2; expert++) {
        PyObject *rows = PySequence_GetItem(args[0], expert);
        if (!rows)
            return -1;
        for (int h = 0; h < MAX_HAND; h++) {
            PyObject *row = PySequence_GetItem(rows, h);
            if (!row || doubles(row, t->safe[expert][h], TABLE) < 0) {
                Py_XDECREF(row);
                Py_DECREF(rows);
                return -1;
            }
            Py_DECREF(row);
        }
        Py_DECREF(rows);
    }
    if (ints(args[1], t->plays_by_hand, CARDS + 1) < 0)
        return -1;
    memset(t->plays_by_stock, 0, sizeof t->plays_by_stock);
    for (int n = 2; n <= MAX_PLAYERS; n++) {
        PyObject *row = PySequence_GetItem(args[2], n);
        if (!row || ints(row, t->plays_by_stock[n], CARDS + 1) < 0) {
            Py_XDECREF(row);
            return -1;
        }
        Py_DECREF(row);
    }
    if (doubles(args[3], t->twice_size, TABLE) < 0 || doubles(args[4], t->constants, 2 + 2 * WEIGHTS_FIELDS) < 0)
        return -1;
    return 0;
}

/* The end reasons' texts (new references), or -1 and an exception. */
static int read_reasons(PyObject *texts, PyObject **out) {
    for (int i = 0; i < 2; i++) {
        out[i] = PySequence_GetItem(texts, i);
        if (!out[i] || !PyUnicode_Check(out[i])) {
            if (out[i])
                PyErr_SetString(PyExc_TypeError, "the end reasons are texts");
            Py_XDECREF(out[i]);
            if (i)
                Py_DECREF(out[0]);
            return -1;
        }
    }
    return 0;
}

PyDoc_STRVAR(configure_doc,
"configure(safe, plays_by_hand, plays_by_stock, twice_size, constants, reasons, engine)\n--\n\n"
"Hand over quick.py's tables: safe[expert][hand_size] (survival odds, 210 floats each,\n"
"hand sizes 0 to 109), _PLAYS_BY_HAND, _PLAYS_BY_STOCK (per player count 2 to 5),\n"
"_TWICE_SIZE, (DECK_GAIN, NOISE, *WEIGHTS, *DUEL_WEIGHTS), the end reasons' texts, and the\n"
"engine's numbers and rules (quick._engine()), each compared with this module's.\n"
"All or nothing: raises ValueError or TypeError, and changes nothing, if any is wrong.");

static PyObject *configure(PyObject *module, PyObject *const *args, Py_ssize_t nargs) {
    (void)module;
    if (nargs != 7) {
        PyErr_SetString(PyExc_TypeError, "configure() takes 7 arguments");
        return NULL;
    }
    if (check_engine(args[6]) < 0)
        return NULL;
    Tables *tables = PyMem_Malloc(sizeof(Tables));
    if (!tables)
        return PyErr_NoMemory();
    PyObject *reasons[2];
    if (read_tables(args, tables) < 0 || read_reasons(args[5], reasons) < 0) {
        PyMem_Free(tables);
        return NULL;
    }
    /* Everything was read and checked: only now is any of it used. */
    memcpy(safe, tables->safe, sizeof safe);
    memcpy(plays_by_hand, tables->plays_by_hand, sizeof plays_by_hand);
    memcpy(plays_by_stock, tables->plays_by_stock, sizeof plays_by_stock);
    memcpy(twice_size, tables->twice_size, sizeof twice_size);
    DECK_GAIN = tables->constants[0];
    NOISE = tables->constants[1];
    for (int k = 0; k < 2; k++) {
        const double *f = tables->constants + 2 + k * WEIGHTS_FIELDS;
        weights[k] = (Weights){f[0], f[1], f[2], f[3], f[4], f[5]};
    }
    PyMem_Free(tables);
    Py_XSETREF(reason_text[HAND_EMPTY], reasons[0]);
    Py_XSETREF(reason_text[EXHAUSTED], reasons[1]);
    configured = 1;
    Py_RETURN_NONE;
}

static PyMethodDef methods[] = {
    {"play_out", (PyCFunction)(void (*)(void))play_out, METH_FASTCALL, play_out_doc},
    {"configure", (PyCFunction)(void (*)(void))configure, METH_FASTCALL, configure_doc},
    {"shuffle", (PyCFunction)(void (*)(void))shuffle, METH_FASTCALL, shuffle_doc},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module_def = {
    PyModuleDef_HEAD_INIT, "_abluxxen_rollout", "The hard bot's rollouts in C (abluxxen/bots/quick.py).", -1, methods,
    NULL, NULL, NULL, NULL,
};

#define INTERN(var, text) \
    if (!(var = PyUnicode_InternFromString(text))) return NULL

PyMODINIT_FUNC PyInit__abluxxen_rollout(void) {
    INTERN(name_hands, "hands");
    INTERN(name_known, "known");
    INTERN(name_displays, "displays");
    INTERN(name_pool, "pool");
    INTERN(name_deck, "deck");
    INTERN(name_discard, "discard");
    INTERN(name_shadow, "shadow");
    INTERN(name_removed, "removed");
    INTERN(name_turn, "turn");
    INTERN(name_phase, "phase");
    INTERN(name_victim, "victim");
    INTERN(name_queue, "queue");
    INTERN(name_drawer, "drawer");
    INTERN(name_draws_left, "draws_left");
    INTERN(name_shadow_options, "shadow_options");
    INTERN(name_end_reason, "end_reason");
    INTERN(name_end_seat, "end_seat");
    INTERN(name_expert, "_expert");
    INTERN(name_single_draw, "_single_draw");
    INTERN(name_players, "_players");
    INTERN(name_rules, "rules");
    INTERN(name_tiebreak, "tiebreak");
    INTERN(name_duel, "duel");
    reason_text[0] = Py_None;
    Py_INCREF(Py_None);
    PyObject *module = PyModule_Create(&module_def);
#ifndef SOURCE_SHA256
#define SOURCE_SHA256 ""
#endif
    if (!module)
        return NULL;
    if (PyModule_AddStringConstant(module, "SOURCE_SHA256", SOURCE_SHA256) < 0 || PyType_Ready(&SubtreesType) < 0 ||
        PyModule_AddObjectRef(module, "Subtrees", (PyObject *)&SubtreesType) < 0) {
        Py_DECREF(module);
        return NULL;
    }
    return module;
}
