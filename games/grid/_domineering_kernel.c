/* The optional compiled kernel of games.grid.domineering_solver: the same search as the
 * pure-Python DomineeringSolver (which stays the fallback and the test oracle) on boards of at
 * most 8 x 8 cells, one 64-bit word.
 *
 * Layout (the Python solver's for widths up to 8): cell (r, c) is bit 8 r + c.  The search is
 * the won/lost negamax of the Python code, rule for rule: the table is probed first (keyed by
 * the least of the board's four mirror images that keep the players, and the player to move;
 * on a square board also the transposes, with the players exchanged),
 * then the safe-move rule settles the node, or a move to a position the table knows the
 * opponent loses wins at once, or the moves are tried in order (the least margin of the
 * opponent over the mover's safe moves after the move, then the fewest replies, then the
 * smaller board as an integer).  With a table that never replaces, it visits exactly the
 * positions the Python solver visits.
 *
 * The table: open addressing, a key in one of the WINDOW slots from its home slot on; it doubles
 * at 60% load, or at 25% when a window is full, while it is below its limit (the largest power of two
 * of at most the limit's entries); at the limit a full window's entry with the least work under
 * it (positions searched) is replaced, so answers stay exact and only work may be repeated.  A search stops after a budget
 * of positions and says so (-1); the caller asks again, and the table makes the repeated part
 * cheap.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#define WINDOW 16
#define EVEN_COLUMNS 0x5555555555555555ULL
#define EVEN_ROWS 0x00FF00FF00FF00FFULL

typedef struct {
    uint64_t key;
    uint32_t work;
    uint8_t used, side, result, pad;
} entry;

typedef struct {
    int height, width, shift_lr, shift_tb, square;
    uint64_t not_last;
    entry *table;
    uint64_t slots, max_slots, count;
    int64_t nodes, settled, hits, replaced, stop_at;
    int aborted;
    uint8_t hmost[256];
} solver;

static uint64_t mirror_lr(const solver *s, uint64_t x) {
    x = ((x >> 1) & 0x5555555555555555ULL) | ((x & 0x5555555555555555ULL) << 1);
    x = ((x >> 2) & 0x3333333333333333ULL) | ((x & 0x3333333333333333ULL) << 2);
    x = ((x >> 4) & 0x0F0F0F0F0F0F0F0FULL) | ((x & 0x0F0F0F0F0F0F0F0FULL) << 4);
    return x >> s->shift_lr;
}

static uint64_t mirror_tb(const solver *s, uint64_t x) {
    return __builtin_bswap64(x) >> s->shift_tb; /* shift_tb = 8 (8 - height) <= 56 */
}

static uint64_t key_of(const solver *s, uint64_t e) {
    uint64_t best = e, lr = mirror_lr(s, e), tb = mirror_tb(s, e), half = mirror_tb(s, lr);
    if (lr < best) best = lr;
    if (tb < best) best = tb;
    if (half < best) best = half;
    return best;
}

/* The transpose of the 8 x 8 bit matrix (bit 8 r + c to bit 8 c + r): three delta swaps. */
static uint64_t transpose(uint64_t x) {
    uint64_t t = (x ^ (x >> 7)) & 0x00AA00AA00AA00AAULL;
    x ^= t ^ (t << 7);
    t = (x ^ (x >> 14)) & 0x0000CCCC0000CCCCULL;
    x ^= t ^ (t << 14);
    t = (x ^ (x >> 28)) & 0x00000000F0F0F0F0ULL;
    return x ^ t ^ (t << 28);
}

/* The table's key of a position and the player to move (*side, changed in place): on a square
 * board the transpose with the other player to move is the same position with the players'
 * names exchanged, so of the two the one with the smaller key is kept (Vertical on a tie). */
static uint64_t canonical(const solver *s, uint64_t e, int *side) {
    uint64_t key = key_of(s, e);
    if (s->square) {
        uint64_t other = key_of(s, transpose(e));
        if (other < key || (other == key && !*side)) {
            key = other;
            *side = !*side;
        }
    }
    return key;
}

static int vertical_most(const solver *s, uint64_t cells) {
    int count = 0;
    uint64_t used = 0, above = cells & 0xFF;
    for (int r = 1; r < s->height; r++) {
        uint64_t below = (cells >> (8 * r)) & 0xFF;
        uint64_t pairs = above & ~used & below;
        count += __builtin_popcountll(pairs);
        used = pairs;
        above = below;
    }
    return count;
}

static int horizontal_most(const solver *s, uint64_t cells) {
    int count = 0;
    for (int r = 0; r < s->height; r++) count += s->hmost[(cells >> (8 * r)) & 0xFF];
    return count;
}

/* The counts of the safe-move rule on the empty cells e (see settled). */
typedef struct {
    int safe_v, safe_h, most_v, most_h;
} counts;

static counts count_moves(const solver *s, uint64_t e) {
    uint64_t vp = e & (e >> 8), hp = e & (e >> 1) & s->not_last;
    uint64_t vcover = vp | (vp << 8), hcover = hp | (hp << 1);
    counts c = {vertical_most(s, e & ~hcover), horizontal_most(s, e & ~vcover),
                vertical_most(s, e), horizontal_most(s, e)};
    return c;
}

/* 1: the player to move wins, 0: loses, -1: the rule does not say.  safe: the most disjoint
 * dominoes of a player on cells the other can never cover; exposed: the most disjoint ones on
 * cells the other can cover, in the columns (rows, for Horizontal) of one parity, so that one
 * move of the other destroys at most one of them; most: the most disjoint dominoes on the
 * empty cells, a bound on a player's moves to come.  Playing exposed dominoes first, then safe
 * ones, a player makes at least safe + ceil(exposed / 2) moves moving first and
 * safe + floor(exposed / 2) moving second. */
static int settled(const solver *s, uint64_t e, int vertical) {
    uint64_t vp = e & (e >> 8), hp = e & (e >> 1) & s->not_last;
    uint64_t vcover = vp | (vp << 8), hcover = hp | (hp << 1);
    int safe_v = vertical_most(s, e & ~hcover), safe_h = horizontal_most(s, e & ~vcover);
    int most_v = vertical_most(s, e), most_h = horizontal_most(s, e);
    uint64_t exposed = e & hcover;
    int a = vertical_most(s, exposed & EVEN_COLUMNS), b = vertical_most(s, exposed & ~EVEN_COLUMNS);
    int exposed_v = a > b ? a : b;
    exposed = e & vcover;
    a = horizontal_most(s, exposed & EVEN_ROWS);
    b = horizontal_most(s, exposed & ~EVEN_ROWS);
    int exposed_h = a > b ? a : b;
    if (vertical) {
        if (safe_v + (exposed_v + 1) / 2 > most_h) return 1;
        if (safe_h + exposed_h / 2 >= most_v) return 0;
    } else {
        if (safe_h + (exposed_h + 1) / 2 > most_v) return 1;
        if (safe_v + exposed_v / 2 >= most_h) return 0;
    }
    return -1;
}

static uint64_t slot_of(const solver *s, uint64_t key, int side) {
    uint64_t h = key + (side ? 0x9E3779B97F4A7C15ULL : 0); /* splitmix64's finaliser */
    h = (h ^ (h >> 30)) * 0xBF58476D1CE4E5B9ULL;
    h = (h ^ (h >> 27)) * 0x94D049BB133111EBULL;
    h ^= h >> 31;
    return h & (s->slots - 1);
}

/* A key lives in the WINDOW slots from its home slot on (wrapping), in the first free one when
 * it came; entries are replaced in place but never removed, so a search stops at a free slot. */
static entry *probe(solver *s, uint64_t key, int side) {
    uint64_t home = slot_of(s, key, side);
    for (int i = 0; i < WINDOW; i++) {
        entry *x = s->table + ((home + i) & (s->slots - 1));
        if (!x->used) return NULL;
        if (x->key == key && x->side == side) return x;
    }
    return NULL;
}

static void put(solver *s, uint64_t key, int side, int result, uint64_t work, int may_grow);

static void grow(solver *s) {
    uint64_t slots = s->slots * 2;
    if (slots > s->max_slots) return;
    entry *table = calloc(slots, sizeof(entry));
    if (table == NULL) {
        s->max_slots = s->slots; /* no memory: stay at this size and replace */
        return;
    }
    entry *old = s->table;
    uint64_t old_slots = s->slots;
    s->table = table;
    s->slots = slots;
    s->count = 0;
    for (uint64_t i = 0; i < old_slots; i++)
        if (old[i].used) put(s, old[i].key, old[i].side, old[i].result, old[i].work, 0);
    free(old);
}

/* Keep a result: over the same key or in the window's first free slot; a full window makes
 * the table grow if it may and is a quarter full (then this is tried again), else replaces
 * the window's entry with the least work under it. */
static void put(solver *s, uint64_t key, int side, int result, uint64_t work, int may_grow) {
    uint64_t home = slot_of(s, key, side);
    entry *target = NULL;
    for (int i = 0; i < WINDOW; i++) {
        entry *x = s->table + ((home + i) & (s->slots - 1));
        if (!x->used || (x->key == key && x->side == side)) {
            target = x;
            break;
        }
        if (target == NULL || x->work < target->work) target = x;
    }
    if (target->used && (target->key != key || target->side != side)) {
        if (may_grow && s->slots < s->max_slots && s->count * 4 >= s->slots) {
            uint64_t before = s->slots;
            grow(s);
            if (s->slots != before) {
                put(s, key, side, result, work, 1);
                return;
            }
        }
        s->replaced++;
    } else if (!target->used) {
        s->count++;
    }
    target->key = key;
    target->side = (uint8_t)side;
    target->result = (uint8_t)result;
    target->used = 1;
    target->work = work > 0xFFFFFFFFULL ? 0xFFFFFFFFU : (uint32_t)work;
}

static void store(solver *s, uint64_t key, int side, int result, uint64_t work) {
    if (s->count * 10 >= s->slots * 6 && s->slots < s->max_slots) grow(s);
    put(s, key, side, result, work, 1);
}

typedef struct {
    int score, side;
    uint64_t child, key;
} option;

/* Whether the player to move wins; key and side: canonical(e, vertical). */
static int wins(solver *s, uint64_t e, int vertical, uint64_t key, int side) {
    entry *known = probe(s, key, side);
    if (known != NULL) {
        s->hits++;
        return known->result;
    }
    if (s->nodes >= s->stop_at) {
        s->aborted = 1;
        return 0;
    }
    int64_t before = s->nodes++;
    int result = settled(s, e, vertical);
    if (result >= 0) {
        s->settled++;
    } else {
        option options[64];
        int n = 0, mine = vertical ? 8 : 1;
        uint64_t pairs = vertical ? e & (e >> 8) : e & (e >> 1) & s->not_last;
        while (pairs) {
            uint64_t low = pairs & (~pairs + 1);
            pairs ^= low;
            uint64_t child = e ^ (low | (low << mine));
            uint64_t replies = vertical ? child & (child >> 1) & s->not_last : child & (child >> 8);
            counts c = count_moves(s, child);
            int margin = vertical ? (c.most_h - c.safe_v) - (c.most_v - c.safe_h)
                                  : (c.most_v - c.safe_h) - (c.most_h - c.safe_v);
            option o = {margin * 256 + __builtin_popcountll(replies), 0, child, 0};
            int i = n++;
            while (i > 0 && (options[i - 1].score > o.score ||
                             (options[i - 1].score == o.score && options[i - 1].child > o.child))) {
                options[i] = options[i - 1];
                i--;
            }
            options[i] = o;
        }
        result = 0;
        for (int i = 0; i < n; i++) { /* the children's slots are fetched from memory at once */
            options[i].side = !vertical;
            options[i].key = canonical(s, options[i].child, &options[i].side);
            __builtin_prefetch(s->table + slot_of(s, options[i].key, options[i].side));
        }
        for (int i = 0; i < n; i++) { /* a child known lost for the opponent wins at once */
            entry *child = probe(s, options[i].key, options[i].side);
            if (child != NULL && !child->result) {
                result = 1;
                break;
            }
        }
        for (int i = 0; i < n && !result; i++) {
            int answer = wins(s, options[i].child, !vertical, options[i].key, options[i].side);
            if (s->aborted) return 0;
            if (!answer) result = 1;
        }
    }
    store(s, key, side, result, (uint64_t)(s->nodes - before));
    return result;
}

/* ------------------------------------------------------------------------------ the API */

void *cgt_dom_new(int height, int width, int64_t max_entries) {
    if (height < 1 || height > 8 || width < 1 || width > 8 || max_entries < WINDOW) return NULL;
    solver *s = calloc(1, sizeof(solver));
    if (s == NULL) return NULL;
    s->height = height;
    s->width = width;
    s->shift_lr = 8 - width;
    s->shift_tb = 8 * (8 - height);
    s->square = height == width;
    uint64_t row = ((1ULL << width) - 1) >> 1;
    for (int r = 0; r < height; r++) s->not_last |= row << (8 * r);
    for (int b = 0; b < 256; b++) {
        int run = 0, most = 0;
        for (int bit = 0; bit <= 8; bit++) {
            if (bit < 8 && (b >> bit) & 1) run++;
            else {
                most += run / 2;
                run = 0;
            }
        }
        s->hmost[b] = (uint8_t)most;
    }
    s->max_slots = 1;
    while (s->max_slots * 2 <= (uint64_t)max_entries) s->max_slots *= 2;
    s->slots = s->max_slots < 16384 ? s->max_slots : 16384;
    s->table = calloc(s->slots, sizeof(entry));
    if (s->table == NULL) {
        free(s);
        return NULL;
    }
    return s;
}

void cgt_dom_free(void *handle) {
    solver *s = handle;
    if (s != NULL) {
        free(s->table);
        free(s);
    }
}

/* 1 or 0: whether the player to move (Vertical if vertical) wins on the empty cells e;
 * -1: stopped after `budget` more positions (ask again). */
int cgt_dom_solve(void *handle, uint64_t e, int vertical, int64_t budget) {
    solver *s = handle;
    s->aborted = 0;
    s->stop_at = budget > INT64_MAX - s->nodes ? INT64_MAX : s->nodes + budget;
    int side = vertical != 0;
    uint64_t key = canonical(s, e, &side);
    int result = wins(s, e, vertical != 0, key, side);
    return s->aborted ? -1 : result;
}

/* nodes, settled, table hits, entries in the table, entries replaced, table capacity */
void cgt_dom_stats(void *handle, int64_t *out) {
    solver *s = handle;
    out[0] = s->nodes;
    out[1] = s->settled;
    out[2] = s->hits;
    out[3] = (int64_t)s->count;
    out[4] = s->replaced;
    out[5] = (int64_t)s->slots;
}

/* Copy up to `capacity` entries out: keys, sides (canonical) and results; gives how many. */
int64_t cgt_dom_export(void *handle, uint64_t *keys, uint8_t *sides, uint8_t *results,
                       int64_t capacity) {
    solver *s = handle;
    int64_t n = 0;
    for (uint64_t i = 0; i < s->slots && n < capacity; i++) {
        if (s->table[i].used) {
            keys[n] = s->table[i].key;
            sides[n] = s->table[i].side;
            results[n] = s->table[i].result;
            n++;
        }
    }
    return n;
}

/* Add one known result (a key as cgt_dom_export gives it). */
void cgt_dom_put(void *handle, uint64_t key, int side, int result) {
    store(handle, key, side != 0, result != 0, 0xFFFFFFFFULL);
}

void cgt_dom_clear(void *handle) {
    solver *s = handle;
    memset(s->table, 0, s->slots * sizeof(entry));
    s->count = 0;
}
