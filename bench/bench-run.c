// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * bench-run: runs a command RUNS times and says how long each run took and how much
 * memory the largest one used, for make bench (on the host and inside the test VM).
 *
 *	bench-run [-n RUNS] [-w WARMUP] [-o] -- COMMAND [ARG]... [::: COMMAND [ARG]...]...
 *
 * With several commands (separated by ":::", at most four) the runs alternate, A B A
 * B ..., so that a change of the machine's load during the series weighs on each
 * alike; each command gets its own line, "command=K " first.
 * Each run's wall time is measured around fork and wait (CLOCK_MONOTONIC), its CPU
 * time and peak resident set size come from wait4()'s rusage. WARMUP runs first, not
 * counted (caches, page faults of the first exec). The command's output goes to
 * /dev/null unless -o; its standard error is kept in a file, and the last line of it
 * is printed: from the first run that failed, else from the last run (a tool that does
 * nothing and exits 0 may still say why there), so a failing peer is recorded with its
 * reason.
 *
 * Output, one line, "key=value" words for scripts:
 *	runs=N failed=F status=S wall_ms_median=M wall_ms_min=A wall_ms_max=B
 *	cpu_ms_median=C maxrss_kb=R stderr="that last line of standard error"
 * Exit status 0 when it could run the command at all (whatever the command returned).
 */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/time.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#define RUNS_MAX 1000
#define COMMANDS_MAX 4
#define ERROR_LINE_MAX 512

struct run_result {
	double wall_ms;
	double cpu_ms;
	long maxrss_kb;
	int status;		/* exit status, or 128 + signal */
};

static double now_ms(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec * 1e3 + (double)ts.tv_nsec / 1e6;
}

static double timeval_ms(const struct timeval *tv)
{
	return (double)tv->tv_sec * 1e3 + (double)tv->tv_usec / 1e3;
}

/* The child: output to /dev/null (unless show_output), stderr to err_fd. */
static void exec_child(char **argv, int err_fd, int show_output)
{
	int null_fd = open("/dev/null", O_RDWR);

	if (null_fd >= 0) {
		dup2(null_fd, STDIN_FILENO);
		if (!show_output)
			dup2(null_fd, STDOUT_FILENO);
	}
	dup2(err_fd, STDERR_FILENO);
	execvp(argv[0], argv);
	fprintf(stderr, "bench-run: cannot run %s: %s\n", argv[0], strerror(errno));
	_exit(127);
}

static int run_once(char **argv, int err_fd, int show_output, struct run_result *ret)
{
	struct rusage usage;
	double start;
	pid_t pid;
	int status;

	if (ftruncate(err_fd, 0) < 0 || lseek(err_fd, 0, SEEK_SET) < 0)
		return -errno;
	start = now_ms();
	pid = fork();
	if (pid < 0)
		return -errno;
	if (pid == 0)
		exec_child(argv, err_fd, show_output);
	if (wait4(pid, &status, 0, &usage) < 0)
		return -errno;
	ret->wall_ms = now_ms() - start;
	ret->cpu_ms = timeval_ms(&usage.ru_utime) + timeval_ms(&usage.ru_stime);
	ret->maxrss_kb = usage.ru_maxrss;
	ret->status = WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
	return 0;
}

/* The last non-empty line of the file behind fd, quotes replaced. */
static void last_line(int fd, char *out, size_t size)
{
	char buf[4096];
	ssize_t n;
	char *end, *start;

	out[0] = '\0';
	n = pread(fd, buf, sizeof(buf) - 1, 0);
	if (n <= 0)
		return;
	buf[n] = '\0';
	end = buf + n;
	while (end > buf && (end[-1] == '\n' || end[-1] == '\r'))
		*--end = '\0';
	start = strrchr(buf, '\n');
	start = start ? start + 1 : buf;
	snprintf(out, size, "%.*s", (int)size - 1, start);
	for (end = out; *end; end++)
		if (*end == '"')
			*end = '\'';
}

static int compare_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return (x > y) - (x < y);
}

static double median(double *values, size_t count)
{
	qsort(values, count, sizeof(values[0]), compare_double);
	if (count % 2)
		return values[count / 2];
	return (values[count / 2 - 1] + values[count / 2]) / 2;
}

static int parse_count(const char *text, long *ret)
{
	char *end;

	errno = 0;
	*ret = strtol(text, &end, 10);
	return errno || *end || end == text || *ret < 0 || *ret > RUNS_MAX ? -EINVAL : 0;
}

static void print_results(struct run_result *results, long runs, const char *error_line)
{
	double wall[RUNS_MAX], cpu[RUNS_MAX], min = 0, max = 0;
	long i, failed = 0, maxrss = 0;
	int status = 0;

	for (i = 0; i < runs; i++) {
		wall[i] = results[i].wall_ms;
		cpu[i] = results[i].cpu_ms;
		if (i == 0 || wall[i] < min)
			min = wall[i];
		if (wall[i] > max)
			max = wall[i];
		if (results[i].maxrss_kb > maxrss)
			maxrss = results[i].maxrss_kb;
		if (results[i].status != 0) {
			if (failed++ == 0)
				status = results[i].status;
		}
	}
	printf("runs=%ld failed=%ld status=%d wall_ms_median=%.3f wall_ms_min=%.3f "
	       "wall_ms_max=%.3f cpu_ms_median=%.3f maxrss_kb=%ld stderr=\"%s\"\n", runs, failed,
	       status, median(wall, (size_t)runs), min, max, median(cpu, (size_t)runs), maxrss,
	       error_line);
}

/* One command of the alternation: its argv and what its runs gave. */
struct command {
	char **argv;
	struct run_result results[RUNS_MAX];
	char error_line[ERROR_LINE_MAX];	/* the first failed run's last stderr line */
	char last_stderr[ERROR_LINE_MAX];
};

/* Splits argv at each ":::" (replaced by NULL); returns the number of commands. */
static size_t split_commands(char **argv, struct command *commands, size_t max)
{
	size_t count = 0;

	while (*argv && count < max) {
		commands[count++].argv = argv;
		while (*argv && strcmp(*argv, ":::") != 0)
			argv++;
		if (*argv)
			*argv++ = NULL;
	}
	return *argv ? 0 : count;
}

static int run_all(struct command *commands, size_t count, long runs, long warmup,
		   int show_output, int err_fd)
{
	struct run_result scratch, *r;
	struct command *c;
	long i;
	size_t k;
	int ret;

	for (i = -warmup; i < runs; i++) {
		for (k = 0; k < count; k++) {
			c = &commands[k];
			r = i < 0 ? &scratch : &c->results[i];
			ret = run_once(c->argv, err_fd, show_output, r);
			if (ret < 0)
				return ret;
			last_line(err_fd, c->last_stderr, sizeof(c->last_stderr));
			if (r->status != 0 && !c->error_line[0])
				memcpy(c->error_line, c->last_stderr, sizeof(c->error_line));
		}
	}
	return 0;
}

int main(int argc, char **argv)
{
	static struct command commands[COMMANDS_MAX];
	char err_path[] = "/tmp/bench-run.XXXXXX";
	long runs = 10, warmup = 1;
	int show_output = 0, opt, err_fd, ret;
	size_t count, k;

	while ((opt = getopt(argc, argv, "+n:w:o")) != -1) {
		switch (opt) {
		case 'n':
			if (parse_count(optarg, &runs) < 0 || runs == 0)
				goto usage;
			break;
		case 'w':
			if (parse_count(optarg, &warmup) < 0)
				goto usage;
			break;
		case 'o':
			show_output = 1;
			break;
		default:
			goto usage;
		}
	}
	count = split_commands(argv + optind, commands, COMMANDS_MAX);
	if (count == 0)
		goto usage;
	for (k = 0; k < count; k++)
		if (!commands[k].argv[0])
			goto usage;
	err_fd = mkstemp(err_path);
	if (err_fd < 0) {
		fprintf(stderr, "bench-run: %s: %s\n", err_path, strerror(errno));
		return 1;
	}
	unlink(err_path);
	ret = run_all(commands, count, runs, warmup, show_output, err_fd);
	close(err_fd);
	if (ret < 0) {
		fprintf(stderr, "bench-run: %s\n", strerror(-ret));
		return 1;
	}
	for (k = 0; k < count; k++) {
		struct command *c = &commands[k];

		if (count > 1)
			printf("command=%zu ", k + 1);
		print_results(c->results, runs, c->error_line[0] ? c->error_line : c->last_stderr);
	}
	return 0;
usage:
	fprintf(stderr, "usage: bench-run [-n RUNS] [-w WARMUP] [-o] -- COMMAND [ARG]... "
		"[::: COMMAND [ARG]...]...\n");
	return 2;
}
