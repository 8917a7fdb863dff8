// A C++ client built with CMake against an installed liboddsmith: rank a
// hand, the equity of two hands on a flop, and an error reported as an
// exception.
#include "oddsmith.hpp"

#include <cstdio>
#include <vector>

int main() {
    std::uint16_t rank = oddsmith::eval("AhKhQhJhTh9c2d");
    std::printf("AhKhQhJhTh9c2d: %s (rank %u)\n", oddsmith::hand_description(rank).c_str(), rank);

    std::vector<std::string> players;
    players.push_back("AhKh");
    players.push_back("QsQd");
    oddsmith::EquityOptions options;
    options.board = "Ks7c2d";
    options.mode = ODDSMITH_MODE_EXACT;
    OddsmithEquityResult r = oddsmith::equity(players, options);
    std::printf("AhKh vs QsQd on Ks7c2d: %.4f / %.4f\n", r.equity[0], r.equity[1]);

    try {
        oddsmith::eval("AhAh");
        return 1;
    } catch (const oddsmith::Error &e) {
        std::printf("as expected: %s\n", e.what());
    }
    return 0;
}
