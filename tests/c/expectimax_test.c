/* C client test of the expectimax solver: a dice game defined in C through
 * the callback, Pig defined in C (a game with cycles) against the built-in
 * oddsmith_pig, the coin-box game through the dense entry against
 * oddsmith_coins_expectation, and the error statuses. */
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

/* Three states that hand the move round forever, without rewards. */
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

/* Pig to PIG_GOAL with a six-sided die, written for the callback: state[0]
 * = 1 when Max is to move, state[1] / state[2] = Max's / Min's score,
 * state[3] = the turn total; state[0] = 2 / 3: Max / Min has won. A turn
 * rolls at least once; a 1 passes the move with the scores unchanged, so
 * states recur. */
#define PIG_GOAL 30
static int32_t pig_expand(void *user, const uint8_t *state, OddsmithGameNode *node,
                          OddsmithGameChild *children, uint32_t capacity) {
    int max = state[0] == 1;
    uint32_t own = max ? state[1] : state[2];
    uint32_t turn = state[3];
    uint32_t face, n = 0;
    (void)user;
    if (capacity < 7) return 1;
    if (state[0] >= 2) {
        node->kind = ODDSMITH_NODE_TERMINAL;
        node->value = state[0] == 2 ? 1.0 : 0.0;
        node->child_count = 0;
        return 0;
    }
    node->kind = max ? ODDSMITH_NODE_MAX : ODDSMITH_NODE_MIN;
    memset(children, 0, 7 * sizeof *children);
    for (face = 1; face <= 6; face++) {
        OddsmithGameChild *c = &children[n++];
        c->move_id = 0; /* roll */
        c->probability = 1.0 / 6.0;
        memcpy(c->next, state, 4);
        if (face == 1) { /* pig-out: the other player's turn */
            c->next[0] = max ? 0 : 1;
            c->next[3] = 0;
        } else if (own + turn + face >= PIG_GOAL) {
            c->next[0] = max ? 2 : 3;
            c->next[1] = c->next[2] = c->next[3] = 0;
        } else {
            c->next[3] = (uint8_t)(turn + face);
        }
    }
    if (turn > 0) { /* hold */
        OddsmithGameChild *c = &children[n++];
        c->move_id = 1;
        c->probability = 1.0;
        if (own + turn >= PIG_GOAL) {
            c->next[0] = max ? 2 : 3;
        } else {
            c->next[0] = max ? 0 : 1;
            c->next[1] = (uint8_t)(max ? own + turn : state[1]);
            c->next[2] = (uint8_t)(max ? state[2] : own + turn);
        }
    }
    node->child_count = n;
    return 0;
}

/* A cycle that pays 1 a lap and never ends: no fixed point. */
static int32_t paying_cycle_expand(void *user, const uint8_t *state, OddsmithGameNode *node,
                                   OddsmithGameChild *children, uint32_t capacity) {
    (void)user; (void)capacity;
    node->kind = ODDSMITH_NODE_MAX;
    node->child_count = 1;
    memset(children, 0, sizeof *children);
    children[0].probability = 1.0;
    children[0].reward = 1.0;
    children[0].next[0] = (uint8_t)(1 - state[0]);
    return 0;
}

/* The seed's coin game (three boxes of 100s and 50s, counts up to
 * COIN_MAX) for the dense entry: index = mixed-radix digits of the six
 * counts, so taking a coin lowers the index. */
#define COIN_MAX 4
typedef struct { uint32_t root_total; } CoinDense;
static int32_t coin_dense_expand(void *user, uint64_t index, OddsmithGameNode *node,
                                 OddsmithDenseChild *children, uint32_t capacity) {
    const CoinDense *game = (const CoinDense *)user;
    uint32_t counts[6], total = 0, b, d, n = 0;
    uint64_t rest = index, stride[6];
    int max_turn;
    if (capacity < 6) return 1;
    for (d = 0; d < 6; d++) {
        stride[d] = d == 0 ? 1 : stride[d - 1] * (COIN_MAX + 1);
        counts[d] = (uint32_t)(rest % (COIN_MAX + 1));
        rest /= COIN_MAX + 1;
        total += counts[d];
    }
    if (total == 0) {
        node->kind = ODDSMITH_NODE_TERMINAL;
        node->value = 0.0;
        node->child_count = 0;
        return 0;
    }
    max_turn = (game->root_total - total) % 2 == 0;
    node->kind = max_turn ? ODDSMITH_NODE_MAX : ODDSMITH_NODE_MIN;
    for (b = 0; b < 3; b++) {
        double in_box = (double)(counts[2 * b] + counts[2 * b + 1]);
        for (d = 0; d < 2; d++) {
            uint32_t c = counts[2 * b + d];
            if (c == 0) continue;
            children[n].move_id = b;
            children[n].probability = c / in_box;
            children[n].reward = max_turn ? (d == 0 ? 100.0 : 50.0) : 0.0;
            children[n].next = index - stride[2 * b + d];
            n++;
        }
    }
    node->child_count = n;
    return 0;
}

static int32_t bad_order_dense_expand(void *user, uint64_t index, OddsmithGameNode *node,
                                      OddsmithDenseChild *children, uint32_t capacity) {
    (void)user; (void)capacity;
    node->kind = ODDSMITH_NODE_CHANCE;
    node->child_count = 1;
    children[0].move_id = 0;
    children[0].probability = 1.0;
    children[0].reward = 0.0;
    children[0].next = index; /* itself: not before it */
    return 0;
}

/* Two states for the value checks: 0 is a terminal worth *(double *)user,
 * 1 a chance node over it (the same through the hashed entry, by
 * state[0]). */
static int32_t terminal_dense_expand(void *user, uint64_t index, OddsmithGameNode *node,
                                     OddsmithDenseChild *children, uint32_t capacity) {
    (void)capacity;
    if (index == 0) {
        node->kind = ODDSMITH_NODE_TERMINAL;
        node->value = *(const double *)user;
        node->child_count = 0;
        return 0;
    }
    node->kind = ODDSMITH_NODE_CHANCE;
    node->child_count = 1;
    children[0].move_id = 0;
    children[0].probability = 1.0;
    children[0].reward = 0.0;
    children[0].next = 0;
    return 0;
}

static int32_t terminal_expand(void *user, const uint8_t *state, OddsmithGameNode *node,
                               OddsmithGameChild *children, uint32_t capacity) {
    (void)capacity;
    if (state[0] == 1) {
        node->kind = ODDSMITH_NODE_TERMINAL;
        node->value = *(const double *)user;
        node->child_count = 0;
        return 0;
    }
    node->kind = ODDSMITH_NODE_CHANCE;
    node->child_count = 1;
    memset(children, 0, sizeof *children);
    children[0].probability = 1.0;
    children[0].next[0] = 1;
    children[0].next[1] = 7;
    return 0;
}

/* Budgets of billions of states reserve no memory up front, and tables
 * memory cannot hold are errors, never an abort ("memory allocation of
 * 36507222032 bytes failed"). */
static void check_memory_is_never_an_abort(void) {
    OddsmithDenseGameDef dense;
    OddsmithExpectimaxOptions options;
    OddsmithExpectimaxResult r;
    OddsmithPigResult pig;
    char msg[256];

    memset(&options, 0, sizeof options);
    options.max_states = UINT64_MAX;
    options.time_ms = 20;
    CHECK(oddsmith_pig(1000, 6, 0, 0, 0, &options, &pig) == ODDSMITH_ERR_BUDGET_EXCEEDED);
    /* A dense table of 2^47 states: a pebibyte, past any address space. */
    options.time_ms = 0;
    memset(&dense, 0, sizeof dense);
    dense.size = (uint64_t)1 << 47;
    dense.root_index = dense.size - 1;
    dense.expand = bad_order_dense_expand; /* never called */
    CHECK(oddsmith_expectimax_solve_dense(&dense, &options, &r) == ODDSMITH_ERR_BUDGET_EXCEEDED);
    oddsmith_last_error_message(msg, sizeof msg);
    CHECK(strstr(msg, "1125899906842624 bytes") != NULL);
    /* One no address can hold: the size itself is wrong. */
    dense.size = UINT64_MAX;
    dense.root_index = UINT64_MAX - 1;
    CHECK(oddsmith_expectimax_solve_dense(&dense, &options, &r) == ODDSMITH_ERR_INVALID_ARGUMENT);
    oddsmith_last_error_message(msg, sizeof msg);
    CHECK(strstr(msg, "bytes") != NULL);
}

/* Counts progress reports and cancels at the first. */
static int32_t cancel_at_once(void *user, const OddsmithProgressReport *report) {
    (void)report;
    (*(int *)user)++;
    return 1;
}

/* Pig with a 100-faced die (every state has 100 outcomes): a time budget
 * and a cancel stop it (the control was asked every 16,384 states, 1.6
 * million outcomes; now after bounded work). The outcomes are asserted,
 * not the time: the Rust tests bound the work between looks. */
static void check_pig_stops_when_told(void) {
    OddsmithExpectimaxOptions options;
    OddsmithProgress progress;
    OddsmithPigResult pig;
    int calls = 0;

    memset(&options, 0, sizeof options);
    options.time_ms = 1;
    CHECK(oddsmith_pig(1000, 100, 0, 0, 0, &options, &pig) == ODDSMITH_ERR_BUDGET_EXCEEDED);
    options.time_ms = 0;
    progress.callback = cancel_at_once;
    progress.user = &calls;
    progress.interval_ms = 1;
    options.progress = &progress;
    CHECK(oddsmith_pig(1000, 100, 0, 0, 0, &options, &pig) == ODDSMITH_ERR_CANCELLED);
    CHECK(calls == 1 && pig.partial == 1 && pig.win_probability == 0.0 && pig.states == 0);
}

/* Max passes (move 0, back to the same state) or ends the game for 0.5
 * (move 1): the two tie. */
static int32_t pass_or_end_expand(void *user, const uint8_t *state, OddsmithGameNode *node,
                                  OddsmithGameChild *children, uint32_t capacity) {
    (void)user; (void)capacity;
    if (state[0] == 1) {
        node->kind = ODDSMITH_NODE_TERMINAL;
        node->value = 0.5;
        node->child_count = 0;
        return 0;
    }
    node->kind = ODDSMITH_NODE_MAX;
    node->child_count = 2;
    memset(children, 0, 2 * sizeof *children);
    children[0].move_id = 0;
    children[0].probability = 1.0;
    children[1].move_id = 1;
    children[1].probability = 1.0;
    children[1].next[0] = 1;
    return 0;
}

/* A self-loop is not the best move on a tie: best_index names the move
 * that ends the game. */
static void check_self_loops_give_way(void) {
    OddsmithGameDef game;
    OddsmithExpectimaxResult r;

    memset(&game, 0, sizeof game);
    game.state_size = 1;
    game.expand = pass_or_end_expand;
    CHECK(oddsmith_expectimax_solve(&game, NULL, &r) == ODDSMITH_OK);
    CHECK(r.value == 0.5 && r.move_count == 2 && r.move_values[0] == r.move_values[1]);
    CHECK(r.best_index == 1 && r.move_ids[1] == 1);
}

/* Issue 50: terminal values must be finite in both solvers (the state is
 * named). */
static void check_values_are_finite(void) {
    OddsmithDenseGameDef dense;
    OddsmithGameDef game;
    OddsmithExpectimaxResult r;
    double terminal = 2.5;
    char msg[256];

    memset(&dense, 0, sizeof dense);
    dense.size = 2;
    dense.root_index = 1;
    dense.user = &terminal;
    dense.expand = terminal_dense_expand;
    memset(&game, 0, sizeof game);
    game.state_size = 2;
    game.user = &terminal;
    game.expand = terminal_expand;
    CHECK(oddsmith_expectimax_solve_dense(&dense, NULL, &r) == ODDSMITH_OK && r.value == 2.5);
    CHECK(oddsmith_expectimax_solve(&game, NULL, &r) == ODDSMITH_OK && r.value == 2.5);
    terminal = NAN;
    CHECK(oddsmith_expectimax_solve_dense(&dense, NULL, &r) == ODDSMITH_ERR_INVALID_ARGUMENT);
    oddsmith_last_error_message(msg, sizeof msg);
    CHECK(strstr(msg, "state 0: the terminal value is NaN") != NULL);
    CHECK(oddsmith_expectimax_solve(&game, NULL, &r) == ODDSMITH_ERR_INVALID_ARGUMENT);
    oddsmith_last_error_message(msg, sizeof msg);
    CHECK(strstr(msg, "state [01 07]: the terminal value is NaN") != NULL);
    terminal = -INFINITY;
    CHECK(oddsmith_expectimax_solve_dense(&dense, NULL, &r) == ODDSMITH_ERR_INVALID_ARGUMENT);
    oddsmith_last_error_message(msg, sizeof msg);
    CHECK(strstr(msg, "state 0: the terminal value is -inf") != NULL);
    CHECK(oddsmith_expectimax_solve(&game, NULL, &r) == ODDSMITH_ERR_INVALID_ARGUMENT);
}

static void check_cycles_pig_and_dense(void) {
    OddsmithGameDef game;
    OddsmithDenseGameDef dense;
    OddsmithExpectimaxOptions options;
    OddsmithExpectimaxResult r;
    OddsmithPigResult pig;
    CoinDense coins;
    uint32_t counts[6] = {COIN_MAX, COIN_MAX, 3, 2, COIN_MAX, 1};
    uint64_t index = 0, stride = 1;
    double value = 0.0;
    char msg[256];
    int d;

    /* Pig written in C against the built-in. */
    memset(&game, 0, sizeof game);
    game.state_size = 4;
    game.root[0] = 1;
    game.expand = pig_expand;
    CHECK(oddsmith_expectimax_solve(&game, NULL, &r) == ODDSMITH_OK);
    CHECK(oddsmith_pig(PIG_GOAL, 6, 0, 0, 0, NULL, &pig) == ODDSMITH_OK);
    CHECK(fabs(r.value - pig.win_probability) < 1e-12);
    CHECK(r.value > 0.5 && r.value < 0.6);
    /* The built-in's layered solve counts every numbered state, the
       general solver the reachable ones only. */
    CHECK(r.iterations >= 1 && r.residual <= 1e-12 && r.states <= pig.states);
    CHECK(r.move_count == 1 && pig.hold_allowed == 0 && pig.best_move == ODDSMITH_PIG_ROLL);
    /* A position with a hold: Max 25, Min 10, turn total 4 (29 of 30). */
    game.root[1] = 25;
    game.root[2] = 10;
    game.root[3] = 4;
    CHECK(oddsmith_expectimax_solve(&game, NULL, &r) == ODDSMITH_OK);
    CHECK(oddsmith_pig(PIG_GOAL, 0, 25, 10, 4, NULL, &pig) == ODDSMITH_OK);
    CHECK(r.move_count == 2 && pig.hold_allowed == 1);
    CHECK(fabs(r.move_values[0] - pig.roll) < 1e-12 && fabs(r.move_values[1] - pig.hold) < 1e-12);
    CHECK((r.best_index == 1) == (pig.best_move == ODDSMITH_PIG_HOLD));
    /* The paper's figure, goal 100 (0: the default). */
    CHECK(oddsmith_pig(0, 0, 0, 0, 0, NULL, &pig) == ODDSMITH_OK);
    CHECK(fabs(pig.win_probability - 0.5306) < 5e-5 && pig.states > 900000);
    /* Bad Pig questions. */
    CHECK(oddsmith_pig(10, 6, 10, 0, 0, NULL, &pig) == ODDSMITH_ERR_INVALID_ARGUMENT);
    oddsmith_last_error_message(msg, sizeof msg);
    CHECK(strstr(msg, "below the goal") != NULL);
    CHECK(oddsmith_pig(10, 1, 0, 0, 0, NULL, &pig) == ODDSMITH_ERR_INVALID_ARGUMENT);
    /* Numbers past the 16 bits a state keeps are refused, not cut (65546
     * was answered as 10); the message names the argument and its range. */
    CHECK(oddsmith_pig(20, 6, 65546, 0, 0, NULL, &pig) == ODDSMITH_ERR_INVALID_ARGUMENT);
    oddsmith_last_error_message(msg, sizeof msg);
    CHECK(strstr(msg, "score is 65546") != NULL && strstr(msg, "0..=19") != NULL);
    CHECK(oddsmith_pig(20, 6, 0, 65556, 0, NULL, &pig) == ODDSMITH_ERR_INVALID_ARGUMENT);
    oddsmith_last_error_message(msg, sizeof msg);
    CHECK(strstr(msg, "opponent is 65556") != NULL);
    CHECK(oddsmith_pig(20, 6, 0, 0, 65539, NULL, &pig) == ODDSMITH_ERR_INVALID_ARGUMENT);
    oddsmith_last_error_message(msg, sizeof msg);
    CHECK(strstr(msg, "turn_total is 65539") != NULL && strstr(msg, "0..=1000") != NULL);
    CHECK(oddsmith_pig(10, 6, 0, 0, 0, NULL, NULL) == ODDSMITH_ERR_NULL_POINTER);

    /* Options of the cyclic path: a bad tolerance, a cycle that never
     * settles, a time budget. */
    game.root[1] = game.root[2] = game.root[3] = 0;
    memset(&options, 0, sizeof options);
    options.tolerance = -1.0;
    CHECK(oddsmith_expectimax_solve(&game, &options, &r) == ODDSMITH_ERR_INVALID_ARGUMENT);
    oddsmith_last_error_message(msg, sizeof msg);
    CHECK(strstr(msg, "tolerance") != NULL);
    options.tolerance = 1e-6;
    CHECK(oddsmith_expectimax_solve(&game, &options, &r) == ODDSMITH_OK);
    CHECK(r.residual <= 1e-6 && fabs(r.value - pig.win_probability) < 0.1);
    memset(&options, 0, sizeof options);
    options.max_iterations = 50;
    game.expand = paying_cycle_expand;
    CHECK(oddsmith_expectimax_solve(&game, &options, &r) == ODDSMITH_ERR_BUDGET_EXCEEDED);
    oddsmith_last_error_message(msg, sizeof msg);
    CHECK(strstr(msg, "did not settle") != NULL);
    CHECK(oddsmith_pig(0, 0, 0, 0, 0, &options, &pig) == ODDSMITH_OK);
    options.time_ms = 1;
    CHECK(oddsmith_pig(0, 0, 0, 0, 0, &options, &pig) == ODDSMITH_ERR_BUDGET_EXCEEDED);
    options.time_ms = 0;
    options.depth_limit = 3;
    CHECK(oddsmith_pig(0, 0, 0, 0, 0, &options, &pig) == ODDSMITH_ERR_INVALID_ARGUMENT);

    /* The coin game through the dense entry equals the built-in. */
    coins.root_total = 0;
    for (d = 0; d < 6; d++) {
        index += counts[d] * stride;
        stride *= COIN_MAX + 1;
        coins.root_total += counts[d];
    }
    memset(&dense, 0, sizeof dense);
    dense.size = stride;
    dense.root_index = index;
    dense.user = &coins;
    dense.expand = coin_dense_expand;
    CHECK(oddsmith_expectimax_solve_dense(&dense, NULL, &r) == ODDSMITH_OK);
    CHECK(oddsmith_coins_expectation(counts, 3, NULL, 2, NULL, &value, NULL) == ODDSMITH_OK);
    CHECK(fabs(r.value - value) < 1e-9 && r.states == index + 1);
    CHECK(r.root_kind == ODDSMITH_NODE_MAX && r.move_count == 3 && r.best_index >= 0);
    CHECK(fabs(r.move_values[r.best_index] - r.value) < 1e-12);
    /* Dense errors. */
    memset(&options, 0, sizeof options);
    options.max_states = 10;
    CHECK(oddsmith_expectimax_solve_dense(&dense, &options, &r) == ODDSMITH_ERR_BUDGET_EXCEEDED);
    options.max_states = 0;
    options.depth_limit = 2;
    CHECK(oddsmith_expectimax_solve_dense(&dense, &options, &r) == ODDSMITH_ERR_INVALID_ARGUMENT);
    dense.root_index = dense.size;
    CHECK(oddsmith_expectimax_solve_dense(&dense, NULL, &r) == ODDSMITH_ERR_INVALID_ARGUMENT);
    dense.root_index = 5;
    dense.expand = bad_order_dense_expand;
    CHECK(oddsmith_expectimax_solve_dense(&dense, NULL, &r) == ODDSMITH_ERR_INVALID_ARGUMENT);
    oddsmith_last_error_message(msg, sizeof msg);
    CHECK(strstr(msg, "does not come before it") != NULL);
    dense.expand = NULL;
    CHECK(oddsmith_expectimax_solve_dense(&dense, NULL, &r) == ODDSMITH_ERR_NULL_POINTER);
    CHECK(oddsmith_expectimax_solve_dense(NULL, NULL, &r) == ODDSMITH_ERR_NULL_POINTER);
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

    CHECK(oddsmith_coins_expectation(seed_counts, 3, NULL, 2, NULL, &value, &states) == ODDSMITH_OK);
    CHECK(fabs(value - 2250.0) < 1e-9 && states == 1771561u);
    CHECK(oddsmith_coins_expectation(small, 3, NULL, 2, NULL, &value, NULL) == ODDSMITH_OK);
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
    /* A cycle without rewards that never ends is worth 0 (no error). */
    game.expand = cycle_expand;
    game.root[1] = 0;
    CHECK(oddsmith_expectimax_solve(&game, NULL, &r) == ODDSMITH_OK);
    CHECK(r.value == 0.0 && r.states == 3 && r.iterations >= 1);
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
    CHECK(oddsmith_coins_expectation(seed_counts, 3, NULL, 2, NULL, &value, NULL) == ODDSMITH_ERR_INVALID_ARGUMENT);
    CHECK(oddsmith_coins_expectation(seed_counts, 3, NULL, 3, NULL, &value, NULL) == ODDSMITH_ERR_INVALID_ARGUMENT);
    CHECK(oddsmith_coins_expectation(NULL, 3, NULL, 2, NULL, &value, NULL) == ODDSMITH_ERR_NULL_POINTER);
    /* Values whose sums overflow are refused, never a NaN answer. */
    {
        uint32_t one_each[2] = {1, 1};
        double huge[2] = {1e308, 1e308};
        CHECK(oddsmith_coins_expectation(one_each, 1, huge, 2, NULL, &value, NULL) == ODDSMITH_ERR_INVALID_ARGUMENT);
        oddsmith_last_error_message(msg, sizeof msg);
        CHECK(strstr(msg, "overflow") != NULL);
        huge[1] = 1.0;
        CHECK(oddsmith_coins_expectation(one_each, 1, huge, 2, NULL, &value, NULL) == ODDSMITH_OK);
        CHECK(value == value && value > 0.0 && value - value == 0.0); /* finite */
    }
    /* Counts are named as they are wrong. */
    CHECK(oddsmith_coins_expectation(seed_counts, 3, NULL, 0, NULL, &value, NULL) == ODDSMITH_ERR_INVALID_ARGUMENT);
    oddsmith_last_error_message(msg, sizeof msg);
    CHECK(strstr(msg, "denomination_count is 0") != NULL);
    CHECK(oddsmith_coins_expectation(seed_counts, 7, NULL, 2, NULL, &value, NULL) == ODDSMITH_ERR_INVALID_ARGUMENT);
    oddsmith_last_error_message(msg, sizeof msg);
    CHECK(strstr(msg, "box_count is 7") != NULL);

    check_cycles_pig_and_dense();
    check_values_are_finite();
    check_self_loops_give_way();
    check_memory_is_never_an_abort();
    check_pig_stops_when_told();
    return CHECK_SUMMARY("c");
}
