/* Part of _mcpi_playout.c (included there, not compiled alone): the UECda devkit default
 * client's submission, as `games.daihinmin.players._mcpi_models.default_move` computes it. */
/* The UECda devkit default client's move (client-default ver 0.21), as computed by
   games.daihinmin.players._mcpi_models.default_move: a fresh CState, getField on the field (if
   any), getState, then lead/leadRev or follow/followRev.  Written from our Python port
   (games/daihinmin/players/default.py, _default_tables.py), quirks included.

   Card masks: bit 4*column+row (columns 1..13 real cards, rows 0..3 = S H D C), joker = bit 60.
   Joker cells: row*15+column.  Every helper works on the four suit rows at once in card-mask
   space (a shift right by 4*k moves column c+k onto column c of the same row).
   Pure, no globals, no tables: thread-safe. */

#define DH_COLS0_13 0x00FFFFFFFFFFFFFFULL /* columns 0..13 */
#define DH_C3 0x3333333333333333ULL
#define DH_C5 0x5555555555555555ULL
#define DH_C7 0x7777777777777777ULL
#define DH_C8 0x8888888888888888ULL
#define DH_CC 0xCCCCCCCCCCCCCCCCULL
#define DH_CE 0xEEEEEEEEEEEEEEEEULL

/* real cards of the columns above c / below c (c may be anything >= 0) */
static inline uint64_t dh_above(int c)
{
    if (c >= 13) return 0;
    return REAL_CARDS & ~((1ULL << (4 * c + 4)) - 1);
}

static inline uint64_t dh_below(int c)
{
    if (c >= 14) return REAL_CARDS;
    return REAL_CARDS & ((1ULL << (4 * c)) - 1);
}

/* makeGroupTable + nCards(count): the cards of mask in columns holding exactly count of them */
static inline uint64_t dh_group_cells(uint64_t mask, int count)
{
    uint64_t pairs = (mask & DH_C5) + ((mask >> 1) & DH_C5);
    uint64_t counts = (pairs & DH_C3) + ((pairs >> 2) & DH_C3);
    uint64_t differ = counts ^ ((uint64_t)count * ONE_PER_COLUMN);
    uint64_t nonzero = (differ | differ >> 1 | differ >> 2 | differ >> 3) & ONE_PER_COLUMN;
    return mask & ((~nonzero & ONE_PER_COLUMN) * 15);
}

/* removeSequence + removeGroup: cards in no same-suit run of 3+ and alone in their column */
static inline uint64_t dh_free_singles(uint64_t mask)
{
    uint64_t starts = mask & mask >> 4 & mask >> 8;
    uint64_t in_runs = starts | starts << 4 | starts << 8;
    uint64_t others = ((mask >> 1) & DH_C7) | ((mask << 3) & DH_C8) | ((mask >> 2) & DH_C3)
                    | ((mask << 2) & DH_CC) | ((mask >> 3) & ONE_PER_COLUMN) | ((mask << 1) & DH_CE);
    return mask & ~in_runs & ~others;
}

/* highSolo: the highest column, the lowest row in it (mask != 0) */
static inline uint64_t dh_high_solo_bit(uint64_t mask)
{
    int shift = (63 - __builtin_clzll(mask)) & ~3;
    uint64_t nibble = (mask >> shift) & 15;
    return (nibble & (0 - nibble)) << shift;
}

/* the rows 0-3 of suit (bit r = suit[r]) as a card mask */
static inline uint64_t dh_rows(unsigned suit)
{
    uint64_t m = 0;
    for (int r = 0; r < 4; r++)
        if (suit >> r & 1) m |= ONE_PER_COLUMN << r;
    return m;
}

/* the joker loop of lowGroup/highGroup */
static inline int dh_group_joker(int locked, unsigned suit, uint64_t hand, uint64_t part, int col,
                                 int qty)
{
    if (__builtin_popcountll(part) >= qty) return -1;
    unsigned free_rows = ~(unsigned)(hand >> (4 * col)) & 15u;
    if (locked) free_rows &= suit;
    if (free_rows) return __builtin_ctz(free_rows) * 15 + col;
    /* row 4 holds the hand's joker at [4][1] */
    if (!(col == 1 && (hand & JOKER_BIT)) && (!locked || (suit >> 4 & 1))) return 60 + col;
    return 75 + col; /* row 5: ignored by the server */
}

static inline int dh_low_group(int locked, unsigned suit, uint64_t hand, uint64_t cells, int qty,
                               uint64_t *out)
{
    if (!cells) { *out = 0; return -1; }
    int col = __builtin_ctzll(cells) >> 2;
    uint64_t part = cells & (15ULL << (4 * col));
    *out = part;
    return dh_group_joker(locked, suit, hand, part, col, qty);
}

static inline int dh_high_group(int locked, unsigned suit, uint64_t hand, uint64_t cells, int qty,
                                uint64_t *out)
{
    if (!cells) { *out = 0; return -1; }
    int col = (63 - __builtin_clzll(cells)) >> 2;
    uint64_t part = cells & (15ULL << (4 * col));
    *out = part;
    return dh_group_joker(locked, suit, hand, part, col, qty);
}

/* makeKaidanTable + nCards(n), n >= 1: the cells (bit 4j+r) where the run of cards of row r
   going up from column j has length exactly n */
static inline uint64_t dh_runs_exact(uint64_t f, int n)
{
    uint64_t a = f;
    for (int k = 1; k < n; k++) a &= f >> (4 * k);
    return a & ~(f >> (4 * n));
}

/* makeJKaidanTable + nCards(n), n >= 1: the cells of columns 0..13 whose value is exactly n:
   the window [j, j+n) of row r holds at most one column without a card (the joker; columns
   0, 14, 15 hold none) and [j, j+n+1) does not */
static inline uint64_t dh_jruns_exact(uint64_t f, int n)
{
    uint64_t all = f, one = DH_COLS0_13; /* windows of length 1: all set / at most one gap */
    for (int k = 1; k < n; k++) {
        uint64_t s = f >> (4 * k);
        one = (one & s) | all;
        all &= s;
    }
    uint64_t next = (one & (f >> (4 * n))) | all;
    return one & ~next;
}

/* the window of size columns from start in row: real cards, joker cell (-1, -2 several) */
static inline int dh_window(uint64_t real, int row, int start, int size, uint64_t *out)
{
    uint64_t w = (ONE_PER_COLUMN << row) & ((1ULL << (4 * (start + size))) - 1) & ~((1ULL << (4 * start)) - 1);
    uint64_t miss = w & ~real;
    *out = real & w;
    if (!miss) return -1;
    if (miss & (miss - 1)) return -2;
    return row * 15 + (__builtin_ctzll(miss) >> 2);
}

/* lowSequence: the lowest column holding a cell, the first row there */
static inline int dh_low_sequence(uint64_t cells, uint64_t real, int size, uint64_t *out)
{
    if (!cells) { *out = 0; return -1; }
    int b = __builtin_ctzll(cells);
    return dh_window(real, b & 3, b >> 2, size, out);
}

/* highSequence: the highest column where a cell and a card of the same row meet (last row on a
   tie), then down over the adjacent cells of that row */
static inline int dh_high_sequence(uint64_t cells, uint64_t real, int size, uint64_t *out)
{
    uint64_t both = cells & real & ~15ULL;
    if (!both) { *out = 0; return -1; }
    int b = 63 - __builtin_clzll(both);
    int row = b & 3, top = b >> 2;
    uint64_t below = (ONE_PER_COLUMN << row) & ((1ULL << (4 * top)) - 1);
    uint64_t gaps = below & ~cells;
    int start = gaps ? ((63 - __builtin_clzll(gaps)) >> 2) + 1 : 0;
    return dh_window(real, row, start, size, out);
}

/* lead / leadRev (no lock, suit all 0) */
static int dh_lead(uint64_t hand, uint64_t real, int joker, int reverse, uint64_t *out)
{
    /* the longest sequence (3+), over the four rows */
    int size;
    uint64_t runs;
    if (joker) {
        uint64_t all = real, one = DH_COLS0_13;
        size = 1;
        for (;;) {
            uint64_t s = real >> (4 * size);
            uint64_t next = (one & s) | all;
            if (!next) break;
            all &= s;
            one = next;
            size++;
        }
        runs = one;
    } else {
        uint64_t a = real;
        size = a ? 1 : 0;
        if (a) {
            for (;;) {
                uint64_t next = a & (real >> (4 * size));
                if (!next) break;
                a = next;
                size++;
            }
        }
        runs = a;
    }
    if (size >= 3) {
        if (reverse) return dh_high_sequence(runs, real, size, out);
        return dh_low_sequence(runs, real, size, out);
    }
    /* the biggest group */
    for (size = 5; size > 1; size--) {
        uint64_t cells = dh_group_cells(real, joker ? size - 1 : size);
        if (cells) {
            if (reverse) return dh_high_group(0, 0, hand, cells, size, out);
            return dh_low_group(0, 0, hand, cells, size, out);
        }
    }
    if (real) {
        *out = reverse ? dh_high_solo_bit(real) : real & (0 - real);
        return -1;
    }
    *out = 0;
    if (joker) return reverse ? 0 : 14;
    return -1;
}

int dh_default_cells(uint64_t hand, int has_field, uint64_t fcards, int fjoker, int revolution,
                     int lock, uint64_t *cards)
{
    uint64_t real = hand & REAL_CARDS;
    int joker = (hand & JOKER_BIT) != 0;
    int reverse = revolution != 0;
    if (!has_field) return dh_lead(hand, real, joker, reverse, cards);

    /* getField on a fresh state (sequence = 0, suit all 0), rev = revolution */
    int jrow = 9, jcol = 99;
    if (fjoker >= 0) { jrow = fjoker / 15; jcol = fjoker % 15; }
    int col = 99, row = 9, found_joker = 0;
    if (fcards) {
        int low = __builtin_ctzll(fcards);
        col = low >> 2;
        row = low & 3;
    }
    if (jrow < 4 && (jcol < col || (jcol == col && jrow < row))) {
        col = jcol;
        row = jrow;
        found_joker = 1;
    }
#define DH_CELL(r, c) (((r) == jrow && (c) == jcol) || ((r) < 4 && (fcards >> (4 * (c) + (r)) & 1)))
    int sequence = col < 14 ? DH_CELL(row, col + 1) : 0;
    int count = 0, ord;
    unsigned suit = 0;
    if (!sequence) {
        for (int r = row; r < 5; r++)
            if (DH_CELL(r, col)) { count++; suit |= 1u << r; }
        ord = (found_joker && count == 1) ? (reverse ? 0 : 14) : col;
    } else {
        while (col + count < 15 && DH_CELL(row, col + count)) count++;
        ord = reverse ? col : col + count - 1;
        suit = 1u << row;
    }
#undef DH_CELL
    int qty = count;
    int locked = lock != 0;
    uint64_t range = reverse ? dh_below(ord) : dh_above(ord);
    uint64_t keep = locked ? dh_rows(suit) : ~0ULL;

    if (qty == 1) { /* followSolo / followSoloRev */
        uint64_t free = dh_free_singles(real) & range & keep;
        if (free) {
            *cards = reverse ? dh_high_solo_bit(free) : free & (0 - free);
            return -1;
        }
        *cards = 0;
        if (joker) return reverse ? 0 : 14;
        return -1;
    }
    uint64_t temp = real & range & keep;
    if (!sequence) { /* followGroup / followGroupRev */
        uint64_t cells = 0;
        if (qty >= 2) {
            cells = dh_group_cells(temp, qty);
            if (!cells && joker) cells = dh_group_cells(temp, qty - 1);
        }
        if (reverse) return dh_high_group(locked, suit, hand, cells, qty, cards);
        return dh_low_group(locked, suit, hand, cells, qty, cards);
    }
    /* followSequence / followSequenceRev */
    if (qty < 3) { *cards = 0; return -1; }
    uint64_t runs = dh_runs_exact(temp, qty);
    if (!runs && joker) runs = dh_jruns_exact(temp, qty);
    if (reverse) return dh_high_sequence(runs, real, qty, cards);
    return dh_low_sequence(runs, real, qty, cards);
}

