// C++ test of the board wrapper (bindings/cpp/oddsmith.hpp): rows against
// what the range holds and the equity wrapper, every flop with a cancel,
// and errors as exceptions naming their input.
#include "oddsmith.hpp"
#include "check.h"

#include <cmath>
#include <string>
#include <vector>

int main() {
    OddsmithBoardResult r = oddsmith::board("QQ+,AKs", "Ks7c2d");
    CHECK(r.boards == 1 && r.combos == 18.0 && r.has_equity == 0);
    CHECK(oddsmith::board_class(r, "set").combos == 3.0);
    CHECK(oddsmith::board_class(r, "top_pair_top_kicker").combos == 3.0);
    CHECK(oddsmith::board_class(r, "overpair").combos == 6.0);

    oddsmith::BoardOptions with_vs;
    with_vs.vs = "KJ+,77,A5s";
    r = oddsmith::board("QQ+,AKs", "Ks7c2d", with_vs);
    std::vector<std::string> players;
    players.push_back("QQ+,AKs");
    players.push_back("KJ+,77,A5s");
    oddsmith::EquityOptions exact;
    exact.board = "Ks7c2d";
    exact.mode = ODDSMITH_MODE_EXACT;
    OddsmithEquityResult e = oddsmith::equity(players, exact);
    CHECK(r.has_equity == 1 && std::fabs(r.equity - e.equity[0]) < 1e-9);

    // Every flop with equity, cancelled at the first report: partial.
    oddsmith::BoardOptions every;
    every.all_flops = true;
    every.vs = "random";
    every.threads = 1;
    int calls = 0;
    every.progress = [&calls](const OddsmithProgressReport &) { return ++calls > 0; };
    every.progress_interval_ms = 1;
    r = oddsmith::board("random", "", every);
    CHECK(calls >= 1 && r.partial == 1 && r.boards == 0);

    try {
        oddsmith::board("QQ+", "Ks7c2d,Ah9hZc");
        CHECK(false);
    } catch (const oddsmith::Error &err) {
        CHECK(err.status() == ODDSMITH_ERR_PARSE);
        CHECK(std::string(err.what()).find("board 2") != std::string::npos);
    }
    try {
        oddsmith::board_class(oddsmith::board("AA", "Ks7c2d"), "toppair");
        CHECK(false);
    } catch (const oddsmith::Error &err) {
        CHECK(err.status() == ODDSMITH_ERR_INVALID_ARGUMENT);
    }
    return CHECK_SUMMARY("cpp");
}
