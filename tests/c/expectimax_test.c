/* C client test of the expectimax solver: a dice game defined in C through
 * the callback, the coin-box game, and the error statuses. */
#include "oddsmith.h"
#include "check.h"

#include <math.h>
#include <string.h>

/* Dice game: state[0] = phase (0: first roll to come, 1: Max decides with
 * state[1] = the face, 2: second roll to come, 3: over). Max may keep the
 * face or roll again and keep the second face. */
static int32_t dice_expand(void *user, const uint8_t *state, OddsmithGameNode *node,
                           OddsmithGameChild *children, uint32_t capacity) {
    int *calls = (int *)user;
    uint8_t face;
    (*calls)++;
    if (capacity < 6) return 1;
    switch (state[0]) {
    case 0:
    case 2:
        node->kind = ODDSMITH_NODE_CHANCE;
        node->child_count = 6;
        for (face = 1; face <= 6; face++) {
            OddsmithGameChild *c = &children[face - 1];
            memset(c, 0, sizeof *c);
            c->probability = 1.0 / 6.0;
            c->next[0] = state[0] == 0 ? 1 : 3;
            c->next[1] = state[0] == 0 ? face : 0;
            c->reward = state[0] == 0 ? 0.0 : (double)face;
        }
        return 0;
    case 1:
        node->kind = ODDSMITH_NODE_MAX;
        node->child_count = 2;
        memset(children, 0, 2 * sizeof *children);
        children[0].move_id = 0; /* keep */
        children[0].probability = 1.0;
        children[0].reward = state[1];
        children[0].next[0] = 3;
        children[1].move_id = 1; /* roll again */
        children[1].probability = 1.0;
        children[1].next[0] = 2;
        return 0;
    default:
        node->kind = ODDSMITH_NODE_TERMINAL;
        node->value = 0.0;
        node->child_count = 0;
        return 0;
    }
}

/* Broken games for the error paths. */
static int32_t failing_expand(void *user, const uint8_t *state, OddsmithGameNode *node,
                              OddsmithGameChild *children, uint32_t capacity) {
    (void)user; (void)state; (void)node; (void)children; (void)capacity;
    return 42;
}

static int32_t bad_probability_expand(void *user, const uint8_t *state, OddsmithGameNode *node,
                                      OddsmithGameChild *children, uint32_t capacity) {
    int32_t status = dice_expand(user, state, node, children, capacity);
    if (node->kind == ODDSMITH_NODE_CHANCE) children[0].probability = 0.5;
    return status;
}

static int32_t cycle_expand(void *user, const uint8_t *state, OddsmithGameNode *node,
                            OddsmithGameChild *children, uint32_t capacity) {
    (void)user; (void)capacity;
    node->kind = ODDSMITH_NODE_MAX;
    node->child_count = 1;
    memset(children, 0, sizeof *children);
    children[0].probability = 1.0;
    children[0].next[0] = (uint8_t)((state[0] + 1) % 3);
    return 0;
}

int main(void) {
    OddsmithGameDef game;
    OddsmithExpectimaxResult r;
    OddsmithExpectimaxOptions options;
    char msg[256];
    int calls = 0;
    uint32_t seed_counts[6] = {10, 10, 10, 10, 10, 10};
    uint32_t small[6] = {1, 2, 0, 1, 2, 1};
    double value = 0.0;
    uint64_t states = 0;

    memset(&game, 0, sizeof game);
    game.state_size = 2;
    game.user = &calls;
    game.expand = dice_expand;
    CHECK(oddsmith_expectimax_solve(&game, NULL, &r) == ODDSMITH_OK);
    CHECK(fabs(r.value - 4.25) < 1e-12);
    CHECK(r.root_kind == ODDSMITH_NODE_CHANCE && r.move_count == 0 && r.best_index == -1);
    CHECK(r.states == 9 && calls >= 9);

    /* From a decided state: with a 2 showing, rolling again (3.5) wins. */
    game.root[0] = 1;
    game.root[1] = 2;
    CHECK(oddsmith_expectimax_solve(&game, NULL, &r) == ODDSMITH_OK);
    CHECK(r.root_kind == ODDSMITH_NODE_MAX && r.move_count == 2);
    CHECK(r.best_index == 1 && r.move_ids[1] == 1 && fabs(r.move_values[1] - 3.5) < 1e-12);
    CHECK(fabs(r.move_values[0] - 2.0) < 1e-12);

    /* A zeroed options struct is the defaults, the same as NULL. */
    {
        OddsmithExpectimaxResult d;
        memset(&options, 0, sizeof options);
        CHECK(oddsmith_expectimax_solve(&game, &options, &d) == ODDSMITH_OK);
        CHECK(r.value == d.value && r.states == d.states && r.best_index == d.best_index);
        CHECK(memcmp(r.move_values, d.move_values, sizeof r.move_values) == 0);
    }

    /* Depth limit 1: the rolls below are not searched (heuristic 0). */
    memset(&options, 0, sizeof options);
    options.depth_limit = 1;
    CHECK(oddsmith_expectimax_solve(&game, &options, &r) == ODDSMITH_OK);
    CHECK(fabs(r.value - 2.0) < 1e-12);

    /* A size hint changes nothing but the memo's first size, even a wild one. */
    options.depth_limit = 0;
    options.expected_states = 9;
    CHECK(oddsmith_expectimax_solve(&game, &options, &r) == ODDSMITH_OK);
    CHECK(fabs(r.value - 3.5) < 1e-12 && r.best_index == 1);
    options.expected_states = 0xFFFFFFFFu;
    CHECK(oddsmith_expectimax_solve(&game, &options, &r) == ODDSMITH_OK);
    CHECK(fabs(r.value - 3.5) < 1e-12);
    options.expected_states = 0;

    CHECK(oddsmith_coins_expectation(seed_counts, 3, NULL, 2, &value, &states) == ODDSMITH_OK);
    CHECK(fabs(value - 2250.0) < 1e-9 && states == 1771561u);
    CHECK(oddsmith_coins_expectation(small, 3, NULL, 2, &value, NULL) == ODDSMITH_OK);
    CHECK(fabs(value - 850.0 / 3.0) < 1e-9);

    /* Errors. */
    game.expand = failing_expand;
    CHECK(oddsmith_expectimax_solve(&game, NULL, &r) == ODDSMITH_ERR_CALLBACK);
    oddsmith_last_error_message(msg, sizeof msg);
    CHECK(strstr(msg, "42") != NULL);
    game.root[0] = 0;
    game.expand = bad_probability_expand;
    CHECK(oddsmith_expectimax_solve(&game, NULL, &r) == ODDSMITH_ERR_INVALID_ARGUMENT);
    oddsmith_last_error_message(msg, sizeof msg);
    CHECK(strstr(msg, "sum to") != NULL);
    game.expand = cycle_expand;
    CHECK(oddsmith_expectimax_solve(&game, NULL, &r) == ODDSMITH_ERR_INVALID_ARGUMENT);
    oddsmith_last_error_message(msg, sizeof msg);
    CHECK(strstr(msg, "cycle") != NULL);
    game.expand = dice_expand;
    game.state_size = 0;
    CHECK(oddsmith_expectimax_solve(&game, NULL, &r) == ODDSMITH_ERR_INVALID_ARGUMENT);
    game.state_size = 65;
    CHECK(oddsmith_expectimax_solve(&game, NULL, &r) == ODDSMITH_ERR_INVALID_ARGUMENT);
    game.state_size = 2;
    game.expand = NULL;
    CHECK(oddsmith_expectimax_solve(&game, NULL, &r) == ODDSMITH_ERR_NULL_POINTER);
    game.expand = dice_expand;
    options.depth_limit = 0;
    options.max_states = 3;
    CHECK(oddsmith_expectimax_solve(&game, &options, &r) == ODDSMITH_ERR_BUDGET_EXCEEDED);
    seed_counts[0] = 16;
    CHECK(oddsmith_coins_expectation(seed_counts, 3, NULL, 2, &value, NULL) == ODDSMITH_ERR_INVALID_ARGUMENT);
    CHECK(oddsmith_coins_expectation(seed_counts, 3, NULL, 3, &value, NULL) == ODDSMITH_ERR_INVALID_ARGUMENT);
    CHECK(oddsmith_coins_expectation(NULL, 3, NULL, 2, &value, NULL) == ODDSMITH_ERR_NULL_POINTER);
    /* Values whose sums overflow are refused, never a NaN answer. */
    {
        uint32_t one_each[2] = {1, 1};
        double huge[2] = {1e308, 1e308};
        CHECK(oddsmith_coins_expectation(one_each, 1, huge, 2, &value, NULL) == ODDSMITH_ERR_INVALID_ARGUMENT);
        oddsmith_last_error_message(msg, sizeof msg);
        CHECK(strstr(msg, "overflow") != NULL);
        huge[1] = 1.0;
        CHECK(oddsmith_coins_expectation(one_each, 1, huge, 2, &value, NULL) == ODDSMITH_OK);
        CHECK(value == value && value > 0.0 && value - value == 0.0); /* finite */
    }
    /* Counts are named as they are wrong. */
    CHECK(oddsmith_coins_expectation(seed_counts, 3, NULL, 0, &value, NULL) == ODDSMITH_ERR_INVALID_ARGUMENT);
    oddsmith_last_error_message(msg, sizeof msg);
    CHECK(strstr(msg, "denomination_count is 0") != NULL);
    CHECK(oddsmith_coins_expectation(seed_counts, 7, NULL, 2, &value, NULL) == ODDSMITH_ERR_INVALID_ARGUMENT);
    oddsmith_last_error_message(msg, sizeof msg);
    CHECK(strstr(msg, "box_count is 7") != NULL);

    return CHECK_SUMMARY("c");
}
