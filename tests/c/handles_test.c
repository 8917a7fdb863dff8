/* Durak game handles as a careless client uses them, run under valgrind by
 * tests/abi.rs: use after free, a second free, a stale handle after its
 * slot holds a newer game, a foreign pointer. Each is refused or ignored;
 * none reads freed memory. */
#include "oddsmith.h"
#include "check.h"

#include <string.h>

int main(void) {
    OddsmithDurakRules rules;
    OddsmithDurakGame *first = NULL, *second = NULL;
    OddsmithDurakObservation obs;
    OddsmithDurakMove moves[ODDSMITH_DURAK_MAX_MOVES];
    size_t count = 0;
    uint32_t who = 0;
    uint64_t foreign[4] = {1, 2, 3, 4};
    int round;

    memset(&rules, 0, sizeof rules);
    for (round = 0; round < 3; round++) {
        CHECK(oddsmith_durak_new(&rules, (uint64_t)round, &first) == ODDSMITH_OK);
        CHECK(oddsmith_durak_to_move(first, &who) == ODDSMITH_OK);
        oddsmith_durak_free(first);
        /* Used after free, freed again. */
        CHECK(oddsmith_durak_to_move(first, &who) == ODDSMITH_ERR_INVALID_ARGUMENT);
        CHECK(oddsmith_durak_observe(first, 0, &obs) == ODDSMITH_ERR_INVALID_ARGUMENT);
        CHECK(oddsmith_durak_game_legal_moves(first, moves, ODDSMITH_DURAK_MAX_MOVES, &count) ==
              ODDSMITH_ERR_INVALID_ARGUMENT);
        oddsmith_durak_free(first);
        /* A newer game in the freed slot: the stale handle does not drive it. */
        CHECK(oddsmith_durak_new(&rules, 7, &second) == ODDSMITH_OK && second != first);
        CHECK(oddsmith_durak_game_legal_moves(second, moves, ODDSMITH_DURAK_MAX_MOVES, &count) == ODDSMITH_OK);
        CHECK(count > 0 && oddsmith_durak_apply(first, &moves[0]) == ODDSMITH_ERR_INVALID_ARGUMENT);
        oddsmith_durak_free(first);
        CHECK(oddsmith_durak_apply(second, &moves[0]) == ODDSMITH_OK);
        /* A pointer that never was a handle. */
        CHECK(oddsmith_durak_to_move((const OddsmithDurakGame *)(void *)foreign, &who) ==
              ODDSMITH_ERR_INVALID_ARGUMENT);
        oddsmith_durak_free((OddsmithDurakGame *)(void *)foreign);
        oddsmith_durak_free(second);
        CHECK(oddsmith_durak_to_move(second, &who) == ODDSMITH_ERR_INVALID_ARGUMENT);
    }
    oddsmith_durak_free(NULL);
    return CHECK_SUMMARY("c");
}
