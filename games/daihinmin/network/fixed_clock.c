/* Preloaded into the C UECda server (LD_PRELOAD) to fix its deals: the server seeds its
 * random numbers with time(NULL) (daihu.c), so a clock stopped at CGT_UECDA_SEED seconds makes
 * a run repeatable.  Only time() is replaced; everything else the server does is unchanged.
 * Written for cgt-games (games.daihinmin.network.kit). */
#include <stdlib.h>
#include <time.h>

time_t time(time_t *out) {
    const char *text = getenv("CGT_UECDA_SEED");
    time_t now = text ? (time_t)strtoll(text, NULL, 10) : 0;
    if (out) *out = now;
    return now;
}
