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

int main() {
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
