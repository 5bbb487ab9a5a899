/* The canonical-form engine of the compiled grid value kernel (`_grid_values.c`, which
 * includes this file): games named by integer ids.  Every game the kernel keeps is a node: its
 * Left and Right options (ids of canonical games, each side sorted) and, for a number, its
 * dyadic value n / 2^e.  Canonical nodes are hash-consed, so two canonical games are equal
 * exactly when their ids are.  `make` turns option lists into the canonical game: it drops
 * repeated and dominated options and bypasses reversible ones until none is left (the
 * reversibility test compares with the game before bypassing, which has the same value).
 * `le` is the recursive definition (G <= H unless some G^L >= H or some H^R <= G), memoized,
 * with numbers compared as numbers; `add` is the sum's definition, memoized, with numbers added
 * as numbers and the translation principle for a number plus a non-number
 * (x + G = {x + G^L | x + G^R}).  A canonical node whose options are numbers, one on each side
 * at most, with Left's below Right's, is the simplest number between them.
 *
 * Out of memory, or a number too large for 62 bits, longjmps to `engine.fail`.
 */
#ifndef CGT_VALUES_ENGINE_H
#define CGT_VALUES_ENGINE_H
#include <setjmp.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

typedef int32_t gid;

typedef struct {
    int64_t off;  /* options in the pool: nl left then nr right */
    int64_t num;  /* a number's value num / 2^exp */
    int32_t nl, nr;
    gid neg;      /* the negative's id, or -1 until known */
    int32_t exp;
    uint8_t is_num, canonical;
} node;

typedef struct {  /* uint64 key (never 0) -> int32 value, open addressing */
    uint64_t *keys;
    int32_t *values;
    uint64_t slots, count, max_slots; /* a cache at max_slots: emptied when half full */
    int64_t cleared;
} map64;

typedef struct {  /* region (shape, masks) -> gid */
    uint64_t *bits; /* `engine.masks` masks a slot */
    uint32_t *shape; /* (h << 8 | w) + 1; 0 = empty slot */
    gid *values;
    uint64_t slots, count;
} region_table;

typedef struct {
    node *nodes;
    int64_t n_nodes, cap_nodes;
    gid *pool;
    int64_t pool_len, pool_cap;
    gid *intern; /* hash-consing of canonical nodes: slot -> gid, -1 empty */
    uint64_t intern_slots, intern_count;
    map64 le_memo, sum_memo, numbers;
    region_table regions;
    gid *scratch;
    int64_t scratch_top, scratch_cap;
    gid zero;
    int game; /* GAME_DOMINEERING, GAME_CLOBBER or GAME_KONANE */
    int masks; /* cell masks a board has: 1 (Domineering) or 3 */
    int64_t budget, searched, temporaries;
    jmp_buf fail;
} engine;

/* ------------------------------------------------------------------------- memory, maps */

static void *grow(engine *E, void *p, size_t bytes) {
    void *q = realloc(p, bytes);
    if (q == NULL) longjmp(E->fail, 1);
    return q;
}

static uint64_t mix(uint64_t x) {
    x += 0x9E3779B97F4A7C15ULL;
    x = (x ^ (x >> 30)) * 0xBF58476D1CE4E5B9ULL;
    x = (x ^ (x >> 27)) * 0x94D049BB133111EBULL;
    return x ^ (x >> 31);
}

static void map_init(engine *E, map64 *m, uint64_t slots) {
    m->keys = grow(E, NULL, slots * sizeof(uint64_t));
    m->values = grow(E, NULL, slots * sizeof(int32_t));
    memset(m->keys, 0, slots * sizeof(uint64_t));
    m->slots = slots;
    m->count = 0;
    if (m->max_slots < slots) m->max_slots = slots;
}

static int map_get(const map64 *m, uint64_t key, int32_t *value) {
    uint64_t mask = m->slots - 1, i = mix(key) & mask;
    for (;;) {
        uint64_t k = m->keys[i];
        if (k == key) { *value = m->values[i]; return 1; }
        if (k == 0) return 0;
        i = (i + 1) & mask;
    }
}

static void map_put(engine *E, map64 *m, uint64_t key, int32_t value);

static void map_double(engine *E, map64 *m) {
    map64 old = *m;
    map_init(E, m, old.slots * 2);
    m->max_slots = old.max_slots;
    m->cleared = old.cleared;
    for (uint64_t i = 0; i < old.slots; i++)
        if (old.keys[i]) map_put(E, m, old.keys[i], old.values[i]);
    free(old.keys);
    free(old.values);
}

static void map_put(engine *E, map64 *m, uint64_t key, int32_t value) {
    if (2 * (m->count + 1) > m->slots) {
        if (m->slots < m->max_slots) map_double(E, m);
        else { /* a memo of results that can be computed again: start it afresh */
            memset(m->keys, 0, m->slots * sizeof(uint64_t));
            m->count = 0;
            m->cleared++;
        }
    }
    uint64_t mask = m->slots - 1, i = mix(key) & mask;
    while (m->keys[i] != 0 && m->keys[i] != key) i = (i + 1) & mask;
    if (m->keys[i] == 0) m->count++;
    m->keys[i] = key;
    m->values[i] = value;
}

static uint64_t pair_key(gid a, gid b) { return ((uint64_t)(uint32_t)(a + 1) << 32) | (uint32_t)(b + 1); }

/* ----------------------------------------------------------------------------- scratch */

static gid *scratch_take(engine *E, int64_t n) {
    if (E->scratch_top + n > E->scratch_cap) longjmp(E->fail, 2); /* pointers must not move */
    gid *p = E->scratch + E->scratch_top;
    E->scratch_top += n;
    return p;
}

/* ------------------------------------------------------------------------------- nodes */

static inline gid *left_of(const engine *E, gid g) { return E->pool + E->nodes[g].off; }
static inline gid *right_of(const engine *E, gid g) { return E->pool + E->nodes[g].off + E->nodes[g].nl; }

static gid new_node(engine *E, const gid *L, int nl, const gid *R, int nr, int canonical) {
    if (E->n_nodes == E->cap_nodes) {
        E->cap_nodes *= 2;
        E->nodes = grow(E, E->nodes, E->cap_nodes * sizeof(node));
    }
    while (E->pool_len + nl + nr > E->pool_cap) {
        E->pool_cap *= 2;
        E->pool = grow(E, E->pool, E->pool_cap * sizeof(gid));
    }
    if (E->n_nodes >= INT32_MAX - 1) longjmp(E->fail, 3);
    node *n = &E->nodes[E->n_nodes];
    n->off = E->pool_len;
    n->nl = nl;
    n->nr = nr;
    n->neg = -1;
    n->num = 0;
    n->exp = 0;
    n->is_num = 0;
    n->canonical = (uint8_t)canonical;
    if (nl) memcpy(E->pool + E->pool_len, L, nl * sizeof(gid));
    if (nr) memcpy(E->pool + E->pool_len + nl, R, nr * sizeof(gid));
    E->pool_len += nl + nr;
    return (gid)E->n_nodes++;
}

/* dyadic numbers n / 2^e, normalized (n odd or e == 0) */
typedef struct { int64_t n; int32_t e; } dyadic;

static void check_range(engine *E, int64_t n, int32_t e) {
    if (e > 60 || n > ((int64_t)1 << 61) || n < -((int64_t)1 << 61)) longjmp(E->fail, 4);
}

static dyadic normal(engine *E, int64_t n, int32_t e) {
    while (e > 0 && (n & 1) == 0) { n /= 2; e--; }
    check_range(E, n, e);
    dyadic d = {n, e};
    return d;
}

static dyadic number_of(const engine *E, gid g) { dyadic d = {E->nodes[g].num, E->nodes[g].exp}; return d; }

static int dy_cmp(dyadic a, dyadic b) { /* exponents <= 60, values < 2^61: shifts stay in 128 bits */
    __int128 x = (__int128)a.n * ((__int128)1 << (60 - a.e)), y = (__int128)b.n * ((__int128)1 << (60 - b.e));
    return (x > y) - (x < y);
}

static dyadic dy_add(engine *E, dyadic a, dyadic b) {
    int32_t e = a.e > b.e ? a.e : b.e;
    __int128 s = (__int128)a.n * ((__int128)1 << (e - a.e)) + (__int128)b.n * ((__int128)1 << (e - b.e));
    if (s > ((__int128)1 << 61) || s < -((__int128)1 << 61)) longjmp(E->fail, 4);
    return normal(E, (int64_t)s, e);
}

static int64_t floor_scaled(dyadic a, int32_t k) { /* floor(a * 2^k) */
    if (k >= a.e) return a.n * ((int64_t)1 << (k - a.e));
    return a.n >> (a.e - k); /* arithmetic shift: floor */
}

/* The simplest number strictly between lo and hi (a missing bound is infinite). */
static dyadic simplest_between(engine *E, int has_lo, dyadic lo, int has_hi, dyadic hi) {
    dyadic zero = {0, 0};
    if ((!has_lo || dy_cmp(lo, zero) < 0) && (!has_hi || dy_cmp(hi, zero) > 0)) return zero;
    if (!has_hi || (has_lo && dy_cmp(lo, zero) >= 0)) { /* everything above lo >= 0 */
        dyadic n = {floor_scaled(lo, 0) + 1, 0};
        if (!has_hi || dy_cmp(n, hi) < 0) return n;
    } else { /* everything below hi <= 0 */
        int64_t c = -floor_scaled((dyadic){-hi.n, hi.e}, 0); /* ceil(hi) */
        dyadic n = {c - 1, 0};
        if (!has_lo || dy_cmp(n, lo) > 0) return n;
    }
    for (int32_t k = 1; k <= 60; k++) {
        int64_t m = floor_scaled(lo, k) + 1;
        dyadic cand = {m, k};
        if (dy_cmp(cand, hi) < 0) return normal(E, m, k);
    }
    longjmp(E->fail, 4);
}

/* --------------------------------------------------------------------- hash-consing */

static uint64_t lists_hash(const gid *L, int nl, const gid *R, int nr) {
    uint64_t h = 0x12345;
    for (int i = 0; i < nl; i++) h = mix(h ^ (uint64_t)L[i]);
    h = mix(h ^ 0xFEEDULL);
    for (int i = 0; i < nr; i++) h = mix(h ^ (uint64_t)R[i]);
    return h;
}

static int same_lists(const engine *E, gid g, const gid *L, int nl, const gid *R, int nr) {
    const node *n = &E->nodes[g];
    return n->nl == nl && n->nr == nr && (nl == 0 || memcmp(left_of(E, g), L, nl * sizeof(gid)) == 0) &&
           (nr == 0 || memcmp(right_of(E, g), R, nr * sizeof(gid)) == 0);
}

static void intern_insert(engine *E, gid g) {
    uint64_t mask = E->intern_slots - 1;
    uint64_t i = lists_hash(left_of(E, g), E->nodes[g].nl, right_of(E, g), E->nodes[g].nr) & mask;
    while (E->intern[i] >= 0) i = (i + 1) & mask;
    E->intern[i] = g;
    E->intern_count++;
}

static void intern_double(engine *E) {
    gid *old = E->intern;
    uint64_t old_slots = E->intern_slots;
    E->intern_slots *= 2;
    E->intern = grow(E, NULL, E->intern_slots * sizeof(gid));
    memset(E->intern, 0xFF, E->intern_slots * sizeof(gid));
    E->intern_count = 0;
    for (uint64_t i = 0; i < old_slots; i++)
        if (old[i] >= 0) intern_insert(E, old[i]);
    free(old);
}

static void register_number(engine *E, gid g, dyadic d);

/* The canonical node with these options (each side sorted, canonical, undominated, none
 * reversible), made if new. */
static gid intern(engine *E, const gid *L, int nl, const gid *R, int nr) {
    uint64_t mask = E->intern_slots - 1, i = lists_hash(L, nl, R, nr) & mask;
    for (;;) {
        gid g = E->intern[i];
        if (g < 0) break;
        if (same_lists(E, g, L, nl, R, nr)) return g;
        i = (i + 1) & mask;
    }
    if (2 * (E->intern_count + 1) > E->intern_slots) intern_double(E);
    gid g = new_node(E, L, nl, R, nr, 1);
    intern_insert(E, g);
    /* a number? options numbers, at most one a side, Left's below Right's */
    if (nl <= 1 && nr <= 1 && (nl == 0 || E->nodes[L[0]].is_num) &&
        (nr == 0 || E->nodes[R[0]].is_num)) {
        dyadic lo = {0, 0}, hi = {0, 0};
        if (nl) lo = number_of(E, L[0]);
        if (nr) hi = number_of(E, R[0]);
        if (nl == 0 || nr == 0 || dy_cmp(lo, hi) < 0)
            register_number(E, g, simplest_between(E, nl, lo, nr, hi));
    }
    return g;
}

static uint64_t number_key(dyadic d) { /* |n| < 2^61 needs 62 bits; e <= 60 needs 6 */
    return (((uint64_t)(d.n + ((int64_t)1 << 61)) << 6) | (uint64_t)d.e) + 1;
}

static void register_number(engine *E, gid g, dyadic d) {
    E->nodes[g].is_num = 1;
    E->nodes[g].num = d.n;
    E->nodes[g].exp = d.e;
    map_put(E, &E->numbers, number_key(d), g);
}

/* The canonical game of the number d: {d - 2^-e | d + 2^-e}, or {n - 1 |} / {| n + 1}. */
static gid make_number(engine *E, dyadic d) {
    int32_t found;
    if (map_get(&E->numbers, number_key(d), &found)) return found;
    gid L[1], R[1];
    int nl = 0, nr = 0;
    if (d.e == 0) {
        if (d.n > 0) L[nl++] = make_number(E, (dyadic){d.n - 1, 0});
        if (d.n < 0) R[nr++] = make_number(E, (dyadic){d.n + 1, 0});
    } else {
        L[nl++] = make_number(E, normal(E, d.n - 1, d.e));
        R[nr++] = make_number(E, normal(E, d.n + 1, d.e));
    }
    gid g = intern(E, L, nl, R, nr);
    if (!E->nodes[g].is_num || dy_cmp(number_of(E, g), d) != 0) longjmp(E->fail, 5);
    return g;
}

/* ------------------------------------------------------------------------ comparison */

static int le(engine *E, gid g, gid h) {
    if (g == h) return 1;
    const node *a = &E->nodes[g], *b = &E->nodes[h];
    if (a->is_num && b->is_num) return dy_cmp(number_of(E, g), number_of(E, h)) <= 0;
    uint64_t key = pair_key(g, h);
    int32_t known;
    if (map_get(&E->le_memo, key, &known)) return known;
    int result = 1;
    int nl = a->nl, nr = b->nr;
    for (int i = 0; i < nl && result; i++)
        if (le(E, h, left_of(E, g)[i])) result = 0;
    for (int i = 0; i < nr && result; i++)
        if (le(E, right_of(E, h)[i], g)) result = 0;
    map_put(E, &E->le_memo, key, result);
    return result;
}

/* ---------------------------------------------------------------------------- make */

static int compare_gid(const void *a, const void *b) {
    gid x = *(const gid *)a, y = *(const gid *)b;
    return (x > y) - (x < y);
}

static int unique(gid *xs, int n) {
    if (n < 2) return n;
    qsort(xs, n, sizeof(gid), compare_gid);
    int m = 1;
    for (int i = 1; i < n; i++)
        if (xs[i] != xs[m - 1]) xs[m++] = xs[i];
    return m;
}

/* Drop dominated options (kept sorted): for Left, a <= b; for Right, b <= a. */
static int undominated(engine *E, gid *xs, int n, int left) {
    if (n < 2) return n;
    uint8_t dropped[n];
    memset(dropped, 0, n);
    for (int i = 0; i < n; i++) {
        if (dropped[i]) continue;
        for (int j = 0; j < n; j++) {
            if (i == j || dropped[j]) continue;
            if (left ? le(E, xs[i], xs[j]) : le(E, xs[j], xs[i])) { dropped[i] = 1; break; }
        }
    }
    int m = 0;
    for (int i = 0; i < n; i++)
        if (!dropped[i]) xs[m++] = xs[i];
    return m;
}

/* The canonical game {L | R} for canonical options L and R (scratch arrays, reordered). */
static gid make(engine *E, gid *L, int nl, gid *R, int nr) {
    int64_t mark = E->scratch_top;
    nl = undominated(E, L, unique(L, nl), 1);
    nr = undominated(E, R, unique(R, nr), 0);
    if (nl <= 1 && nr <= 1 && (nl == 0 || E->nodes[L[0]].is_num) &&
        (nr == 0 || E->nodes[R[0]].is_num)) {
        if (nl == 0 || nr == 0 || dy_cmp(number_of(E, L[0]), number_of(E, R[0])) < 0) {
            dyadic lo = nl ? number_of(E, L[0]) : (dyadic){0, 0};
            dyadic hi = nr ? number_of(E, R[0]) : (dyadic){0, 0};
            return make_number(E, simplest_between(E, nl, lo, nr, hi));
        }
    }
    gid T = -1; /* the game before bypassing: the same value throughout */
    for (;;) {
        int changed = 0;
        /* Left options: A is reversible when some A^R <= G; replace it by that A^R's Left options */
        int64_t room = 0;
        for (int i = 0; i < nl; i++) {
            const node *a = &E->nodes[L[i]];
            for (int j = 0; j < a->nr; j++) room += E->nodes[right_of(E, L[i])[j]].nl;
        }
        gid *nL = scratch_take(E, nl + room);
        int m = 0;
        for (int i = 0; i < nl; i++) {
            gid a = L[i], bypass = -1;
            for (int j = 0; j < E->nodes[a].nr; j++) {
                gid ar = right_of(E, a)[j];
                if (T < 0) { T = new_node(E, L, nl, R, nr, 0); E->temporaries++; }
                if (le(E, ar, T)) { bypass = ar; break; }
            }
            if (bypass < 0) nL[m++] = a;
            else {
                changed = 1;
                for (int k = 0; k < E->nodes[bypass].nl; k++) nL[m++] = left_of(E, bypass)[k];
            }
        }
        room = 0;
        for (int i = 0; i < nr; i++) {
            const node *b = &E->nodes[R[i]];
            for (int j = 0; j < b->nl; j++) room += E->nodes[left_of(E, R[i])[j]].nr;
        }
        gid *nR = scratch_take(E, nr + room);
        int k2 = 0;
        for (int i = 0; i < nr; i++) {
            gid b = R[i], bypass = -1;
            for (int j = 0; j < E->nodes[b].nl; j++) {
                gid bl = left_of(E, b)[j];
                if (T < 0) { T = new_node(E, L, nl, R, nr, 0); E->temporaries++; }
                if (le(E, T, bl)) { bypass = bl; break; }
            }
            if (bypass < 0) nR[k2++] = b;
            else {
                changed = 1;
                for (int k = 0; k < E->nodes[bypass].nr; k++) nR[k2++] = right_of(E, bypass)[k];
            }
        }
        L = nL; nl = m; R = nR; nr = k2;
        if (!changed) break;
        nl = undominated(E, L, unique(L, nl), 1);
        nr = undominated(E, R, unique(R, nr), 0);
    }
    /* sorted already: unique sorted, undominated keeps order, an unchanged pass keeps order */
    gid g = intern(E, L, nl, R, nr);
    E->scratch_top = mark;
    return g;
}

/* ------------------------------------------------------------------- negation and sums */

static gid neg(engine *E, gid g) {
    if (E->nodes[g].neg >= 0) return E->nodes[g].neg;
    gid result;
    if (E->nodes[g].is_num) {
        dyadic d = number_of(E, g);
        result = make_number(E, (dyadic){-d.n, d.e});
    } else {
        int64_t mark = E->scratch_top;
        int nl = E->nodes[g].nl, nr = E->nodes[g].nr;
        gid *L = scratch_take(E, nr), *R = scratch_take(E, nl);
        for (int i = 0; i < nr; i++) L[i] = neg(E, right_of(E, g)[i]);
        for (int i = 0; i < nl; i++) R[i] = neg(E, left_of(E, g)[i]);
        qsort(L, nr, sizeof(gid), compare_gid);
        qsort(R, nl, sizeof(gid), compare_gid);
        result = intern(E, L, nr, R, nl); /* the negative of a canonical game is canonical */
        E->scratch_top = mark;
    }
    E->nodes[g].neg = result;
    E->nodes[result].neg = g;
    return result;
}

static gid add(engine *E, gid g, gid h) {
    if (g == E->zero) return h;
    if (h == E->zero) return g;
    int gn = E->nodes[g].is_num, hn = E->nodes[h].is_num;
    if (gn && hn) return make_number(E, dy_add(E, number_of(E, g), number_of(E, h)));
    if (g > h) { gid t = g; g = h; h = t; int u = gn; gn = hn; hn = u; }
    uint64_t key = pair_key(g, h);
    int32_t known;
    if (map_get(&E->sum_memo, key, &known)) return known;
    int64_t mark = E->scratch_top;
    int gl = gn ? 0 : E->nodes[g].nl, gr = gn ? 0 : E->nodes[g].nr;
    int hl = hn ? 0 : E->nodes[h].nl, hr = hn ? 0 : E->nodes[h].nr;
    /* a number x plus a game that is not a number: {x + G^L | x + G^R} (translation) */
    gid *L = scratch_take(E, gl + hl), *R = scratch_take(E, gr + hr);
    int nl = 0, nr = 0;
    for (int i = 0; i < gl; i++) L[nl++] = add(E, left_of(E, g)[i], h);
    for (int i = 0; i < hl; i++) L[nl++] = add(E, g, left_of(E, h)[i]);
    for (int i = 0; i < gr; i++) R[nr++] = add(E, right_of(E, g)[i], h);
    for (int i = 0; i < hr; i++) R[nr++] = add(E, g, right_of(E, h)[i]);
    gid result = make(E, L, nl, R, nr);
    E->scratch_top = mark;
    map_put(E, &E->sum_memo, key, result);
    return result;
}

#endif
