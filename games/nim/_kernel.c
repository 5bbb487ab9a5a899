/* The compiled kernel of games.nim: Grundy values of take-and-break games by the rare/common
 * split, and the certificate search of games.nim._periodicity.  An optional extra: loaded with
 * ctypes by games/nim/_kernel.py when a C compiler is present; games/nim/octal.py keeps the pure
 * Python path as the exact fallback and as the test oracle (the two are compared on every heap).
 *
 * Rules ("spec", int64): [nwhole, whole..., whole_from, none, one..., ntwo, two..., unequal]
 *   whole:      r such that a heap of exactly r may be taken whole (option value 0);
 *   whole_from: every heap n >= whole_from may be taken whole (0: none; codes like 0.6111...);
 *   one:        r such that r tokens may be taken leaving one non-empty heap, g(n - r);
 *   two:        r such that r tokens may be taken leaving two non-empty heaps a + b = n - r;
 *   unequal:    1 if the two heaps must differ (Grundy's game).
 *
 * The split (Winning Ways ch. 4; Gangolli-Plambeck 1989; Flammenkamp's "sparse space"): with
 * w(x) = parity(g(x) & mask) ^ (eps & x & 1), heap x is *rare* when w(x) == z, z = eps & two[0] & 1.
 * A split a + b = M has parity(g(a)^g(b) & mask) = w(a) ^ w(b) ^ (eps & M & 1): the values of
 * parity P = 1 ^ (eps & M & 1) ("cheap" at heap n; eps = 1 needs every two-removal of one parity)
 * come only from pairs with exactly one rare heap, so a loop over the rare heaps finds all of them,
 * and c, the least cheap value missing.  g(n) is c unless a value of the other parity below c is
 * missing: those are looked for among all splits, stopping as soon as each has been seen.  Exact
 * whatever the mask; the mask only decides the speed.  mask == 0: the plain mex over all splits.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#define PARITY(v) (__builtin_parity((unsigned)(v)))

typedef struct {
    int64_t nwhole;
    const int64_t *whole;
    int64_t whole_from;
    int64_t none;
    const int64_t *one;
    int64_t ntwo;
    const int64_t *two;
    int64_t unequal;
} rules_t;

static void parse_rules(const int64_t *spec, rules_t *rules) {
    int64_t i = 0;
    rules->nwhole = spec[i++];
    rules->whole = spec + i;
    i += rules->nwhole;
    rules->whole_from = spec[i++];
    rules->none = spec[i++];
    rules->one = spec + i;
    i += rules->none;
    rules->ntwo = spec[i++];
    rules->two = spec + i;
    i += rules->ntwo;
    rules->unequal = spec[i];
}

/* stamp[v] == tick: v is among the options of the heap being computed */
typedef struct {
    uint32_t *stamp;
    uint32_t *want;
    uint32_t size;
} marks_t;

static int marks_grow(marks_t *marks, uint32_t size) {
    if (size <= marks->size) return 1;
    uint32_t *stamp = realloc(marks->stamp, (size_t)size * sizeof(uint32_t));
    if (!stamp) return 0;
    marks->stamp = stamp;
    uint32_t *want = realloc(marks->want, (size_t)size * sizeof(uint32_t));
    if (!want) return 0;
    marks->want = want;
    memset(marks->stamp + marks->size, 0, (size_t)(size - marks->size) * sizeof(uint32_t));
    memset(marks->want + marks->size, 0, (size_t)(size - marks->size) * sizeof(uint32_t));
    marks->size = size;
    return 1;
}

/* Compute g[start..end) into g (which holds g[0..start)).  rare[0..*nrare) are the rare heaps
 * below start (ascending); new ones are appended.  Returns the heap reached: end, or less when
 * the rare buffer is full (the caller grows it and calls again), or -1 when memory runs out.
 * stats[0] += pairs looked at by the search for missing values, stats[1] += heaps whose value
 * came from that search (a value of the other parity), stats[2] += the other pairs looked at
 * (rare heaps, or every split for the plain mex): stats[0] + stats[2] is a measure of work that
 * does not depend on the machine. */
int64_t cgt_tb_extend(uint32_t *g, int64_t start, int64_t end, const int64_t *spec,
                      uint32_t mask, int32_t eps, int64_t *rare, int64_t *nrare,
                      int64_t rare_cap, int64_t *stats) {
    rules_t rules;
    parse_rules(spec, &rules);
    eps = (eps && mask && rules.ntwo) ? 1 : 0;
    for (int64_t i = 1; eps && i < rules.ntwo; i++)
        if ((rules.two[i] - rules.two[0]) & 1) return -3; /* eps = 1 needs one parity */
    const int32_t z = rules.ntwo ? (int32_t)(eps & rules.two[0] & 1) : 0;
    uint32_t top = 1; /* a power of two above every value so far */
    for (int64_t i = 0; i < start; i++)
        while (g[i] >= top) top <<= 1;
    if (mask && !(mask & (top - 1)) && start > 1) return -2; /* no bit of the mask is used */
    marks_t marks = {NULL, NULL, 0};
    if (!marks_grow(&marks, 2 * top)) return -1;
    uint32_t tick = 0;
    int64_t n;
    for (n = start; n < end; n++) {
        if (mask && rules.ntwo && *nrare >= rare_cap) break;
        if (++tick == 0) { /* the stamps wrapped around: clear them */
            memset(marks.stamp, 0, (size_t)marks.size * sizeof(uint32_t));
            memset(marks.want, 0, (size_t)marks.size * sizeof(uint32_t));
            tick = 1;
        }
        uint32_t *stamp = marks.stamp;
        for (int64_t i = 0; i < rules.nwhole; i++)
            if (rules.whole[i] == n) stamp[0] = tick;
        if (rules.whole_from > 0 && n >= rules.whole_from) stamp[0] = tick;
        for (int64_t i = 0; i < rules.none; i++)
            if (n - rules.one[i] >= 1) stamp[g[n - rules.one[i]]] = tick;
        uint32_t value;
        if (!mask || !rules.ntwo) {
            for (int64_t i = 0; i < rules.ntwo; i++) {
                int64_t m = n - rules.two[i];
                for (int64_t a = 1; 2 * a <= m; a++) {
                    if (rules.unequal && 2 * a == m) break;
                    stamp[g[a] ^ g[m - a]] = tick;
                }
                if (m >= 2) stats[2] += m / 2;
            }
            value = 0;
            while (stamp[value] == tick) value++;
        } else {
            const uint32_t cheap = 1u ^ (uint32_t)(eps & ((n - rules.two[0]) & 1));
            const int64_t count = *nrare;
            for (int64_t i = 0; i < rules.ntwo; i++) {
                int64_t m = n - rules.two[i];
                int64_t k;
                for (k = 0; k < count; k++) {
                    int64_t a = rare[k];
                    if (a >= m) break;
                    if (rules.unequal && 2 * a == m) continue;
                    stamp[g[a] ^ g[m - a]] = tick;
                }
                stats[2] += k;
            }
            uint32_t c = 0;
            while (stamp[c] == tick || PARITY(c & mask) != cheap) c++;
            uint32_t *want = marks.want;
            int64_t missing = 0;
            uint32_t least = c;
            for (uint32_t v = 0; v < c; v++) {
                if (PARITY(v & mask) != cheap && stamp[v] != tick) {
                    want[v] = tick;
                    missing++;
                }
            }
            if (missing) {
                int64_t looked = 0;
                for (int64_t a = 1; missing; a++) {
                    int any = 0;
                    for (int64_t i = 0; i < rules.ntwo; i++) {
                        int64_t m = n - rules.two[i];
                        if (2 * a > m || (rules.unequal && 2 * a == m)) continue;
                        any = 1;
                        looked++;
                        uint32_t v = g[a] ^ g[m - a];
                        if (v < c && want[v] == tick) {
                            want[v] = 0;
                            if (--missing == 0) break;
                        }
                    }
                    if (!any) break;
                }
                stats[0] += looked;
                if (missing) {
                    for (least = 0; want[least] != tick; least++) {
                    }
                    stats[1] += 1;
                }
            }
            value = least;
        }
        g[n] = value;
        if (value >= top) {
            while (value >= top) top <<= 1;
            if (!marks_grow(&marks, 2 * top)) {
                free(marks.stamp);
                free(marks.want);
                return -1;
            }
        }
        if (mask && rules.ntwo && n >= 1) {
            int32_t w = (int32_t)PARITY(value & mask) ^ (int32_t)(eps & n & 1);
            if (w == z) rare[(*nrare)++] = n;
        }
    }
    free(marks.stamp);
    free(marks.want);
    return n;
}

/* The least period of every suffix of v[0..n) by a prefix function on the reversed sequence;
 * returns the least period p of a suffix v[n-L..n) whose window a*max(n-L, 1) + b*p + c is covered,
 * i.e. <= n - p (0 if none).  work holds n int32 (n < 2**31).  hint_lengths/hint_periods: the
 * least periods of the suffixes of the given lengths, for guessing how far to search next. */
int64_t cgt_certify(const uint32_t *v, int64_t n, int64_t a, int64_t b, int64_t c,
                    int32_t *work, const int64_t *hint_lengths, int64_t *hint_periods,
                    int64_t nhints) {
    if (n < 2) return 0;
    /* work[i]: border of the reversed prefix of length i + 1, i.e. of v[n-1-i..n) */
    work[0] = 0;
    for (int64_t i = 1; i < n; i++) {
        int32_t k = work[i - 1];
        uint32_t x = v[n - 1 - i];
        while (k && x != v[n - 1 - k]) k = work[k - 1];
        if (x == v[n - 1 - k]) k++;
        work[i] = k;
    }
    int64_t certified = 0;
    for (int64_t length = 1; length <= n; length++) {
        int64_t period = length - work[length - 1];
        if ((certified == 0 || period < certified) &&
            a * (n - length > 1 ? n - length : 1) + b * period + c <= n - period)
            certified = period;
    }
    for (int64_t h = 0; h < nhints; h++) {
        int64_t length = hint_lengths[h];
        hint_periods[h] = (length >= 1 && length <= n) ? length - work[length - 1] : 0;
    }
    return certified;
}
