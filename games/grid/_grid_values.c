/* The optional compiled value kernel of games.grid's value solvers (`games.grid.values_kernel`):
 * canonical values of Domineering, Clobber and Konane boards of at most 64 cells, computed by
 * the same rules as cgt's pure-Python engine (which stays the fallback and the test oracle).
 *
 * Two parts: the canonical-form engine (`_values_engine.h`) and, here, the board searches.  A
 * board is (height, width, three masks) with cell (r, c) the bit r * width + c:
 *
 * - Domineering: mask 0 the empty cells.  Left places vertical dominoes, Right horizontal ones.
 *   The regions are the connected parts of the empty cells; the four mirror images of a region
 *   keep its value, the four transposes negate it.
 * - Clobber: mask 0 Left's stones (x), mask 1 Right's (o).  A stone moves onto an orthogonally
 *   adjacent enemy stone, removing it.  The regions are the connected groups of stones holding
 *   both colours; the eight symmetries of the square keep the value, exchanging the colours
 *   negates it.
 * - Konane: masks 0 and 1 the stones, mask 2 the empty cells a stone may land on (a cell in no
 *   mask is missing).  A stone jumps over an adjacent enemy stone onto the empty cell beyond,
 *   capturing it, and may go on in the same line (each stop is a move).  The cells a stone can
 *   ever stand on are closed under "a stone next to a cell an enemy may reach may land beyond
 *   it"; the regions are the connected parts of that closure holding both colours (every move
 *   stays within one), and the cells outside it are dead.  Symmetries as for Clobber.
 *
 * A board's value is the sum of its regions' values; a region is cropped to its bounding box,
 * keyed by the least of its images, and its value {its Left options | its Right options},
 * made canonical, kept in a table.
 *
 * A search stops when a budget of new regions is done and returns -1 (so every call finishes
 * at least that many); the caller asks again and the table makes the repeated part cheap (so
 * Ctrl-C and progress work between calls).  Out of memory, or a number too large for 62 bits,
 * returns -2 or less and the engine must be freed.
 */
#include "_values_engine.h"

enum { GAME_DOMINEERING = 0, GAME_CLOBBER = 1, GAME_KONANE = 2 };

/* ---------------------------------------------------------------------- the board search */

typedef struct { int h, w; uint64_t m[3]; } board;

/* Shifts by a row of a board 64 cells wide are by 64 bits: nothing is left (C leaves x >> 64
 * undefined). */
static inline uint64_t shr(uint64_t x, int n) { return n >= 64 ? 0 : x >> n; }
static inline uint64_t shl(uint64_t x, int n) { return n >= 64 ? 0 : x << n; }

static uint64_t full_mask(int cells) { return cells >= 64 ? ~0ULL : (((uint64_t)1 << cells) - 1); }

static uint64_t column_mask(int h, int w, int c) {
    uint64_t m = 0;
    for (int r = 0; r < h; r++) m |= (uint64_t)1 << (r * w + c);
    return m;
}

static uint64_t reverse_bits(uint64_t x) {
    x = ((x >> 1) & 0x5555555555555555ULL) | ((x & 0x5555555555555555ULL) << 1);
    x = ((x >> 2) & 0x3333333333333333ULL) | ((x & 0x3333333333333333ULL) << 2);
    x = ((x >> 4) & 0x0F0F0F0F0F0F0F0FULL) | ((x & 0x0F0F0F0F0F0F0F0FULL) << 4);
    return __builtin_bswap64(x);
}

static uint64_t row_of(uint64_t x, int w, int r) { return shr(x, r * w) & full_mask(w); }

static uint64_t mask_mirror_lr(uint64_t x, int h, int w) {
    uint64_t m = 0;
    if (x)
        for (int r = 0; r < h; r++) m |= shl(reverse_bits(row_of(x, w, r)) >> (64 - w), r * w);
    return m;
}

static uint64_t mask_mirror_tb(uint64_t x, int h, int w) {
    uint64_t m = 0;
    if (x)
        for (int r = 0; r < h; r++) m |= shl(row_of(x, w, r), (h - 1 - r) * w);
    return m;
}

static uint64_t mask_transpose(uint64_t x, int h, int w) {
    uint64_t t = 0;
    for (; x; x &= x - 1) {
        int i = __builtin_ctzll(x), r = i / w, c = i % w;
        t |= (uint64_t)1 << (c * h + r);
    }
    return t;
}

/* The image of every mask of b under `image` (a board of `h` x `w` cells). */
static board each_mask(board b, int h, int w, uint64_t (*image)(uint64_t, int, int)) {
    board m = {h, w, {0, 0, 0}};
    for (int k = 0; k < 3; k++) m.m[k] = image(b.m[k], b.h, b.w);
    return m;
}

static board mirror_lr(board b) { return each_mask(b, b.h, b.w, mask_mirror_lr); }
static board mirror_tb(board b) { return each_mask(b, b.h, b.w, mask_mirror_tb); }
static board transpose(board b) { return each_mask(b, b.w, b.h, mask_transpose); }

static board swap_colours(board b) {
    board s = {b.h, b.w, {b.m[1], b.m[0], b.m[2]}};
    return s;
}

static int board_less(board a, board b) {
    if (a.h != b.h) return a.h < b.h;
    if (a.w != b.w) return a.w < b.w;
    for (int k = 0; k < 3; k++)
        if (a.m[k] != b.m[k]) return a.m[k] < b.m[k];
    return 0;
}

/* The board cropped to the bounding box of the cells `occupied`. */
static board crop(board b, uint64_t occupied) {
    uint64_t columns = 0;
    int r0 = b.h, r1 = -1;
    for (int r = 0; r < b.h; r++) {
        uint64_t row = row_of(occupied, b.w, r);
        if (row) { columns |= row; if (r < r0) r0 = r; r1 = r; }
    }
    board c = {0, 0, {0, 0, 0}};
    if (r1 < 0) return c;
    int c0 = __builtin_ctzll(columns), c1 = 63 - __builtin_clzll(columns);
    c.h = r1 - r0 + 1;
    c.w = c1 - c0 + 1;
    for (int k = 0; k < 3; k++)
        if (b.m[k])
            for (int r = r0; r <= r1; r++)
                c.m[k] |= shl((row_of(b.m[k], b.w, r) >> c0) & full_mask(c.w), (r - r0) * c.w);
    return c;
}

/* The key of a cropped region: the least of its images (shape first, so a region taller than
 * wide is keyed by a transpose and one wider than tall by a mirror image: only a square needs
 * all eight); *negated when that image has the negative value (a transpose in Domineering, the
 * colours exchanged in Clobber and Konane). */
static board key_of(int game, board b, int *negated) {
    int h = b.h, w = b.w, first = h > w ? 4 : 0, last = h < w ? 4 : 8;
    if (game == GAME_DOMINEERING) { /* one mask, without the other two */
        uint64_t x = b.m[0], images[8] = {0};
        if (first == 0) {
            images[0] = x;
            images[1] = mask_mirror_lr(x, h, w);
            images[2] = mask_mirror_tb(x, h, w);
            images[3] = mask_mirror_tb(images[1], h, w);
        }
        if (last == 8) {
            images[4] = mask_transpose(x, h, w); /* w x h */
            images[5] = mask_mirror_lr(images[4], w, h);
            images[6] = mask_mirror_tb(images[4], w, h);
            images[7] = mask_mirror_tb(images[5], w, h);
        }
        int best = first;
        for (int i = first + 1; i < last; i++)
            if (images[i] < images[best]) best = i; /* (a square: one shape) */
        *negated = best >= 4;
        board key = {best < 4 ? h : w, best < 4 ? w : h, {images[best], 0, 0}};
        return key;
    }
    board images[16];
    if (first == 0) {
        images[0] = b;
        images[1] = mirror_lr(b);
        images[2] = mirror_tb(b);
        images[3] = mirror_tb(images[1]);
    }
    if (last == 8) {
        images[4] = transpose(b);
        images[5] = mirror_lr(images[4]);
        images[6] = mirror_tb(images[4]);
        images[7] = mirror_tb(images[5]);
    }
    for (int i = first; i < last; i++) images[8 + i] = swap_colours(images[i]);
    int best = first;
    for (int i = first; i < last; i++) {
        if (i > first && board_less(images[i], images[best])) best = i;
        if (board_less(images[8 + i], images[best])) best = 8 + i;
    }
    *negated = best >= 8;
    return images[best];
}

static uint64_t region_hash(board b) {
    uint64_t h = mix(b.m[0] ^ ((uint64_t)(b.h * 64 + b.w) << 56));
    return (b.m[1] | b.m[2]) ? mix(h ^ mix(b.m[1] ^ mix(b.m[2]))) : h;
}

/* The table keeps E->masks masks a region (1 for Domineering, 3 for the stone games). */
static int same_region(const engine *E, uint64_t i, uint32_t shape, board b) {
    const region_table *t = &E->regions;
    if (t->shape[i] != shape) return 0;
    const uint64_t *bits = t->bits + (uint64_t)E->masks * i;
    for (int k = 0; k < E->masks; k++)
        if (bits[k] != b.m[k]) return 0;
    return 1;
}

static int region_get(const engine *E, board b, gid *value) {
    const region_table *t = &E->regions;
    uint64_t mask = t->slots - 1, i = region_hash(b) & mask;
    uint32_t shape = (uint32_t)((b.h << 8) | b.w) + 1;
    for (;;) {
        if (t->shape[i] == 0) return 0;
        if (same_region(E, i, shape, b)) { *value = t->values[i]; return 1; }
        i = (i + 1) & mask;
    }
}

static void region_put(engine *E, board b, gid value);

static void region_double(engine *E) {
    region_table old = E->regions, *t = &E->regions;
    t->slots = old.slots * 2;
    t->count = 0;
    t->bits = grow(E, NULL, (uint64_t)E->masks * t->slots * sizeof(uint64_t));
    t->shape = grow(E, NULL, t->slots * sizeof(uint32_t));
    t->values = grow(E, NULL, t->slots * sizeof(gid));
    memset(t->shape, 0, t->slots * sizeof(uint32_t));
    for (uint64_t i = 0; i < old.slots; i++)
        if (old.shape[i]) {
            const uint64_t *bits = old.bits + (uint64_t)E->masks * i;
            board b = {(int)((old.shape[i] - 1) >> 8), (int)((old.shape[i] - 1) & 0xFF), {0, 0, 0}};
            for (int k = 0; k < E->masks; k++) b.m[k] = bits[k];
            region_put(E, b, old.values[i]);
        }
    free(old.bits);
    free(old.shape);
    free(old.values);
}

static void region_put(engine *E, board b, gid value) {
    region_table *t = &E->regions;
    if (2 * (t->count + 1) > t->slots) region_double(E);
    uint64_t mask = t->slots - 1, i = region_hash(b) & mask;
    uint32_t shape = (uint32_t)((b.h << 8) | b.w) + 1;
    while (t->shape[i] && !same_region(E, i, shape, b)) i = (i + 1) & mask;
    if (!t->shape[i]) t->count++;
    t->shape[i] = shape;
    for (int k = 0; k < E->masks; k++) t->bits[(uint64_t)E->masks * i + k] = b.m[k];
    t->values[i] = value;
}

/* The connected part (orthogonal steps) of `within` holding the cell `seed` (`not_first`,
 * `not_last`: the cells with a neighbour to the left, to the right). */
static uint64_t part_of(uint64_t seed, uint64_t within, int w, uint64_t not_first,
                        uint64_t not_last) {
    uint64_t part = seed, before;
    do {
        before = part;
        part |= ((part << 1) & not_first) | ((part >> 1) & not_last) | shl(part, w) | shr(part, w);
        part &= within;
    } while (part != before);
    return part;
}

/* Konane: the cells one jump of a `mine` stone over a `theirs` stone lands on, any direction
 * (the caller masks out cells off the board and blocked ones). */
static uint64_t landings(uint64_t mine, uint64_t theirs, int w, uint64_t not_first,
                         uint64_t not_last) {
    uint64_t east = (((mine << 1) & not_first & theirs) << 1) & not_first;
    uint64_t west = (((mine >> 1) & not_last & theirs) >> 1) & not_last;
    uint64_t south = shl(shl(mine, w) & theirs, w);
    uint64_t north = shr(shr(mine, w) & theirs, w);
    return east | west | south | north;
}

/* Konane: every cell a stone can ever stand on (an over-approximation: the colours that may
 * stand on each cell, closed under a jump over a cell the enemy may stand on). */
static uint64_t reachable(board b, uint64_t not_first, uint64_t not_last) {
    uint64_t left = b.m[0], right = b.m[1], open = b.m[0] | b.m[1] | b.m[2];
    for (;;) {
        uint64_t grown_left = left | (landings(left, right, b.w, not_first, not_last) & open);
        uint64_t grown_right = right | (landings(right, left, b.w, not_first, not_last) & open);
        if (grown_left == left && grown_right == right) return left | right;
        left = grown_left;
        right = grown_right;
    }
}

static gid board_value(engine *E, const board *b);

static const int STEPS[4][2] = {{1, 0}, {-1, 0}, {0, 1}, {0, -1}};

/* The boards after each move of the player whose stones are mask `me` (Clobber, Konane) or
 * who places dominoes vertically (`me` 0) or horizontally (Domineering), valued into out
 * (room for `moves_bound` values); their number, or -1 when the budget ran out. */
static int options_of(engine *E, board b, int me, gid *out) {
    int n = 0, you = 1 - me;
    if (E->game == GAME_DOMINEERING) {
        uint64_t free_ = b.m[0];
        uint64_t pairs = me == 0 ? free_ & shr(free_, b.w)
                                 : free_ & (free_ >> 1) & ~column_mask(b.h, b.w, b.w - 1);
        for (uint64_t x = pairs; x; x &= x - 1) {
            uint64_t cell = x & -x, other = me == 0 ? shl(cell, b.w) : cell << 1;
            board child = {b.h, b.w, {free_ & ~(cell | other), 0, 0}};
            gid v = board_value(E, &child);
            if (v < 0) return -1;
            out[n++] = v;
        }
        return n;
    }
    for (uint64_t x = b.m[me]; x; x &= x - 1) {
        int at = __builtin_ctzll(x), r = at / b.w, c = at % b.w;
        uint64_t from = (uint64_t)1 << at;
        for (int d = 0; d < 4; d++) {
            int dr = STEPS[d][0], dc = STEPS[d][1];
            if (E->game == GAME_CLOBBER) {
                int r1 = r + dr, c1 = c + dc;
                if (r1 < 0 || r1 >= b.h || c1 < 0 || c1 >= b.w) continue;
                uint64_t to = (uint64_t)1 << (r1 * b.w + c1);
                if (!(b.m[you] & to)) continue;
                board child = b;
                child.m[me] = (b.m[me] & ~from) | to;
                child.m[you] = b.m[you] & ~to;
                gid v = board_value(E, &child);
                if (v < 0) return -1;
                out[n++] = v;
                continue;
            }
            /* Konane: jumps in one line, each stop a move */
            uint64_t captured = 0;
            for (int k = 1;; k++) {
                int ro = r + (2 * k - 1) * dr, co = c + (2 * k - 1) * dc;
                int rl = r + 2 * k * dr, cl = c + 2 * k * dc;
                if (rl < 0 || rl >= b.h || cl < 0 || cl >= b.w) break;
                uint64_t over = (uint64_t)1 << (ro * b.w + co), land = (uint64_t)1 << (rl * b.w + cl);
                if (!(b.m[you] & over) || !(b.m[2] & land)) break;
                captured |= over;
                board child = b;
                child.m[me] = (b.m[me] & ~from) | land;
                child.m[you] = b.m[you] & ~captured;
                child.m[2] = (b.m[2] | from | captured) & ~land;
                gid v = board_value(E, &child);
                if (v < 0) return -1;
                out[n++] = v;
            }
        }
    }
    return n;
}

/* At most how many moves a player has on b (room for its options). */
static int moves_bound(engine *E, board b, int me) {
    if (E->game == GAME_DOMINEERING) return __builtin_popcountll(b.m[0]);
    int per_stone = E->game == GAME_CLOBBER ? 4 : 2 * (b.h > b.w ? b.h : b.w);
    return __builtin_popcountll(b.m[me]) * per_stone;
}

/* The value of one region (cropped, connected), or -1 when the budget ran out. */
static gid region_value(engine *E, const board *bp) {
    const board b = *bp;
    if (E->game == GAME_DOMINEERING && __builtin_popcountll(b.m[0]) < 2) return E->zero;
    int negated;
    board key = key_of(E->game, b, &negated);
    gid known;
    if (region_get(E, key, &known)) return negated ? neg(E, known) : known;
    if (E->budget <= 0) return -1; /* (counted when a region is done: each call finishes some) */
    E->searched++;
    int64_t mark = E->scratch_top;
    gid *L = scratch_take(E, moves_bound(E, b, 0)), *R = scratch_take(E, moves_bound(E, b, 1));
    int nl = options_of(E, b, 0, L);
    int nr = nl < 0 ? -1 : options_of(E, b, 1, R);
    if (nr < 0) { E->scratch_top = mark; return -1; }
    gid value = make(E, L, nl, R, nr);
    E->scratch_top = mark;
    region_put(E, key, negated ? neg(E, value) : value);
    E->budget--;
    return value;
}

/* The value of a board: the sum of its regions' values, or -1 when the budget ran out. */
static gid board_value(engine *E, const board *bp) {
    const board b = *bp;
    uint64_t cells, rest;
    uint64_t not_first = ~column_mask(b.h, b.w, 0), not_last = ~column_mask(b.h, b.w, b.w - 1);
    if (E->game == GAME_DOMINEERING) cells = b.m[0];
    else if (E->game == GAME_CLOBBER) cells = b.m[0] | b.m[1];
    else cells = reachable(b, not_first, not_last);
    rest = cells;
    gid total = E->zero;
    while (rest) {
        uint64_t part = part_of(rest & -rest, cells, b.w, not_first, not_last);
        rest &= ~part;
        board region = {b.h, b.w, {b.m[0] & part, b.m[1] & part, b.m[2] & part}};
        if (E->game == GAME_DOMINEERING ? __builtin_popcountll(part) < 2
                                        : !(region.m[0] && region.m[1]))
            continue;
        board cropped = crop(region, part);
        gid v = region_value(E, &cropped);
        if (v < 0) return -1;
        total = add(E, total, v);
    }
    return total;
}

/* ------------------------------------------------------------------------ the interface */

static void engine_init(engine *E) {
    E->cap_nodes = 1 << 12;
    E->nodes = grow(E, NULL, E->cap_nodes * sizeof(node));
    E->pool_cap = 1 << 14;
    E->pool = grow(E, NULL, E->pool_cap * sizeof(gid));
    E->intern_slots = 1 << 12;
    E->intern = grow(E, NULL, E->intern_slots * sizeof(gid));
    memset(E->intern, 0xFF, E->intern_slots * sizeof(gid));
    E->le_memo.max_slots = (uint64_t)1 << 27; /* 1.5 GiB at most */
    E->sum_memo.max_slots = (uint64_t)1 << 25;
    map_init(E, &E->le_memo, 1 << 12);
    map_init(E, &E->sum_memo, 1 << 12);
    E->numbers.max_slots = (uint64_t)1 << 62; /* never emptied: the numbers made */
    map_init(E, &E->numbers, 1 << 8);
    E->regions.slots = 1 << 12;
    E->regions.bits = grow(E, NULL, (uint64_t)E->masks * E->regions.slots * sizeof(uint64_t));
    E->regions.shape = grow(E, NULL, E->regions.slots * sizeof(uint32_t));
    E->regions.values = grow(E, NULL, E->regions.slots * sizeof(gid));
    memset(E->regions.shape, 0, E->regions.slots * sizeof(uint32_t));
    E->scratch_cap = (int64_t)1 << 24;
    E->scratch = grow(E, NULL, E->scratch_cap * sizeof(gid));
    E->zero = intern(E, NULL, 0, NULL, 0);
    register_number(E, E->zero, (dyadic){0, 0});
}

static void engine_release(engine *E) {
    free(E->nodes);
    free(E->pool);
    free(E->intern);
    free(E->le_memo.keys);
    free(E->le_memo.values);
    free(E->sum_memo.keys);
    free(E->sum_memo.values);
    free(E->numbers.keys);
    free(E->numbers.values);
    free(E->regions.bits);
    free(E->regions.shape);
    free(E->regions.values);
    free(E->scratch);
}

/* A new engine for one game: GAME_DOMINEERING (0), GAME_CLOBBER (1) or GAME_KONANE (2). */
engine *cgt_gv_new(int game) {
    if (game < GAME_DOMINEERING || game > GAME_KONANE) return NULL;
    engine *E = calloc(1, sizeof(engine));
    if (E == NULL) return NULL;
    E->game = game;
    E->masks = game == GAME_DOMINEERING ? 1 : 3;
    if (setjmp(E->fail)) {
        engine_release(E);
        free(E);
        return NULL;
    }
    engine_init(E);
    return E;
}

void cgt_gv_free(engine *E) {
    if (E == NULL) return;
    engine_release(E);
    free(E);
}

/* The id of the value of the board (its masks as told at the top of this file), -1 when
 * `budget` new regions were finished first (ask again), -2 when memory ran out, -3 scratch
 * space, -4 node ids, -5 the number range (the engine must then be freed), -10 for a board of
 * more than 64 cells, -11 for masks that overlap. */
int64_t cgt_gv_value(engine *E, int height, int width, uint64_t m0, uint64_t m1, uint64_t m2,
                     int64_t budget) {
    if (height < 0 || width < 0 || height * width > 64) return -10;
    if ((m0 & m1) || (m0 & m2) || (m1 & m2)) return -11;
    E->scratch_top = 0;
    E->budget = budget;
    int failed = setjmp(E->fail);
    if (failed) return -1 - failed;
    uint64_t all = full_mask(height * width);
    board b = {height, width, {m0 & all, m1 & all, m2 & all}};
    if (height == 0 || width == 0) return E->zero;
    return board_value(E, &b);
}

/* What is known of node g: out = {left count, right count, is number, numerator, exponent}. */
void cgt_gv_node(const engine *E, int32_t g, int64_t *out) {
    const node *n = &E->nodes[g];
    out[0] = n->nl;
    out[1] = n->nr;
    out[2] = n->is_num;
    out[3] = n->num;
    out[4] = n->exp;
}

/* Node g's options: left then right, into out (room for left count + right count). */
void cgt_gv_options(const engine *E, int32_t g, int32_t *out) {
    const node *n = &E->nodes[g];
    memcpy(out, E->pool + n->off, (size_t)(n->nl + n->nr) * sizeof(gid));
}

/* Bound the memos of comparisons and of sums to `slots` slots each (a power of two, at least
 * the 4,096 they start with): a full one is emptied and filled again.  For tests and tight
 * memory. */
void cgt_gv_limit_memos(engine *E, uint64_t slots) {
    if (slots < 4096) slots = 4096;
    E->le_memo.max_slots = E->sum_memo.max_slots = slots;
}

/* out = {regions searched, regions kept, nodes, of which temporary, comparisons kept, sums kept,
 *        bytes held, times a memo was emptied} */
void cgt_gv_stats(const engine *E, int64_t *out) {
    out[0] = E->searched;
    out[1] = (int64_t)E->regions.count;
    out[2] = E->n_nodes;
    out[3] = E->temporaries;
    out[4] = (int64_t)E->le_memo.count;
    out[5] = (int64_t)E->sum_memo.count;
    out[6] = (int64_t)(E->cap_nodes * sizeof(node) + E->pool_cap * sizeof(gid) +
                       E->intern_slots * sizeof(gid) +
                       (E->le_memo.slots + E->sum_memo.slots + E->numbers.slots) * 12 +
                       E->regions.slots * (16 + 8 * (int64_t)E->masks));
    out[7] = E->le_memo.cleared + E->sum_memo.cleared;
}
