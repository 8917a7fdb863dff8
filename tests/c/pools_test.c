/* The worker pools across processes and limits: after fork() the child's
 * pooled calls run (the parent's threads are not in the child) rather
 * than hang; a pool that cannot start is an error from oddsmith_init, and
 * calls then run on the caller's thread with the same answers. Each case
 * runs in a child process, killed by an alarm should it hang. */
#define _POSIX_C_SOURCE 200809L
#define _DEFAULT_SOURCE /* RLIMIT_NPROC */
#include "oddsmith.h"
#include "check.h"

#include <signal.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

/* A hang is a failure, not a stuck test: far beyond the seconds the work
 * takes on a loaded machine. */
#define HANG_SECONDS 120

/* Monte Carlo equity on the shared pool to a fixed target: the same
 * answer on any number of threads. */
static int equity_on_pool(double *equity) {
    OddsmithEquityRequest req;
    OddsmithEquityResult r;
    int status;
    memset(&req, 0, sizeof req);
    req.players[0] = "AhKh";
    req.players[1] = "random";
    req.players[2] = "random";
    req.player_count = 3;
    req.mode = ODDSMITH_MODE_MONTE_CARLO;
    req.target_stderr = 0.004;
    req.time_budget_ms = 600000;
    req.seed = 3;
    req.threads = 0;
    status = oddsmith_equity(&req, &r);
    *equity = r.equity[0];
    return status;
}

/* Runs `child` in a child process; its exit code (-1 when killed). */
static int in_child(int (*child)(double), double expected) {
    int status = 0;
    pid_t pid = fork();
    if (pid == 0) {
        alarm(HANG_SECONDS);
        _exit(child(expected));
    }
    if (pid < 0 || waitpid(pid, &status, 0) != pid) return -2;
    return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

static int pooled_call_after_fork(double expected) {
    double equity = 0.0;
    return equity_on_pool(&equity) == ODDSMITH_OK && equity == expected ? 0 : 1;
}

static int no_threads_to_be_had(double expected) {
    struct rlimit limit;
    char message[256];
    double equity = 0.0;
    /* No new thread may start: a process limit of 1 for this user (root
     * is exempt, so a root child becomes nobody first). Not an address
     * space limit: there, a thread start may fail inside malloc, an abort
     * by chance rather than a clean error. */
    if (getuid() == 0 && setuid(65534) != 0) return 9;
    limit.rlim_cur = limit.rlim_max = 1;
    if (setrlimit(RLIMIT_NPROC, &limit) != 0) return 10;
    if (oddsmith_init(1024) != ODDSMITH_ERR_INTERNAL) return 11;
    oddsmith_last_error_message(message, sizeof message);
    if (strstr(message, "worker threads") == NULL) return 12;
    /* Calls then run on the caller's thread, with the same answer. */
    if (equity_on_pool(&equity) != ODDSMITH_OK || equity != expected) return 13;
    return 0;
}

int main(void) {
    double equity = 0.0, again = 0.0;
    /* The shared pool runs here; a child (which forgets the parent's
     * pools) whose threads cannot start answers on its own thread. */
    CHECK(oddsmith_version() > 0);
    CHECK(equity_on_pool(&equity) == ODDSMITH_OK && equity > 0.3);
    CHECK(in_child(no_threads_to_be_had, equity) == 0);
    /* The pool runs in this process; a child's pooled call still answers. */
    CHECK(oddsmith_init(0) == ODDSMITH_OK);
    CHECK(in_child(pooled_call_after_fork, equity) == 0);
    CHECK(in_child(pooled_call_after_fork, equity) == 0);
    /* And the parent's pool is unharmed. */
    CHECK(equity_on_pool(&again) == ODDSMITH_OK && again == equity);
    return CHECK_SUMMARY("c");
}
