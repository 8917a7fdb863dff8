// C++ test of the combat wrapper (bindings/cpp/oddsmith.hpp).
#include "oddsmith.hpp"
#include "check.h"

#include <algorithm>
#include <cmath>
#include <string>
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
    // Bonuses from earlier turns: Harmless Bonehead's skeletons are Undead,
    // and with Undead +2/+1 this game they enter as 3/2 tokens would.
    std::vector<OddsmithMinion> bonehead(1, oddsmith::card_minion("Harmless Bonehead", 4, 4));
    std::vector<OddsmithMinion> tokens(1, oddsmith::minion(4, 4));
    tokens[0].token_attack = 3;
    tokens[0].token_health = 2;
    tokens[0].token_count = 2;
    std::vector<OddsmithMinion> foes;
    foes.push_back(oddsmith::minion(2, 6));
    foes.push_back(oddsmith::minion(3, 3));
    OddsmithCombatOptions bonuses = OddsmithCombatOptions();
    bonuses.bonuses_a.undead_attack = 2;
    bonuses.bonuses_a.undead_health = 1;
    OddsmithCombatResult undead = oddsmith::combat(bonehead, foes, 1, 1, &bonuses);
    OddsmithCombatResult as_tokens = oddsmith::combat(tokens, foes);
    CHECK(std::fabs(undead.win - as_tokens.win) < 1e-12 && std::fabs(undead.draw - as_tokens.draw) < 1e-12);
    CHECK(std::fabs(undead.win - oddsmith::combat(bonehead, foes).win) > 1e-3);

    // A whole game state: its globalInfo gives the bonuses (Undead +2/+1),
    // the same answer as the boards given with them.
    const std::string state =
        "{\"playerBoard\": {\"player\": {\"tavernTier\": 1,"
        " \"globalInfo\": {\"UndeadAttackBonus\": 2, \"UndeadHealthBonus\": 1}},"
        " \"board\": [{\"cardId\": \"BG28_300\", \"attack\": 4, \"health\": 4}]},"
        " \"opponentBoard\": {\"player\": {\"tavernTier\": 1}, \"board\": ["
        "{\"cardId\": \"BG31_035\", \"attack\": 2, \"health\": 6},"
        " {\"cardId\": \"BG31_035\", \"attack\": 3, \"health\": 3}]}}";
    std::vector<OddsmithMinion> breakers;
    breakers.push_back(oddsmith::card_minion("BG31_035", 2, 6));
    breakers.push_back(oddsmith::card_minion("BG31_035", 3, 3));
    OddsmithCombatResult whole = oddsmith::combat_battle(state);
    OddsmithCombatResult boards = oddsmith::combat(bonehead, breakers, 1, 1, &bonuses);
    CHECK(whole.exact == 1 && whole.win == boards.win && whole.draw == boards.draw);
    CHECK(whole.approximate == 0 && oddsmith::unmodelled(whole).empty());
    // A trinket no table knows: left out and listed, or refused on request.
    std::string with_trinket = state;
    with_trinket.replace(with_trinket.find("\"tavernTier\": 1,"), 16,
                         "\"tavernTier\": 1, \"trinkets\": [{\"cardId\": \"NOT_A_TRINKET\"}],");
    OddsmithCombatResult approximate = oddsmith::combat_battle(with_trinket);
    std::vector<oddsmith::UnmodelledCard> left_out = oddsmith::unmodelled(approximate);
    CHECK(approximate.approximate == 1 && left_out.size() == 1 && left_out[0].id == "NOT_A_TRINKET" &&
          left_out[0].place == ODDSMITH_PLACE_TRINKET && approximate.win == whole.win);
    OddsmithCombatOptions refuse = OddsmithCombatOptions();
    refuse.unmodelled = ODDSMITH_UNMODELLED_REFUSE;
    try {
        oddsmith::combat_battle(with_trinket, &refuse);
        CHECK(false);
    } catch (const oddsmith::Error &e) {
        CHECK(e.status() == ODDSMITH_ERR_INVALID_ARGUMENT &&
              std::string(e.what()).find("NOT_A_TRINKET") != std::string::npos);
    }
    try {
        oddsmith::combat_battle("{\"playerBoard\": 3}");
        CHECK(false);
    } catch (const oddsmith::Error &e) {
        CHECK(e.status() == ODDSMITH_ERR_PARSE && std::string(e.what()).find("playerBoard") != std::string::npos);
    }

    // The best order: exact, the best of every order's odds from combat().
    {
        std::vector<OddsmithMinion> mine, theirs;
        mine.push_back(oddsmith::minion(1, 6));
        mine.push_back(oddsmith::minion(5, 1));
        mine.push_back(oddsmith::minion(3, 3, ODDSMITH_KW_SHIELD));
        theirs.push_back(oddsmith::minion(4, 3));
        theirs.push_back(oddsmith::minion(2, 5, ODDSMITH_KW_TAUNT));
        theirs.push_back(oddsmith::minion(3, 2));
        OddsmithCombatOptions exact = OddsmithCombatOptions();
        exact.mode = ODDSMITH_COMBAT_EXACT;
        OddsmithBestOrderOptions damage = oddsmith::best_order_options(ODDSMITH_OBJECTIVE_DAMAGE_TAKEN);
        OddsmithBestOrderResult found = oddsmith::best_order(mine, theirs, 1, 1, &exact, &damage);
        std::vector<std::uint32_t> order = oddsmith::order_of(found);
        CHECK(found.exact == 1 && found.orders == 6 && order.size() == 3);
        // Brute force: the least expected damage taken over all six orders.
        std::vector<std::uint32_t> p;
        p.push_back(0);
        p.push_back(1);
        p.push_back(2);
        double least = 1e9;
        do {
            std::vector<OddsmithMinion> arranged;
            for (std::size_t k = 0; k < 3; ++k) arranged.push_back(mine[p[k]]);
            OddsmithCombatResult r = oddsmith::combat(arranged, theirs, 1, 1, &exact);
            double taken = 0.0;
            for (std::size_t d = 0; d < ODDSMITH_DAMAGE_SLOTS; ++d) taken += d * r.damage_to_a[d];
            if (taken < least) least = taken;
        } while (std::next_permutation(p.begin(), p.end()));
        CHECK(std::fabs(found.value - least) < 1e-12);
        OddsmithBestOrderOptions lethal = oddsmith::best_order_options(ODDSMITH_OBJECTIVE_LETHAL);
        try {
            oddsmith::best_order(mine, theirs, 1, 1, nullptr, &lethal);
            CHECK(false);
        } catch (const oddsmith::Error &e) {
            CHECK(e.status() == ODDSMITH_ERR_INVALID_ARGUMENT &&
                  std::string(e.what()).find("health") != std::string::npos);
        }
    }

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
