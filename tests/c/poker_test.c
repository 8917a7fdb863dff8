/* C client test of the poker entries: evaluation, batch, categories,
 * descriptions, equity and hand strength, with their error statuses. */
#include "oddsmith.h"
#include "check.h"

#include <math.h>
#include <stdint.h>
#include <string.h>

/* Field by field: padding bytes of the structs are unspecified. */
static int same_equity(const OddsmithEquityResult *a, const OddsmithEquityResult *b) {
    size_t i, c;
    if (a->player_count != b->player_count || a->tuples != b->tuples || a->exact != b->exact ||
        a->std_error != b->std_error)
        return 0;
    for (i = 0; i < ODDSMITH_MAX_PLAYERS; i++) {
        if (a->equity[i] != b->equity[i] || a->win[i] != b->win[i] || a->tie[i] != b->tie[i]) return 0;
        for (c = 0; c < ODDSMITH_CATEGORY_COUNT; c++)
            if (a->categories[i][c] != b->categories[i][c]) return 0;
    }
    return 1;
}

static void parse(const char *text, uint8_t *cards, size_t cap) {
    size_t len = 0;
    CHECK(oddsmith_cards_parse(text, cards, cap, &len) == ODDSMITH_OK && len == cap);
}

int main(void) {
    uint8_t royal[7], two_pair[5], batch[14];
    uint16_t rank = 0, ranks[2] = {0, 0};
    uint32_t category = 99;
    char text[64];
    size_t len = 0;
    OddsmithEquityRequest req;
    OddsmithEquityResult r;
    OddsmithStrengthResult s;

    CHECK(oddsmith_init(0) == ODDSMITH_OK);
    CHECK(oddsmith_init(0) == ODDSMITH_OK);
    CHECK(oddsmith_init(100000) == ODDSMITH_ERR_INVALID_ARGUMENT);
    parse("AhKhQhJhTh9c2d", royal, 7);
    CHECK(oddsmith_eval7(royal, &rank) == ODDSMITH_OK && rank == 7462);
    CHECK(oddsmith_hand_category(rank, &category) == ODDSMITH_OK && category == 8);
    parse("KhKs7d7c2h", two_pair, 5);
    CHECK(oddsmith_eval5(two_pair, &rank) == ODDSMITH_OK);
    CHECK(oddsmith_hand_describe(rank, text, sizeof text, &len) == ODDSMITH_OK);
    CHECK(strcmp(text, "Two Pair, Kings and Sevens") == 0 && len == strlen(text));
    CHECK(oddsmith_hand_describe(rank, text, 4, &len) == ODDSMITH_ERR_BUFFER_TOO_SMALL && strlen(text) == 3);

    memcpy(batch, royal, 7);
    parse("2c3d4h5s7c8d9h", batch + 7, 7);
    CHECK(oddsmith_eval_batch(batch, 2, 7, ranks, 2) == ODDSMITH_OK);
    CHECK(ranks[0] == 7462 && ranks[1] > 0 && ranks[1] < 7462);
    CHECK(oddsmith_eval_batch(batch, 2, 7, ranks, 1) == ODDSMITH_ERR_BUFFER_TOO_SMALL);
    CHECK(oddsmith_eval_batch(batch, 2, 8, ranks, 2) == ODDSMITH_ERR_INVALID_ARGUMENT);
    royal[1] = royal[0];
    CHECK(oddsmith_eval7(royal, &rank) == ODDSMITH_ERR_DUPLICATE_CARD);
    royal[1] = 60;
    CHECK(oddsmith_eval7(royal, &rank) == ODDSMITH_ERR_INVALID_ARGUMENT);
    CHECK(oddsmith_hand_category(0, &category) == ODDSMITH_ERR_INVALID_ARGUMENT);
    CHECK(oddsmith_eval5(NULL, &rank) == ODDSMITH_ERR_NULL_POINTER);

    memset(&req, 0, sizeof req);
    req.players[0] = "AhKh";
    req.players[1] = "QsQd";
    req.player_count = 2;
    req.mode = ODDSMITH_MODE_EXACT;
    req.threads = 1;
    /* A budget no machine reaches: answers that may not depend on its
     * speed (the budget tests below set their own). */
    req.time_budget_ms = 600000;
    CHECK(oddsmith_equity(&req, &r) == ODDSMITH_OK);
    CHECK(r.exact == 1 && r.tuples == 1712304u);
    CHECK(fabs(r.equity[0] - 0.462145) < 5e-7 && fabs(r.tie[1] - 0.001966) < 5e-7);

    req.players[0] = "QQ+,AKs";
    req.players[1] = "JJ-88,AQs";
    req.board = "Ks7c2d";
    CHECK(oddsmith_equity(&req, &r) == ODDSMITH_OK);
    CHECK(fabs(r.equity[0] + r.equity[1] - 1.0) < 1e-12);

    req.board = NULL;
    req.players[0] = "AhKh";
    req.players[1] = "QsQd";
    req.players[2] = "random";
    req.player_count = 3;
    req.mode = ODDSMITH_MODE_MONTE_CARLO;
    req.target_stderr = 0.005;
    req.seed = 11;
    CHECK(oddsmith_equity(&req, &r) == ODDSMITH_OK);
    CHECK(r.exact == 0 && r.std_error <= 0.005 && r.std_error > 0.0);

    CHECK(oddsmith_hand_strength("AhKh", "As7c2d", 1, 600000, 1, 0, NULL, &s) == ODDSMITH_OK);
    CHECK(s.exact == 1 && s.win > 0.8);
    CHECK(oddsmith_hand_strength("AhKh", NULL, 3, 1, 1, 1, NULL, &s) == ODDSMITH_OK);
    CHECK(s.exact == 0 && s.win > 0.0);

    /* A seed and a target give the same Monte Carlo answer on any thread
     * count (chunked streams); too many threads are refused at once. */
    {
        OddsmithEquityResult one;
        req.threads = 1;
        CHECK(oddsmith_equity(&req, &one) == ODDSMITH_OK);
        req.threads = 3;
        CHECK(oddsmith_equity(&req, &r) == ODDSMITH_OK);
        CHECK(same_equity(&r, &one));
        req.threads = 1000;
        CHECK(oddsmith_equity(&req, &r) == ODDSMITH_OK);
        CHECK(same_equity(&r, &one));
        req.threads = 100000;
        CHECK(oddsmith_equity(&req, &r) == ODDSMITH_ERR_INVALID_ARGUMENT);
        req.threads = UINT32_MAX;
        CHECK(oddsmith_equity(&req, &r) == ODDSMITH_ERR_INVALID_ARGUMENT);
        oddsmith_last_error_message(text, sizeof text);
        CHECK(strstr(text, "at most 1024") != NULL);
        CHECK(oddsmith_hand_strength("AhKh", NULL, 1, 100, 1, 100000, NULL, &s) == ODDSMITH_ERR_INVALID_ARGUMENT);
        req.threads = 1;
    }

    /* Exact mode keeps to its time budget; far too many tuples are refused
     * from an estimate, at once. */
    req.players[0] = "AhKh";
    req.players[1] = "random";
    req.players[2] = "random";
    req.player_count = 3;
    req.mode = ODDSMITH_MODE_EXACT;
    req.time_budget_ms = 100;
    CHECK(oddsmith_equity(&req, &r) == ODDSMITH_ERR_BUDGET_EXCEEDED);
    oddsmith_last_error_message(text, sizeof text);
    CHECK(strstr(text, "time budget") != NULL);
    req.mode = ODDSMITH_MODE_AUTO;
    CHECK(oddsmith_equity(&req, &r) == ODDSMITH_OK && r.exact == 0);
    /* Heads-up preflop ranges come from the matchup table, exact at once. */
    req.players[0] = "random";
    req.player_count = 2;
    req.mode = ODDSMITH_MODE_EXACT;
    CHECK(oddsmith_equity(&req, &r) == ODDSMITH_OK && r.exact == 1);
    CHECK(fabs(r.equity[0] - 0.5) < 1e-12);
    req.players[0] = "random";
    req.players[1] = "random";
    req.players[2] = "random";
    req.player_count = 3;
    req.mode = ODDSMITH_MODE_EXACT;
    req.time_budget_ms = 60000;
    CHECK(oddsmith_equity(&req, &r) == ODDSMITH_ERR_BUDGET_EXCEEDED);
    oddsmith_last_error_message(text, sizeof text);
    CHECK(strncmp(text, "about ", 6) == 0);

    /* Per-combo breakdown: the rows add up to the players' equities. */
    {
        static OddsmithComboEquity rows[ODDSMITH_MAX_COMBO_ROWS];
        OddsmithEquityResult total;
        size_t count = 0, i;
        double weighted[2] = {0, 0}, deals[2] = {0, 0};
        memset(&req, 0, sizeof req);
        req.players[0] = "QQ+,AKs";
        req.players[1] = "JJ-88,AQs";
        req.player_count = 2;
        req.board = "Ks7c2d";
        CHECK(oddsmith_equity_by_combo(&req, &total, NULL, 0, &count) == ODDSMITH_ERR_BUFFER_TOO_SMALL);
        CHECK(count > 0 && count <= ODDSMITH_MAX_COMBO_ROWS);
        CHECK(oddsmith_equity_by_combo(&req, &total, rows, ODDSMITH_MAX_COMBO_ROWS, &count) == ODDSMITH_OK);
        for (i = 0; i < count; i++) {
            CHECK(rows[i].player < 2 && rows[i].cards[0] < rows[i].cards[1] && rows[i].cards[1] < 52);
            weighted[rows[i].player] += rows[i].equity * rows[i].deals;
            deals[rows[i].player] += rows[i].deals;
        }
        CHECK(fabs(weighted[0] / deals[0] - total.equity[0]) < 1e-12);
        CHECK(fabs(weighted[1] / deals[1] - total.equity[1]) < 1e-12);
        CHECK(oddsmith_equity_by_combo(&req, NULL, rows, 1, &count) == ODDSMITH_ERR_BUFFER_TOO_SMALL);
        req.board = NULL; /* preflop: from the matchup table */
        CHECK(oddsmith_equity_by_combo(&req, &total, rows, ODDSMITH_MAX_COMBO_ROWS, &count) == ODDSMITH_OK);
        CHECK(count == 22 + 28 && total.exact == 1);
        req.players[2] = "random"; /* three players preflop: not built */
        req.player_count = 3;
        CHECK(oddsmith_equity_by_combo(&req, NULL, rows, ODDSMITH_MAX_COMBO_ROWS, &count) == ODDSMITH_ERR_INVALID_ARGUMENT);
        req.board = "Ks7c2d"; /* three players on a flop: the sweep's */
        CHECK(oddsmith_equity_by_combo(&req, &total, rows, ODDSMITH_MAX_COMBO_ROWS, &count) == ODDSMITH_OK);
        CHECK(count == 18 + 28 + 1176 && total.exact == 1);
        CHECK(oddsmith_equity_by_combo(&req, NULL, rows, ODDSMITH_MAX_COMBO_ROWS, NULL) == ODDSMITH_ERR_NULL_POINTER);
        /* Sampling gives no breakdown: a bad request, refused at once. */
        req.mode = ODDSMITH_MODE_MONTE_CARLO;
        CHECK(oddsmith_equity_by_combo(&req, NULL, rows, ODDSMITH_MAX_COMBO_ROWS, &count) == ODDSMITH_ERR_INVALID_ARGUMENT);
        oddsmith_last_error_message(text, sizeof text);
        CHECK(strstr(text, "Monte Carlo gives no per-combo breakdown") != NULL);
    }

    /* Weights are relative: huge or tiny ones count as their ratios (no
     * NaN, no "conflict"), in Hold'em and short deck; too far apart is a
     * bad argument. */
    {
        static const char *const pairs[][2] = {
            {"AA", "KK"}, {"AA:1e160", "KK:1e160"}, {"AA:1e308", "KK"}, {"AA:1e-200", "KK:1e-200"}};
        uint32_t games[2] = {ODDSMITH_GAME_HOLDEM, ODDSMITH_GAME_SHORT_DECK};
        double plain = 0.0;
        int g, k;
        for (g = 0; g < 2; g++) {
            for (k = 0; k < 4; k++) {
                memset(&req, 0, sizeof req);
                req.players[0] = pairs[k][0];
                req.players[1] = pairs[k][1];
                req.player_count = 2;
                req.board = "Qs7c9d";
                req.mode = ODDSMITH_MODE_EXACT;
                req.game = games[g];
                req.time_budget_ms = 600000;
                CHECK(oddsmith_equity(&req, &r) == ODDSMITH_OK && r.exact == 1);
                CHECK(r.equity[0] == r.equity[0] && r.equity[0] > 0.5);
                if (k == 0) plain = r.equity[0];
                CHECK(fabs(r.equity[0] - plain) < 1e-12);
            }
            req.players[0] = "AA:1,QQ:1e-12";
            CHECK(oddsmith_equity(&req, &r) == ODDSMITH_ERR_INVALID_ARGUMENT);
        }
    }

    /* A zeroed request but for its players is Auto with the defaults. */
    memset(&req, 0, sizeof req);
    req.players[0] = "AhKh";
    req.players[1] = "QsQd";
    req.player_count = 2;
    CHECK(oddsmith_equity(&req, &r) == ODDSMITH_OK);
    CHECK(r.exact == 1 && fabs(r.equity[0] - 0.462145) < 5e-7);
    req.players[0] = "AA:0";
    CHECK(oddsmith_equity(&req, &r) == ODDSMITH_ERR_INVALID_ARGUMENT);
    oddsmith_last_error_message(text, sizeof text);
    CHECK(strstr(text, "weight 0") != NULL);
    req.players[0] = "AhKh";

    /* Errors. */
    req.players[1] = "AhQd";
    req.player_count = 2;
    req.mode = ODDSMITH_MODE_EXACT;
    CHECK(oddsmith_equity(&req, &r) == ODDSMITH_ERR_DUPLICATE_CARD);
    req.players[1] = "AKx";
    CHECK(oddsmith_equity(&req, &r) == ODDSMITH_ERR_PARSE);
    oddsmith_last_error_message(text, sizeof text);
    CHECK(strstr(text, "AKx") != NULL);
    req.players[1] = "QQ";
    req.board = "2c3c";
    CHECK(oddsmith_equity(&req, &r) == ODDSMITH_ERR_INVALID_ARGUMENT);
    req.board = NULL;
    req.player_count = 11;
    CHECK(oddsmith_equity(&req, &r) == ODDSMITH_ERR_INVALID_ARGUMENT);
    req.player_count = 2;
    req.mode = 7;
    CHECK(oddsmith_equity(&req, &r) == ODDSMITH_ERR_INVALID_ARGUMENT);
    req.mode = ODDSMITH_MODE_EXACT;
    req.players[1] = NULL;
    CHECK(oddsmith_equity(&req, &r) == ODDSMITH_ERR_NULL_POINTER);
    CHECK(oddsmith_hand_strength("AhKh", NULL, 0, 0, 1, 1, NULL, &s) == ODDSMITH_ERR_INVALID_ARGUMENT);

    /* Omaha and short deck through the game field. */
    memset(&req, 0, sizeof req);
    req.players[0] = "AsAh2s3h";
    req.players[1] = "JdTd9c8c";
    req.player_count = 2;
    req.game = ODDSMITH_GAME_PLO8;
    req.threads = 1;
    req.time_budget_ms = 600000;
    CHECK(oddsmith_equity(&req, &r) == ODDSMITH_OK);
    CHECK(r.exact == 1 && r.tuples == 1086008u);
    CHECK(fabs(r.equity[0] - r.high[0] - r.low[0]) < 1e-12 && r.low[0] > 0.2 && r.low[1] == 0.0);
    CHECK(fabs(r.equity[0] + r.equity[1] - 1.0) < 1e-12 && r.low_qualifies > 0.5 && r.scoop[0] > 0.5);
    CHECK(r.categories[0][0] == 0.0);
    req.game = ODDSMITH_GAME_PLO4;
    req.players[0] = "AA**:ds";
    req.players[1] = "KsKdQhJh";
    req.board = "Kh7c2s";
    CHECK(oddsmith_equity(&req, &r) == ODDSMITH_OK);
    CHECK(r.exact == 1 && fabs(r.equity[0] - r.high[0]) < 1e-12 && r.equity[1] > 0.5);
    req.players[0] = "AA**:dz";
    CHECK(oddsmith_equity(&req, &r) == ODDSMITH_ERR_PARSE);
    oddsmith_last_error_message(text, sizeof text);
    CHECK(strstr(text, "'dz'") != NULL);
    req.board = NULL;
    req.game = ODDSMITH_GAME_SHORT_DECK;
    req.players[0] = "AhKh";
    req.players[1] = "QsQd";
    CHECK(oddsmith_equity(&req, &r) == ODDSMITH_OK);
    CHECK(r.exact == 1 && r.tuples == 201376u && r.equity[0] > 0.5);
    {
        double standard = r.equity[0];
        req.game = ODDSMITH_GAME_SHORT_DECK_TRITON;
        CHECK(oddsmith_equity(&req, &r) == ODDSMITH_OK);
        CHECK(r.equity[0] < standard);
    }
    req.players[1] = "5s5d";
    CHECK(oddsmith_equity(&req, &r) == ODDSMITH_ERR_INVALID_ARGUMENT);
    req.players[1] = "QsQd";
    req.game = 8;
    CHECK(oddsmith_equity(&req, &r) == ODDSMITH_ERR_INVALID_ARGUMENT);

    return CHECK_SUMMARY("c");
}
