/* C client test of oddsmith_split_damage: the seed's numbers, shields and
 * heroes, options, and every error status. */
#include "oddsmith.h"
#include "check.h"

#include <math.h>
#include <string.h>


static int close_to(double a, double b) { return fabs(a - b) < 1e-7; }

int main(void) {
    OddsmithSplitTarget lives[3] = {{1, 0, 0, 0}, {2, 0, 0, 0}, {3, 0, 0, 0}};
    OddsmithSplitDamageResult r;
    OddsmithSplitDamageOptions options;
    char msg[256];
    double sum = 0.0;
    int h;

    CHECK(oddsmith_split_damage(lives, 3, 3, NULL, &r) == ODDSMITH_OK);
    CHECK(r.target_count == 3 && r.minion_count == 3);
    CHECK(close_to(r.kill[0], 0.7222222) && close_to(r.kill[1], 0.3240741) && close_to(r.kill[2], 0.0370370));
    CHECK(oddsmith_split_damage(lives, 3, 5, NULL, &r) == ODDSMITH_OK);
    CHECK(fabs(r.kill[0] - 199.0 / 216.0) < 1e-14);
    for (h = 0; h < ODDSMITH_SPLIT_HEALTH_SLOTS; h++) sum += r.remaining[2][h];
    CHECK(fabs(sum - 1.0) < 1e-12);
    CHECK(r.hero_or_all_dead == -1.0);

    /* A shielded minion and a hero with armor; ask about minions 0 and 1. */
    {
        OddsmithSplitTarget board[3] = {{1, 0, 1, 0}, {2, 0, 0, 0}, {3, 2, 0, 1}};
        memset(&options, 0, sizeof options);
        options.all_dead_mask = 0x3;
        CHECK(oddsmith_split_damage(board, 3, 4, &options, &r) == ODDSMITH_OK);
        CHECK(r.minion_count == 2);
        CHECK(r.shield_kept[0] > 0.0 && r.shield_kept[0] < 1.0);
        CHECK(close_to(r.expected_shield_hits, 1.0 - r.shield_kept[0]));
        CHECK(r.hero_or_all_dead >= r.all_dead && r.hero_or_all_dead <= 1.0);
        CHECK(close_to(r.kills_distribution[0] + r.kills_distribution[1] + r.kills_distribution[2], 1.0));
    }

    /* Errors: a status and a message, never a crash. */
    {
        OddsmithSplitTarget bad[1] = {{0, 0, 0, 0}};
        OddsmithSplitTarget many[15];
        memset(many, 0, sizeof many);
        CHECK(oddsmith_split_damage(bad, 1, 3, NULL, &r) == ODDSMITH_ERR_INVALID_ARGUMENT);
        oddsmith_last_error_message(msg, sizeof msg);
        CHECK(strstr(msg, "health") != NULL);
        CHECK(oddsmith_split_damage(many, 15, 3, NULL, &r) == ODDSMITH_ERR_INVALID_ARGUMENT);
        CHECK(oddsmith_split_damage(lives, 3, 4000000000u, NULL, &r) == ODDSMITH_ERR_INVALID_ARGUMENT);
        CHECK(oddsmith_split_damage(NULL, 3, 3, NULL, &r) == ODDSMITH_ERR_NULL_POINTER);
        CHECK(oddsmith_split_damage(lives, 3, 3, NULL, NULL) == ODDSMITH_ERR_NULL_POINTER);
        memset(&options, 0, sizeof options);
        options.max_work = 10;
        CHECK(oddsmith_split_damage(lives, 3, 4, &options, &r) == ODDSMITH_ERR_BUDGET_EXCEEDED);
        options.max_work = 0;
        options.hero_target = 1;
        CHECK(oddsmith_split_damage(lives, 3, 4, &options, &r) == ODDSMITH_ERR_INVALID_ARGUMENT);
        oddsmith_last_error_message(msg, sizeof msg);
        CHECK(strstr(msg, "target 1 is not a hero") != NULL);
        options.hero_target = 0;
        options.all_dead_mask = 0x10;
        CHECK(oddsmith_split_damage(lives, 3, 4, &options, &r) == ODDSMITH_ERR_INVALID_ARGUMENT);
    }

    /* A zeroed options struct is the defaults, the same as NULL. */
    {
        OddsmithSplitTarget board[3] = {{1, 0, 1, 0}, {2, 0, 0, 0}, {3, 2, 0, 1}};
        OddsmithSplitDamageResult d;
        memset(&options, 0, sizeof options);
        CHECK(oddsmith_split_damage(board, 3, 4, &options, &r) == ODDSMITH_OK);
        CHECK(oddsmith_split_damage(board, 3, 4, NULL, &d) == ODDSMITH_OK);
        CHECK(memcmp(r.kill, d.kill, sizeof r.kill) == 0 && r.all_dead == d.all_dead);
        CHECK(r.hero_or_all_dead == d.hero_or_all_dead && r.hero_or_all_dead >= 0.0);
        options.hero_target = 3; /* the hero, counted from 1 */
        CHECK(oddsmith_split_damage(board, 3, 4, &options, &d) == ODDSMITH_OK);
        CHECK(d.hero_or_all_dead == r.hero_or_all_dead);
    }
    return CHECK_SUMMARY("c");
}
