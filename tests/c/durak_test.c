/* C client test of the Durak API: a full 2-player game through the handle
 * with the engine choosing for seat 0 from its observation, legal-move
 * checks, and the error statuses for impossible observations. */
#include "oddsmith.h"
#include "check.h"

#include <stdint.h>
#include <string.h>

static int same_move(OddsmithDurakMove a, OddsmithDurakMove b) {
    return a.kind == b.kind && a.card == b.card && a.target == b.target;
}

int main(void) {
    OddsmithDurakRules rules = {2, 36};
    OddsmithDurakGame *game = NULL;
    OddsmithDurakMove moves[ODDSMITH_DURAK_MAX_MOVES];
    OddsmithDurakObservation obs, bad;
    OddsmithDurakBudget budget;
    OddsmithDurakStats stats;
    OddsmithDurakOutcome outcome;
    OddsmithDurakMove best;
    size_t n = 0, i;
    uint32_t to_move = 0;
    int plies = 0, searched = 0, legal_ok = 1;
    char msg[160];

    memset(&budget, 0, sizeof budget);
    budget.iterations = 300;
    budget.threads = 1;
    budget.seed = 7;

    CHECK(oddsmith_durak_new(&rules, 42, &game) == ODDSMITH_OK && game != NULL);
    for (;;) {
        CHECK(oddsmith_durak_winner(game, &outcome) == ODDSMITH_OK);
        if (outcome.over) break;
        CHECK(oddsmith_durak_to_move(game, &to_move) == ODDSMITH_OK);
        CHECK(oddsmith_durak_game_legal_moves(game, moves, ODDSMITH_DURAK_MAX_MOVES, &n) == ODDSMITH_OK);
        CHECK(n >= 1);
        if (to_move == 0) {
            size_t m = 0;
            OddsmithDurakMove mine[ODDSMITH_DURAK_MAX_MOVES];
            CHECK(oddsmith_durak_observe(game, 0, &obs) == ODDSMITH_OK);
            CHECK(oddsmith_durak_legal_moves(&obs, mine, ODDSMITH_DURAK_MAX_MOVES, &m) == ODDSMITH_OK);
            legal_ok &= (m == n);
            CHECK(oddsmith_durak_best_move(&obs, &budget, &best, &stats) == ODDSMITH_OK);
            CHECK(stats.iterations == 300 && stats.best_visits > 0);
            for (i = 0; i < n && !same_move(moves[i], best); i++) {}
            CHECK(i < n); /* the engine's move is legal */
            searched++;
        } else {
            best = moves[(size_t)plies % n];
        }
        CHECK(oddsmith_durak_apply(game, &best) == ODDSMITH_OK);
        plies++;
        if (plies > 5000) break;
    }
    CHECK(outcome.over == 1 && searched > 0 && legal_ok);
    CHECK(outcome.loser == -1 || outcome.loser == 0 || outcome.loser == 1);

    /* A too-small buffer reports the count needed. */
    oddsmith_durak_free(game);
    CHECK(oddsmith_durak_new(&rules, 3, &game) == ODDSMITH_OK);
    CHECK(oddsmith_durak_game_legal_moves(game, NULL, 0, &n) == ODDSMITH_ERR_BUFFER_TOO_SMALL && n >= 1);
    /* An illegal move changes nothing. */
    best.kind = ODDSMITH_DURAK_TAKE;
    best.card = best.target = -1;
    CHECK(oddsmith_durak_apply(game, &best) == ODDSMITH_ERR_INVALID_ARGUMENT);
    CHECK(oddsmith_durak_to_move(game, &to_move) == ODDSMITH_OK);
    CHECK(oddsmith_durak_observe(game, to_move, &obs) == ODDSMITH_OK);

    /* Impossible observations. */
    bad = obs;
    bad.discard |= bad.hand & (~bad.hand + 1); /* a hand card also discarded */
    CHECK(oddsmith_durak_best_move(&bad, &budget, &best, NULL) == ODDSMITH_ERR_DUPLICATE_CARD);
    bad = obs;
    bad.table_count = 7;
    CHECK(oddsmith_durak_best_move(&bad, &budget, &best, NULL) == ODDSMITH_ERR_INVALID_ARGUMENT);
    oddsmith_last_error_message(msg, sizeof msg);
    CHECK(strstr(msg, "attack cards") != NULL);
    bad = obs;
    bad.hand_sizes[1 - obs.me] += 1;
    CHECK(oddsmith_durak_best_move(&bad, &budget, &best, NULL) == ODDSMITH_ERR_INVALID_ARGUMENT);
    bad = obs;
    bad.rules.players = 7;
    CHECK(oddsmith_durak_legal_moves(&bad, moves, ODDSMITH_DURAK_MAX_MOVES, &n) == ODDSMITH_ERR_INVALID_ARGUMENT);
    CHECK(oddsmith_durak_best_move(NULL, &budget, &best, NULL) == ODDSMITH_ERR_NULL_POINTER);
    /* The trump card under the talon also in the hand: a duplicate card. */
    bad = obs;
    bad.hand |= (uint64_t)1 << obs.trump_card;
    bad.hand_sizes[obs.me] += 1;
    CHECK(obs.talon_size > 0);
    CHECK(oddsmith_durak_best_move(&bad, &budget, &best, NULL) == ODDSMITH_ERR_DUPLICATE_CARD);
    /* Too many threads are refused at once; large counts are capped. */
    budget.threads = 100000;
    CHECK(oddsmith_durak_best_move(&obs, &budget, &best, NULL) == ODDSMITH_ERR_INVALID_ARGUMENT);
    oddsmith_last_error_message(msg, sizeof msg);
    CHECK(strstr(msg, "at most 1024") != NULL);
    budget.threads = UINT32_MAX;
    CHECK(oddsmith_durak_best_move(&obs, &budget, &best, NULL) == ODDSMITH_ERR_INVALID_ARGUMENT);
    /* The iteration budget is the call's total, whatever the threads. */
    budget.threads = 1000;
    CHECK(oddsmith_durak_best_move(&obs, &budget, &best, &stats) == ODDSMITH_OK);
    CHECK(stats.iterations == 300);
    budget.threads = 3;
    CHECK(oddsmith_durak_best_move(&obs, &budget, &best, &stats) == ODDSMITH_OK);
    CHECK(stats.iterations == 300);
    /* A 1 ms budget still rests on completed iterations. */
    budget.iterations = 0;
    budget.time_ms = 1;
    budget.threads = 0;
    for (i = 0; i < 20; i++) {
        CHECK(oddsmith_durak_best_move(&obs, &budget, &best, &stats) == ODDSMITH_OK);
        CHECK(stats.iterations >= 1 && stats.best_visits >= 1);
    }
    /* A zeroed budget (and NULL) is the default: 10,000 iterations. */
    memset(&budget, 0, sizeof budget);
    CHECK(oddsmith_durak_best_move(&obs, &budget, &best, &stats) == ODDSMITH_OK);
    CHECK(stats.iterations == 10000);
    CHECK(oddsmith_durak_best_move(&obs, NULL, &best, &stats) == ODDSMITH_OK);
    budget.exploration = -1.0;
    CHECK(oddsmith_durak_best_move(&obs, &budget, &best, NULL) == ODDSMITH_ERR_INVALID_ARGUMENT);
    rules.players = 7;
    oddsmith_durak_free(game);
    game = NULL;
    CHECK(oddsmith_durak_new(&rules, 1, &game) == ODDSMITH_ERR_INVALID_ARGUMENT && game == NULL);
    /* Zeroed rules are the default two-player, 36-card game. */
    memset(&rules, 0, sizeof rules);
    CHECK(oddsmith_durak_new(&rules, 1, &game) == ODDSMITH_OK && game != NULL);
    CHECK(oddsmith_durak_observe(game, 0, &obs) == ODDSMITH_OK);
    CHECK(obs.rules.players == 2 && obs.rules.deck_size == 36);
    oddsmith_durak_free(game);
    oddsmith_durak_free(NULL);
    return CHECK_SUMMARY("c");
}
