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

}  // namespace oddsmith

#endif  // ODDSMITH_HPP
