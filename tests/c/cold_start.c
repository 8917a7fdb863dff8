/* Makes argv[1] calls (0, 1 or 2) of one kind, argv[2]: "eval7" (the
 * default) or "equity" (heads-up preflop, one thread: the matchup table),
 * and exits: the harness counts the whole process's instructions under
 * callgrind for each, so the cost of the first call and of the second can
 * be compared. */
#include "oddsmith.h"

#include <stdlib.h>
#include <string.h>

static int equity(int i) {
    static const char *hands[2][2] = {{"AhKh", "QsQd"}, {"7c7d", "AsKd"}};
    OddsmithEquityRequest req;
    OddsmithEquityResult r;
    memset(&req, 0, sizeof req);
    req.players[0] = hands[i][0];
    req.players[1] = hands[i][1];
    req.player_count = 2;
    req.mode = ODDSMITH_MODE_EXACT;
    req.threads = 1;
    return oddsmith_equity(&req, &r) == ODDSMITH_OK && r.exact == 1 && r.equity[0] > 0.3;
}

int main(int argc, char **argv) {
    static const uint8_t hands[2][7] = {{48, 44, 40, 36, 32, 0, 5}, {1, 6, 11, 16, 21, 26, 31}};
    uint16_t rank = 0;
    int calls = argc > 1 ? atoi(argv[1]) : 0;
    int of_equity = argc > 2 && strcmp(argv[2], "equity") == 0;
    int i;
    for (i = 0; i < calls && i < 2; i++) {
        if (of_equity) {
            if (!equity(i)) return 1;
        } else if (oddsmith_eval7(hands[i], &rank) != ODDSMITH_OK || rank == 0) {
            return 1;
        }
    }
    return 0;
}
