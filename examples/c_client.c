/* C: check the library version, parse cards, report errors.
 * Build against an install (scripts/install --prefix DIR, PKG_CONFIG_PATH=DIR/lib/pkgconfig):
 *   cc examples/c_client.c $(pkg-config --cflags --libs oddsmith) */
#include "oddsmith.h"

#include <stdio.h>

int main(void) {
    uint8_t cards[7];
    size_t count = 0;
    char name[3];
    char message[256];
    size_t i;

    if ((oddsmith_version() >> 16) != ODDSMITH_VERSION_MAJOR) {
        fprintf(stderr, "liboddsmith %s does not match this header\n", oddsmith_version_string());
        return 1;
    }
    if (oddsmith_cards_parse("AhKs Qd", cards, sizeof cards, &count) != ODDSMITH_OK) {
        oddsmith_last_error_message(message, sizeof message);
        fprintf(stderr, "error: %s\n", message);
        return 1;
    }
    for (i = 0; i < count; i++) {
        oddsmith_card_format(cards[i], name, sizeof name);
        printf("card %u = %s\n", (unsigned)cards[i], name);
    }
    if (oddsmith_cards_parse("Zz", cards, sizeof cards, &count) == ODDSMITH_ERR_PARSE) {
        oddsmith_last_error_message(message, sizeof message);
        printf("as expected: %s\n", message);
    }
    return 0;
}
