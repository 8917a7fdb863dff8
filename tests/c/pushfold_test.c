/* C client test of oddsmith_pushfold: the exact heads-up answer (combos,
 * grid, values), a three-handed ICM table by CFR+, the spot buffer's
 * size, the time budget, a cancel, and the errors naming their input. */
#include "oddsmith.h"
#include "check.h"

#include <math.h>
#include <stdint.h>
#include <string.h>

static void question(OddsmithPushFoldQuestion *q, const double *stacks, size_t n) {
    memset(q, 0, sizeof *q);
    q->stacks = stacks;
    q->stack_count = n;
}

/* The chance of a spot for two cards ("AcAd"). */
static double combo(const OddsmithPushFoldSpot *s, const char *cards) {
    uint8_t c[2];
    size_t len = 0, a, b;
    if (oddsmith_cards_parse(cards, c, 2, &len) != ODDSMITH_OK || len != 2) return -1.0;
    a = c[0] < c[1] ? c[0] : c[1];
    b = c[0] < c[1] ? c[1] : c[0];
    return s->combos[b * (b - 1) / 2 + a];
}

static int32_t cancel_at_once(void *user, const OddsmithProgressReport *report) {
    (void)report;
    ++*(int *)user;
    return 1;
}

/* Whether a question fails with `status` and a message naming `name`,
 * leaving the result alone. */
static int fails_naming(const OddsmithPushFoldQuestion *q, OddsmithStatus status, const char *name) {
    static OddsmithPushFoldSpot spots[6];
    OddsmithPushFoldResult r;
    size_t count = 0;
    char text[256];
    r.players = 77;
    if (oddsmith_pushfold(q, &r, spots, 6, &count) != status) return 0;
    oddsmith_last_error_message(text, sizeof text);
    return strstr(text, name) != NULL && r.players == 77;
}

static OddsmithPushFoldSpot spots[6];

int main(void) {
    const double heads_up[2] = {10.0, 10.0};
    const double three[3] = {10.0, 10.0, 10.0};
    const double eleven[11] = {10, 10, 10, 10, 10, 10, 10, 10, 10, 10, 10};
    const double payouts[3] = {50.0, 30.0, 20.0};
    const double bad_payouts[2] = {50.0, -1.0};
    OddsmithPushFoldQuestion q;
    OddsmithPushFoldResult r;
    OddsmithProgress p;
    size_t count = 0, i, k;
    double ako = 0.0, sum = 0.0;
    int calls = 0, in_range = 1;

    CHECK(oddsmith_pushfold_spot_count(2) == 2 && oddsmith_pushfold_spot_count(3) == 6);
    CHECK(oddsmith_pushfold_spot_count(10) == 1022 && oddsmith_pushfold_spot_count(11) == 0);

    /* Heads-up at 10 bb, chip EV: exact. */
    question(&q, heads_up, 2);
    CHECK(oddsmith_pushfold(&q, &r, spots, 6, &count) == ODDSMITH_OK);
    CHECK(count == 2 && r.players == 2 && r.spot_count == 2 && r.exact == 1 && r.partial == 0);
    CHECK(r.exploitability <= 1e-9 && r.values[0] == -r.values[1] && r.values[2] == 0.0);
    CHECK(strcmp((const char *)spots[0].position, "SB") == 0 && spots[0].opener == -1);
    CHECK(strcmp((const char *)spots[1].describe, "BB after SB pushes") == 0 && spots[1].opener == 0);
    CHECK(combo(&spots[0], "AcAd") == 1.0 && combo(&spots[1], "AhAs") == 1.0);
    /* AKo's cell (row K, column A) is the mean of its 12 combos. */
    {
        const char *suits = "cdhs";
        char cards[5] = "AxKx";
        for (i = 0; i < 4; i++)
            for (k = 0; k < 4; k++)
                if (i != k) {
                    cards[1] = suits[i];
                    cards[3] = suits[k];
                    ako += combo(&spots[1], cards) / 12.0;
                }
    }
    CHECK(fabs(spots[1].grid[1 * 13 + 0] - ako) < 1e-12);

    /* Three-handed with ICM, a small sample, a loose target. */
    question(&q, three, 3);
    q.payouts = payouts;
    q.payout_count = 3;
    q.samples = 2000;
    q.target = 0.05;
    CHECK(oddsmith_pushfold(&q, &r, spots, 5, &count) == ODDSMITH_ERR_BUFFER_TOO_SMALL && count == 6);
    CHECK(oddsmith_pushfold(&q, &r, spots, 6, &count) == ODDSMITH_OK);
    CHECK(count == 6 && r.players == 3 && r.exact == 0 && r.sampled == 1 && r.deals == 2000);
    CHECK(r.exploitability <= 0.05 && r.partial == 0 && r.iterations > 0);
    for (i = 0; i < 3; i++) sum += r.values[i];
    CHECK(fabs(sum) < 1e-9); /* what one seat wins another loses */
    for (i = 0; i < count; i++)
        for (k = 0; k < ODDSMITH_PUSHFOLD_CLASSES; k++)
            in_range &= spots[i].grid[k] >= 0.0 && spots[i].grid[k] <= 1.0;
    CHECK(in_range);
    CHECK(strcmp((const char *)spots[0].describe, "BTN opens") == 0);
    /* A class's combos play alike: each is the class's share. */
    CHECK(fabs(combo(&spots[0], "AsAh") - spots[0].grid[0]) < 1e-12 && spots[0].grid[0] > 0.5);

    /* A time budget ends CFR+ with the best strategy so far: not partial. */
    q.target = 1e-9;
    q.samples = 20000;
    q.time_budget_ms = 1;
    CHECK(oddsmith_pushfold(&q, &r, spots, 6, &count) == ODDSMITH_OK);
    CHECK(r.partial == 0 && r.exploitability > 1e-9);

    /* A cancel at the first report: the best strategy so far, partial. */
    q.time_budget_ms = 0;
    p.callback = cancel_at_once;
    p.user = &calls;
    p.interval_ms = 1;
    q.progress = &p;
    CHECK(oddsmith_pushfold(&q, &r, spots, 6, &count) == ODDSMITH_ERR_CANCELLED);
    CHECK(calls == 1 && r.partial == 1 && count == 6 && r.players == 3);

    question(&q, eleven, 11);
    CHECK(fails_naming(&q, ODDSMITH_ERR_INVALID_ARGUMENT, "stacks"));
    question(&q, heads_up, 2);
    q.small_blind = 2.0;
    CHECK(fails_naming(&q, ODDSMITH_ERR_INVALID_ARGUMENT, "blinds"));
    question(&q, heads_up, 2);
    q.payouts = bad_payouts;
    q.payout_count = 2;
    CHECK(fails_naming(&q, ODDSMITH_ERR_INVALID_ARGUMENT, "payout"));
    question(&q, NULL, 2);
    CHECK(fails_naming(&q, ODDSMITH_ERR_NULL_POINTER, "stacks"));
    return CHECK_SUMMARY("c");
}
