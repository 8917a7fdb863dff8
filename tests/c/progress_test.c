/* Progress and cancel on the long C entries: reports arrive on the
 * caller's thread, one at a time, with fractions that rise to 1; a
 * callback that returns nonzero makes the call return
 * ODDSMITH_ERR_CANCELLED soon after, its result marked partial; a NULL
 * callback is no progress. */
#define _POSIX_C_SOURCE 200809L
#include "oddsmith.h"
#include "check.h"

#include <math.h>
#include <pthread.h>
#include <string.h>
#include <time.h>

/* Most milliseconds from a cancel to the call's return. The header
 * promises about 20; the bound is 100 times that, so that a machine under
 * any load passes while a cancel that is not heard (the work runs for
 * minutes) still fails. */
#define CANCEL_MS 2000.0

/* A test that waits for a report with an estimate cancels anyway after
 * this long, and fails, rather than hang. */
#define GIVE_UP_MS 120000.0

static double now_ms(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec * 1e3 + t.tv_nsec / 1e6;
}

typedef struct {
    pthread_t caller;
    int calls;
    int cancel_after;     /* cancel at this many reports; 0: never */
    int cancel_on_values; /* cancel at the first report with an estimate */
    int gave_up;          /* cancelled after GIVE_UP_MS without one */
    double last_fraction;
    int rising;
    int wrong_thread;
    int concurrent;
    int inside;
    int with_values;
    double cancelled_at;
} Watch;

static void watch_init(Watch *w, int cancel_after) {
    memset(w, 0, sizeof *w);
    w->caller = pthread_self();
    w->cancel_after = cancel_after;
    w->rising = 1;
}

static int32_t on_progress(void *user, const OddsmithProgressReport *r) {
    Watch *w = (Watch *)user;
    if (w->inside) w->concurrent = 1;
    w->inside = 1;
    if (!pthread_equal(pthread_self(), w->caller)) w->wrong_thread = 1;
    if (r->fraction < w->last_fraction || r->fraction < 0.0 || r->fraction > 1.0) w->rising = 0;
    w->last_fraction = r->fraction;
    if (r->value_count > 0 && r->value_count <= 10) w->with_values++;
    w->calls++;
    w->inside = 0;
    if (w->cancel_on_values && r->elapsed_ms > GIVE_UP_MS) w->gave_up = 1;
    if ((w->cancel_after > 0 && w->calls >= w->cancel_after) ||
        (w->cancel_on_values && (r->value_count > 0 || w->gave_up))) {
        w->cancelled_at = now_ms();
        return 1;
    }
    return 0;
}

/* Cancels at the first report that carries an estimate: reports come by
 * the clock, estimates when a round of work is done, so waiting for one
 * (not for a number of reports) holds on a machine of any speed. */
static void watch_for_values(Watch *w) {
    watch_init(w, 0);
    w->cancel_on_values = 1;
}

static OddsmithProgress progress_of(Watch *w, uint32_t interval_ms) {
    OddsmithProgress p;
    p.callback = on_progress;
    p.user = w;
    p.interval_ms = interval_ms;
    return p;
}

static int clean(const Watch *w) {
    return w->rising && !w->wrong_thread && !w->concurrent;
}

static void equity_request(OddsmithEquityRequest *req, const char *board, uint32_t mode) {
    memset(req, 0, sizeof *req);
    req->players[0] = "random";
    req->players[1] = "random";
    req->players[2] = "random";
    req->player_count = 3;
    req->board = board;
    req->mode = mode;
    req->seed = 7;
}

static void test_equity(void) {
    OddsmithEquityRequest req;
    OddsmithEquityResult r;
    OddsmithProgress p;
    Watch w;
    double sum = 0.0;
    int i;

    /* Monte Carlo to a deadline: fractions rise to 1 (how many reports
     * come within it depends on the machine). */
    equity_request(&req, NULL, ODDSMITH_MODE_MONTE_CARLO);
    req.target_stderr = 1e-6;
    req.time_budget_ms = 300;
    watch_init(&w, 0);
    p = progress_of(&w, 20);
    req.progress = &p;
    CHECK(oddsmith_equity(&req, &r) == ODDSMITH_OK);
    CHECK(r.partial == 0 && r.exact == 0);
    CHECK(w.calls >= 1 && clean(&w) && w.last_fraction == 1.0);

    /* Cancelled at the first estimate: the estimate so far, marked
     * partial. */
    req.time_budget_ms = 600000;
    watch_for_values(&w);
    CHECK(oddsmith_equity(&req, &r) == ODDSMITH_ERR_CANCELLED);
    CHECK(now_ms() - w.cancelled_at < CANCEL_MS);
    CHECK(!w.gave_up && w.with_values == 1 && clean(&w));
    CHECK(r.partial == 1 && r.exact == 0 && r.tuples > 0 && r.player_count == 3);
    for (i = 0; i < 3; i++) sum += r.equity[i];
    CHECK(fabs(sum - 1.0) < 1e-9 && r.std_error > 0.0 && r.std_error < 0.05);

    /* Exact work (about a minute) cancelled at the first report: the
     * shape, no numbers. */
    equity_request(&req, "Ks7c2d", ODDSMITH_MODE_EXACT);
    req.time_budget_ms = 120000;
    req.threads = 1;
    watch_init(&w, 1);
    p = progress_of(&w, 10);
    req.progress = &p;
    CHECK(oddsmith_equity(&req, &r) == ODDSMITH_ERR_CANCELLED);
    CHECK(now_ms() - w.cancelled_at < CANCEL_MS);
    CHECK(w.calls == 1 && r.partial == 1 && r.player_count == 3 && r.equity[0] == 0.0);

    /* The same with the shared pool. */
    req.threads = 0;
    watch_init(&w, 2);
    CHECK(oddsmith_equity(&req, &r) == ODDSMITH_ERR_CANCELLED);
    CHECK(now_ms() - w.cancelled_at < CANCEL_MS && r.partial == 1);

    /* A NULL callback is no progress; a complete exact answer is never
     * partial. */
    memset(&req, 0, sizeof req);
    req.players[0] = "AhKh";
    req.players[1] = "QsQd";
    req.player_count = 2;
    req.board = "Ks7c2d";
    p.callback = NULL;
    req.progress = &p;
    CHECK(oddsmith_equity(&req, &r) == ODDSMITH_OK && r.exact == 1 && r.partial == 0);
    watch_init(&w, 0);
    p = progress_of(&w, 10);
    CHECK(oddsmith_equity(&req, &r) == ODDSMITH_OK && r.exact == 1 && r.partial == 0);
    CHECK(w.calls >= 1 && w.last_fraction == 1.0 && clean(&w));
}

static void test_hand_strength(void) {
    OddsmithStrengthResult s;
    OddsmithProgress p;
    Watch w;
    int status;

    /* Monte Carlo to 0.001 takes some tens of ms: report every ms. */
    watch_init(&w, 0);
    p = progress_of(&w, 1);
    CHECK(oddsmith_hand_strength("AhKh", NULL, 4, 600000, 3, 0, &p, &s) == ODDSMITH_OK);
    CHECK(s.partial == 0 && w.calls >= 1 && w.last_fraction == 1.0 && clean(&w));
    /* Cancelled at its first estimate. The work is short, so it may end
     * before an estimate is reported: then it is whole, never partial. */
    watch_for_values(&w);
    status = oddsmith_hand_strength("AhKh", NULL, 4, 600000, 3, 0, &p, &s);
    if (status == ODDSMITH_ERR_CANCELLED) {
        CHECK(now_ms() - w.cancelled_at < CANCEL_MS && !w.gave_up);
        CHECK(s.partial == 1 && s.win > 0.1 && s.win < 0.6 && s.equity >= s.win);
    } else {
        CHECK(status == ODDSMITH_OK && w.with_values == 0);
        CHECK(s.partial == 0 && w.last_fraction == 1.0);
    }
}

static void minion(OddsmithMinion *m, int attack, int health) {
    memset(m, 0, sizeof *m);
    m->attack = attack;
    m->health = health;
}

static void test_combat(void) {
    OddsmithMinion a[7], b[7];
    OddsmithCombatOptions o;
    OddsmithCombatResult r;
    OddsmithProgress p;
    Watch w;
    int i;

    for (i = 0; i < 7; i++) {
        minion(&a[i], 2 + i % 3, 3 + i);
        minion(&b[i], 3 + i % 2, 2 + i);
    }
    memset(&o, 0, sizeof o);
    o.mode = ODDSMITH_COMBAT_MONTE_CARLO;
    o.samples = 4000000000u;
    o.seed = 5;
    /* Estimates come after each round of 262,144 combats. */
    watch_for_values(&w);
    p = progress_of(&w, 150);
    o.progress = &p;
    CHECK(oddsmith_combat(a, 7, b, 7, 3, 3, &o, &r) == ODDSMITH_ERR_CANCELLED);
    CHECK(now_ms() - w.cancelled_at < CANCEL_MS);
    CHECK(r.partial == 1 && r.exact == 0 && r.states >= 262144 && clean(&w));
    CHECK(!w.gave_up && w.with_values == 1);
    CHECK(fabs(r.win + r.draw + r.loss - 1.0) < 1e-9);

    /* Exact and complete: never partial, one report of 1 at the end. */
    o.mode = ODDSMITH_COMBAT_AUTO;
    watch_init(&w, 0);
    CHECK(oddsmith_combat(a, 2, b, 2, 1, 1, &o, &r) == ODDSMITH_OK);
    CHECK(r.exact == 1 && r.partial == 0 && w.last_fraction == 1.0 && clean(&w));
}

/* A race cancelled after two reports returns the best order so far,
 * marked partial; an exact search that completes is not partial. */
static void test_best_order(void) {
    OddsmithMinion a[7], b[7];
    OddsmithCombatOptions o;
    OddsmithBestOrderResult r;
    OddsmithProgress p;
    Watch w;
    int i, seen = 0;

    for (i = 0; i < 7; i++) {
        minion(&a[i], 2 + i, 9 - i);
        minion(&b[i], 3 + i % 2, 2 + i);
    }
    memset(&o, 0, sizeof o);
    o.mode = ODDSMITH_COMBAT_MONTE_CARLO;
    o.samples = 4000000000u;
    watch_init(&w, 2);
    p = progress_of(&w, 10);
    o.progress = &p;
    CHECK(oddsmith_combat_best_order(a, 7, b, 7, 3, 3, &o, NULL, &r) == ODDSMITH_ERR_CANCELLED);
    CHECK(now_ms() - w.cancelled_at < CANCEL_MS);
    CHECK(r.partial == 1 && r.exact == 0 && r.orders == 5040 && r.order_count == 7 && clean(&w));
    /* The order so far is an order of the seven. */
    for (i = 0; i < 7; i++) seen |= 1 << r.order[i];
    CHECK(seen == 0x7f);

    o.mode = ODDSMITH_COMBAT_EXACT;
    watch_init(&w, 0);
    CHECK(oddsmith_combat_best_order(a, 3, b, 2, 1, 1, &o, NULL, &r) == ODDSMITH_OK);
    CHECK(r.exact == 1 && r.partial == 0 && r.orders == 6 && w.last_fraction == 1.0 && clean(&w));
}

static void test_split_damage(void) {
    OddsmithSplitTarget t[7];
    OddsmithSplitDamageOptions o;
    OddsmithSplitDamageResult r;
    OddsmithProgress p;
    Watch w;
    int i;

    for (i = 0; i < 7; i++) {
        memset(&t[i], 0, sizeof t[i]);
        t[i].health = 60;
    }
    memset(&o, 0, sizeof o);
    watch_init(&w, 1);
    p = progress_of(&w, 10);
    o.progress = &p;
    CHECK(oddsmith_split_damage(t, 7, 240, &o, &r) == ODDSMITH_ERR_CANCELLED);
    CHECK(now_ms() - w.cancelled_at < CANCEL_MS);
    CHECK(r.partial == 1 && r.target_count == 7 && r.kill[0] == 0.0 && clean(&w));

    watch_init(&w, 0);
    t[0].health = t[1].health = t[2].health = 5;
    CHECK(oddsmith_split_damage(t, 3, 10, &o, &r) == ODDSMITH_OK);
    CHECK(r.partial == 0 && r.kill[0] > 0.0 && w.last_fraction == 1.0 && clean(&w));
}

static void test_expectimax(void) {
    OddsmithExpectimaxOptions o;
    OddsmithPigResult pig, plain;
    OddsmithProgress p;
    Watch w;
    uint32_t counts[6] = {3, 2, 2, 3, 1, 2};
    double value = 0.0, value_plain = -1.0;
    uint64_t states = 0;

    memset(&o, 0, sizeof o);
    CHECK(oddsmith_pig(60, 6, 0, 0, 0, &o, &plain) == ODDSMITH_OK);
    watch_init(&w, 0);
    p = progress_of(&w, 1);
    o.progress = &p;
    CHECK(oddsmith_pig(60, 6, 0, 0, 0, &o, &pig) == ODDSMITH_OK);
    CHECK(pig.partial == 0 && pig.win_probability == plain.win_probability);
    CHECK(w.calls >= 1 && w.last_fraction == 1.0 && clean(&w));

    watch_init(&w, 1);
    CHECK(oddsmith_pig(100, 6, 0, 0, 0, &o, &pig) == ODDSMITH_ERR_CANCELLED);
    CHECK(now_ms() - w.cancelled_at < CANCEL_MS);
    CHECK(pig.partial == 1 && pig.win_probability == 0.0 && w.calls == 1);

    /* Coins: the same value with or without a progress. */
    CHECK(oddsmith_coins_expectation(counts, 3, NULL, 2, NULL, &value_plain, NULL) == ODDSMITH_OK);
    watch_init(&w, 0);
    CHECK(oddsmith_coins_expectation(counts, 3, NULL, 2, &p, &value, &states) == ODDSMITH_OK);
    CHECK(value == value_plain && states > 0 && w.last_fraction == 1.0 && clean(&w));
}

static void test_durak(void) {
    OddsmithDurakRules rules;
    OddsmithDurakGame *game = NULL;
    OddsmithDurakObservation obs;
    OddsmithDurakBudget budget;
    OddsmithDurakMove best;
    OddsmithDurakStats stats;
    OddsmithProgress p;
    Watch w;
    uint32_t to_move = 0;

    memset(&rules, 0, sizeof rules);
    rules.players = 2;
    rules.deck_size = 36;
    CHECK(oddsmith_durak_new(&rules, 11, &game) == ODDSMITH_OK);
    CHECK(oddsmith_durak_to_move(game, &to_move) == ODDSMITH_OK);
    CHECK(oddsmith_durak_observe(game, to_move, &obs) == ODDSMITH_OK);
    memset(&budget, 0, sizeof budget);
    budget.iterations = 100000000u;
    budget.threads = 1;
    watch_for_values(&w);
    p = progress_of(&w, 10);
    budget.progress = &p;
    CHECK(oddsmith_durak_best_move(&obs, &budget, &best, &stats) == ODDSMITH_ERR_CANCELLED);
    CHECK(now_ms() - w.cancelled_at < CANCEL_MS);
    CHECK(stats.partial == 1 && stats.iterations > 0 && stats.iterations < 100000000u);
    CHECK(best.kind == ODDSMITH_DURAK_ATTACK && clean(&w) && !w.gave_up && w.with_values == 1);
    /* The move so far is legal. */
    CHECK(oddsmith_durak_apply(game, &best) == ODDSMITH_OK);
    oddsmith_durak_free(game);
}

int main(void) {
    test_equity();
    test_hand_strength();
    test_combat();
    test_best_order();
    test_split_damage();
    test_expectimax();
    test_durak();
    return CHECK_SUMMARY("c");
}
