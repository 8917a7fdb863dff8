// oddsmith.hpp: header-only C++11 wrapper over oddsmith.h. Statuses become
// oddsmith::Error exceptions carrying the library's message; results come
// back as values and standard containers. Thread safety is that of the C
// functions each method calls.
#ifndef ODDSMITH_HPP
#define ODDSMITH_HPP

#include "oddsmith.h"

#include <cstdint>
#include <stdexcept>
#include <string>
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

// Options with the defaults: all minions for all_dead, the first hero.
inline OddsmithSplitDamageOptions split_damage_defaults() {
    OddsmithSplitDamageOptions o;
    o.all_dead_mask = 0;
    o.hero_index = -1;
    o.max_work = 0;
    return o;
}

// Exact split damage answers (see oddsmith_split_damage). The result is
// large (about 12 KiB): it is returned by value for convenience.
inline OddsmithSplitDamageResult split_damage(const std::vector<OddsmithSplitTarget> &targets,
                                              std::uint32_t hits,
                                              const OddsmithSplitDamageOptions &options = split_damage_defaults()) {
    OddsmithSplitDamageResult result;
    check(oddsmith_split_damage(targets.data(), targets.size(), hits, &options, &result));
    return result;
}

}  // namespace oddsmith

#endif  // ODDSMITH_HPP
