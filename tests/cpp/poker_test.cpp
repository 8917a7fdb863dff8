// C++ test of the poker wrappers (bindings/cpp/oddsmith.hpp).
#include "oddsmith.hpp"
#include "check.h"

#include <cmath>
#include <string>
#include <vector>

int main() {
    oddsmith::init();
    CHECK(oddsmith::eval("AhKhQhJhTh") == 7462);
    std::uint16_t two_pair = oddsmith::eval("KhKs7d7c2h");
    CHECK(oddsmith::hand_description(two_pair) == "Two Pair, Kings and Sevens");
    CHECK(oddsmith::hand_category(two_pair) == 2);

    std::vector<std::uint8_t> cards = oddsmith::parse_cards("AhKhQhJhTh2c3d4h5s7c");
    std::vector<std::uint16_t> ranks = oddsmith::eval_batch(cards, 5);
    CHECK(ranks.size() == 2 && ranks[0] == 7462 && ranks[1] == 1);

    std::vector<std::string> players;
    players.push_back("AcAd");
    players.push_back("KcKd");
    players.push_back("QcQd");
    // Budgets no machine reaches: answers that may not depend on its speed.
    const std::uint32_t no_deadline = 600000;
    oddsmith::EquityOptions exact;
    exact.mode = ODDSMITH_MODE_EXACT;
    exact.time_budget_ms = no_deadline;
    OddsmithEquityResult r = oddsmith::equity(players, exact);
    CHECK(std::fabs(r.equity[0] - 0.676703) < 5e-7 && std::fabs(r.equity[2] - 0.150980) < 5e-7);

    // Each combo's equity: the rows, weighted by their deals, give the total.
    std::vector<std::string> pair;
    pair.push_back("QQ+,AKs");
    pair.push_back("random");
    oddsmith::EquityOptions flop;
    flop.board = "Ks7c2d";
    flop.time_budget_ms = no_deadline;
    OddsmithEquityResult totals;
    std::vector<OddsmithComboEquity> rows = oddsmith::equity_by_combo(pair, flop, &totals);
    double weighted = 0, deals = 0;
    std::size_t mine = 0;
    for (std::size_t i = 0; i < rows.size(); ++i) {
        if (rows[i].player != 0) continue;
        ++mine;
        weighted += rows[i].equity * rows[i].deals;
        deals += rows[i].deals;
    }
    CHECK(mine == 6 + 6 + 3 + 3 && rows.size() == mine + 1176);
    CHECK(std::fabs(weighted / deals - totals.equity[0]) < 1e-12);

    // Omaha hi/lo and short deck by the game option.
    std::vector<std::string> omaha;
    omaha.push_back("AsAh2s3h");
    omaha.push_back("JdTd9c8c");
    oddsmith::EquityOptions plo8;
    plo8.game = ODDSMITH_GAME_PLO8;
    plo8.threads = 1;
    plo8.time_budget_ms = no_deadline;
    OddsmithEquityResult hilo = oddsmith::equity(omaha, plo8);
    CHECK(hilo.exact == 1 && hilo.tuples == 1086008u && hilo.low[0] > 0.2);
    CHECK(std::fabs(hilo.equity[0] - hilo.high[0] - hilo.low[0]) < 1e-12);
    std::vector<std::string> six;
    six.push_back("AhKh");
    six.push_back("QsQd");
    oddsmith::EquityOptions short_deck;
    short_deck.game = ODDSMITH_GAME_SHORT_DECK;
    short_deck.time_budget_ms = no_deadline;
    OddsmithEquityResult sd = oddsmith::equity(six, short_deck);
    CHECK(sd.exact == 1 && sd.tuples == 201376u && sd.equity[0] > 0.5);

    OddsmithStrengthResult s = oddsmith::hand_strength("AhKh", 1, "As7c2d", no_deadline);
    CHECK(s.exact == 1 && s.win > 0.8);

    try {
        players[1] = "AcKd";
        oddsmith::equity(players, exact);
        CHECK(false);
    } catch (const oddsmith::Error &e) {
        CHECK(e.status() == ODDSMITH_ERR_DUPLICATE_CARD);
    }
    try {
        oddsmith::eval("AhKh");
        CHECK(false);
    } catch (const oddsmith::Error &e) {
        CHECK(e.status() == ODDSMITH_ERR_INVALID_ARGUMENT);
    }
    return CHECK_SUMMARY("cpp");
}
