// C++ test of progress and cancel (bindings/cpp): std::function callbacks
// see fractions rise to 1, a `true` return gives the partial result
// (`partial` = 1) instead of an exception, an exception thrown by the
// callback comes out of the call, and an empty callback is no progress.
#include "oddsmith.hpp"
#include "check.h"

#include <chrono>
#include <cmath>
#include <stdexcept>
#include <string>
#include <thread>
#include <vector>

namespace {

// Most milliseconds from a cancel to the call's return. The header
// promises about 20; the bound is 100 times that, so that a machine under
// any load passes while a cancel that is not heard (the work runs for
// minutes) still fails.
const double CANCEL_MS = 2000.0;

// A watch waiting for a report with an estimate cancels anyway after this
// long, and the test fails, rather than hang.
const double GIVE_UP_MS = 120000.0;

double now_ms() {
    return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now().time_since_epoch()).count();
}

// Cancels at a number of reports (0: never), or with `on_values` at the
// first report that carries an estimate: reports come by the clock,
// estimates when a round of work is done, so waiting for one (not for a
// number of reports) holds on a machine of any speed.
struct Watch {
    int calls;
    int cancel_after;
    bool on_values;
    int with_values;
    bool gave_up;
    double last;
    bool rising;
    bool other_thread;
    double cancelled_at;
    std::thread::id caller;
    explicit Watch(int cancel_after_calls, bool cancel_on_values = false)
        : calls(0), cancel_after(cancel_after_calls), on_values(cancel_on_values), with_values(0), gave_up(false),
          last(0.0), rising(true), other_thread(false), cancelled_at(0.0), caller(std::this_thread::get_id()) {}
    oddsmith::ProgressFn fn() {
        Watch *self = this;
        return [self](const OddsmithProgressReport &r) {
            if (r.fraction < self->last || r.fraction > 1.0) self->rising = false;
            if (std::this_thread::get_id() != self->caller) self->other_thread = true;
            self->last = r.fraction;
            ++self->calls;
            if (r.value_count > 0) ++self->with_values;
            if (self->on_values && r.elapsed_ms > GIVE_UP_MS) self->gave_up = true;
            if ((self->cancel_after > 0 && self->calls >= self->cancel_after) ||
                (self->on_values && (r.value_count > 0 || self->gave_up))) {
                self->cancelled_at = now_ms();
                return true;
            }
            return false;
        };
    }
};

void test_equity() {
    std::vector<std::string> players(3, "random");
    oddsmith::EquityOptions o;
    o.mode = ODDSMITH_MODE_MONTE_CARLO;
    o.target_stderr = 1e-6;
    o.time_budget_ms = 250;
    o.seed = 3;
    o.progress_interval_ms = 20;
    Watch w(0);
    o.progress = w.fn();
    OddsmithEquityResult r = oddsmith::equity(players, o);
    CHECK(r.partial == 0 && w.calls >= 1 && w.rising && !w.other_thread && w.last == 1.0);

    // Cancelled at the first estimate: no exception, the estimate so far.
    o.time_budget_ms = 600000;
    Watch c(0, true);
    o.progress = c.fn();
    r = oddsmith::equity(players, o);
    CHECK(now_ms() - c.cancelled_at < CANCEL_MS && !c.gave_up && c.with_values == 1);
    CHECK(r.partial == 1 && r.tuples > 0 && std::fabs(r.equity[0] + r.equity[1] + r.equity[2] - 1.0) < 1e-9);

    // An exception from the callback comes out of the call.
    o.progress = [](const OddsmithProgressReport &) -> bool { throw std::runtime_error("stop here"); };
    bool thrown = false;
    try {
        oddsmith::equity(players, o);
    } catch (const std::runtime_error &e) {
        thrown = std::string(e.what()) == "stop here";
    }
    CHECK(thrown);

    // An empty callback is no progress.
    o.progress = oddsmith::ProgressFn();
    o.time_budget_ms = 30;
    CHECK(oddsmith::equity(players, o).partial == 0);
}

void test_other_engines() {
    // Hand strength, cancelled at its first estimate. The work is short,
    // so it may end before one is reported: then it is whole.
    Watch s(0, true);
    OddsmithStrengthResult strength = oddsmith::hand_strength("AhKh", 4, "", 600000, 1, 0, s.fn(), 1);
    if (s.with_values > 0) {
        CHECK(strength.partial == 1 && now_ms() - s.cancelled_at < CANCEL_MS && strength.win > 0.0);
    } else {
        CHECK(strength.partial == 0 && s.last == 1.0 && strength.win > 0.0);
    }

    // Combat: an exact answer is complete and never partial.
    std::vector<OddsmithMinion> a(1, oddsmith::minion(3, 3)), b(1, oddsmith::minion(2, 2));
    Watch c(0);
    OddsmithCombatResult combat = oddsmith::combat(a, b, 1, 1, nullptr, c.fn(), 5);
    CHECK(combat.exact == 1 && combat.partial == 0 && std::fabs(combat.win - 1.0) < 1e-12 && c.last == 1.0);

    // Split damage, cancelled.
    std::vector<OddsmithSplitTarget> targets(7, oddsmith::split_minion(60));
    Watch d(1);
    OddsmithSplitDamageResult split =
        oddsmith::split_damage(targets, 240, oddsmith::split_damage_defaults(), d.fn(), 10);
    CHECK(split.partial == 1);
    CHECK(now_ms() - d.cancelled_at < CANCEL_MS);

    // Pig: progress on the calling thread up to 1; then a cancel.
    Watch p(0);
    OddsmithPigResult pig = oddsmith::pig(60, 6, 0, 0, 0, oddsmith::expectimax_options(), p.fn(), 1);
    CHECK(pig.partial == 0 && p.calls >= 1 && p.rising && !p.other_thread && p.last == 1.0);
    Watch q(1);
    pig = oddsmith::pig(100, 6, 0, 0, 0, oddsmith::expectimax_options(), q.fn(), 1);
    CHECK(pig.partial == 1 && now_ms() - q.cancelled_at < CANCEL_MS);

    // Durak: the best move so far.
    OddsmithDurakRules rules;
    std::memset(&rules, 0, sizeof rules);
    oddsmith::DurakGame game(rules, 5);
    OddsmithDurakObservation obs = game.observe(game.to_move());
    OddsmithDurakStats stats;
    Watch m(3);
    OddsmithDurakMove best =
        oddsmith::durak_best_move(obs, oddsmith::durak_budget(100000000u), &stats, m.fn(), 10);
    CHECK(stats.partial == 1 && now_ms() - m.cancelled_at < CANCEL_MS && best.kind == ODDSMITH_DURAK_ATTACK);
    game.apply(best);
}

}  // namespace

int main() {
    test_equity();
    test_other_engines();
    return CHECK_SUMMARY("cpp");
}
