// C++ test of the push/fold wrapper (bindings/cpp/oddsmith.hpp): the
// exact heads-up answer by combo and by class, a three-handed ICM table,
// a cancel, and errors as exceptions naming their input.
#include "oddsmith.hpp"
#include "check.h"

#include <cmath>
#include <string>
#include <vector>

int main() {
    std::vector<double> heads_up(2, 10.0);
    oddsmith::PushFoldResult r = oddsmith::pushfold(heads_up);
    CHECK(r.exact && !r.partial && r.spots.size() == 2 && r.values.size() == 2);
    CHECK(r.exploitability <= 1e-9 && r.values[0] == -r.values[1]);
    CHECK(r.spots[0].position == "SB" && r.spots[1].describe == "BB after SB pushes");
    CHECK(r.spots[0].combo("AcAd") == 1.0 && r.spots[0].cell("AA") == 1.0);
    // A suited class's cell is the mean of its four combos.
    const oddsmith::PushFoldSpot &call = r.spots[1];
    double kts = (call.combo("KcTc") + call.combo("KdTd") + call.combo("KhTh") + call.combo("KsTs")) / 4;
    CHECK(std::fabs(call.cell("KTs") - kts) < 1e-12);

    // The same defaults as the CLI: blinds 0.5,1 spelled out change nothing.
    oddsmith::PushFoldOptions same;
    same.blinds = std::make_pair(0.5, 1.0);
    CHECK(oddsmith::pushfold(heads_up, same).values[0] == r.values[0]);

    std::vector<double> three(3, 10.0);
    oddsmith::PushFoldOptions icm;
    icm.payouts.push_back(50);
    icm.payouts.push_back(30);
    icm.payouts.push_back(20);
    icm.samples = 2000;
    icm.target = 0.05;
    r = oddsmith::pushfold(three, icm);
    CHECK(!r.exact && r.sampled && r.spots.size() == 6 && r.exploitability <= 0.05);
    CHECK(r.spots[0].describe == "BTN opens" && r.spots[0].opener == -1);
    CHECK(std::fabs(r.values[0] + r.values[1] + r.values[2]) < 1e-9);

    icm.target = 1e-9;
    icm.samples = 20000;
    int calls = 0;
    icm.progress = [&calls](const OddsmithProgressReport &) { return ++calls > 0; };
    icm.progress_interval_ms = 1;
    r = oddsmith::pushfold(three, icm);
    CHECK(calls == 1 && r.partial && r.spots.size() == 6);

    try {
        oddsmith::pushfold(std::vector<double>(11, 10.0));
        CHECK(false);
    } catch (const oddsmith::Error &err) {
        CHECK(err.status() == ODDSMITH_ERR_INVALID_ARGUMENT);
        CHECK(std::string(err.what()).find("stacks") != std::string::npos);
    }
    try {
        oddsmith::PushFoldResult ok = oddsmith::pushfold(heads_up);
        ok.spots[0].cell("AKx");
        CHECK(false);
    } catch (const oddsmith::Error &err) {
        CHECK(err.status() == ODDSMITH_ERR_INVALID_ARGUMENT);
    }
    return CHECK_SUMMARY("cpp");
}
