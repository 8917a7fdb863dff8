// C++ test of the expectimax solver through lambdas (bindings/cpp).
#include "oddsmith.hpp"
#include "check.h"

#include <cmath>
#include <stdexcept>
#include <string>
#include <vector>

// A race to 3 points: each turn the player to move (state[1]: 0 = Max)
// picks a safe move (+1 point) or a gamble (+2 points with p = 0.4, else 0).
// Max's value is 1 when Max reaches 3 first; turns alternate; after 8
// turns (state[2]) the race is a draw worth 0.5.
static void race(const std::uint8_t *s, OddsmithGameNode &node, std::vector<OddsmithGameChild> &kids) {
    std::uint8_t max_pts = s[0] & 0x0f, min_pts = s[0] >> 4, turn = s[1];
    if (max_pts >= 3 || min_pts >= 3 || s[2] >= 8) {
        node.kind = ODDSMITH_NODE_TERMINAL;
        node.value = max_pts >= 3 ? 1.0 : (min_pts >= 3 ? 0.0 : 0.5);
        return;
    }
    node.kind = turn == 0 ? ODDSMITH_NODE_MAX : ODDSMITH_NODE_MIN;
    for (std::uint32_t move = 0; move < 2; ++move) {
        for (int win = 0; win < 2; ++win) {
            if (move == 0 && win == 1) continue;
            int gain = move == 0 ? 1 : (win ? 2 : 0);
            double p = move == 0 ? 1.0 : (win ? 0.4 : 0.6);
            int mp = max_pts + (turn == 0 ? gain : 0), np = min_pts + (turn == 1 ? gain : 0);
            std::vector<std::uint8_t> next(3);
            next[0] = static_cast<std::uint8_t>((mp > 3 ? 3 : mp) | ((np > 3 ? 3 : np) << 4));
            next[1] = static_cast<std::uint8_t>(1 - turn);
            next[2] = static_cast<std::uint8_t>(s[2] + 1);
            kids.push_back(oddsmith::game_child(move, p, 0.0, next));
        }
    }
}

// Players flip in turn, Max first; heads wins for the flipper, tails hands
// the flip over: a cycle. Max wins with 1/2 + 1/4 * (Max wins), so 2/3.
static void flips(const std::uint8_t *s, OddsmithGameNode &node, std::vector<OddsmithGameChild> &kids) {
    if (s[0] >= 2) {
        node.kind = ODDSMITH_NODE_TERMINAL;
        node.value = s[0] == 2 ? 1.0 : 0.0;
        return;
    }
    node.kind = s[0] == 0 ? ODDSMITH_NODE_MAX : ODDSMITH_NODE_MIN;
    kids.push_back(oddsmith::game_child(0, 0.5, 0.0, std::vector<std::uint8_t>(1, s[0] == 0 ? 2 : 3)));
    kids.push_back(oddsmith::game_child(0, 0.5, 0.0, std::vector<std::uint8_t>(1, 1 - s[0])));
}

// One box of `index` coins of 100 taken in turn (Max first from 4): dense,
// a child is index - 1.
static void one_box(std::uint64_t index, OddsmithGameNode &node, std::vector<OddsmithDenseChild> &kids) {
    if (index == 0) {
        node.kind = ODDSMITH_NODE_TERMINAL;
        node.value = 0.0;
        return;
    }
    bool max_turn = (4 - index) % 2 == 0;
    node.kind = max_turn ? ODDSMITH_NODE_MAX : ODDSMITH_NODE_MIN;
    kids.push_back(oddsmith::dense_child(0, 1.0, max_turn ? 100.0 : 0.0, index - 1));
}

int main() {
    // A game with a cycle.
    std::vector<std::uint8_t> start(1, 0);
    OddsmithExpectimaxResult f = oddsmith::solve_game(start, flips, oddsmith::expectimax_options());
    CHECK(std::fabs(f.value - 2.0 / 3.0) < 1e-12);
    CHECK(f.iterations >= 1 && f.residual <= 1e-12);
    // Pig, built in: the paper's 53.06%, and a hold near the goal.
    OddsmithPigResult p = oddsmith::pig();
    CHECK(std::fabs(p.win_probability - 0.5306) < 5e-5 && p.best_move == ODDSMITH_PIG_ROLL);
    OddsmithPigResult late = oddsmith::pig(100, 6, 90, 95, 12);
    CHECK(late.hold_allowed == 1 && late.best_move == ODDSMITH_PIG_HOLD && late.hold == 1.0);
    try {
        oddsmith::pig(10, 6, 12);
        CHECK(false);
    } catch (const oddsmith::Error &e) {
        CHECK(e.status() == ODDSMITH_ERR_INVALID_ARGUMENT);
    }
    // A dense game: Max takes coins 1 and 3 of four.
    OddsmithExpectimaxResult d = oddsmith::solve_dense_game(5, 4, one_box);
    CHECK(std::fabs(d.value - 200.0) < 1e-12 && d.states == 5);
    try {
        oddsmith::solve_dense_game(5, 4, [](std::uint64_t, OddsmithGameNode &, std::vector<OddsmithDenseChild> &) {
            throw std::runtime_error("dense lambda");
        });
        CHECK(false);
    } catch (const std::runtime_error &e) {
        CHECK(std::string(e.what()) == "dense lambda");
    }

    std::vector<std::uint8_t> root(3, 0);
    OddsmithExpectimaxResult r = oddsmith::solve_game(root, race);
    CHECK(r.value > 0.5 && r.value < 1.0);  // moving first is an edge
    CHECK(r.move_count == 2 && r.best_index >= 0);
    CHECK(std::fabs(r.move_values[r.best_index] - r.value) < 1e-12);

    // With a depth limit and a heuristic of 0.5 at the horizon.
    OddsmithExpectimaxResult shallow = oddsmith::solve_game(
        root, race, [](const std::uint8_t *) { return 0.5; }, 1);
    CHECK(std::fabs(shallow.value - 0.5) < 1e-12);

    std::vector<std::vector<std::uint32_t> > boxes(3, std::vector<std::uint32_t>(2, 1));
    CHECK(std::fabs(oddsmith::coins_expectation(boxes) - 225.0) < 1e-9);

    try {
        oddsmith::solve_game(root, [](const std::uint8_t *, OddsmithGameNode &, std::vector<OddsmithGameChild> &) {
            throw std::runtime_error("from the lambda");
        });
        CHECK(false);
    } catch (const std::runtime_error &e) {
        CHECK(std::string(e.what()) == "from the lambda");
    }
    try {
        oddsmith::solve_game(root, race, oddsmith::HeuristicFn(), 0, 2);
        CHECK(false);
    } catch (const oddsmith::Error &e) {
        CHECK(e.status() == ODDSMITH_ERR_BUDGET_EXCEEDED);
    }
    return CHECK_SUMMARY("cpp");
}
