/* A console game of Durak: you (seat 0) against the engine (seat 1).
 *
 *   cc -std=c99 -Iinclude examples/durak_console.c target/release/liboddsmith.a \
 *      -lpthread -ldl -lm -o durak_console
 *   ./durak_console [seed] [ms] [--variant transfer] [--several]
 *
 * --variant transfer plays perevodnoy (the defender may pass the attack on
 * with a card of the same rank); --several lets attackers put down several
 * cards before you answer them.
 * Each turn lists your legal moves by number; type one (or q to quit).
 * The engine thinks for `ms` milliseconds (default 300). With input from a
 * pipe that ends, you pass or take. */
#include "oddsmith.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void card_text(int32_t card, char out[4]) {
    if (card < 0 || oddsmith_card_format((uint8_t)card, out, 4) != ODDSMITH_OK) strcpy(out, "--");
}

static void move_text(const OddsmithDurakMove *m, char *out, size_t cap) {
    char a[4], b[4];
    card_text(m->card, a);
    card_text(m->target, b);
    switch (m->kind) {
    case ODDSMITH_DURAK_ATTACK: snprintf(out, cap, "play %s", a); break;
    case ODDSMITH_DURAK_DEFEND: snprintf(out, cap, "beat %s with %s", b, a); break;
    case ODDSMITH_DURAK_TAKE: snprintf(out, cap, "take the cards"); break;
    case ODDSMITH_DURAK_TRANSFER: snprintf(out, cap, "transfer with %s", a); break;
    default: snprintf(out, cap, "pass"); break;
    }
}

static void print_set(const char *label, uint64_t set) {
    char c[4];
    printf("%s", label);
    for (int i = 0; i < 52; i++) {
        if (set >> i & 1) {
            card_text(i, c);
            printf(" %s", c);
        }
    }
    printf("\n");
}

static void show(const OddsmithDurakObservation *o) {
    char t[4], a[4], d[4];
    card_text(o->trump_card, t);
    printf("\ntrump %s, talon %u, engine holds %u cards\n", t, o->talon_size, o->hand_sizes[1]);
    if (o->known[1]) print_set("engine is known to hold:", o->known[1]);
    printf("table:");
    for (uint32_t i = 0; i < o->table_count; i++) {
        card_text(o->table_attacks[i], a);
        card_text(o->table_covers[i], d);
        printf(" %s/%s", a, d);
    }
    printf("\n");
    print_set("your hand:", o->hand);
}

int main(int argc, char **argv) {
    uint64_t seed = 1;
    uint32_t ms = 300;
    int positional = 0;
    OddsmithDurakRules rules = {2, 36, ODDSMITH_DURAK_VARIANT_PODKIDNOY, ODDSMITH_DURAK_ONE_AT_A_TIME};
    OddsmithDurakGame *game = NULL;
    OddsmithDurakMove moves[ODDSMITH_DURAK_MAX_MOVES];
    OddsmithDurakObservation obs;
    OddsmithDurakOutcome outcome;
    OddsmithDurakBudget budget = {0, ms, 1, ODDSMITH_DURAK_ROLLOUT_HEURISTIC, 0.0, seed, NULL, 0};
    char text[64], line[64], msg[256];

    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--variant") == 0 && i + 1 < argc) {
            const char *v = argv[++i];
            if (strcmp(v, "transfer") == 0) rules.variant = ODDSMITH_DURAK_VARIANT_TRANSFER;
            else if (strcmp(v, "podkidnoy") != 0) {
                fprintf(stderr, "--variant %s: use podkidnoy or transfer\n", v);
                return 2;
            }
        } else if (strcmp(argv[i], "--several") == 0) {
            rules.protocol = ODDSMITH_DURAK_SEVERAL_AT_ONCE;
        } else if (positional == 0) {
            seed = strtoull(argv[i], NULL, 10);
            positional++;
        } else {
            ms = (uint32_t)strtoul(argv[i], NULL, 10);
            positional++;
        }
    }
    budget.time_ms = ms;
    budget.seed = seed;

    if (oddsmith_durak_new(&rules, seed, &game) != ODDSMITH_OK) {
        oddsmith_last_error_message(msg, sizeof msg);
        fprintf(stderr, "error: %s\n", msg);
        return 1;
    }
    for (;;) {
        uint32_t to_move = 0;
        size_t n = 0, pick = 0;
        oddsmith_durak_winner(game, &outcome);
        if (outcome.over) break;
        oddsmith_durak_to_move(game, &to_move);
        oddsmith_durak_game_legal_moves(game, moves, ODDSMITH_DURAK_MAX_MOVES, &n);
        if (to_move == 1) {
            OddsmithDurakStats stats;
            OddsmithDurakMove m;
            oddsmith_durak_observe(game, 1, &obs);
            if (oddsmith_durak_best_move(&obs, &budget, &m, &stats) != ODDSMITH_OK) {
                oddsmith_last_error_message(msg, sizeof msg);
                fprintf(stderr, "engine error: %s\n", msg);
                break;
            }
            move_text(&m, text, sizeof text);
            printf("engine: %s (%llu iterations, expects %.0f%%)\n", text,
                   (unsigned long long)stats.iterations, 100.0 * stats.best_mean);
            oddsmith_durak_apply(game, &m);
            continue;
        }
        oddsmith_durak_observe(game, 0, &obs);
        show(&obs);
        for (size_t i = 0; i < n; i++) {
            move_text(&moves[i], text, sizeof text);
            printf("  %zu) %s\n", i + 1, text);
        }
        printf("your move: ");
        fflush(stdout);
        if (!fgets(line, sizeof line, stdin)) {
            pick = n; /* end of input: the last choice (pass or take) */
        } else if (line[0] == 'q') {
            break;
        } else {
            pick = strtoul(line, NULL, 10);
        }
        if (pick < 1 || pick > n) {
            if (feof(stdin)) pick = n;
            else { printf("pick 1 to %zu\n", n); continue; }
        }
        oddsmith_durak_apply(game, &moves[pick - 1]);
    }
    oddsmith_durak_winner(game, &outcome);
    if (outcome.over) {
        if (outcome.loser == 0) printf("\nyou are the durak\n");
        else if (outcome.loser == 1) printf("\nthe engine is the durak: you win\n");
        else printf("\na draw\n");
    }
    oddsmith_durak_free(game);
    return 0;
}
