/* Calls oddsmith_eval7 argv[1] times (0, 1 or 2) and exits: the harness
 * counts the whole process's instructions under callgrind for each, so the
 * cost of the first call and of the second can be compared. */
#include "oddsmith.h"

#include <stdlib.h>

int main(int argc, char **argv) {
    static const uint8_t hands[2][7] = {{48, 44, 40, 36, 32, 0, 5}, {1, 6, 11, 16, 21, 26, 31}};
    uint16_t rank = 0;
    int calls = argc > 1 ? atoi(argv[1]) : 0;
    int i;
    for (i = 0; i < calls && i < 2; i++) {
        if (oddsmith_eval7(hands[i], &rank) != ODDSMITH_OK || rank == 0) return 1;
    }
    return 0;
}
