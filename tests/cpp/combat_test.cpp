// C++ test of the combat wrapper (bindings/cpp/oddsmith.hpp).
#include "oddsmith.hpp"
#include "check.h"

#include <cmath>
#include <vector>

int main() {
    std::vector<OddsmithMinion> a, b;
    a.push_back(oddsmith::minion(6, 7));
    b.push_back(oddsmith::minion(1, 7));
    b.push_back(oddsmith::minion(2, 1));
    b.push_back(oddsmith::minion(4, 5));
    OddsmithCombatResult r = oddsmith::combat(a, b);
    CHECK(std::fabs(r.draw - 1.0 / 3.0) < 1e-12 && std::fabs(r.loss - 2.0 / 3.0) < 1e-12);

    std::vector<OddsmithMinion> zero;
    zero.push_back(oddsmith::minion(0, 5));
    zero.push_back(oddsmith::minion(2, 2));
    std::vector<OddsmithMinion> one(1, oddsmith::minion(1, 3));
    CHECK(std::fabs(oddsmith::combat(zero, one).win - 1.0) < 1e-12);

    // Real cards by name: a golden Risen Rider (taunt, reborn) as a 4/2.
    OddsmithBgCard rider = oddsmith::bg_card("golden Risen Rider");
    CHECK(rider.golden == 1 && rider.attack == 4 && rider.health == 2);
    std::vector<OddsmithMinion> cards(1, oddsmith::card_minion("golden Risen Rider", 4, 2));
    std::vector<OddsmithMinion> same(1, oddsmith::minion(4, 2, ODDSMITH_KW_TAUNT | ODDSMITH_KW_REBORN, 1));
    OddsmithCombatResult by_card = oddsmith::combat(cards, one), by_hand = oddsmith::combat(same, one);
    CHECK(std::fabs(by_card.win - by_hand.win) < 1e-12 && std::fabs(by_card.draw - by_hand.draw) < 1e-12);
    try {
        oddsmith::bg_card("No Such Minion");
        CHECK(false);
    } catch (const oddsmith::Error &e) {
        CHECK(e.status() == ODDSMITH_ERR_INVALID_ARGUMENT);
    }

    try {
        std::vector<OddsmithMinion> bad(1, oddsmith::minion(1, -1));
        oddsmith::combat(bad, one);
        CHECK(false);
    } catch (const oddsmith::Error &e) {
        CHECK(e.status() == ODDSMITH_ERR_INVALID_ARGUMENT);
    }
    return CHECK_SUMMARY("cpp");
}
