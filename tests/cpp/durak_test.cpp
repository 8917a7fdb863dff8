// C++ test of the Durak wrapper: the engine plays seat 0 of a 3-player
// game to the end; errors become exceptions.
#include "oddsmith.hpp"
#include "check.h"

#include <vector>

int main() {
    oddsmith::DurakGame game(3, 36, 11);
    OddsmithDurakBudget budget = oddsmith::durak_budget(200, 0, 3);
    // The wrapper's default rollout is a zeroed one: the heuristic, as in Rust.
    CHECK(budget.rollout == 0 && budget.rollout == ODDSMITH_DURAK_ROLLOUT_HEURISTIC);
    CHECK(budget.level == 0 && oddsmith::durak_budget(0, 0, 0, 4).level == 4);
    int plies = 0;
    while (!game.outcome().over && plies < 5000) {
        std::uint32_t p = game.to_move();
        std::vector<OddsmithDurakMove> moves = game.legal_moves();
        CHECK(!moves.empty());
        OddsmithDurakMove m = moves[plies % moves.size()];
        if (p == 0) {
            OddsmithDurakObservation obs = game.observe(0);
            CHECK(oddsmith::durak_legal_moves(obs).size() == moves.size());
            m = oddsmith::durak_best_move(obs, budget);
        }
        game.apply(m);
        ++plies;
    }
    OddsmithDurakOutcome o = game.outcome();
    CHECK(o.over == 1 && o.loser >= -1 && o.loser < 3);
    oddsmith::DurakGame moved(std::move(game));
    try {
        oddsmith::DurakGame bad(7);
        CHECK(false);
    } catch (const oddsmith::Error &e) {
        CHECK(e.status() == ODDSMITH_ERR_INVALID_ARGUMENT);
    }
    try {
        oddsmith::DurakGame fresh(2, 36, 5);
        OddsmithDurakMove take;
        take.kind = ODDSMITH_DURAK_TAKE;
        take.card = take.target = -1;
        fresh.apply(take);  // nobody defends yet
        CHECK(false);
    } catch (const oddsmith::Error &e) {
        CHECK(e.status() == ODDSMITH_ERR_INVALID_ARGUMENT);
    }
    return CHECK_SUMMARY("cpp");
}
