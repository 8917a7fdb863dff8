/* C client test of oddsmith_combat: the seed's small cases, keywords,
 * Monte Carlo, and the error statuses. */
#include "oddsmith.h"
#include "check.h"

#include <math.h>
#include <stdint.h>
#include <string.h>

static OddsmithMinion minion(int32_t attack, int32_t health, uint32_t keywords) {
    OddsmithMinion m;
    memset(&m, 0, sizeof m);
    m.attack = attack;
    m.health = health;
    m.keywords = keywords;
    m.tier = 1;
    return m;
}

/* A minion of the card `name` (which must be modelled) with these stats;
 * the card gives its tier. */
static OddsmithMinion card_minion(const char *name, int32_t attack, int32_t health) {
    OddsmithBgCard card;
    OddsmithMinion m = minion(attack, health, 0);
    CHECK(oddsmith_bg_card_find(name, &card) == ODDSMITH_OK && card.modelled == 1);
    m.tier = 0;
    m.dbf_id = card.dbf_id;
    return m;
}

/* The best order of `a` (3 minions) against `b`: every order's exact win
 * probability from oddsmith_combat, the best of them. */
static double brute_force_best_win(const OddsmithMinion *a, const OddsmithMinion *b, uint32_t b_count) {
    static const int orders[6][3] = {{0, 1, 2}, {0, 2, 1}, {1, 0, 2}, {1, 2, 0}, {2, 0, 1}, {2, 1, 0}};
    OddsmithCombatOptions o;
    OddsmithCombatResult r;
    double best = -1.0;
    int i, k;
    memset(&o, 0, sizeof o);
    o.mode = ODDSMITH_COMBAT_EXACT;
    for (i = 0; i < 6; i++) {
        OddsmithMinion arranged[3];
        for (k = 0; k < 3; k++) arranged[k] = a[orders[i][k]];
        CHECK(oddsmith_combat(arranged, 3, b, b_count, 1, 1, &o, &r) == ODDSMITH_OK);
        if (r.win > best) best = r.win;
    }
    return best;
}

/* oddsmith_combat_best_order: exact against the brute force above, the
 * order's own odds, raced within its margin, and its errors. */
static void test_best_order(void) {
    OddsmithMinion a[3], b[3], arranged[3], big[8];
    OddsmithCombatOptions o;
    OddsmithCombatResult r;
    OddsmithBestOrderOptions best;
    OddsmithBestOrderResult found, one_thread;
    double brute;
    char msg[160];
    int k;

    a[0] = minion(1, 6, 0);
    a[1] = minion(5, 1, 0);
    a[2] = minion(3, 3, ODDSMITH_KW_SHIELD);
    b[0] = minion(4, 3, 0);
    b[1] = minion(2, 5, ODDSMITH_KW_TAUNT);
    b[2] = minion(3, 2, 0);
    brute = brute_force_best_win(a, b, 3);
    memset(&o, 0, sizeof o);
    o.mode = ODDSMITH_COMBAT_EXACT;
    CHECK(oddsmith_combat_best_order(a, 3, b, 3, 1, 1, &o, NULL, &found) == ODDSMITH_OK);
    CHECK(found.exact == 1 && found.partial == 0 && found.orders == 6 && found.order_count == 3);
    CHECK(fabs(found.value - brute) < 1e-12 && found.std_error == 0.0 && found.p_beaten == 0.0);
    CHECK(fabs(found.margin - 0.005) < 1e-15);
    /* The order returned fights at the value returned. */
    for (k = 0; k < 3; k++) arranged[k] = a[found.order[k]];
    CHECK(oddsmith_combat(arranged, 3, b, 3, 1, 1, &o, &r) == ODDSMITH_OK && fabs(r.win - found.value) < 1e-12);

    /* Raced: within a few standard errors of the best, the same answer
     * on one thread as on the pool (the seed decides, not the threads). */
    o.mode = ODDSMITH_COMBAT_MONTE_CARLO;
    o.samples = 60000;
    o.seed = 3;
    memset(&best, 0, sizeof best);
    best.margin = 0.02;
    CHECK(oddsmith_combat_best_order(a, 3, b, 3, 1, 1, &o, &best, &found) == ODDSMITH_OK);
    CHECK(found.exact == 0 && found.combats > 0 && found.std_error > 0.0 && found.margin == 0.02);
    CHECK(fabs(found.value - brute) < 5 * found.std_error + 0.02);
    CHECK(found.p_beaten >= 0.0 && found.p_beaten <= 1.0);
    o.threads = 1;
    CHECK(oddsmith_combat_best_order(a, 3, b, 3, 1, 1, &o, &best, &one_thread) == ODDSMITH_OK);
    CHECK(memcmp(found.order, one_thread.order, sizeof found.order) == 0 && found.value == one_thread.value);

    /* Lethal needs A's health; objectives are checked; boards as for
     * oddsmith_combat. */
    o.mode = ODDSMITH_COMBAT_AUTO;
    best.objective = ODDSMITH_OBJECTIVE_LETHAL;
    CHECK(oddsmith_combat_best_order(a, 3, b, 3, 1, 1, &o, &best, &found) == ODDSMITH_ERR_INVALID_ARGUMENT);
    best.health_a = 3;
    CHECK(oddsmith_combat_best_order(a, 3, b, 3, 1, 1, &o, &best, &found) == ODDSMITH_OK);
    CHECK(found.value >= 0.0 && found.value <= 1.0);
    best.objective = 9;
    CHECK(oddsmith_combat_best_order(a, 3, b, 3, 1, 1, &o, &best, &found) == ODDSMITH_ERR_INVALID_ARGUMENT);
    oddsmith_last_error_message(msg, sizeof msg);
    CHECK(strstr(msg, "objective 9") != NULL);
    for (k = 0; k < 8; k++) big[k] = minion(1, 1, 0);
    CHECK(oddsmith_combat_best_order(big, 8, b, 3, 1, 1, NULL, NULL, &found) == ODDSMITH_ERR_INVALID_ARGUMENT);
    CHECK(oddsmith_combat_best_order(a, 3, b, 3, 1, 1, NULL, NULL, NULL) == ODDSMITH_ERR_NULL_POINTER);
}

int main(void) {
    OddsmithMinion a[2], b[2], big[8];
    OddsmithCombatResult r;
    OddsmithCombatOptions o;
    char msg[128];
    int i;

    a[0] = minion(4, 4, 0);
    a[1] = minion(3, 3, 0);
    b[0] = minion(3, 4, 0);
    b[1] = minion(1, 1, 0);
    CHECK(oddsmith_combat(a, 2, b, 2, 1, 1, NULL, &r) == ODDSMITH_OK);
    CHECK(r.exact == 1 && fabs(r.win - 0.625) < 1e-12 && fabs(r.draw - 0.375) < 1e-12 && r.loss == 0.0);
    CHECK(fabs(r.damage_to_b[2] + r.damage_to_b[3] - r.win) < 1e-12);

    /* A shielded 1/1 beats a 1/1; a deathrattle token keeps fighting. */
    a[0] = minion(1, 1, ODDSMITH_KW_SHIELD);
    b[0] = minion(1, 1, 0);
    CHECK(oddsmith_combat(a, 1, b, 1, 1, 1, NULL, &r) == ODDSMITH_OK && fabs(r.win - 1.0) < 1e-12);
    a[0] = minion(1, 1, 0);
    a[0].token_attack = 1;
    a[0].token_health = 1;
    a[0].token_count = 1;
    b[0] = minion(1, 2, 0);
    CHECK(oddsmith_combat(a, 1, b, 1, 1, 1, NULL, &r) == ODDSMITH_OK && fabs(r.draw - 1.0) < 1e-12);

    /* Stealth: the 3/3 cannot attack the hidden 2/2 (its turn passes);
     * the 2/2 attacks, is revealed and dies, whoever starts. */
    a[0] = minion(3, 3, 0);
    b[0] = minion(2, 2, ODDSMITH_KW_STEALTH);
    CHECK(oddsmith_combat(a, 1, b, 1, 1, 1, NULL, &r) == ODDSMITH_OK && r.exact == 1 && fabs(r.win - 1.0) < 1e-12);

    memset(&o, 0, sizeof o);
    o.mode = ODDSMITH_COMBAT_MONTE_CARLO;
    o.samples = 20000;
    o.seed = 3;
    a[0] = minion(4, 4, 0);
    a[1] = minion(3, 3, 0);
    b[0] = minion(3, 4, 0);
    b[1] = minion(1, 1, 0);
    CHECK(oddsmith_combat(a, 2, b, 2, 1, 1, &o, &r) == ODDSMITH_OK);
    CHECK(r.exact == 0 && r.states == 20000 && fabs(r.win - 0.625) < 4 * r.std_error + 1e-9);

    /* Real cards: found by name, used by dbfId; the card gives the
     * deathrattle (Harmless Bonehead: two 1/1 Skeletons). */
    {
        OddsmithBgCard card;
        OddsmithCombatResult anonymous;
        CHECK(oddsmith_bg_card_find("harmless bonehead", &card) == ODDSMITH_OK);
        CHECK(strcmp(card.id, "BG28_300") == 0 && strcmp(card.name, "Harmless Bonehead") == 0);
        CHECK(card.tier == 1 && card.modelled == 1 && card.in_pool == 1 && card.tribes == ODDSMITH_TRIBE_UNDEAD);
        a[0] = minion(3, 3, ODDSMITH_KW_SHIELD);
        a[0].tier = 0;
        a[0].dbf_id = card.dbf_id;
        b[0] = minion(4, 6, 0);
        CHECK(oddsmith_combat(a, 1, b, 1, 1, 1, NULL, &r) == ODDSMITH_OK);
        a[0] = minion(3, 3, ODDSMITH_KW_SHIELD);
        a[0].token_attack = 1;
        a[0].token_health = 1;
        a[0].token_count = 2;
        CHECK(oddsmith_combat(a, 1, b, 1, 1, 1, NULL, &anonymous) == ODDSMITH_OK);
        CHECK(fabs(r.win - anonymous.win) < 1e-12 && fabs(r.draw - anonymous.draw) < 1e-12);
        CHECK(oddsmith_bg_card_by_dbf(card.golden_dbf_id, &card) == ODDSMITH_OK && card.golden == 1);
        CHECK(oddsmith_bg_card_count() > 2000);
        CHECK(oddsmith_bg_card_at(0, &card) == ODDSMITH_OK);
        CHECK(oddsmith_bg_card_at(oddsmith_bg_card_count(), &card) == ODDSMITH_ERR_INVALID_ARGUMENT);
        CHECK(oddsmith_bg_card_find("No Such Minion", &card) == ODDSMITH_ERR_INVALID_ARGUMENT);
        /* A card whose effect is not modelled, and an unknown dbfId. */
        CHECK(oddsmith_bg_card_find("Piloted Whirl-O-Tron", &card) == ODDSMITH_OK && card.modelled == 0);
        a[0] = minion(6, 2, 0);
        a[0].dbf_id = card.dbf_id;
        CHECK(oddsmith_combat(a, 1, b, 1, 1, 1, NULL, &r) == ODDSMITH_ERR_INVALID_ARGUMENT);
        oddsmith_last_error_message(msg, sizeof msg);
        CHECK(strstr(msg, "not modelled") != NULL);
        a[0].dbf_id = 4000000000u;
        CHECK(oddsmith_combat(a, 1, b, 1, 1, 1, NULL, &r) == ODDSMITH_ERR_INVALID_ARGUMENT);
        a[0] = minion(4, 4, 0);
        b[0] = minion(3, 4, 0);
    }

    /* Errors. */
    for (i = 0; i < 8; i++) big[i] = minion(1, 1, 0);
    CHECK(oddsmith_combat(big, 8, b, 1, 1, 1, NULL, &r) == ODDSMITH_ERR_INVALID_ARGUMENT);
    b[0].health = 0;
    CHECK(oddsmith_combat(a, 1, b, 1, 1, 1, NULL, &r) == ODDSMITH_ERR_INVALID_ARGUMENT);
    oddsmith_last_error_message(msg, sizeof msg);
    CHECK(strstr(msg, "health") != NULL);
    b[0] = minion(1, 1, 1u << 9);
    CHECK(oddsmith_combat(a, 1, b, 1, 1, 1, NULL, &r) == ODDSMITH_ERR_INVALID_ARGUMENT);
    b[0] = minion(1, 1, 0);
    o.mode = ODDSMITH_COMBAT_EXACT;
    o.max_states = 1;
    CHECK(oddsmith_combat(a, 2, b, 2, 1, 1, &o, &r) == ODDSMITH_ERR_BUDGET_EXCEEDED);
    o.mode = 9;
    CHECK(oddsmith_combat(a, 2, b, 2, 1, 1, &o, &r) == ODDSMITH_ERR_INVALID_ARGUMENT);
    CHECK(oddsmith_combat(NULL, 2, b, 2, 1, 1, NULL, &r) == ODDSMITH_ERR_NULL_POINTER);

    /* Hero tiers are 1..7 (0 means 1): a huge one is refused, not wrapped. */
    CHECK(oddsmith_combat(a, 2, b, 2, 4294967295u, 1, NULL, &r) == ODDSMITH_ERR_INVALID_ARGUMENT);
    oddsmith_last_error_message(msg, sizeof msg);
    CHECK(strstr(msg, "tavern tier") != NULL);
    CHECK(oddsmith_combat(a, 2, b, 2, 8, 1, NULL, &r) == ODDSMITH_ERR_INVALID_ARGUMENT);
    CHECK(oddsmith_combat(a, 2, b, 2, 1, 1000, NULL, &r) == ODDSMITH_ERR_INVALID_ARGUMENT);
    CHECK(oddsmith_combat(a, 2, b, 2, 7, 0, NULL, &r) == ODDSMITH_OK);
    CHECK(fabs(r.damage_to_b[7 + 2] + r.damage_to_b[7 + 3] - r.win) < 1e-12);

    /* A zeroed options struct is the defaults, the same as NULL (Auto). */
    {
        OddsmithCombatResult d;
        memset(&o, 0, sizeof o);
        CHECK(oddsmith_combat(a, 2, b, 2, 1, 1, &o, &r) == ODDSMITH_OK && r.exact == 1);
        CHECK(oddsmith_combat(a, 2, b, 2, 1, 1, NULL, &d) == ODDSMITH_OK);
        CHECK(r.win == d.win && r.draw == d.draw && r.loss == d.loss && r.states == d.states);
        CHECK(memcmp(r.damage_to_b, d.damage_to_b, sizeof r.damage_to_b) == 0);
    }

    /* Bonuses from earlier turns reach the minions summoned: every
     * minion summoned +2/+1 makes the 1/1 tokens 3/2, as tokens of 3/2
     * would be; the other side's bonus is its own; over 1000 is refused. */
    {
        OddsmithCombatResult by_hand;
        OddsmithMinion one[1], two[2];
        one[0] = minion(4, 4, 0);
        one[0].token_attack = 1;
        one[0].token_health = 1;
        one[0].token_count = 2;
        two[0] = minion(2, 6, 0);
        two[1] = minion(3, 3, 0);
        memset(&o, 0, sizeof o);
        o.bonuses_a.summoned_attack = 2;
        o.bonuses_a.summoned_health = 1;
        CHECK(oddsmith_combat(one, 1, two, 2, 1, 1, &o, &r) == ODDSMITH_OK && r.exact == 1);
        one[0].token_attack = 3;
        one[0].token_health = 2;
        CHECK(oddsmith_combat(one, 1, two, 2, 1, 1, NULL, &by_hand) == ODDSMITH_OK);
        CHECK(r.win == by_hand.win && r.draw == by_hand.draw && r.loss == by_hand.loss);
        CHECK(memcmp(r.damage_to_b, by_hand.damage_to_b, sizeof r.damage_to_b) == 0);
        one[0].token_attack = 1;
        one[0].token_health = 1;
        CHECK(oddsmith_combat(one, 1, two, 2, 1, 1, NULL, &by_hand) == ODDSMITH_OK);
        CHECK(r.win != by_hand.win || r.draw != by_hand.draw);
        memset(&o, 0, sizeof o);
        o.bonuses_b.summoned_attack = 2;
        CHECK(oddsmith_combat(one, 1, two, 2, 1, 1, &o, &r) == ODDSMITH_OK);
        CHECK(r.win == by_hand.win && r.draw == by_hand.draw);
        o.bonuses_b.undead_health = 1001;
        CHECK(oddsmith_combat(one, 1, two, 2, 1, 1, &o, &r) == ODDSMITH_ERR_INVALID_ARGUMENT);
        oddsmith_last_error_message(msg, sizeof msg);
        CHECK(strstr(msg, "bonuses_b") != NULL);
        o.bonuses_b.undead_health = 0;
        o.bonuses_b.knights_died = 1001;
        CHECK(oddsmith_combat(one, 1, two, 2, 1, 1, &o, &r) == ODDSMITH_ERR_INVALID_ARGUMENT);
        o.bonuses_b.knights_died = 0;
        o.bonuses_b.tavern_spells = 1001;
        CHECK(oddsmith_combat(one, 1, two, 2, 1, 1, &o, &r) == ODDSMITH_ERR_INVALID_ARGUMENT);
        o.bonuses_b.tavern_spells = 0;
        o.bonuses_b.tasty_lobsters = 1001;
        CHECK(oddsmith_combat(one, 1, two, 2, 1, 1, &o, &r) == ODDSMITH_ERR_INVALID_ARGUMENT);
    }

    /* Tasty Lobsters: the deathrattle's +2/+1 to a friendly Beast is
     * 1 + tasty_lobsters times as much. */
    {
        OddsmithMinion mine[2], foe[1];
        OddsmithCombatResult none, some;
        mine[0] = card_minion("Tasty Lobster", 2, 1);
        mine[1] = card_minion("Sprightly Scarab", 3, 3);
        foe[0] = minion(4, 9, 0);
        memset(&o, 0, sizeof o);
        CHECK(oddsmith_combat(mine, 2, foe, 1, 1, 1, &o, &none) == ODDSMITH_OK && none.exact == 1);
        o.bonuses_a.tasty_lobsters = 3;
        CHECK(oddsmith_combat(mine, 2, foe, 1, 1, 1, &o, &some) == ODDSMITH_OK && some.exact == 1);
        CHECK(none.win == 0.0 && some.win == 1.0);
    }

    /* Script numbers: Hopebringer gives its board +scriptDataNum1/
     * +scriptDataNum2 at the start of combat (Firestone's +3/+3 when none
     * is stated); only cards take them, bits 0 to 3. */
    {
        OddsmithMinion mine[1], foe[1];
        OddsmithCombatResult none, some;
        mine[0] = card_minion("Hopebringer", 4, 3);
        foe[0] = minion(7, 9, 0);
        memset(&o, 0, sizeof o);
        CHECK(oddsmith_combat(mine, 1, foe, 1, 1, 1, &o, &none) == ODDSMITH_OK && none.exact == 1);
        mine[0].script_data_given = 3;
        mine[0].script_data[0] = 10;
        mine[0].script_data[1] = 10;
        CHECK(oddsmith_combat(mine, 1, foe, 1, 1, 1, &o, &some) == ODDSMITH_OK && some.exact == 1);
        CHECK(none.win == 0.0 && some.win == 1.0);
        mine[0].script_data[1] = -1;
        CHECK(oddsmith_combat(mine, 1, foe, 1, 1, 1, &o, &some) == ODDSMITH_ERR_INVALID_ARGUMENT);
        mine[0].script_data[1] = 10;
        mine[0].script_data_given = 16;
        CHECK(oddsmith_combat(mine, 1, foe, 1, 1, 1, &o, &some) == ODDSMITH_ERR_INVALID_ARGUMENT);
        foe[0].script_data_given = 1;
        mine[0].script_data_given = 0;
        CHECK(oddsmith_combat(mine, 1, foe, 1, 1, 1, &o, &some) == ODDSMITH_ERR_INVALID_ARGUMENT);
    }

    /* Eternal Knights: an Eternal Summoner's knight enters with +4/+2 for
     * each knight that died in earlier combats (knights_died). */
    {
        OddsmithMinion summoner[1], foes[2];
        OddsmithCombatResult none, some;
        summoner[0] = card_minion("Eternal Summoner", 8, 1);
        foes[0] = minion(6, 9, ODDSMITH_KW_TAUNT);
        foes[1] = minion(5, 9, 0);
        memset(&o, 0, sizeof o);
        CHECK(oddsmith_combat(summoner, 1, foes, 2, 1, 1, &o, &none) == ODDSMITH_OK && none.exact == 1);
        o.bonuses_a.knights_died = 3;
        CHECK(oddsmith_combat(summoner, 1, foes, 2, 1, 1, &o, &some) == ODDSMITH_OK && some.exact == 1);
        CHECK(some.win > none.win + 0.1);
    }

    /* A whole game state (Firestone's BgsBattleInfo JSON): the same
     * combat as the boards given one by one, each side's bonuses from its
     * globalInfo; errors name the JSON path. */
    {
        static const char state[] =
            "{\"playerBoard\": {\"player\": {\"tavernTier\": 1,"
            " \"globalInfo\": {\"EternalKnightsDeadThisGame\": 3}},"
            " \"board\": [{\"cardId\": \"BG25_009\", \"attack\": 8, \"health\": 1, \"reborn\": true}]},"
            " \"opponentBoard\": {\"player\": {\"tavernTier\": 1},"
            " \"board\": [{\"cardId\": \"BG31_035\", \"attack\": 6, \"health\": 9, \"taunt\": true},"
            " {\"cardId\": \"BG31_035\", \"attack\": 5, \"health\": 9}]}}";
        OddsmithMinion summoner[1], foes[2];
        OddsmithCombatResult whole, boards;
        char message[256];
        summoner[0] = card_minion("Eternal Summoner", 8, 1);
        foes[0] = card_minion("BG31_035", 6, 9);
        foes[0].keywords = ODDSMITH_KW_TAUNT;
        foes[1] = card_minion("BG31_035", 5, 9);
        memset(&o, 0, sizeof o);
        CHECK(oddsmith_combat_battle_json((const uint8_t *)state, strlen(state), &o, &whole) == ODDSMITH_OK);
        o.bonuses_a.knights_died = 3;
        CHECK(oddsmith_combat(summoner, 1, foes, 2, 1, 1, &o, &boards) == ODDSMITH_OK);
        CHECK(whole.exact == 1 && boards.exact == 1 && whole.win == boards.win && whole.draw == boards.draw);
        /* The state gives the bonuses: options must not. */
        CHECK(oddsmith_combat_battle_json((const uint8_t *)state, strlen(state), &o, &whole) == ODDSMITH_ERR_INVALID_ARGUMENT);
        memset(&o, 0, sizeof o);
        CHECK(oddsmith_combat_battle_json((const uint8_t *)state, strlen(state) - 1, &o, &whole) == ODDSMITH_ERR_PARSE);
        CHECK(oddsmith_combat_battle_json((const uint8_t *)"\xff", 1, NULL, &whole) == ODDSMITH_ERR_PARSE);
        CHECK(oddsmith_combat_battle_json(NULL, 3, NULL, &whole) == ODDSMITH_ERR_NULL_POINTER);
        CHECK(oddsmith_combat_battle_json((const uint8_t *)state, strlen(state), NULL, NULL) == ODDSMITH_ERR_NULL_POINTER);
        /* What is not modelled (here a hero power no table knows) is by
         * default left out and listed, the answer marked approximate; with
         * REFUSE the state is refused by its path. */
        {
            static const char with_power[] =
                "{\"playerBoard\": {\"player\": {\"tavernTier\": 1,"
                " \"globalInfo\": {\"EternalKnightsDeadThisGame\": 3},"
                " \"heroPowers\": [{\"cardId\": \"NOT_A_HERO_POWER_1\"}]},"
                " \"board\": [{\"cardId\": \"BG25_009\", \"attack\": 8, \"health\": 1, \"reborn\": true}]},"
                " \"opponentBoard\": {\"player\": {\"tavernTier\": 1},"
                " \"board\": [{\"cardId\": \"BG31_035\", \"attack\": 6, \"health\": 9, \"taunt\": true},"
                " {\"cardId\": \"BG31_035\", \"attack\": 5, \"health\": 9}]}}";
            OddsmithCombatResult approximate;
            CHECK(whole.approximate == 0 && whole.unmodelled_count == 0);
            CHECK(oddsmith_combat_battle_json((const uint8_t *)with_power, strlen(with_power), NULL, &approximate) == ODDSMITH_OK);
            CHECK(approximate.approximate == 1 && approximate.unmodelled_count == 1);
            CHECK(strcmp(approximate.unmodelled_ids[0], "NOT_A_HERO_POWER_1") == 0);
            CHECK(approximate.unmodelled_places[0] == ODDSMITH_PLACE_HERO_POWER);
            CHECK(approximate.win == whole.win && approximate.draw == whole.draw);
            o.unmodelled = ODDSMITH_UNMODELLED_REFUSE;
            CHECK(oddsmith_combat_battle_json((const uint8_t *)with_power, strlen(with_power), &o, &approximate) == ODDSMITH_ERR_INVALID_ARGUMENT);
            oddsmith_last_error_message(message, sizeof message);
            CHECK(strstr(message, "playerBoard.player.heroPowers[0]") != NULL);
            CHECK(strstr(message, "NOT_A_HERO_POWER_1") != NULL);
            o.unmodelled = 7;
            CHECK(oddsmith_combat_battle_json((const uint8_t *)with_power, strlen(with_power), &o, &approximate) == ODDSMITH_ERR_INVALID_ARGUMENT);
            /* The boards' entry has no cards to leave out: IGNORE is refused. */
            o.unmodelled = ODDSMITH_UNMODELLED_IGNORE;
            CHECK(oddsmith_combat(summoner, 1, foes, 2, 1, 1, &o, &approximate) == ODDSMITH_ERR_INVALID_ARGUMENT);
            memset(&o, 0, sizeof o);
        }
        {
            static const char bad[] =
                "{\"playerBoard\": {\"player\": {\"tavernTier\": 1},"
                " \"board\": [{\"cardId\": \"BG31_035\", \"attack\": 6}]},"
                " \"opponentBoard\": {\"board\": []}}";
            CHECK(oddsmith_combat_battle_json((const uint8_t *)bad, strlen(bad), NULL, &whole) == ODDSMITH_ERR_PARSE);
            oddsmith_last_error_message(message, sizeof message);
            CHECK(strstr(message, "playerBoard.board[0].health") != NULL);
        }
    }

    /* Threads: over the maximum is refused at once, large counts capped. */
    memset(&o, 0, sizeof o);
    o.mode = ODDSMITH_COMBAT_MONTE_CARLO;
    o.samples = 50000;
    o.threads = 100000;
    CHECK(oddsmith_combat(a, 2, b, 2, 1, 1, &o, &r) == ODDSMITH_ERR_INVALID_ARGUMENT);
    o.threads = UINT32_MAX;
    CHECK(oddsmith_combat(a, 2, b, 2, 1, 1, &o, &r) == ODDSMITH_ERR_INVALID_ARGUMENT);
    o.threads = 1000;
    {
        OddsmithCombatResult one;
        CHECK(oddsmith_combat(a, 2, b, 2, 1, 1, &o, &r) == ODDSMITH_OK);
        o.threads = 1;
        CHECK(oddsmith_combat(a, 2, b, 2, 1, 1, &o, &one) == ODDSMITH_OK);
        CHECK(r.win == one.win && r.states == one.states);
    }
    /* A time budget stops sampling early (here far under 10^12 combats). */
    memset(&o, 0, sizeof o);
    o.mode = ODDSMITH_COMBAT_MONTE_CARLO;
    o.samples = 1000000000000ull;
    o.time_budget_ms = 50;
    o.threads = 1;
    CHECK(oddsmith_combat(a, 2, b, 2, 1, 1, &o, &r) == ODDSMITH_OK);
    CHECK(r.exact == 0 && r.states > 0 && r.states < 1000000000000ull);
    test_best_order();
    return CHECK_SUMMARY("c");
}
