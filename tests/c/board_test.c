/* C client test of oddsmith_board: class rows against what the range
 * holds, the whole equity against oddsmith_equity, several boards against
 * each alone, the time budget, a cancel, and the errors naming their
 * input. */
#include "oddsmith.h"
#include "check.h"

#include <math.h>
#include <stdint.h>
#include <string.h>

static const OddsmithBoardClass *row(const OddsmithBoardResult *r, const char *key) {
    size_t i;
    for (i = 0; i < ODDSMITH_BOARD_CLASSES; i++)
        if (strcmp((const char *)r->classes[i].key, key) == 0) return &r->classes[i];
    return NULL;
}

static void question(OddsmithBoardQuestion *q, const char *range, const char *board) {
    memset(q, 0, sizeof *q);
    q->range = range;
    q->board = board;
}

static int32_t cancel_at_once(void *user, const OddsmithProgressReport *report) {
    (void)report;
    ++*(int *)user;
    return 1;
}

/* The status of a question, and whether the last error names `name`. */
static int fails_naming(const OddsmithBoardQuestion *q, OddsmithStatus status, const char *name) {
    OddsmithBoardResult r;
    char text[256];
    r.boards = 77;
    if (oddsmith_board(q, &r) != status) return 0;
    oddsmith_last_error_message(text, sizeof text);
    /* Failed calls leave the result alone. */
    return strstr(text, name) != NULL && r.boards == 77;
}

int main(void) {
    OddsmithBoardQuestion q;
    OddsmithBoardResult r, a, b;
    OddsmithEquityRequest req;
    OddsmithEquityResult e;
    OddsmithProgress p;
    double made = 0.0;
    int calls = 0;
    size_t i;

    /* QQ+,AKs on Ks7c2d: KK is a set (3 combos: the Ks is out), AKs top
     * pair top kicker (3: AsKs is out), AA an overpair, QQ between the K
     * and the 2 a middle pair. */
    question(&q, "QQ+,AKs", "Ks7c2d");
    CHECK(oddsmith_board(&q, &r) == ODDSMITH_OK);
    CHECK(r.boards == 1 && r.combos == 18.0 && r.has_equity == 0 && r.partial == 0);
    CHECK(row(&r, "set") && row(&r, "set")->combos == 3.0 && row(&r, "set")->draw == 0);
    CHECK(row(&r, "top_pair_top_kicker")->combos == 3.0);
    CHECK(row(&r, "overpair")->combos == 6.0 && row(&r, "middle_pair")->combos == 6.0);
    CHECK(fabs(row(&r, "overpair")->share - 6.0 / 18.0) < 1e-12);
    CHECK(row(&r, "flush_draw") && row(&r, "flush_draw")->draw == 1);
    for (i = 0; i < ODDSMITH_BOARD_CLASSES; i++)
        if (!r.classes[i].draw) made += r.classes[i].share;
    CHECK(fabs(made - 1.0) < 1e-12);

    /* With vs: the whole range's equity is oddsmith_equity's. */
    q.vs = "KJ+,77,A5s";
    CHECK(oddsmith_board(&q, &r) == ODDSMITH_OK);
    memset(&req, 0, sizeof req);
    req.players[0] = "QQ+,AKs";
    req.players[1] = "KJ+,77,A5s";
    req.player_count = 2;
    req.board = "Ks7c2d";
    req.mode = ODDSMITH_MODE_EXACT;
    CHECK(oddsmith_equity(&req, &e) == ODDSMITH_OK);
    CHECK(r.has_equity == 1 && fabs(r.equity - e.equity[0]) < 1e-9);
    CHECK(row(&r, "set")->has_equity == 1 && row(&r, "set")->equity > 0.8);
    /* No combo of the range is a straight: no equity for that class. */
    CHECK(row(&r, "straight")->combos == 0.0 && row(&r, "straight")->has_equity == 0);

    /* Two boards: each class the mean of the two alone. */
    question(&q, "JJ+,AQs+", "Ks7c2d,Ah9h8c2s");
    q.threads = 2;
    CHECK(oddsmith_board(&q, &r) == ODDSMITH_OK && r.boards == 2);
    question(&q, "JJ+,AQs+", "Ks7c2d");
    CHECK(oddsmith_board(&q, &a) == ODDSMITH_OK);
    question(&q, "JJ+,AQs+", "Ah9h8c2s");
    CHECK(oddsmith_board(&q, &b) == ODDSMITH_OK);
    for (i = 0; i < ODDSMITH_BOARD_CLASSES; i++)
        CHECK(fabs(r.classes[i].combos - (a.classes[i].combos + b.classes[i].combos) / 2) < 1e-12);

    /* Every flop, over its time budget. */
    question(&q, "random", NULL);
    q.all_flops = 1;
    q.vs = "random";
    q.threads = 1;
    q.time_budget_ms = 20;
    CHECK(fails_naming(&q, ODDSMITH_ERR_BUDGET_EXCEEDED, ""));

    /* Cancelled at the first report: the shape, no numbers. */
    q.time_budget_ms = 0;
    p.callback = cancel_at_once;
    p.user = &calls;
    p.interval_ms = 1;
    q.progress = &p;
    CHECK(oddsmith_board(&q, &r) == ODDSMITH_ERR_CANCELLED);
    CHECK(calls >= 1 && r.partial == 1 && r.boards == 0 && r.combos == 0.0);
    CHECK(strcmp((const char *)r.classes[0].key, "high_card") == 0);

    /* Errors name their input. */
    question(&q, "QQ+,AKz", "Ks7c2d");
    CHECK(fails_naming(&q, ODDSMITH_ERR_PARSE, "range"));
    question(&q, "QQ+", "Ks7c2d,Ah9hZc");
    CHECK(fails_naming(&q, ODDSMITH_ERR_PARSE, "board 2"));
    question(&q, "QQ+", "Ks7c2d");
    q.vs = "JJ-";
    CHECK(fails_naming(&q, ODDSMITH_ERR_PARSE, "vs"));
    question(&q, "QQ+", "Ks7c");
    CHECK(fails_naming(&q, ODDSMITH_ERR_INVALID_ARGUMENT, "3 to 5"));
    question(&q, "AhAd", "Ah7c2d");
    CHECK(fails_naming(&q, ODDSMITH_ERR_INVALID_ARGUMENT, "no combo"));
    question(&q, "QQ+", "Ks7c2d");
    q.all_flops = 1;
    CHECK(fails_naming(&q, ODDSMITH_ERR_INVALID_ARGUMENT, "not both"));
    question(&q, "QQ+", NULL);
    CHECK(fails_naming(&q, ODDSMITH_ERR_INVALID_ARGUMENT, "board"));
    question(&q, NULL, "Ks7c2d");
    CHECK(fails_naming(&q, ODDSMITH_ERR_NULL_POINTER, "range"));
    CHECK(oddsmith_board(NULL, &r) == ODDSMITH_ERR_NULL_POINTER);
    CHECK(oddsmith_board(&q, NULL) == ODDSMITH_ERR_NULL_POINTER);

    return CHECK_SUMMARY("c");
}
