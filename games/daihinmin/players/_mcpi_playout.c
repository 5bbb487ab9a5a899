/* mcpi's play-out kernel: Daihinmin play-outs in C, move for move what the pure-Python path
 * (`_mcpi_playout.play_out` on `rules.engine.GameState`, with `DefaultModel`, `Kou2Model` and
 * `PolicyModel`) does with the same random numbers (`_mcpi_playout.PlayoutRandom`, splitmix64).
 *
 * Written for this project from its own Python modules (engine.py, moves.py, default.py,
 * _mcpi_policy.py, kou2.py); the Python stays the exact fallback and the test oracle.
 *
 * Cards: bit 4 * column + row (columns 1-13 real cards, rows S H D C), the joker bit 60.
 * A meld: its real cards, the joker's cell (row * 15 + column, -1 none) and its status
 * (rank, size, suits, kind: 0 pass, 1 single, 2 group, 3 sequence, 4 lone joker).
 */
#pragma GCC optimize("fp-contract=off")
#include <math.h>
#include <stdint.h>
#include <string.h>

#define JOKER_BIT (1ULL << 60)
#define REAL_CARDS (((1ULL << 52) - 1) << 4)
#define ALL_CARDS (REAL_CARDS | JOKER_BIT)
#define SPADE_3 (1ULL << 4)
#define ONE_PER_COLUMN 0x1111111111111111ULL /* row 0 of every column */
#define K_PASS 0
#define K_SINGLE 1
#define K_GROUP 2
#define K_SEQUENCE 3
#define K_JOKER 4
#define MAX_MOVES 3072 /* a hand of all 53 cards has 2,606 moves */
#define NFEAT 25
#define MODEL_DEFAULT 0
#define MODEL_POLICY 1
#define MODEL_KOU2 2

typedef struct {
    uint64_t cards;
    int joker, rank, size, suits, kind;
} Meld;

typedef struct {
    uint64_t hands[5];
    int seats[5];
    int seat_of[5];
    int has_field;
    Meld field;
    int revolution, lock, joker_single;
    int passed;
    int finished[5];
    int nfinished;
    int non_accepted;
    uint64_t played;
    int turn, last_player;
} State;

/* ------------------------------------------------------------------------------------------ */
/* random numbers: splitmix64, a double in [0, 1) from the top 53 bits                          */

static inline double next_double(uint64_t *s) {
    uint64_t z = (*s += 0x9E3779B97F4A7C15ULL);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    z ^= z >> 31;
    return (double)(z >> 11) * (1.0 / 9007199254740992.0);
}

/* ------------------------------------------------------------------------------------------ */
/* the default client's move: dh_default_cells (written from default.py)                   */

#include "_mcpi_playout_default.c"

/* ------------------------------------------------------------------------------------------ */
/* move generation: legal_melds, in its order                                                   */

static inline int popc(uint64_t x) { return __builtin_popcountll(x); }
static inline int nib(uint64_t mask, int col) { return (int)((mask >> (4 * col)) & 15); }

static inline void put(Meld *out, int *n, uint64_t cards, int joker, int rank, int size,
                       int suits, int kind) {
    Meld *m = &out[(*n)++];
    m->cards = cards;
    m->joker = joker;
    m->rank = rank;
    m->size = size;
    m->suits = suits;
    m->kind = kind;
}

static void singles_among(uint64_t hand, uint64_t allowed, Meld *out, int *n) {
    uint64_t real = hand & allowed;
    while (real) {
        int i = __builtin_ctzll(real);
        put(out, n, 1ULL << i, -1, i >> 2, 1, 1 << (i & 3), K_SINGLE);
        real &= real - 1;
    }
    if (hand & JOKER_BIT) put(out, n, 0, 14, 14, 1, 1, K_JOKER);
}

static void groups(uint64_t hand, int size, Meld *out, int *n) {
    /* size 0: every size */
    int joker = (hand & JOKER_BIT) != 0;
    for (int col = 1; col < 14; col++) {
        int nibble = nib(hand, col);
        if (!nibble) continue;
        int shift = 4 * col;
        for (int subset = 1; subset < 16; subset++) {
            if ((subset & nibble) != subset) continue;
            int k = popc((uint64_t)subset);
            if (k >= 2 && (size == 0 || size == k))
                put(out, n, (uint64_t)subset << shift, -1, col, k, subset, K_GROUP);
            if (joker && (size == 0 || size == k + 1)) {
                if (k == 4) {
                    put(out, n, (uint64_t)subset << shift, 60 + col, col, 5, 31, K_GROUP);
                    continue;
                }
                for (int row = 0; row < 4; row++)
                    if (!(subset >> row & 1))
                        put(out, n, (uint64_t)subset << shift, row * 15 + col, col, k + 1,
                            subset | 1 << row, K_GROUP);
            }
        }
    }
}

static void sequences(uint64_t hand, int size, Meld *out, int *n) {
    int joker = (hand & JOKER_BIT) != 0;
    uint64_t real = hand & REAL_CARDS;
    if (joker) {
        if (!((real & real >> 4) | (real & real >> 8))) return;
    } else if (!(real & real >> 4 & real >> 8)) {
        return;
    }
    for (int row = 0; row < 4; row++) {
        int lane = 0;
        for (int col = 1; col < 14; col++)
            if ((hand >> (4 * col + row)) & 1) lane |= 1 << col;
        if (!lane) continue;
        int suit = 1 << row;
        for (int low = 0; low < 15; low++) {
            int missing = -1;
            uint64_t cards = 0;
            for (int high = low; high < 15; high++) {
                if (lane >> high & 1)
                    cards |= 1ULL << (4 * high + row);
                else if (missing < 0 && joker)
                    missing = high;
                else
                    break;
                int k = high - low + 1;
                if (k < 3 || (size != 0 && k != size)) continue;
                if (missing >= 0) {
                    put(out, n, cards, row * 15 + missing, low, k, suit, K_SEQUENCE);
                } else {
                    put(out, n, cards, -1, low, k, suit, K_SEQUENCE);
                    if (joker)
                        for (int col = low; col <= high; col++)
                            put(out, n, cards & ~(1ULL << (4 * col + row)), row * 15 + col, low,
                                k, suit, K_SEQUENCE);
                }
            }
        }
    }
}

static uint64_t suit_mask(int suits) {
    uint64_t m = 0;
    for (int r = 0; r < 4; r++)
        if (suits >> r & 1) m |= ONE_PER_COLUMN << r;
    return m & REAL_CARDS;
}

static inline uint64_t above(int c) { return REAL_CARDS & ~((1ULL << (4 * c + 4)) - 1); }
static inline uint64_t below(int c) { return REAL_CARDS & ((1ULL << (4 * c)) - 1); }

/* the moves of `hand` on the field (has_field 0: it leads), the pass first; their number */
static int legal_melds(uint64_t hand, int has_field, const Meld *field, int revolution, int lock,
                       Meld *out) {
    int n = 0;
    put(out, &n, 0, -1, 0, 0, 0, K_PASS);
    if (!has_field || field->kind == K_PASS) {
        singles_among(hand, REAL_CARDS, out, &n);
        groups(hand, 0, out, &n);
        sequences(hand, 0, out, &n);
        return n;
    }
    int kind = field->kind;
    if (kind == K_JOKER) {
        if (hand & SPADE_3) put(out, &n, SPADE_3, -1, 1, 1, 1, K_SINGLE);
        return n;
    }
    int size = field->size;
    if (kind == K_SINGLE) {
        uint64_t allowed = revolution ? below(field->rank) : above(field->rank);
        if (lock) allowed &= suit_mask(field->suits);
        singles_among(hand, allowed, out, &n);
        return n;
    }
    Meld cand[MAX_MOVES];
    int m = 0;
    if (kind == K_GROUP)
        groups(hand, size, cand, &m);
    else
        sequences(hand, size, cand, &m);
    int rank = field->rank, suits = field->suits;
    for (int i = 0; i < m; i++) {
        const Meld *c = &cand[i];
        if (lock && c->suits != suits) continue;
        int ok;
        if (revolution)
            ok = kind != K_GROUP ? c->rank + size - 1 < rank : c->rank < rank;
        else
            ok = kind != K_GROUP ? c->rank > rank + size - 1 : c->rank > rank;
        if (ok) out[n++] = *c;
    }
    return n;
}

/* ------------------------------------------------------------------------------------------ */
/* the engine: GameState.submit for a legal move (or a pass)                                    */

static inline uint64_t hand_cards(const Meld *m) {
    return m->joker >= 0 ? (m->cards | JOKER_BIT) : m->cards;
}

static inline int has_eight(const Meld *m) {
    if (m->kind == K_SEQUENCE) return m->rank <= 6 && 6 <= m->rank + m->size - 1;
    return (m->kind == K_SINGLE || m->kind == K_GROUP) && m->rank == 6;
}

static inline int is_revolution(const Meld *m) {
    return (m->kind == K_GROUP && m->size >= 4) || (m->kind == K_SEQUENCE && m->size >= 5);
}

static inline int is_finished(const State *s, int p) {
    for (int i = 0; i < s->nfinished; i++)
        if (s->finished[i] == p) return 1;
    return 0;
}

static void clear_field(State *s) {
    s->has_field = 0;
    s->lock = 0;
    s->joker_single = 0;
    s->passed = 0;
    int leader = s->last_player;
    while (!s->hands[leader]) leader = s->seats[(s->seat_of[leader] + 1) % 5];
    s->turn = leader;
    s->last_player = leader;
}

static void advance(State *s) {
    int p = s->seats[(s->seat_of[s->turn] + 1) % 5];
    while (!s->hands[p] || (s->passed >> p & 1)) p = s->seats[(s->seat_of[p] + 1) % 5];
    s->turn = p;
}

static void submit(State *s, const Meld *m, uint64_t *rng) {
    int p = s->turn;
    int flash = 0;
    if (m->kind == K_PASS) {
        s->passed |= 1 << p;
        s->non_accepted += 1;
    } else {
        int kind = m->kind;
        if (kind != K_JOKER && s->has_field && !s->lock && !s->joker_single &&
            m->suits == s->field.suits)
            s->lock = 1;
        uint64_t hand = s->hands[p] & ~hand_cards(m);
        s->hands[p] = hand;
        s->played |= hand_cards(m);
        s->field = *m;
        s->has_field = 1;
        s->last_player = p;
        s->non_accepted = 0;
        if (s->joker_single) {
            s->joker_single = 0;
            flash = 1;
        }
        if (kind == K_JOKER) {
            s->joker_single = 1;
            s->lock = 0;
        } else {
            if (is_revolution(m)) s->revolution = !s->revolution;
            if (has_eight(m)) flash = 1;
        }
        if (!hand) s->finished[s->nfinished++] = p;
    }
    if (s->non_accepted >= 20 && s->nfinished < 4) {
        int rest[5], k = 0;
        for (int q = 0; q < 5; q++)
            if (!is_finished(s, q)) rest[k++] = q;
        for (int i = k - 1; i > 0; i--) { /* PlayoutRandom.shuffle */
            int j = (int)(next_double(rng) * (i + 1));
            int t = rest[i];
            rest[i] = rest[j];
            rest[j] = t;
        }
        int need = 4 - s->nfinished;
        for (int i = 0; i < need; i++) s->finished[s->nfinished++] = rest[i];
    }
    if (s->nfinished < 4) {
        if (flash || popc((uint64_t)s->passed) >= 5 - s->nfinished)
            clear_field(s);
        else
            advance(s);
    }
}

/* ------------------------------------------------------------------------------------------ */
/* the learned policy: _mcpi_policy.move_features and LinearPolicy.scores                       */

static inline int strength(const Meld *m, int revolution) {
    if (m->kind == K_JOKER) return 14;
    if (m->kind == K_SEQUENCE) return revolution ? 14 - m->rank : m->rank + m->size - 1;
    return revolution ? 14 - m->rank : m->rank;
}

/* the score of each move under `weights` (lead or follow, picked by the caller) */
static void policy_scores(const State *s, int me, const Meld *moves, int n,
                          const double *weights, double *scores) {
    uint64_t hand = s->hands[me];
    int revolution = s->revolution;
    uint64_t unseen = ALL_CARDS & ~hand & ~s->played;
    int joker_unseen = (unseen & JOKER_BIT) ? 1 : 0;
    int column_unseen[15], most_stronger[15] = {0}, all_stronger[15] = {0},
        cols_stronger[15] = {0}, held[15];
    uint64_t real_hand = hand & ~JOKER_BIT;
    for (int c = 0; c < 15; c++) {
        column_unseen[c] = popc((unseen >> (4 * c)) & 15);
        held[c] = popc((real_hand >> (4 * c)) & 15);
    }
    int most = 0, total = 0, used = 0;
    for (int i = 0; i < 13; i++) {
        int c = revolution ? 1 + i : 13 - i;
        most_stronger[c] = most;
        all_stronger[c] = total;
        cols_stronger[c] = used;
        if (column_unseen[c] > most) most = column_unseen[c];
        total += column_unseen[c];
        used += column_unseen[c] > 0;
    }
    int lone_hand = 0;
    for (int c = 1; c < 14; c++) lone_hand += held[c] == 1;
    int fewest = 0, nothers = 0;
    for (int q = 0; q < 5; q++) {
        if (q == me) continue;
        int c = popc(s->hands[q]);
        if (!c) continue;
        if (!nothers || c < fewest) fewest = c;
        nothers++;
    }
    double someone_nearly_out = fewest <= 2 ? 1.0 : 0.0;
    int own = popc(hand);
    double nearly_out = own <= 3 ? 1.0 : 0.0;
    int players_left = nothers + 1;
    double field_rank = s->has_field ? (double)strength(&s->field, revolution) / 14 : 0.0;
    int field_suits = s->has_field ? s->field.suits : -1;
    int lowest[5] = {99, 99, 99, 99, 99};
    for (int i = 0; i < n; i++) {
        if (moves[i].kind == K_PASS) continue;
        int st = strength(&moves[i], revolution);
        if (st < lowest[moves[i].kind]) lowest[moves[i].kind] = st;
    }
    for (int i = 0; i < n; i++) {
        const Meld *m = &moves[i];
        double row[NFEAT];
        memset(row, 0, sizeof row);
        int kind = m->kind;
        if (kind == K_PASS) {
            row[0] = 1.0;
            row[18] = (double)own / 11;
            row[19] = (double)fewest / 11;
            row[20] = field_rank;
            row[21] = (double)(players_left - 2) / 3;
        } else {
            int st = strength(m, revolution);
            double rank = (double)st / 14;
            int size = m->size;
            uint64_t taken = hand_cards(m);
            uint64_t left = hand & ~taken;
            row[kind] = 1.0;
            row[5] = (double)(size < 6 ? size : 6) / 4;
            row[6] = rank;
            row[7] = rank * rank;
            if (m->joker >= 0 && kind != K_JOKER) row[8] = 1.0;
            if (has_eight(m)) row[9] = 1.0;
            if (is_revolution(m)) row[10] = 1.0;
            if (!left) row[11] = 1.0;
            row[12] = (double)popc(left) / 11;
            int lone = lone_hand;
            if (kind == K_SINGLE || kind == K_GROUP) {
                int col = m->rank;
                int kept = held[col] - popc((taken >> (4 * col)) & 15);
                row[13] = (double)kept / 3;
                int need = size - joker_unseen;
                int beaten = need > 0 ? most_stronger[col] >= need : 1;
                if (kind == K_SINGLE) {
                    beaten = beaten || joker_unseen;
                    int a = all_stronger[col] + joker_unseen;
                    row[15] = (double)(a < 8 ? a : 8) / 8;
                }
                row[14] = beaten ? 0.0 : 1.0;
                lone += (kept == 1) - (held[col] == 1);
            } else if (kind == K_SEQUENCE) {
                int low = m->rank, top = m->rank + size - 1;
                int edge = revolution ? low : top;
                row[14] = cols_stronger[edge] + joker_unseen >= size ? 0.0 : 1.0;
                int from = low > 1 ? low : 1, to = top < 13 ? top : 13;
                for (int c = from; c <= to; c++) {
                    int kept = held[c] - popc((taken >> (4 * c)) & 15);
                    lone += (kept == 1) - (held[c] == 1);
                }
            } else {
                row[14] = (unseen & 0x10) ? 0.0 : 1.0;
            }
            if (kind != K_JOKER && m->suits == field_suits) row[16] = 1.0;
            if (st == lowest[kind]) row[17] = 1.0;
            row[22] = (double)(lone < 6 ? lone : 6) / 6;
            row[23] = rank * someone_nearly_out;
            row[24] = rank * nearly_out;
        }
        double score = 0;
        for (int f = 0; f < NFEAT; f++)
            if (row[f] != 0.0) score += weights[f] * row[f];
        scores[i] = score;
    }
}

/* PolicyModel.choose (sampled at `temperature`): the index of the move */
static int policy_choose(const State *s, int me, const Meld *moves, int n, const double *lead,
                         const double *follow, double temperature, uint64_t *rng) {
    double scores[MAX_MOVES];
    policy_scores(s, me, moves, n, s->has_field ? follow : lead, scores);
    double top = scores[0];
    for (int i = 1; i < n; i++)
        if (scores[i] > top) top = scores[i];
    double total = 0;
    for (int i = 0; i < n; i++) {
        scores[i] = exp((scores[i] - top) / temperature);
        total += scores[i];
    }
    double pick = next_double(rng) * total;
    for (int i = 0; i < n; i++) {
        pick -= scores[i];
        if (pick < 0) return i;
    }
    return n - 1;
}

/* DefaultModel.choose: the index of the move, 0 (the pass) if its submission is not legal */
static int default_choose(const State *s, int p, const Meld *moves, int n) {
    uint64_t cards;
    int joker = dh_default_cells(s->hands[p], s->has_field, s->field.cards, s->field.joker,
                                 s->revolution, s->lock, &cards);
    if (joker >= 75) joker = -1;
    if (!cards && joker < 0) return 0;
    if (!cards && joker >= 0 && joker < 60) { /* a lone joker, wherever written */
        for (int i = 1; i < n; i++)
            if (moves[i].kind == K_JOKER) return i;
        return 0;
    }
    for (int i = 1; i < n; i++)
        if (moves[i].cards == cards && moves[i].joker == joker && moves[i].kind != K_JOKER)
            return i;
    return 0;
}

/* ------------------------------------------------------------------------------------------ */
/* kou2's move: k2_choose (written from kou2.py and its _kou2_* modules)                   */

#include "_mcpi_playout_kou2.c"

/* ------------------------------------------------------------------------------------------ */
/* play-outs                                                                                    */

static int ranking_index(const State *s, int me) {
    int rank[5], k = 0;
    for (int i = 0; i < s->nfinished; i++) rank[k++] = s->finished[i];
    if (s->nfinished >= 4)
        for (int q = 0; q < 5; q++)
            if (!is_finished(s, q)) rank[k++] = q;
    for (int i = 0; i < k; i++)
        if (rank[i] == me) return i;
    return -1;
}

/* play_out: play on until `me` goes out (or the game ends); me's points (3: no verdict) */
static int play_out(State *s, int me, const int *models, const double *lead,
                    const double *follow, double temperature, uint64_t *rng, int max_moves) {
    Meld moves[MAX_MOVES];
    for (int step = 0; step < max_moves; step++) {
        if (is_finished(s, me) || s->nfinished >= 4) break;
        int p = s->turn;
        int n = legal_melds(s->hands[p], s->has_field, &s->field, s->revolution, s->lock, moves);
        int k;
        if (n == 1)
            k = 0;
        else if (models[p] == MODEL_DEFAULT)
            k = default_choose(s, p, moves, n);
        else if (models[p] == MODEL_KOU2)
            k = k2_choose(s, p, moves, n);
        else
            k = policy_choose(s, p, moves, n, lead, follow, temperature, rng);
        submit(s, &moves[k], rng);
    }
    if (!is_finished(s, me) && s->nfinished < 4) return 3;
    return 5 - ranking_index(s, me);
}

/* ------------------------------------------------------------------------------------------ */
/* the interface (ctypes): a state and melds as int64 words                                     */

#define STATE_WORDS 32
#define MELD_WORDS 6

static void read_meld(const int64_t *w, Meld *m) {
    m->cards = (uint64_t)w[0];
    m->joker = (int)w[1];
    m->rank = (int)w[2];
    m->size = (int)w[3];
    m->suits = (int)w[4];
    m->kind = (int)w[5];
}

static void write_meld(int64_t *w, const Meld *m) {
    w[0] = (int64_t)m->cards;
    w[1] = m->joker;
    w[2] = m->rank;
    w[3] = m->size;
    w[4] = m->suits;
    w[5] = m->kind;
}

/* words: hands[5], seats[5], has_field, field[6], revolution, lock, joker_single, passed,
   nfinished, finished[5] (padded with -1), non_accepted, played, turn, last_player: 32 */
static void read_state(const int64_t *w, State *s) {
    memset(s, 0, sizeof *s);
    for (int i = 0; i < 5; i++) s->hands[i] = (uint64_t)w[i];
    for (int i = 0; i < 5; i++) {
        s->seats[i] = (int)w[5 + i];
        s->seat_of[s->seats[i]] = i;
    }
    s->has_field = (int)w[10];
    read_meld(w + 11, &s->field);
    s->revolution = (int)w[17];
    s->lock = (int)w[18];
    s->joker_single = (int)w[19];
    s->passed = (int)w[20];
    s->nfinished = (int)w[21];
    for (int i = 0; i < 5; i++) s->finished[i] = (int)w[22 + i];
    s->non_accepted = (int)w[27];
    s->played = (uint64_t)w[28];
    s->turn = (int)w[29];
    s->last_player = (int)w[30];
}

static void write_state(int64_t *w, const State *s) {
    for (int i = 0; i < 5; i++) w[i] = (int64_t)s->hands[i];
    for (int i = 0; i < 5; i++) w[5 + i] = s->seats[i];
    w[10] = s->has_field;
    Meld none = {0, -1, 0, 0, 0, 0};
    write_meld(w + 11, s->has_field ? &s->field : &none);
    w[17] = s->revolution;
    w[18] = s->lock;
    w[19] = s->joker_single;
    w[20] = s->passed;
    w[21] = s->nfinished;
    for (int i = 0; i < 5; i++) w[22 + i] = i < s->nfinished ? s->finished[i] : -1;
    w[27] = s->non_accepted;
    w[28] = (int64_t)s->played;
    w[29] = s->turn;
    w[30] = s->last_player;
    w[31] = 0;
}

/* the legal moves of `hand` on the field of the state words; their number (at most `cap`) */
int dh_legal_moves(const int64_t *state_words, int64_t hand, int64_t *out, int cap) {
    State s;
    read_state(state_words, &s);
    Meld moves[MAX_MOVES];
    int n = legal_melds((uint64_t)hand, s.has_field, &s.field, s.revolution, s.lock, moves);
    for (int i = 0; i < n && i < cap; i++) write_meld(out + MELD_WORDS * i, &moves[i]);
    return n;
}

/* the policy's score of each legal move of the player to move (weights: lead then follow) */
int dh_policy_scores(const int64_t *state_words, const double *weights, double *out, int cap) {
    State s;
    read_state(state_words, &s);
    Meld moves[MAX_MOVES];
    int p = s.turn;
    int n = legal_melds(s.hands[p], s.has_field, &s.field, s.revolution, s.lock, moves);
    double scores[MAX_MOVES];
    policy_scores(&s, p, moves, n, s.has_field ? weights + NFEAT : weights, scores);
    for (int i = 0; i < n && i < cap; i++) out[i] = scores[i];
    return n;
}

/* submit the meld for the player to move; the new state in place */
void dh_submit(int64_t *state_words, const int64_t *meld, uint64_t *rng) {
    State s;
    read_state(state_words, &s);
    Meld m;
    read_meld(meld, &m);
    submit(&s, &m, rng);
    write_state(state_words, &s);
}

/* `replays` times, for each of `ncand` candidates: a copy of the state, the candidate
   submitted, played out; me's points in `points[r * ncand + k]` (models: 0 default, 1 policy,
   per player; weights: the policy's lead and follow weights, then its temperature) */
void dh_play_candidates(const int64_t *state_words, int me, const int *models,
                        const int64_t *candidates, int ncand, const double *weights,
                        uint64_t *rng, int max_moves, int replays, int *points) {
    State base;
    read_state(state_words, &base);
    for (int r = 0; r < replays; r++) {
        for (int k = 0; k < ncand; k++) {
            State s = base;
            Meld m;
            read_meld(candidates + MELD_WORDS * k, &m);
            submit(&s, &m, rng);
            points[r * ncand + k] =
                play_out(&s, me, models, weights, weights + NFEAT, weights[2 * NFEAT], rng,
                         max_moves);
        }
    }
}
