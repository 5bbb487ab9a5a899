/* Part of _mcpi_playout.c (included there after the engine and move generation, not
 * compiled alone): kou2's decision (variant "kou2"), as `Kou2Model.choose` computes it. */
/* kou2's decision (seed 002): Kou2Model.choose, i.e. kou2.decide(obs, variant("kou2")) with   */
/* DEFAULT_READING, written from our Python (kou2.py, _kou2_melds.py, _kou2_strength.py,       */
/* _kou2_value.py, _kou2_lead.py, _kou2_follow.py).  Every value is an integer: no floats.     */
/* Pure functions on the stack: no globals, no malloc, thread-safe.                            */

#define K2_THRESHOLD 86 /* Variant("kou2").threshold; Reading.lock_value "threshold" -> 86 */
#define K2_MAXM 64      /* melds of one split: at most 53 cards + the lone joker */
#define K2_EIGHT_COL 6

static void read_state(const int64_t *w, State *s); /* defined below, in the interface */

/* _kou2_strength.Context (reading DEFAULT_READING): what E depends on */
typedef struct {
    uint64_t hand, played, opp;
    int players_left, revolution;
    int joker_c;       /* 1 while an opponent may hold the joker (reading joker_c "unseen") */
    int spade3_played; /* E of the lone joker: 100 once the 3 of spades is played */
    int opp_columns;   /* bit c: opponents may hold a card of column c (1..13) */
    int group_counts[15];
    unsigned seq_lanes[4];
} k2_ctx;

/* the bits at 4c (c = 0..15) of x gathered into bits c */
static inline unsigned k2_compress(uint64_t x) {
    x &= ONE_PER_COLUMN;
    x = (x | (x >> 3)) & 0x0303030303030303ULL;
    x = (x | (x >> 6)) & 0x000F000F000F000FULL;
    x = (x | (x >> 12)) & 0x000000FF000000FFULL;
    x = (x | (x >> 24)) & 0xFFFFULL;
    return (unsigned)x;
}

/* the inverse: bit c of lane -> bit 4c */
static inline uint64_t k2_spread(unsigned lane) {
    uint64_t x = lane & 0xFFFFu;
    x = (x | (x << 24)) & 0x000000FF000000FFULL;
    x = (x | (x << 12)) & 0x000F000F000F000FULL;
    x = (x | (x << 6)) & 0x0303030303030303ULL;
    x = (x | (x << 3)) & ONE_PER_COLUMN;
    return x;
}

/* _lane: bit c (1..13) set when the card of column c and row `row` is in cards */
static inline unsigned k2_lane(uint64_t cards, int row) {
    return k2_compress(cards >> row) & 0x3FFEu;
}

/* _paired: the real cards whose column holds at least two of them */
static inline uint64_t k2_paired(uint64_t cards) {
    uint64_t b0 = cards & ONE_PER_COLUMN, b1 = (cards >> 1) & ONE_PER_COLUMN, b2 = (cards >> 2) & ONE_PER_COLUMN,
             b3 = (cards >> 3) & ONE_PER_COLUMN;
    uint64_t two = (b0 & (b1 | b2 | b3)) | (b1 & (b2 | b3)) | (b2 & b3);
    return cards & (two * 15) & REAL_CARDS;
}

static inline int k2_top(const Meld *m) {
    return m->kind == K_SEQUENCE ? m->rank + m->size - 1 : m->rank;
}

static void k2_ctx_init(k2_ctx *c, uint64_t hand, uint64_t played, int players_left,
                        int revolution) {
    c->hand = hand;
    c->played = played;
    c->players_left = players_left;
    c->revolution = revolution;
    uint64_t opp = ALL_CARDS & ~hand & ~played;
    c->opp = opp;
    c->joker_c = (opp & JOKER_BIT) ? 1 : 0;
    int columns = 0;
    c->group_counts[0] = 0;
    c->group_counts[14] = 0;
    for (int col = 1; col < 14; col++) {
        int k = popc((opp >> (4 * col)) & 15);
        c->group_counts[col] = k;
        if (k) columns |= 1 << col;
    }
    c->opp_columns = columns;
    for (int r = 0; r < 4; r++) c->seq_lanes[r] = k2_lane(opp, r);
    c->spade3_played = (played & SPADE_3) ? 1 : 0;
}

/* Context.after: the context once we have played `cards` */
static inline void k2_ctx_after(k2_ctx *out, const k2_ctx *c, uint64_t cards) {
    if (!(cards & (SPADE_3 | JOKER_BIT))) {
        *out = *c;
        return;
    }
    k2_ctx_init(out, c->hand & ~cards, c->played | cards, c->players_left, c->revolution);
}

static const int k2_F[4] = {4, 9, 15, 24};

/* Context.evaluate: E of the meld, and n (the stronger ranks opponents hold) in *n_out */
static int k2_eval(const k2_ctx *c, const Meld *m, int *n_out) {
    int n = 0, e;
    if (m->kind == K_JOKER) {
        e = c->spade3_played ? 100 : 1;
    } else {
        int rank = m->rank, size = m->size, top = k2_top(m);
        if (c->revolution)
            n = popc((uint64_t)(c->opp_columns & ((1 << rank) - 1)));
        else
            n = popc((uint64_t)c->opp_columns >> (top + 1));
        if (m->kind == K_SINGLE) {
            e = 100 - 30 * n - c->joker_c;
        } else if (m->kind == K_GROUP) {
            int spare = 5 - c->players_left - size;
            int lo = c->revolution ? 1 : rank + 1, hi = c->revolution ? rank - 1 : 13;
            int total = 0;
            for (int col = lo; col <= hi; col++) {
                int have = c->group_counts[col];
                if (have >= size) {
                    int v = have + spare;
                    total += k2_F[v < 0 ? 0 : v > 3 ? 3 : v];
                }
            }
            e = 100 - total;
        } else {
            int lo, hi;
            if (c->revolution) {
                lo = 1;
                hi = rank - size;
            } else {
                lo = top + 1;
                hi = 14 - size;
            }
            int cnt = 0;
            if (lo <= hi) {
                unsigned window = (1u << size) - 1;
                for (int r = 0; r < 4; r++) {
                    unsigned lane = c->seq_lanes[r];
                    for (int st = lo; st <= hi; st++)
                        if (((lane >> st) & window) == window) cnt++;
                }
            }
            e = 100 - cnt * (6 - c->players_left);
        }
        if (e <= 0) e = 1;
        if (has_eight(m)) e += 100;
    }
    if (n_out) *n_out = n;
    return e;
}

static inline int k2_strength(const k2_ctx *c, const Meld *m) { return k2_eval(c, m, NULL); }

/* g(e) of 3.5 */
static inline int k2_g(const Meld *m, int e, int n) {
    if (m->kind == K_JOKER) return -2;
    if (e <= 30) return 2;
    if (e <= 60) return 1;
    if (e <= 90) return 0;
    return n > 0 ? -1 : -m->size;
}

/* hand_value */
static int k2_hand_value(const Meld *melds, int k, const k2_ctx *c) {
    int total = 0;
    for (int i = 0; i < k; i++) {
        if (melds[i].size <= 3) {
            int n;
            int e = k2_eval(c, &melds[i], &n);
            total += k2_g(&melds[i], e, n);
        }
    }
    return total;
}

/* can_go_out: the second smallest E is at least the threshold */
static int k2_can_go_out(const Meld *melds, int k, const k2_ctx *c) {
    if (k <= 1) return 1;
    int smallest = 1 << 30, second = 1 << 30;
    for (int i = 0; i < k; i++) {
        int e = k2_strength(c, &melds[i]);
        if (e < smallest) {
            second = smallest;
            smallest = e;
        } else if (e < second) {
            second = e;
        }
    }
    return second >= K2_THRESHOLD;
}

/* rank_strength */
static inline int k2_rank_strength(const Meld *m, int reverse) {
    return reverse ? 14 - m->rank : k2_top(m);
}

/* _joker_sequence: step 2 of generate; 1 if found (into *out) */
static int k2_joker_sequence(uint64_t rest, int excluded, Meld *out) {
    uint64_t paired = k2_paired(rest);
    for (int row = 0; row < 4; row++) {
        unsigned lane = k2_lane(rest, row) & ~(1u << excluded);
        if (!(lane & ((lane >> 1) | (lane >> 2)))) continue;
        for (int low = 1; low < 12; low++) {
            if (low == excluded) continue;
            int hole = -1, high = low, col = low;
            while (col <= 13 && col != excluded) {
                if (!(lane >> col & 1)) {
                    if (hole >= 0) break;
                    hole = col;
                }
                high = col;
                col++;
            }
            for (int top = high; top > low + 1; top--) {
                int size = top - low + 1;
                unsigned window = ((1u << size) - 1) << low;
                unsigned holes = window & ~lane;
                if (popc((uint64_t)holes) != 1) continue;
                uint64_t real = k2_spread(window & lane) << row;
                if (real & paired & ~(15ULL << (4 * K2_EIGHT_COL))) continue;
                int hcol = __builtin_ctz(holes);
                out->cards = real;
                out->joker = row * 15 + hcol;
                out->rank = low;
                out->size = size;
                out->suits = 1 << row;
                out->kind = K_SEQUENCE;
                return 1;
            }
        }
    }
    return 0;
}

/* generate(hand, revolution): the split of 3.2; the number of melds */
static int k2_generate(uint64_t hand, int revolution, Meld *out) {
    int n = 0;
    int excluded = revolution ? 1 : 13;
    uint64_t rest = hand & REAL_CARDS;
    /* step 1: plain sequences */
    for (int row = 0; row < 4; row++) {
        unsigned lane = k2_lane(rest, row) & ~(1u << excluded);
        if (!(lane & (lane >> 1) & (lane >> 2))) continue;
        int col = 1;
        while (col <= 13) {
            if (!(lane >> col & 1)) {
                col++;
                continue;
            }
            int start = col;
            while (col <= 13 && (lane >> col & 1)) col++;
            int size = col - start;
            if (size < 3) continue;
            uint64_t run = k2_spread(((1u << size) - 1) << start) << row;
            if (run & ~k2_paired(rest)) {
                put(out, &n, run, -1, start, size, 1 << row, K_SEQUENCE);
                rest &= ~run;
            }
        }
    }
    /* step 2: one sequence with the joker */
    int joker = (hand & JOKER_BIT) != 0;
    if (joker) {
        if (k2_joker_sequence(rest, excluded, &out[n])) {
            rest &= ~out[n].cards;
            n++;
            joker = 0;
        }
    }
    /* step 3: groups */
    uint64_t paired = k2_paired(rest);
    while (paired) {
        int col = __builtin_ctzll(paired) >> 2;
        uint64_t cells = paired & (15ULL << (4 * col));
        int nibble = (int)(cells >> (4 * col));
        put(out, &n, cells, -1, col, popc(cells), nibble, K_GROUP);
        rest &= ~cells;
        paired &= ~cells;
    }
    /* step 4: singles, then the lone joker */
    while (rest) {
        int i = __builtin_ctzll(rest);
        put(out, &n, 1ULL << i, -1, i >> 2, 1, 1 << (i & 3), K_SINGLE);
        rest &= rest - 1;
    }
    if (joker) put(out, &n, 0, 14, 14, 1, 1, K_JOKER);
    return n;
}

/* joker_sequences + joker_groups (K then N of figure 1) */
static int k2_joker_melds(uint64_t hand, Meld *out) {
    int n = 0;
    if (!(hand & JOKER_BIT)) return 0;
    for (int row = 0; row < 4; row++) {
        unsigned lane = k2_lane(hand, row);
        for (int hole = 1; hole < 14; hole++) {
            if (lane >> hole & 1) continue;
            int low = hole;
            while (low - 1 >= 1 && (lane >> (low - 1) & 1)) low--;
            int high = hole;
            while (high + 1 <= 13 && (lane >> (high + 1) & 1)) high++;
            int size = high - low + 1;
            if (size >= 3) {
                unsigned window = ((1u << size) - 1) << low;
                uint64_t real = k2_spread(window & ~(1u << hole)) << row;
                put(out, &n, real, row * 15 + hole, low, size, 1 << row, K_SEQUENCE);
            }
        }
    }
    for (int col = 1; col < 14; col++) {
        int nibble = (int)((hand >> (4 * col)) & 15);
        if (!nibble) continue;
        int k = popc((uint64_t)nibble);
        uint64_t cells = (uint64_t)nibble << (4 * col);
        if (k == 4) {
            put(out, &n, cells, 60 + col, col, 5, 31, K_GROUP);
            continue;
        }
        int row = 0;
        while (nibble >> row & 1) row++;
        put(out, &n, cells, row * 15 + col, col, k + 1, nibble | 1 << row, K_GROUP);
    }
    return n;
}

/* figure 1 (analyze_lead): the meld kou2 leads */
static Meld k2_lead(uint64_t hand, const k2_ctx *c) {
    Meld best_melds[K2_MAXM], split[K2_MAXM], jm[80];
    int nbest = k2_generate(hand, c->revolution, best_melds);
    int best_value = k2_hand_value(best_melds, nbest, c);
    if (hand & JOKER_BIT) {
        int nj = k2_joker_melds(hand, jm);
        for (int j = 0; j < nj; j++) {
            const Meld *m = &jm[j];
            int k = k2_generate(hand & ~hand_cards(m), c->revolution, split);
            split[k++] = *m;
            int value = k2_hand_value(split, k, c);
            if (value < best_value) {
                memcpy(best_melds, split, sizeof(Meld) * (size_t)k);
                nbest = k;
                best_value = value;
            }
        }
    }
    const Meld *melds = best_melds;
    int k = nbest;
    int strengths[K2_MAXM], prios[K2_MAXM];
    int sizes[16] = {0};
    for (int i = 0; i < k; i++) {
        strengths[i] = k2_strength(c, &melds[i]);
        sizes[melds[i].size]++;
    }
    int going_out = k2_can_go_out(melds, k, c);
    int reverse = c->revolution;
    int any_rev = 0;
    for (int i = 0; i < k; i++) {
        const Meld *m = &melds[i];
        int e = strengths[i];
        int takes = e >= K2_THRESHOLD;
        int p;
        if (going_out && !takes)
            p = 2;
        else if (m->kind == K_JOKER)
            p = 3;
        else if (takes && !has_eight(m))
            p = 110 - e;
        else if (m->kind == K_SEQUENCE && has_eight(m))
            p = 9;
        else
            p = 40 + (14 - k2_rank_strength(m, reverse)) * 2 + sizes[m->size] * 4;
        prios[i] = p;
        if (is_revolution(m)) any_rev = 1;
    }
    /* 3.6: revolution_priorities */
    if (any_rev) {
        int change = 1;
        int have_small = 0, max_small = 0;
        for (int i = 0; i < k; i++)
            if (melds[i].size <= 2) {
                if (!have_small || strengths[i] > max_small) max_small = strengths[i];
                have_small = 1;
            }
        if (have_small && max_small > 90) change = 0;
        if (change) {
            Meld rest[K2_MAXM];
            int nr = 0;
            uint64_t played = 0;
            for (int i = 0; i < k; i++) {
                if (is_revolution(&melds[i]))
                    played |= hand_cards(&melds[i]);
                else
                    rest[nr++] = melds[i];
            }
            k2_ctx after, turned;
            k2_ctx_after(&after, c, played);
            k2_ctx_init(&turned, after.hand, after.played, after.players_left, !after.revolution);
            if (k2_hand_value(rest, nr, &turned) >= k2_hand_value(melds, k, c)) change = 0;
        }
        if (change) {
            for (int i = 0; i < k; i++) {
                if (is_revolution(&melds[i]))
                    prios[i] = 90;
                else if (melds[i].kind != K_SEQUENCE && strengths[i] >= K2_THRESHOLD)
                    prios[i] = 91;
            }
        }
    }
    int best = 0, best_rs = k2_rank_strength(&melds[0], reverse);
    for (int i = 1; i < k; i++) {
        int rs = k2_rank_strength(&melds[i], reverse);
        if (prios[i] > prios[best] || (prios[i] == prios[best] && rs < best_rs)) {
            best = i;
            best_rs = rs;
        }
    }
    return melds[best];
}

/* _strongest_column of real cards (0 if none) */
static inline int k2_strongest_column(uint64_t cards, int revolution) {
    cards &= REAL_CARDS;
    if (!cards) return 0;
    return revolution ? (__builtin_ctzll(cards) >> 2) : ((63 - __builtin_clzll(cards)) >> 2);
}

/* figure 2 (analyze_follow): kou2's answer to the field, as an index into `moves` (0: the
   pass); -1 for the lone joker */
static int k2_follow(uint64_t hand, const Meld *field, const k2_ctx *c, int locked,
                     int opponents_passed, const Meld *moves, int nmoves) {
    int revolution = c->revolution;
    int reverse = revolution;
    Meld before[K2_MAXM], after[K2_MAXM];
    int count_before = k2_generate(hand, revolution, before);
    int value_before = k2_hand_value(before, count_before, c);
    int going_out = k2_can_go_out(before, count_before, c);

    /* _lock_makers: a candidate is a maker when makers are on and its suits match */
    int makers_on = 0;
    if (!locked && (field->kind == K_SINGLE || field->kind == K_GROUP)) {
        int any = 0;
        for (int i = 1; i < nmoves; i++)
            if (moves[i].kind != K_JOKER && moves[i].kind != K_PASS &&
                moves[i].suits == field->suits) {
                any = 1;
                break;
            }
        if (any) {
            int opponents = c->players_left - 1;
            if (field->kind == K_GROUP && opponents >= 2) {
                makers_on = 1;
            } else {
                uint64_t unplayed = ALL_CARDS & ~c->played & ~JOKER_BIT;
                uint64_t pattern = (uint64_t)(field->suits & 15);
                for (int i = 0; i < 13; i++) {
                    int col = revolution ? 1 + i : 13 - i;
                    uint64_t cards = pattern << (4 * col);
                    if ((unplayed & cards) == cards) {
                        makers_on = (c->hand & cards) == cards;
                        break;
                    }
                }
            }
        }
    }
    int on_sequence = field->kind == K_SEQUENCE;
    int st_a = reverse ? 2 : 11, st_b = reverse ? 3 : 12;

    int best = -1, best_value = 0, best_rs = 0, best_joker = 0;
    for (int i = 1; i < nmoves; i++) {
        const Meld *m = &moves[i];
        if (m->kind == K_JOKER || m->kind == K_PASS) continue;
        uint64_t taken = hand_cards(m);
        k2_ctx actx;
        k2_ctx_after(&actx, c, taken);
        int na = k2_generate(hand & ~taken, revolution, after);
        int value_after = k2_hand_value(after, na, &actx);
        int e = (makers_on && m->suits == field->suits) ? K2_THRESHOLD : k2_strength(c, m);
        int takes = e >= K2_THRESHOLD;
        int marked;
        if (on_sequence) {
            int small_change = value_after <= value_before + 1;
            marked = small_change || k2_can_go_out(after, na, &actx);
        } else {
            /* _checks */
            if (takes && going_out)
                marked = 1;
            else if (has_eight(m) && na <= count_before)
                marked = 1;
            else if (takes) {
                int weak = 0;
                if (count_before >= 4) {
                    weak = 1;
                    for (int j = 0; j < na; j++)
                        if (k2_strength(&actx, &after[j]) >= K2_THRESHOLD) {
                            weak = 0;
                            break;
                        }
                }
                marked = !weak;
            } else if (na == 1 && k2_strength(&actx, &after[0]) <= 50)
                marked = 0;
            else if (k2_can_go_out(after, na, &actx))
                marked = 1;
            else if (m->kind == K_SINGLE && (m->rank == st_a || m->rank == st_b) && na >= 4)
                marked = 0;
            else
                marked = value_after <= value_before;
        }
        if (!marked) continue;
        int rs = k2_rank_strength(m, reverse);
        int uj = m->joker >= 0;
        if (best < 0 || value_after < best_value ||
            (value_after == best_value && (rs < best_rs || (rs == best_rs && uj < best_joker)))) {
            best = i;
            best_value = value_after;
            best_rs = rs;
            best_joker = uj;
        }
    }
    /* _choose */
    int top = k2_strongest_column(c->opp & ~JOKER_BIT, revolution);
    if (best >= 0) {
        const Meld *m = &moves[best];
        if (opponents_passed && top && top >= m->rank && top <= k2_top(m)) return 0;
        return best;
    }
    if (field->kind != K_SINGLE || !(hand & JOKER_BIT)) return 0;
    if (!((hand & SPADE_3) || (c->played & SPADE_3))) return 0;
    k2_ctx actx;
    k2_ctx_after(&actx, c, JOKER_BIT);
    int na = k2_generate(hand & ~JOKER_BIT, revolution, after);
    if (k2_can_go_out(after, na, &actx)) return -1;
    if (field->rank == top && na >= count_before) return -1;
    return 0;
}

/* the index of meld m among the moves (a lone joker matches any lone joker); 0 if absent */
static int k2_index_of(const Meld *m, const Meld *moves, int n) {
    if (m->kind == K_PASS) return 0;
    for (int i = 1; i < n; i++) {
        if (m->kind == K_JOKER) {
            if (moves[i].kind == K_JOKER) return i;
        } else if (moves[i].kind != K_JOKER && moves[i].cards == m->cards &&
                   moves[i].joker == m->joker) {
            return i;
        }
    }
    return 0;
}

/* kou2's move for player p of state s (the player to move), as an index into `moves` (the n
   legal moves of p, from legal_melds, pass first); 0 (the pass) when kou2's move is not among
   them */
static int k2_choose(const State *s, int p, const Meld *moves, int n) {
    uint64_t hand = s->hands[p];
    if (!hand) return 0; /* Kou2Player.play passes with no cards (decide is not reached) */
    int players_left = 0;
    for (int q = 0; q < 5; q++)
        if (s->hands[q]) players_left++;
    k2_ctx c;
    k2_ctx_init(&c, hand, s->played, players_left, s->revolution != 0);
    if (!s->has_field || s->field.kind == K_PASS) {
        Meld m = k2_lead(hand, &c);
        return k2_index_of(&m, moves, n);
    }
    int others_passed = 1;
    for (int q = 0; q < 5; q++)
        if (q != p && s->hands[q] && !(s->passed >> q & 1)) others_passed = 0;
    int k = k2_follow(hand, &s->field, &c, s->lock != 0, others_passed, moves, n);
    if (k < 0) {
        Meld joker = {0, 14, 14, 1, 1, K_JOKER};
        return k2_index_of(&joker, moves, n);
    }
    return k;
}

/* exported for tests: the same for the player to move of the state words (read_state's
   layout) */
int dh_kou2_choose(const int64_t *state_words) {
    State s;
    read_state(state_words, &s);
    Meld moves[MAX_MOVES];
    int p = s.turn;
    int n = legal_melds(s.hands[p], s.has_field, &s.field, s.revolution, s.lock, moves);
    return k2_choose(&s, p, moves, n);
}

