/* A tiny check harness shared by the C and C++ test programs: CHECK counts
 * and reports failures; CHECK_SUMMARY prints "LANG: N passed, M failed"
 * and gives the exit code. */
#ifndef ODDSMITH_TEST_CHECK_H
#define ODDSMITH_TEST_CHECK_H

#include <stdio.h>

static int check_passed = 0;
static int check_failed = 0;

#define CHECK(cond)                                                            \
    do {                                                                       \
        if (cond) {                                                            \
            check_passed++;                                                    \
        } else {                                                               \
            check_failed++;                                                    \
            fprintf(stderr, "%s:%d: check failed: %s\n", __FILE__, __LINE__,   \
                    #cond);                                                    \
        }                                                                      \
    } while (0)

#define CHECK_SUMMARY(lang)                                                    \
    (printf("%s: %d passed, %d failed\n", (lang), check_passed, check_failed), \
     check_failed == 0 ? 0 : 1)

#endif
