// C++ client test through bindings/cpp/oddsmith.hpp: values in, values
// out, statuses as exceptions carrying the library's message.
#include "oddsmith.hpp"
#include "check.h"

#include <string>


int main() {
    CHECK(oddsmith::version_matches());
    CHECK(!oddsmith::version_string().empty());

    std::vector<std::uint8_t> cards = oddsmith::parse_cards("AhKs Qd");
    CHECK(cards.size() == 3);
    CHECK(oddsmith::format_card(cards[0]) == "Ah");
    CHECK(oddsmith::parse_cards("").empty());
    CHECK(oddsmith::parse_card("10h") == oddsmith::parse_card("Th"));
    CHECK(oddsmith::parse_card_mask("2c") == 1u);

    try {
        oddsmith::parse_cards("AhZz");
        CHECK(false);
    } catch (const oddsmith::Error &e) {
        CHECK(e.status() == ODDSMITH_ERR_PARSE);
        CHECK(std::string(e.what()).find("Zz") != std::string::npos);
    }
    try {
        oddsmith::parse_cards("Ks Ks");
        CHECK(false);
    } catch (const oddsmith::Error &e) {
        CHECK(e.status() == ODDSMITH_ERR_DUPLICATE_CARD);
    }
    try {
        oddsmith::format_card(200);
        CHECK(false);
    } catch (const oddsmith::Error &e) {
        CHECK(e.status() == ODDSMITH_ERR_INVALID_ARGUMENT);
    }

    return CHECK_SUMMARY("cpp");
}
