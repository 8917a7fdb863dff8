// C++ test of split damage through bindings/cpp/oddsmith.hpp.
#include "oddsmith.hpp"
#include "check.h"

#include <cmath>
#include <string>
#include <vector>


int main() {
    std::vector<OddsmithSplitTarget> lives;
    lives.push_back(oddsmith::split_minion(3));
    lives.push_back(oddsmith::split_minion(4));
    lives.push_back(oddsmith::split_minion(5));
    OddsmithSplitDamageResult r = oddsmith::split_damage(lives, 4);
    CHECK(std::fabs(r.kill[0] - 1.0 / 9.0) < 1e-14);
    CHECK(std::fabs(r.kill[1] - 1.0 / 81.0) < 1e-14);
    CHECK(r.kill[2] == 0.0);

    std::vector<OddsmithSplitTarget> board;
    board.push_back(oddsmith::split_minion(2, true));
    board.push_back(oddsmith::split_hero(5, 1));
    r = oddsmith::split_damage(board, 3);
    CHECK(r.hero_or_all_dead >= 0.0 && r.hero_or_all_dead <= 1.0);
    CHECK(r.remaining[1][6] > 0.0);

    try {
        std::vector<OddsmithSplitTarget> bad(1, oddsmith::split_minion(-1));
        oddsmith::split_damage(bad, 3);
        CHECK(false);
    } catch (const oddsmith::Error &e) {
        CHECK(e.status() == ODDSMITH_ERR_INVALID_ARGUMENT);
        CHECK(std::string(e.what()).find("health -1") != std::string::npos);
    }
    try {
        OddsmithSplitDamageOptions tight = oddsmith::split_damage_defaults();
        tight.max_work = 1;
        oddsmith::split_damage(lives, 4, tight);
        CHECK(false);
    } catch (const oddsmith::Error &e) {
        CHECK(e.status() == ODDSMITH_ERR_BUDGET_EXCEEDED);
    }

    return CHECK_SUMMARY("cpp");
}
