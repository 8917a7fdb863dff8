/* C client test: includes only oddsmith.h, links -loddsmith (static or
 * shared), and checks the version, card parsing and error reporting. */
#include "oddsmith.h"
#include "check.h"

#include <string.h>


int main(void) {
    char msg[256];
    uint8_t cards[8];
    size_t len = 0;
    uint8_t card = 0;
    uint64_t mask = 0;
    char text[3];
    uint32_t expected = ((uint32_t)ODDSMITH_VERSION_MAJOR << 16) |
                        ((uint32_t)ODDSMITH_VERSION_MINOR << 8) |
                        (uint32_t)ODDSMITH_VERSION_PATCH;

    CHECK(oddsmith_version() == expected);
    CHECK(strlen(oddsmith_version_string()) >= 5);

    CHECK(oddsmith_card_parse("Ah", &card) == ODDSMITH_OK);
    CHECK(card == 50);
    CHECK(oddsmith_card_parse("10d", &card) == ODDSMITH_OK);
    CHECK(card == 33);

    CHECK(oddsmith_cards_parse("AhKs Qd", cards, sizeof cards, &len) == ODDSMITH_OK);
    CHECK(len == 3);
    CHECK(oddsmith_card_format(cards[1], text, sizeof text) == ODDSMITH_OK);
    CHECK(strcmp(text, "Ks") == 0);
    CHECK(oddsmith_cards_parse_mask("2c3c", &mask) == ODDSMITH_OK);
    CHECK(mask == 0x11u);

    /* Bad token: a parse error whose message names it. */
    CHECK(oddsmith_cards_parse("Zz", cards, sizeof cards, &len) == ODDSMITH_ERR_PARSE);
    CHECK(oddsmith_last_error_message(msg, sizeof msg) > 0);
    CHECK(strstr(msg, "Zz") != NULL);
    /* Sizing call, then truncation with a NUL. */
    CHECK(oddsmith_last_error_message(NULL, 0) == strlen(msg));
    CHECK(oddsmith_last_error_message(msg, 4) > 3 && strlen(msg) == 3);

    CHECK(oddsmith_cards_parse("AhAh", cards, sizeof cards, &len) == ODDSMITH_ERR_DUPLICATE_CARD);
    CHECK(oddsmith_cards_parse("AhKsQd", cards, 2, &len) == ODDSMITH_ERR_BUFFER_TOO_SMALL);
    CHECK(len == 3);

    /* NULL pointers: a status, never a crash. */
    CHECK(oddsmith_cards_parse(NULL, cards, sizeof cards, &len) == ODDSMITH_ERR_NULL_POINTER);
    CHECK(oddsmith_card_parse("Ah", NULL) == ODDSMITH_ERR_NULL_POINTER);
    CHECK(oddsmith_card_format(0, NULL, 3) == ODDSMITH_ERR_NULL_POINTER);
    CHECK(oddsmith_card_format(52, text, sizeof text) == ODDSMITH_ERR_INVALID_ARGUMENT);

    return CHECK_SUMMARY("c");
}
