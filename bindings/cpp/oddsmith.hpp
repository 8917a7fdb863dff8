// oddsmith.hpp: header-only C++11 wrapper over oddsmith.h. Statuses become
// oddsmith::Error exceptions carrying the library's message; results come
// back as values and standard containers. Thread safety is that of the C
// functions each method calls.
#ifndef ODDSMITH_HPP
#define ODDSMITH_HPP

#include "oddsmith.h"

#include <cstdint>
#include <cstring>
#include <exception>
#include <functional>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

namespace oddsmith {

// A failed call: the status and the message the library gave for it.
class Error : public std::runtime_error {
public:
    Error(OddsmithStatus status, const std::string &message)
        : std::runtime_error(message), status_(status) {}
    OddsmithStatus status() const noexcept { return status_; }

private:
    OddsmithStatus status_;
};

// The message of the last failure on this thread.
inline std::string last_error_message() {
    std::size_t needed = oddsmith_last_error_message(nullptr, 0);
    std::string text(needed + 1, '\0');
    oddsmith_last_error_message(&text[0], text.size());
    text.resize(needed);
    return text;
}

// Throws oddsmith::Error unless status is ODDSMITH_OK.
inline void check(OddsmithStatus status) {
    if (status != ODDSMITH_OK) {
        throw Error(status, last_error_message());
    }
}

inline std::uint32_t version() { return oddsmith_version(); }

// ---- progress and cancel ------------------------------------------------

// A long call's progress (see OddsmithProgressReport): called on the
// calling thread, never concurrently, at most every interval and once with
// fraction 1 at the end. Return true to cancel: the call then returns its
// partial result (`partial` = 1 in the result) instead of throwing. An
// exception thrown by the callback cancels the call and is rethrown from it.
typedef std::function<bool(const OddsmithProgressReport &)> ProgressFn;

namespace detail {
extern "C" inline std::int32_t progress_trampoline(void *user, const OddsmithProgressReport *report);

// The C progress for a ProgressFn (none when it is empty), and what the
// callback threw.
class Watch {
public:
    Watch(const ProgressFn &fn, std::uint32_t interval_ms) : fn_(fn) {
        progress_.callback = progress_trampoline;
        progress_.user = this;
        progress_.interval_ms = interval_ms;
    }
    const OddsmithProgress *get() const { return fn_ ? &progress_ : nullptr; }
    // A copy of a call's options with this progress in them (unchanged
    // without a callback).
    template <class Options>
    Options attach(Options options) const {
        if (fn_) options.progress = get();
        return options;
    }
    bool call(const OddsmithProgressReport &report) {
        try {
            return fn_(report);
        } catch (...) {
            error_ = std::current_exception();
            return true;
        }
    }
    // After the call: rethrows the callback's exception, treats a cancel as
    // success (the result is marked partial), else checks the status.
    void finish(OddsmithStatus status) const {
        if (error_) std::rethrow_exception(error_);
        if (status != ODDSMITH_ERR_CANCELLED) check(status);
    }

private:
    const ProgressFn &fn_;
    OddsmithProgress progress_;
    std::exception_ptr error_;
};

extern "C" inline std::int32_t progress_trampoline(void *user, const OddsmithProgressReport *report) {
    return static_cast<Watch *>(user)->call(*report) ? 1 : 0;
}
}  // namespace detail

// Optional warm-up: builds the poker tables and the shared worker pool
// (0 = one thread per core) now instead of on first use.
inline void init(std::uint32_t threads = 0) { check(oddsmith_init(threads)); }
inline std::string version_string() { return oddsmith_version_string(); }

// True when the library matches the header this program was built with
// (same major version, and a minor version at least the header's).
inline bool version_matches() {
    std::uint32_t v = oddsmith_version();
    return (v >> 16) == ODDSMITH_VERSION_MAJOR && ((v >> 8) & 0xff) >= ODDSMITH_VERSION_MINOR;
}

// One card ("Ah", "td", "10h") as its index 0..51.
inline std::uint8_t parse_card(const std::string &text) {
    std::uint8_t card = 0;
    check(oddsmith_card_parse(text.c_str(), &card));
    return card;
}

// A card list ("AhKs Qd") as indices, in input order.
inline std::vector<std::uint8_t> parse_cards(const std::string &text) {
    std::size_t len = 0;
    OddsmithStatus status = oddsmith_cards_parse(text.c_str(), nullptr, 0, &len);
    if (status != ODDSMITH_ERR_BUFFER_TOO_SMALL) {
        check(status);  // throws on parse errors; OK means no cards
        return std::vector<std::uint8_t>();
    }
    std::vector<std::uint8_t> cards(len);
    check(oddsmith_cards_parse(text.c_str(), cards.data(), cards.size(), &len));
    return cards;
}

// A card list as a set mask (bit i = card i).
inline std::uint64_t parse_card_mask(const std::string &text) {
    std::uint64_t mask = 0;
    check(oddsmith_cards_parse_mask(text.c_str(), &mask));
    return mask;
}

// The text of a card index, such as "Ah".
inline std::string format_card(std::uint8_t card) {
    char buf[4] = {0, 0, 0, 0};
    check(oddsmith_card_format(card, buf, sizeof buf));
    return std::string(buf);
}

// A split damage target: health (armor added for heroes), shield, hero.
inline OddsmithSplitTarget split_minion(std::int32_t health, bool shield = false) {
    OddsmithSplitTarget t;
    t.health = health;
    t.armor = 0;
    t.shield = shield ? 1 : 0;
    t.hero = 0;
    return t;
}

inline OddsmithSplitTarget split_hero(std::int32_t health, std::int32_t armor = 0) {
    OddsmithSplitTarget t;
    t.health = health;
    t.armor = armor;
    t.shield = 0;
    t.hero = 1;
    return t;
}

// Options with the defaults (a zeroed struct): all minions for all_dead,
// the first hero.
inline OddsmithSplitDamageOptions split_damage_defaults() {
    OddsmithSplitDamageOptions o;
    o.all_dead_mask = 0;
    o.hero_target = 0;
    o.max_work = 0;
    o.progress = nullptr;
    return o;
}

// Exact split damage answers (see oddsmith_split_damage). The result is
// large (about 12 KiB): it is returned by value for convenience.
inline OddsmithSplitDamageResult split_damage(const std::vector<OddsmithSplitTarget> &targets,
                                              std::uint32_t hits,
                                              const OddsmithSplitDamageOptions &options = split_damage_defaults(),
                                              const ProgressFn &progress = ProgressFn(),
                                              std::uint32_t progress_interval_ms = 0) {
    detail::Watch watch(progress, progress_interval_ms);
    OddsmithSplitDamageOptions o = watch.attach(options);
    OddsmithSplitDamageResult result;
    watch.finish(oddsmith_split_damage(targets.data(), targets.size(), hits, &o, &result));
    return result;
}

// ---- Battlegrounds combat -------------------------------------------------

inline OddsmithMinion minion(std::int32_t attack, std::int32_t health, std::uint32_t keywords = 0,
                             std::uint32_t tier = 1) {
    OddsmithMinion m;
    std::memset(&m, 0, sizeof m);
    m.attack = attack;
    m.health = health;
    m.keywords = keywords;
    m.tier = tier;
    return m;
}

// A Battlegrounds card by id ("BG25_001", golden "BG25_001_G"), English
// name in any case, or "golden " and a name; throws oddsmith::error if
// there is none.
inline OddsmithBgCard bg_card(const std::string &id_or_name) {
    OddsmithBgCard card;
    check(oddsmith_bg_card_find(id_or_name.c_str(), &card));
    return card;
}

// A minion of a real card with its current stats (the card gives tier,
// keywords and combat effect; `extra_keywords` adds to its keywords).
inline OddsmithMinion card_minion(const std::string &id_or_name, std::int32_t attack, std::int32_t health,
                                  std::uint32_t extra_keywords = 0) {
    OddsmithMinion m = minion(attack, health, extra_keywords, 0);
    m.dbf_id = bg_card(id_or_name).dbf_id;
    return m;
}

namespace detail {
// The caller's combat options (zeroed when none), with the watch's
// progress when a callback is given.
inline OddsmithCombatOptions combat_options(const OddsmithCombatOptions *options, const ProgressFn &progress,
                                            Watch &watch) {
    OddsmithCombatOptions o;
    if (options) {
        o = *options;
    } else {
        std::memset(&o, 0, sizeof o);
    }
    if (progress) o.progress = watch.get();
    return o;
}
}  // namespace detail

// Win/draw/loss and damage odds of board a against board b (exact when it
// fits the state budget, else Monte Carlo, unless options say otherwise).
inline OddsmithCombatResult combat(const std::vector<OddsmithMinion> &a, const std::vector<OddsmithMinion> &b,
                                   std::uint32_t tier_a = 1, std::uint32_t tier_b = 1,
                                   const OddsmithCombatOptions *options = nullptr,
                                   const ProgressFn &progress = ProgressFn(),
                                   std::uint32_t progress_interval_ms = 0) {
    detail::Watch watch(progress, progress_interval_ms);
    OddsmithCombatOptions o = detail::combat_options(options, progress, watch);
    OddsmithCombatResult result;
    watch.finish(oddsmith_combat(a.data(), a.size(), b.data(), b.size(), tier_a, tier_b, &o, &result));
    return result;
}

// The odds of a whole Firestone game state (BgsBattleInfo JSON, as
// Firestone's app logs it): playerBoard is side A, opponentBoard side B,
// with their tiers, game bonuses, hands, secrets and Duos teammates; the
// options' bonuses must be zeroed (the state gives them). What is not
// modelled is left out and listed (unmodelled(result), result.approximate)
// unless options->unmodelled is ODDSMITH_UNMODELLED_REFUSE. Errors name
// the JSON path (Error's message).
inline OddsmithCombatResult combat_battle(const std::string &state_json,
                                          const OddsmithCombatOptions *options = nullptr,
                                          const ProgressFn &progress = ProgressFn(),
                                          std::uint32_t progress_interval_ms = 0) {
    detail::Watch watch(progress, progress_interval_ms);
    OddsmithCombatOptions o = detail::combat_options(options, progress, watch);
    OddsmithCombatResult result;
    watch.finish(oddsmith_combat_battle_json(reinterpret_cast<const std::uint8_t *>(state_json.data()),
                                             state_json.size(), &o, &result));
    return result;
}

// The order of board a that maximises an objective against board b as
// given (see oddsmith_combat_best_order): `best` says what it maximises
// (objective, health_a, margin; NULL for P(A wins)), `options` how (mode,
// budgets, seed, threads; NULL for Auto with a 1 s budget). Exact when
// every order fits, else the orders race with Monte Carlo. A cancel by
// `progress` returns the race's best so far, marked partial.
inline OddsmithBestOrderResult best_order(const std::vector<OddsmithMinion> &a, const std::vector<OddsmithMinion> &b,
                                          std::uint32_t tier_a = 1, std::uint32_t tier_b = 1,
                                          const OddsmithCombatOptions *options = nullptr,
                                          const OddsmithBestOrderOptions *best = nullptr,
                                          const ProgressFn &progress = ProgressFn(),
                                          std::uint32_t progress_interval_ms = 0) {
    detail::Watch watch(progress, progress_interval_ms);
    OddsmithCombatOptions o = detail::combat_options(options, progress, watch);
    OddsmithBestOrderResult result;
    watch.finish(
        oddsmith_combat_best_order(a.data(), a.size(), b.data(), b.size(), tier_a, tier_b, &o, best, &result));
    return result;
}

// What a best order maximises: ODDSMITH_OBJECTIVE_WIN, _WIN_MINUS_LOSS,
// _DAMAGE_DEALT, _DAMAGE_TAKEN or _LETHAL (at health_a); margin 0 is the
// objective's default.
inline OddsmithBestOrderOptions best_order_options(std::uint32_t objective, double margin = 0.0,
                                                   std::int32_t health_a = 0) {
    OddsmithBestOrderOptions o;
    std::memset(&o, 0, sizeof o);
    o.objective = objective;
    o.margin = margin;
    o.health_a = health_a;
    return o;
}

// The order found, as indices into board a as given.
inline std::vector<std::uint32_t> order_of(const OddsmithBestOrderResult &result) {
    return std::vector<std::uint32_t>(result.order, result.order + result.order_count);
}

// One card of a game state left out of an approximate answer: its card
// id and where it was (ODDSMITH_PLACE_BOARD, _HAND, _HERO_POWER, ...).
struct UnmodelledCard {
    std::string id;
    std::uint32_t place;
};

// What a whole-state answer left out, as its slots hold it (the first
// ODDSMITH_UNMODELLED_SLOTS; result.unmodelled_count counts them all).
inline std::vector<UnmodelledCard> unmodelled(const OddsmithCombatResult &result) {
    std::vector<UnmodelledCard> cards;
    std::uint32_t n = result.unmodelled_count;
    if (n > ODDSMITH_UNMODELLED_SLOTS) n = ODDSMITH_UNMODELLED_SLOTS;
    for (std::uint32_t i = 0; i < n; ++i) {
        UnmodelledCard card = {std::string(result.unmodelled_ids[i]), result.unmodelled_places[i]};
        cards.push_back(card);
    }
    return cards;
}

// ---- poker -------------------------------------------------------------

// Rank of 5 to 7 cards given as text ("AhKhQhJhTh"): 1..7462, higher wins.
inline std::uint16_t eval(const std::string &cards) {
    std::vector<std::uint8_t> c = parse_cards(cards);
    if (c.size() < 5 || c.size() > 7) throw Error(ODDSMITH_ERR_INVALID_ARGUMENT, "a hand has 5 to 7 cards");
    std::uint16_t rank = 0;
    check(oddsmith_eval_batch(c.data(), 1, c.size(), &rank, 1));
    return rank;
}

// Ranks many hands of `cards_per_hand` cards laid out back to back.
inline std::vector<std::uint16_t> eval_batch(const std::vector<std::uint8_t> &cards, std::size_t cards_per_hand) {
    std::size_t n = cards_per_hand ? cards.size() / cards_per_hand : 0;
    std::vector<std::uint16_t> ranks(n);
    check(oddsmith_eval_batch(cards.data(), n, cards_per_hand, ranks.data(), ranks.size()));
    return ranks;
}

inline std::uint32_t hand_category(std::uint16_t rank) {
    std::uint32_t category = 0;
    check(oddsmith_hand_category(rank, &category));
    return category;
}

inline std::string hand_description(std::uint16_t rank) {
    char buf[64];
    std::size_t len = 0;
    check(oddsmith_hand_describe(rank, buf, sizeof buf, &len));
    return std::string(buf, len);
}

// Equity options; players are hands or ranges (Omaha: "AsKsQhJh",
// "AA**:ds"; short deck: Hold'em ranges on the cards six to ace).
struct EquityOptions {
    std::string board, dead;
    // ODDSMITH_GAME_HOLDEM (default), _PLO4, _PLO5, _PLO6, _PLO8, _PLO5_8,
    // _SHORT_DECK, _SHORT_DECK_TRITON; results fill high, low and scoop.
    std::uint32_t game;
    std::uint32_t mode;
    double target_stderr;
    // 0: the mode's default (1000 ms for Auto and Monte Carlo, no limit
    // for exact), as in every interface.
    std::uint32_t time_budget_ms;
    std::uint64_t seed;
    std::uint32_t threads;
    // Progress and cancel (empty: none), reported every progress_interval_ms
    // (0: 100 ms).
    ProgressFn progress;
    std::uint32_t progress_interval_ms;
    EquityOptions()
        : game(ODDSMITH_GAME_HOLDEM), mode(ODDSMITH_MODE_AUTO), target_stderr(0.001), time_budget_ms(0), seed(0), threads(0),
          progress_interval_ms(0) {}
};

// The C request for players and options (strings borrowed from them).
inline OddsmithEquityRequest equity_request(const std::vector<std::string> &players, const EquityOptions &o) {
    if (players.size() > ODDSMITH_MAX_PLAYERS) throw Error(ODDSMITH_ERR_INVALID_ARGUMENT, "at most 10 players");
    OddsmithEquityRequest req;
    std::memset(&req, 0, sizeof req);
    for (std::size_t i = 0; i < players.size(); ++i) req.players[i] = players[i].c_str();
    req.player_count = static_cast<std::uint32_t>(players.size());
    req.board = o.board.c_str();
    req.dead = o.dead.c_str();
    req.game = o.game;
    req.mode = o.mode;
    req.target_stderr = o.target_stderr;
    req.time_budget_ms = o.time_budget_ms;
    req.seed = o.seed;
    req.threads = o.threads;
    return req;
}

inline OddsmithEquityResult equity(const std::vector<std::string> &players, const EquityOptions &o = EquityOptions()) {
    OddsmithEquityRequest req = equity_request(players, o);
    detail::Watch watch(o.progress, o.progress_interval_ms);
    req.progress = watch.get();
    OddsmithEquityResult result;
    watch.finish(oddsmith_equity(&req, &result));
    return result;
}

// Each combo's equity (on a flop, turn or river; preflop for two players
// without dead cards), with the totals in `*totals` when given.
inline std::vector<OddsmithComboEquity> equity_by_combo(const std::vector<std::string> &players,
                                                       const EquityOptions &o = EquityOptions(),
                                                       OddsmithEquityResult *totals = 0) {
    OddsmithEquityRequest req = equity_request(players, o);
    detail::Watch watch(o.progress, o.progress_interval_ms);
    req.progress = watch.get();
    std::vector<OddsmithComboEquity> rows(ODDSMITH_MAX_COMBO_ROWS);
    std::size_t count = 0;
    watch.finish(oddsmith_equity_by_combo(&req, totals, rows.data(), rows.size(), &count));
    rows.resize(count);
    return rows;
}

inline OddsmithStrengthResult hand_strength(const std::string &hand, std::uint32_t opponents,
                                            const std::string &board = std::string(),
                                            std::uint32_t time_budget_ms = 1000, std::uint64_t seed = 0,
                                            std::uint32_t threads = 0, const ProgressFn &progress = ProgressFn(),
                                            std::uint32_t progress_interval_ms = 0) {
    detail::Watch watch(progress, progress_interval_ms);
    OddsmithStrengthResult result;
    watch.finish(oddsmith_hand_strength(hand.c_str(), board.c_str(), opponents, time_budget_ms, seed, threads,
                                        watch.get(), &result));
    return result;
}

// ---- a range on a board -------------------------------------------------

// Options of board(): vs the other range for equity by class (empty:
// none); all_flops every one of the 22,100 flops (give no board); threads
// by the rule of ODDSMITH_MAX_THREADS (the answer is the same on any
// number); time_budget_ms a limit (0: none; past it Error
// ODDSMITH_ERR_BUDGET_EXCEEDED); progress and cancel as for equity.
struct BoardOptions {
    std::string vs;
    bool all_flops;
    std::uint32_t threads;
    std::uint32_t time_budget_ms;
    ProgressFn progress;
    std::uint32_t progress_interval_ms;
    BoardOptions() : all_flops(false), threads(0), time_budget_ms(0), progress_interval_ms(0) {}
};

// What a Hold'em range makes on a board (docs/src/poker-board.md): per
// class its combos, weight, share and, with o.vs, equity. board is a
// flop, turn or river, or several separated by commas (empty with
// o.all_flops). Throws oddsmith::Error naming the bad input; a cancel by
// the progress callback returns the result with partial = 1 and zeros.
inline OddsmithBoardResult board(const std::string &range, const std::string &board,
                                 const BoardOptions &o = BoardOptions()) {
    OddsmithBoardQuestion q;
    std::memset(&q, 0, sizeof q);
    q.range = range.c_str();
    q.board = board.empty() ? nullptr : board.c_str();
    q.all_flops = o.all_flops ? 1 : 0;
    q.vs = o.vs.empty() ? nullptr : o.vs.c_str();
    q.threads = o.threads;
    q.time_budget_ms = o.time_budget_ms;
    detail::Watch watch(o.progress, o.progress_interval_ms);
    q.progress = watch.get();
    OddsmithBoardResult result;
    watch.finish(oddsmith_board(&q, &result));
    return result;
}

// The row of class `key` ("set", "flush_draw") of a board() result;
// throws Error ODDSMITH_ERR_INVALID_ARGUMENT for an unknown key.
inline const OddsmithBoardClass &board_class(const OddsmithBoardResult &r, const std::string &key) {
    for (std::size_t i = 0; i < ODDSMITH_BOARD_CLASSES; ++i)
        if (key == reinterpret_cast<const char *>(r.classes[i].key)) return r.classes[i];
    throw Error(ODDSMITH_ERR_INVALID_ARGUMENT, "no hand class '" + key + "'");
}

// ---- push/fold equilibria ------------------------------------------------

// Options of pushfold(), named and defaulted as the CLI's `oddsmith
// pushfold` and Python's oddsmith.pushfold: blinds (small, big) set the
// unit; ante each seat posts; payouts by finishing place for ICM (empty:
// chip EV); CFR+ stops once no seat gains more than target big blinds by
// its best response, over samples deals drawn by seed (three or more
// seats), or at time_ms (0: no limit; the best strategy so far, not
// partial); progress and cancel as for equity (a cancel returns the best
// strategy so far with partial = true).
struct PushFoldOptions {
    std::pair<double, double> blinds;
    double ante;
    std::vector<double> payouts;
    double target;
    std::uint64_t samples;
    std::uint64_t seed;
    std::uint32_t time_ms;
    ProgressFn progress;
    std::uint32_t progress_interval_ms;
    PushFoldOptions()
        : blinds(0.5, 1.0), ante(0.0), target(0.001), samples(1000000), seed(1), time_ms(0),
          progress_interval_ms(0) {}
};

// One decision point: seat (0-based, in order of action) acts after
// opener pushed (-1: every seat before folded) and the seats of the
// callers mask (bit i: seat i) called; each combo's and class's chance to
// push (no push yet) or call.
struct PushFoldSpot {
    std::uint32_t seat;
    std::int32_t opener;
    std::uint32_t callers;
    std::string position;  // "SB", "BTN", "UTG+1"
    std::string describe;  // "BB after BTN pushes, SB calls"
    double reach;          // the chance the spot is reached
    // 13x13 classes row by row (aces first; suited above the diagonal).
    std::vector<double> grid;
    // Per combo of cards a < b (card indices) at b * (b - 1) / 2 + a.
    std::vector<double> combos;

    // The chance for two cards ("AcAd", "Ks Qs"); throws Error for text
    // that is not two cards.
    double combo(const std::string &cards) const {
        std::vector<std::uint8_t> c = parse_cards(cards);
        if (c.size() != 2 || c[0] == c[1])
            throw Error(ODDSMITH_ERR_INVALID_ARGUMENT, "'" + cards + "' is not two cards");
        std::size_t a = c[0] < c[1] ? c[0] : c[1], b = c[0] < c[1] ? c[1] : c[0];
        return combos[b * (b - 1) / 2 + a];
    }

    // The share of class name ("AA", "AKs", "T9o") played; throws Error
    // ODDSMITH_ERR_INVALID_ARGUMENT for another name.
    double cell(const std::string &name) const {
        static const char ranks[] = "AKQJT98765432";
        const char *r0 = name.empty() ? nullptr : std::strchr(ranks, name[0]);
        const char *r1 = name.size() < 2 ? nullptr : std::strchr(ranks, name[1]);
        if (r0 && r1 && *r0 && *r1) {
            std::size_t hi = static_cast<std::size_t>(r0 - ranks);
            std::size_t lo = static_cast<std::size_t>(r1 - ranks);
            if (name.size() == 2 && hi == lo) return grid[hi * 13 + hi];
            if (name.size() == 3 && hi < lo && name[2] == 's') return grid[hi * 13 + lo];
            if (name.size() == 3 && hi < lo && name[2] == 'o') return grid[lo * 13 + hi];
        }
        throw Error(ODDSMITH_ERR_INVALID_ARGUMENT, "no hand class '" + name + "'");
    }
};

// A push/fold equilibrium (see OddsmithPushFoldResult), amounts in big
// blinds; values, value_errors and gains per seat.
struct PushFoldResult {
    std::vector<PushFoldSpot> spots;
    std::vector<double> values, value_errors, gains;
    double exploitability;
    bool exact, sampled, partial;
    std::uint64_t deals, iterations;
};

// The push/fold equilibrium of a table (docs/src/pushfold.md): stacks
// before posting in order of action (the blinds last), 2 to 10. Two
// stacks without payouts are solved exactly; otherwise by CFR+. Throws
// oddsmith::Error naming the bad input.
inline PushFoldResult pushfold(const std::vector<double> &stacks,
                               const PushFoldOptions &o = PushFoldOptions()) {
    OddsmithPushFoldQuestion q;
    std::memset(&q, 0, sizeof q);
    q.stacks = stacks.empty() ? nullptr : stacks.data();
    q.stack_count = stacks.size();
    q.small_blind = o.blinds.first;
    q.big_blind = o.blinds.second;
    q.ante = o.ante;
    q.payouts = o.payouts.empty() ? nullptr : o.payouts.data();
    q.payout_count = o.payouts.size();
    q.target = o.target;
    q.samples = o.samples;
    q.seed = o.seed;
    q.time_budget_ms = o.time_ms;
    detail::Watch watch(o.progress, o.progress_interval_ms);
    q.progress = watch.get();
    std::vector<OddsmithPushFoldSpot> raw(oddsmith_pushfold_spot_count(stacks.size()));
    OddsmithPushFoldResult r;
    std::size_t count = 0;
    watch.finish(oddsmith_pushfold(&q, &r, raw.empty() ? nullptr : raw.data(), raw.size(), &count));
    PushFoldResult result;
    std::size_t n = r.players;
    result.values.assign(r.values, r.values + n);
    result.value_errors.assign(r.value_errors, r.value_errors + n);
    result.gains.assign(r.gains, r.gains + n);
    result.exploitability = r.exploitability;
    result.exact = r.exact != 0;
    result.sampled = r.sampled != 0;
    result.partial = r.partial != 0;
    result.deals = r.deals;
    result.iterations = r.iterations;
    for (std::size_t i = 0; i < count && i < raw.size(); ++i) {
        const OddsmithPushFoldSpot &c = raw[i];
        PushFoldSpot s;
        s.seat = c.seat;
        s.opener = c.opener;
        s.callers = c.callers;
        s.position = reinterpret_cast<const char *>(c.position);
        s.describe = reinterpret_cast<const char *>(c.describe);
        s.reach = c.reach;
        s.grid.assign(c.grid, c.grid + ODDSMITH_PUSHFOLD_CLASSES);
        s.combos.assign(c.combos, c.combos + ODDSMITH_PUSHFOLD_COMBOS);
        result.spots.push_back(s);
    }
    return result;
}

// ---- expectimax -------------------------------------------------------

// One outcome for a callback game (next holds the first state_size bytes).
inline OddsmithGameChild game_child(std::uint32_t move_id, double probability, double reward,
                                    const std::vector<std::uint8_t> &next) {
    OddsmithGameChild c;
    std::memset(&c, 0, sizeof c);
    c.move_id = move_id;
    c.probability = probability;
    c.reward = reward;
    std::memcpy(c.next, next.data(), next.size() < sizeof c.next ? next.size() : sizeof c.next);
    return c;
}

// Describes a state: set node.kind (ODDSMITH_NODE_*), node.value for
// terminals, and append the children. An exception aborts the solve and is
// rethrown by solve_game.
typedef std::function<void(const std::uint8_t *state, OddsmithGameNode &node,
                           std::vector<OddsmithGameChild> &children)>
    ExpandFn;
// Max's estimated value at the depth limit.
typedef std::function<double(const std::uint8_t *state)> HeuristicFn;

namespace detail {
struct GameContext {
    const ExpandFn *expand;
    const HeuristicFn *heuristic;
    std::vector<OddsmithGameChild> scratch;
    std::exception_ptr error;
};

extern "C" inline std::int32_t expand_trampoline(void *user, const std::uint8_t *state,
                                                 OddsmithGameNode *node, OddsmithGameChild *children,
                                                 std::uint32_t capacity) {
    GameContext *ctx = static_cast<GameContext *>(user);
    try {
        ctx->scratch.clear();
        node->kind = ODDSMITH_NODE_TERMINAL;
        node->value = 0.0;
        (*ctx->expand)(state, *node, ctx->scratch);
        if (ctx->scratch.size() > capacity) {
            throw std::length_error("a node has more than ODDSMITH_MAX_CHILDREN children");
        }
        node->child_count = static_cast<std::uint32_t>(ctx->scratch.size());
        if (!ctx->scratch.empty()) {
            std::memcpy(children, ctx->scratch.data(), ctx->scratch.size() * sizeof(OddsmithGameChild));
        }
        return 0;
    } catch (...) {
        ctx->error = std::current_exception();
        return 1;
    }
}

extern "C" inline std::int32_t heuristic_trampoline(void *user, const std::uint8_t *state, double *value) {
    GameContext *ctx = static_cast<GameContext *>(user);
    try {
        *value = (*ctx->heuristic)(state);
        return 0;
    } catch (...) {
        ctx->error = std::current_exception();
        return 1;
    }
}
}  // namespace detail

// Solver options with every default (zeroed): set what you need
// (max_states, depth_limit, expected_states, tolerance, max_iterations,
// time_ms; progress is set by the functions below from their ProgressFn).
inline OddsmithExpectimaxOptions expectimax_options() {
    OddsmithExpectimaxOptions options;
    std::memset(&options, 0, sizeof options);
    return options;
}

// Solves a game defined by lambdas from `root` (its size is the state
// size, 1..ODDSMITH_MAX_STATE_SIZE bytes). Runs on this thread; the
// lambdas are called on it. Exceptions from the lambdas are rethrown. A
// game whose states recur is solved by value iteration to
// options.tolerance (result.iterations, result.residual).
inline OddsmithExpectimaxResult solve_game(const std::vector<std::uint8_t> &root, const ExpandFn &expand,
                                           const OddsmithExpectimaxOptions &options,
                                           const HeuristicFn &heuristic = HeuristicFn(),
                                           const ProgressFn &progress = ProgressFn(),
                                           std::uint32_t progress_interval_ms = 0) {
    detail::Watch watch(progress, progress_interval_ms);
    OddsmithExpectimaxOptions o = watch.attach(options);
    detail::GameContext ctx;
    ctx.expand = &expand;
    ctx.heuristic = &heuristic;
    OddsmithGameDef def;
    std::memset(&def, 0, sizeof def);
    def.state_size = static_cast<std::uint32_t>(root.size());
    std::memcpy(def.root, root.data(), root.size() < sizeof def.root ? root.size() : sizeof def.root);
    def.user = &ctx;
    def.expand = detail::expand_trampoline;
    def.heuristic = heuristic ? detail::heuristic_trampoline : nullptr;
    OddsmithExpectimaxResult result;
    OddsmithStatus status = oddsmith_expectimax_solve(&def, &o, &result);
    if (status == ODDSMITH_ERR_CALLBACK && ctx.error) {
        std::rethrow_exception(ctx.error);
    }
    watch.finish(status);
    return result;
}

inline OddsmithExpectimaxResult solve_game(const std::vector<std::uint8_t> &root, const ExpandFn &expand,
                                           const HeuristicFn &heuristic = HeuristicFn(),
                                           std::uint32_t depth_limit = 0, std::uint64_t max_states = 0,
                                           std::uint32_t expected_states = 0) {
    OddsmithExpectimaxOptions options = expectimax_options();
    options.max_states = max_states;
    options.depth_limit = depth_limit;
    options.expected_states = expected_states;
    return solve_game(root, expand, options, heuristic);
}

// One outcome for a dense game: the next state by index (below the parent).
inline OddsmithDenseChild dense_child(std::uint32_t move_id, double probability, double reward,
                                      std::uint64_t next) {
    OddsmithDenseChild c;
    c.move_id = move_id;
    c.probability = probability;
    c.reward = reward;
    c.next = next;
    return c;
}

// Describes the state at `index` (called for 0, 1, ... up to the root in
// order, then the root again): set node.kind, node.value for terminals,
// and append the children.
typedef std::function<void(std::uint64_t index, OddsmithGameNode &node,
                           std::vector<OddsmithDenseChild> &children)>
    DenseExpandFn;

namespace detail {
struct DenseContext {
    const DenseExpandFn *expand;
    std::vector<OddsmithDenseChild> scratch;
    std::exception_ptr error;
};

extern "C" inline std::int32_t dense_trampoline(void *user, std::uint64_t index, OddsmithGameNode *node,
                                                OddsmithDenseChild *children, std::uint32_t capacity) {
    DenseContext *ctx = static_cast<DenseContext *>(user);
    try {
        ctx->scratch.clear();
        node->kind = ODDSMITH_NODE_TERMINAL;
        node->value = 0.0;
        (*ctx->expand)(index, *node, ctx->scratch);
        if (ctx->scratch.size() > capacity) {
            throw std::length_error("a node has more than ODDSMITH_MAX_CHILDREN children");
        }
        node->child_count = static_cast<std::uint32_t>(ctx->scratch.size());
        if (!ctx->scratch.empty()) {
            std::memcpy(children, ctx->scratch.data(), ctx->scratch.size() * sizeof(OddsmithDenseChild));
        }
        return 0;
    } catch (...) {
        ctx->error = std::current_exception();
        return 1;
    }
}
}  // namespace detail

// Solves a dense game: states 0..size by index, every child's index below
// its parent's, in one sweep up to root_index. Exceptions from the lambda
// are rethrown.
inline OddsmithExpectimaxResult solve_dense_game(std::uint64_t size, std::uint64_t root_index,
                                                 const DenseExpandFn &expand,
                                                 const OddsmithExpectimaxOptions &options = expectimax_options(),
                                                 const ProgressFn &progress = ProgressFn(),
                                                 std::uint32_t progress_interval_ms = 0) {
    detail::Watch watch(progress, progress_interval_ms);
    OddsmithExpectimaxOptions o = watch.attach(options);
    detail::DenseContext ctx;
    ctx.expand = &expand;
    OddsmithDenseGameDef def;
    std::memset(&def, 0, sizeof def);
    def.size = size;
    def.root_index = root_index;
    def.user = &ctx;
    def.expand = detail::dense_trampoline;
    OddsmithExpectimaxResult result;
    OddsmithStatus status = oddsmith_expectimax_solve_dense(&def, &o, &result);
    if (status == ODDSMITH_ERR_CALLBACK && ctx.error) {
        std::rethrow_exception(ctx.error);
    }
    watch.finish(status);
    return result;
}

// Pig to `goal` with a die of `sides` faces, for the player to move with
// `score` against `opponent` and `turn_total` so far: the win probability
// under optimal play and the best move (ODDSMITH_PIG_ROLL / _HOLD).
inline OddsmithPigResult pig(std::uint32_t goal = 100, std::uint32_t sides = 6, std::uint32_t score = 0,
                             std::uint32_t opponent = 0, std::uint32_t turn_total = 0,
                             const OddsmithExpectimaxOptions &options = expectimax_options(),
                             const ProgressFn &progress = ProgressFn(), std::uint32_t progress_interval_ms = 0) {
    detail::Watch watch(progress, progress_interval_ms);
    OddsmithExpectimaxOptions o = watch.attach(options);
    OddsmithPigResult result;
    watch.finish(oddsmith_pig(goal, sides, score, opponent, turn_total, &o, &result));
    return result;
}

// The coin-box game: boxes[k][d] coins of denominations[d] (default 100, 50).
// A cancel (through `progress`) throws Error(ODDSMITH_ERR_CANCELLED): there
// is no partial value.
inline double coins_expectation(const std::vector<std::vector<std::uint32_t> > &boxes,
                                const std::vector<double> &denominations = std::vector<double>(),
                                const ProgressFn &progress = ProgressFn(), std::uint32_t progress_interval_ms = 0) {
    detail::Watch watch(progress, progress_interval_ms);
    std::size_t nd = denominations.empty() ? 2 : denominations.size();
    std::vector<std::uint32_t> flat;
    for (std::size_t k = 0; k < boxes.size(); ++k) {
        if (boxes[k].size() != nd) throw Error(ODDSMITH_ERR_INVALID_ARGUMENT, "one count per denomination");
        flat.insert(flat.end(), boxes[k].begin(), boxes[k].end());
    }
    double value = 0.0;
    OddsmithStatus status = oddsmith_coins_expectation(
        flat.data(), boxes.size(), denominations.empty() ? nullptr : denominations.data(), nd, watch.get(), &value,
        nullptr);
    watch.finish(status);
    check(status);
    return value;
}

// Durak: a search budget with defaults (10,000 iterations; a tree per core,
// heuristic rollouts and seed 0, as a zeroed OddsmithDurakBudget; threads =
// 1 for the same move on every machine); `level` 1 to 10 plays at that
// level of the Elo scale (0: the budget as given).
inline OddsmithDurakBudget durak_budget(std::uint64_t iterations = 10000, std::uint32_t time_ms = 0,
                                        std::uint64_t seed = 0, std::uint32_t level = 0) {
    OddsmithDurakBudget b;
    b.level = level;
    b.iterations = iterations;
    b.time_ms = time_ms;
    b.threads = 0;
    b.rollout = ODDSMITH_DURAK_ROLLOUT_HEURISTIC;
    b.exploration = 0.0;
    b.seed = seed;
    b.progress = nullptr;
    return b;
}

// The observer's best move (the observer must be to move). A cancel through
// `progress` returns the best move so far (stats->partial = 1).
inline OddsmithDurakMove durak_best_move(const OddsmithDurakObservation &obs,
                                         const OddsmithDurakBudget &budget = durak_budget(),
                                         OddsmithDurakStats *stats = nullptr,
                                         const ProgressFn &progress = ProgressFn(),
                                         std::uint32_t progress_interval_ms = 0) {
    detail::Watch watch(progress, progress_interval_ms);
    OddsmithDurakBudget b = watch.attach(budget);
    OddsmithDurakMove m;
    watch.finish(oddsmith_durak_best_move(&obs, &b, &m, stats));
    return m;
}

inline std::vector<OddsmithDurakMove> durak_legal_moves(const OddsmithDurakObservation &obs) {
    std::vector<OddsmithDurakMove> moves(ODDSMITH_DURAK_MAX_MOVES);
    std::size_t n = 0;
    check(oddsmith_durak_legal_moves(&obs, moves.data(), moves.size(), &n));
    moves.resize(n);
    return moves;
}

// A game run by the engine; owns its handle (movable, not copyable).
class DurakGame {
public:
    DurakGame(std::uint32_t players = 2, std::uint32_t deck_size = 36, std::uint64_t seed = 1,
              std::uint32_t variant = ODDSMITH_DURAK_VARIANT_PODKIDNOY,
              std::uint32_t protocol = ODDSMITH_DURAK_ONE_AT_A_TIME) {
        OddsmithDurakRules rules;
        rules.players = players;
        rules.deck_size = deck_size;
        rules.variant = variant;
        rules.protocol = protocol;
        check(oddsmith_durak_new(&rules, seed, &game_));
    }
    explicit DurakGame(const OddsmithDurakRules &rules, std::uint64_t seed = 1) {
        check(oddsmith_durak_new(&rules, seed, &game_));
    }
    ~DurakGame() { oddsmith_durak_free(game_); }
    DurakGame(DurakGame &&other) noexcept : game_(other.game_) { other.game_ = nullptr; }
    DurakGame &operator=(DurakGame &&other) noexcept {
        if (this != &other) {
            oddsmith_durak_free(game_);
            game_ = other.game_;
            other.game_ = nullptr;
        }
        return *this;
    }
    DurakGame(const DurakGame &) = delete;
    DurakGame &operator=(const DurakGame &) = delete;

    std::uint32_t to_move() const {
        std::uint32_t p = 0;
        check(oddsmith_durak_to_move(game_, &p));
        return p;
    }
    std::vector<OddsmithDurakMove> legal_moves() const {
        std::vector<OddsmithDurakMove> moves(ODDSMITH_DURAK_MAX_MOVES);
        std::size_t n = 0;
        check(oddsmith_durak_game_legal_moves(game_, moves.data(), moves.size(), &n));
        moves.resize(n);
        return moves;
    }
    void apply(const OddsmithDurakMove &m) { check(oddsmith_durak_apply(game_, &m)); }
    OddsmithDurakObservation observe(std::uint32_t player) const {
        OddsmithDurakObservation o;
        check(oddsmith_durak_observe(game_, player, &o));
        return o;
    }
    OddsmithDurakOutcome outcome() const {
        OddsmithDurakOutcome o;
        check(oddsmith_durak_winner(game_, &o));
        return o;
    }

private:
    OddsmithDurakGame *game_ = nullptr;
};

}  // namespace oddsmith

#endif  // ODDSMITH_HPP
