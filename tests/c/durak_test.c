/* C client test of the Durak API: a full 2-player game through the handle
 * with the engine choosing for seat 0 from its observation, legal-move
 * checks, the error statuses for impossible observations, transfer games,
 * and observations with several uncovered cards under both protocols. */
#include "oddsmith.h"
#include "check.h"

#include <stdint.h>
#include <string.h>

static int same_move(OddsmithDurakMove a, OddsmithDurakMove b) {
    return a.kind == b.kind && a.card == b.card && a.target == b.target;
}

static size_t uncovered(const OddsmithDurakObservation *o) {
    size_t u = 0, i;
    for (i = 0; i < o->table_count; i++) u += o->table_covers[i] < 0;
    return u;
}

/* Random games of `rules` with the engine choosing for the defender when
 * it faces several uncovered cards (checked legal); returns how many such
 * positions and transfer moves were met. */
static void play_variant(OddsmithDurakRules rules, int *several, int *transfers) {
    OddsmithDurakGame *game = NULL;
    OddsmithDurakMove moves[ODDSMITH_DURAK_MAX_MOVES], best, mine[ODDSMITH_DURAK_MAX_MOVES];
    OddsmithDurakObservation obs;
    OddsmithDurakOutcome outcome;
    OddsmithDurakBudget budget;
    OddsmithDurakStats stats;
    uint64_t seed;
    memset(&budget, 0, sizeof budget);
    budget.iterations = 200;
    budget.threads = 1;
    for (seed = 1; seed <= 30; seed++) {
        int plies = 0;
        CHECK(oddsmith_durak_new(&rules, seed, &game) == ODDSMITH_OK);
        for (;;) {
            size_t n = 0, m = 0, i;
            uint32_t to_move = 0;
            CHECK(oddsmith_durak_winner(game, &outcome) == ODDSMITH_OK);
            if (outcome.over || ++plies > 5000) break;
            oddsmith_durak_to_move(game, &to_move);
            CHECK(oddsmith_durak_game_legal_moves(game, moves, ODDSMITH_DURAK_MAX_MOVES, &n) == ODDSMITH_OK);
            for (i = 0; i < n; i++) *transfers += moves[i].kind == ODDSMITH_DURAK_TRANSFER;
            best = moves[(size_t)(plies * 7 + (int)seed) % n];
            CHECK(oddsmith_durak_observe(game, to_move, &obs) == ODDSMITH_OK);
            if (obs.phase == ODDSMITH_DURAK_DEFEND_PHASE && uncovered(&obs) >= 2) {
                ++*several;
                /* Accepted under either protocol, with the same moves. */
                obs.rules.protocol = ODDSMITH_DURAK_ONE_AT_A_TIME;
                CHECK(oddsmith_durak_legal_moves(&obs, mine, ODDSMITH_DURAK_MAX_MOVES, &m) == ODDSMITH_OK);
                CHECK(m == n);
                obs.rules.protocol = ODDSMITH_DURAK_SEVERAL_AT_ONCE;
                CHECK(oddsmith_durak_legal_moves(&obs, mine, ODDSMITH_DURAK_MAX_MOVES, &m) == ODDSMITH_OK);
                CHECK(m == n);
                CHECK(oddsmith_durak_best_move(&obs, &budget, &best, &stats) == ODDSMITH_OK);
                for (i = 0; i < n && !same_move(moves[i], best); i++) {}
                CHECK(i < n);
            }
            CHECK(oddsmith_durak_apply(game, &best) == ODDSMITH_OK);
        }
        CHECK(outcome.over == 1);
        oddsmith_durak_free(game);
    }
}

int main(void) {
    OddsmithDurakRules rules = {2, 36, ODDSMITH_DURAK_VARIANT_PODKIDNOY, ODDSMITH_DURAK_ONE_AT_A_TIME};
    OddsmithDurakGame *game = NULL;
    OddsmithDurakMove moves[ODDSMITH_DURAK_MAX_MOVES];
    OddsmithDurakObservation obs, bad;
    OddsmithDurakBudget budget;
    OddsmithDurakStats stats;
    OddsmithDurakOutcome outcome;
    OddsmithDurakMove best;
    size_t n = 0, i;
    uint32_t to_move = 0;
    int plies = 0, searched = 0, legal_ok = 1, exact_seen = 0;
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
            if (stats.exact) {
                /* Two players, talon empty: proven by the exact endgame. */
                exact_seen++;
                CHECK(obs.talon_size == 0);
                CHECK(stats.proven_score == 0.0 || stats.proven_score == 0.5 || stats.proven_score == 1.0);
            } else {
                CHECK(stats.iterations == 300 && stats.best_visits > 0 && stats.proven_score == -1.0);
            }
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
    CHECK(outcome.over == 1 && searched > 0 && legal_ok && exact_seen > 0);
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
    /* A zeroed rollout is the heuristic one, Rust's and the CLI's default:
     * the same search as asking for it by name, not the random one. */
    {
        OddsmithDurakBudget named = budget;
        OddsmithDurakStats zeroed_stats, named_stats;
        OddsmithDurakMove zeroed_move, named_move;
        CHECK(budget.rollout == 0 && ODDSMITH_DURAK_ROLLOUT_HEURISTIC == 0);
        CHECK(oddsmith_durak_best_move(&obs, &budget, &zeroed_move, &zeroed_stats) == ODDSMITH_OK);
        named.rollout = ODDSMITH_DURAK_ROLLOUT_HEURISTIC;
        CHECK(oddsmith_durak_best_move(&obs, &named, &named_move, &named_stats) == ODDSMITH_OK);
        CHECK(same_move(zeroed_move, named_move) && zeroed_stats.nodes == named_stats.nodes);
        CHECK(zeroed_stats.best_visits == named_stats.best_visits);
        named.rollout = ODDSMITH_DURAK_ROLLOUT_RANDOM;
        CHECK(oddsmith_durak_best_move(&obs, &named, &named_move, &named_stats) == ODDSMITH_OK);
        named.rollout = 2;
        CHECK(oddsmith_durak_best_move(&obs, &named, &named_move, NULL) == ODDSMITH_ERR_INVALID_ARGUMENT);
        /* A level fixes its iterations (level 5: 100) whatever the budget
         * says; level 10 is the budget as given; there is no level 11. */
        named = budget;
        named.level = 5;
        CHECK(oddsmith_durak_best_move(&obs, &named, &named_move, &named_stats) == ODDSMITH_OK);
        CHECK(named_stats.iterations == 100);
        named.level = 10;
        CHECK(oddsmith_durak_best_move(&obs, &named, &named_move, &named_stats) == ODDSMITH_OK);
        CHECK(same_move(zeroed_move, named_move) && zeroed_stats.nodes == named_stats.nodes);
        named.level = 11;
        CHECK(oddsmith_durak_best_move(&obs, &named, &named_move, NULL) == ODDSMITH_ERR_INVALID_ARGUMENT);
        oddsmith_last_error_message(msg, sizeof msg);
        CHECK(strstr(msg, "level 11") != NULL);
    }
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
    /* NULL rules: *out is still cleared, as after any other error. */
    game = (OddsmithDurakGame *)&rules;
    CHECK(oddsmith_durak_new(NULL, 1, &game) == ODDSMITH_ERR_NULL_POINTER && game == NULL);
    /* Zeroed rules are the default two-player, 36-card game. */
    memset(&rules, 0, sizeof rules);
    CHECK(oddsmith_durak_new(&rules, 1, &game) == ODDSMITH_OK && game != NULL);
    CHECK(oddsmith_durak_observe(game, 0, &obs) == ODDSMITH_OK);
    CHECK(obs.rules.players == 2 && obs.rules.deck_size == 36);
    CHECK(obs.rules.variant == ODDSMITH_DURAK_VARIANT_PODKIDNOY && obs.bout_leader == 0);
    oddsmith_durak_free(game);
    /* A freed handle and a foreign pointer are refused, not undefined
     * behaviour (handles are checked against the live games, never read);
     * freeing twice is ignored; a stale handle never reaches a newer game
     * that took its place. */
    {
        uint32_t who = 0;
        uint64_t foreign[8] = {0};
        OddsmithDurakGame *newer = NULL;
        CHECK(oddsmith_durak_to_move(game, &who) == ODDSMITH_ERR_INVALID_ARGUMENT);
        oddsmith_last_error_message(msg, sizeof msg);
        CHECK(strstr(msg, "not live") != NULL);
        CHECK(oddsmith_durak_to_move((const OddsmithDurakGame *)(void *)foreign, &who) ==
              ODDSMITH_ERR_INVALID_ARGUMENT);
        oddsmith_durak_free(game);
        oddsmith_durak_free((OddsmithDurakGame *)(void *)foreign);
        CHECK(oddsmith_durak_new(&rules, 2, &newer) == ODDSMITH_OK && newer != game);
        CHECK(oddsmith_durak_to_move(game, &who) == ODDSMITH_ERR_INVALID_ARGUMENT);
        oddsmith_durak_free(game);
        CHECK(oddsmith_durak_to_move(newer, &who) == ODDSMITH_OK);
        oddsmith_durak_free(newer);
    }
    oddsmith_durak_free(NULL);

    /* The transfer variant and several cards at once. */
    {
        int several = 0, transfers = 0;
        OddsmithDurakRules transfer = {3, 36, ODDSMITH_DURAK_VARIANT_TRANSFER, ODDSMITH_DURAK_ONE_AT_A_TIME};
        OddsmithDurakRules at_once = {2, 36, ODDSMITH_DURAK_VARIANT_PODKIDNOY, ODDSMITH_DURAK_SEVERAL_AT_ONCE};
        play_variant(transfer, &several, &transfers);
        CHECK(transfers > 0 && several > 0);
        several = transfers = 0;
        play_variant(at_once, &several, &transfers);
        CHECK(transfers == 0 && several > 0);
        transfer.variant = 7;
        CHECK(oddsmith_durak_new(&transfer, 1, &game) == ODDSMITH_ERR_INVALID_ARGUMENT);
        oddsmith_last_error_message(msg, sizeof msg);
        CHECK(strstr(msg, "variant 7") != NULL);
        /* A transfer move in a podkidnoy game is illegal. */
        rules.players = 2;
        CHECK(oddsmith_durak_new(&rules, 5, &game) == ODDSMITH_OK);
        oddsmith_durak_game_legal_moves(game, moves, ODDSMITH_DURAK_MAX_MOVES, &n);
        CHECK(oddsmith_durak_apply(game, &moves[0]) == ODDSMITH_OK);
        best.kind = ODDSMITH_DURAK_TRANSFER;
        best.card = moves[0].card ^ 1; /* same rank, another suit */
        best.target = -1;
        CHECK(oddsmith_durak_apply(game, &best) == ODDSMITH_ERR_INVALID_ARGUMENT);
        oddsmith_durak_free(game);
    }
    return CHECK_SUMMARY("c");
}
