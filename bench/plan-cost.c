// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * bench/plan-cost: what ir-keytable's planner (utils/plan/plan.c) costs for a lircd.conf
 * of many remotes of one family, before any device is touched. For each family
 * (space-coded, bi-phase, raw), shape and count, a lircd.conf is written (fixed
 * layout, no randomness), read as --decode and -w read it (keymap_load_file()), and
 * planned offline; each case runs in a child process of its own, so that its peak
 * RSS is its own. Shapes: "apart", every remote with its own first pulse and space
 * (one program serves them all); "alike", every remote starting with the same pair,
 * so that they spill 4 to a program; "wide", alike with windows of 3000 µs each way
 * (a keymap of the family's entries, which takes any margin, as a hostile one may:
 * each remote's frames may start with thousands of pairs).
 *
 *     bench/plan-cost [-o OUT.md] [-n COUNT]...     (counts default: 100 and 1000)
 */
#include "config.h"

#include <errno.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "keymap.h"
#include "plan.h"

enum family { FAMILY_SPACE, FAMILY_BIPHASE, FAMILY_RAW, FAMILY_MAX };

static const char *const family_names[FAMILY_MAX] = { "lircd_space", "lircd_biphase",
						      "lircd_raw" };

/* Remote i of a shape: durations on a grid 200 µs apart, margins of 50 µs. */
static void write_space(FILE *f, size_t i, int alike)
{
	unsigned int hp = 1000 + 200 * (unsigned int)(i % 40);
	unsigned int hs = 1000 + 200 * (unsigned int)(i / 40 % 40);
	unsigned int zs = 560, os = 1690;

	if (alike) {
		/* One header for all; no two alike enough to merge (120 µs apart). */
		hp = 9000;
		hs = 4500;
		zs = 400 + 120 * (unsigned int)(i % 32);
		os = zs + 800 + 120 * (unsigned int)(i / 32 % 32);
	}
	fprintf(f, "begin remote\n  name r%zu\n  bits 16\n  flags SPACE_ENC|CONST_LENGTH\n"
		"  eps 1\n  aeps 50\n  header %u %u\n  one 560 %u\n  zero 560 %u\n"
		"  ptrail 560\n  gap 200000\n  begin codes\n    KEY_1 0x%04zx\n"
		"    KEY_2 0x%04zx\n  end codes\nend remote\n", i, hp, hs, os, zs,
		(i * 2) & 0xffff, (i * 2 + 1) & 0xffff);
}

static void write_biphase(FILE *f, size_t i, int alike)
{
	unsigned int hp = 1000 + 200 * (unsigned int)(i % 40);
	unsigned int hs = 1000 + 200 * (unsigned int)(i / 40 % 40);
	unsigned int t = 512;

	if (alike) {
		hp = 2600;
		hs = 2600;
		t = 400 + 120 * (unsigned int)(i % 20);
	}
	fprintf(f, "begin remote\n  name b%zu\n  bits 10\n  flags SHIFT_ENC|CONST_LENGTH\n"
		"  eps 1\n  aeps 50\n  header %u %u\n  one %u %u\n  zero %u %u\n"
		"  gap 200000\n  begin codes\n    KEY_1 0x%03zx\n    KEY_2 0x%03zx\n"
		"  end codes\nend remote\n", i, hp, hs, t, t, t, t, (i * 2) & 0x3ff,
		(i * 2 + 1) & 0x3ff);
}

static void write_raw(FILE *f, size_t i, int alike)
{
	unsigned int hp = 1000 + 200 * (unsigned int)(i % 40);
	unsigned int hs = 1000 + 200 * (unsigned int)(i / 40 % 40);
	unsigned int bit;

	if (alike) {
		hp = 9000;
		hs = 4500;
	}
	fprintf(f, "begin remote\n  name w%zu\n  flags RAW_CODES\n  eps 1\n  aeps 50\n"
		"  gap 200000\n  begin raw_codes\n    name KEY_1\n      %u %u", i, hp, hs);
	/* 16 bits of i, so that every remote's button differs. */
	for (bit = 0; bit < 16; bit++)
		fprintf(f, " 560 %u", (i >> bit) & 1 ? 1690 : 560);
	fprintf(f, " 560\n  end raw_codes\nend remote\n");
}

enum shape { SHAPE_APART, SHAPE_ALIKE, SHAPE_WIDE, SHAPE_MAX };

static const char *const shape_names[SHAPE_MAX] = { "apart", "alike", "wide" };

/* A keymap entry of the family itself, with a margin of 3000 µs. */
static void write_wide(FILE *f, enum family family, size_t i)
{
	fprintf(f, "[[protocols]]\nname = \"w%zu\"\nprotocol = \"%s\"\nmargin = 3000\n", i,
		family_names[family]);
	if (family == FAMILY_SPACE)
		fprintf(f, "header_pulse = 9000\nheader_space = 4500\none_pulse = 560\n"
			"one_space = %zu\nzero_pulse = 560\nzero_space = %zu\n"
			"trailer_pulse = 560\nend_space = 20000\nbits = 16\n",
			7000 + 40 * i, 1000 + 10 * i);
	else if (family == FAMILY_BIPHASE)
		fprintf(f, "header_pulse = 2600\nheader_space = 2600\none_pulse = %zu\n"
			"one_space = %zu\nzero_pulse = %zu\nzero_space = %zu\n"
			"end_space = 20000\nbits = 10\n", 400 + 10 * i, 400 + 10 * i,
			400 + 10 * i, 400 + 10 * i);
	else
		fprintf(f, "trail_space = 20000\n[[protocols.raw]]\nkeycode = \"KEY_1\"\n"
			"raw = [ 9000, 4500, 560, %zu, 560 ]\n", 500 + 3 * i);
	if (family != FAMILY_RAW)
		fprintf(f, "[protocols.scancodes]\n0x%zx = \"KEY_1\"\n", i);
}

static int write_conf(const char *path, enum family family, enum shape shape, size_t count)
{
	FILE *f = fopen(path, "w");
	int alike = shape == SHAPE_ALIKE;
	size_t i;

	if (!f)
		return -errno;
	for (i = 0; i < count; i++) {
		if (shape == SHAPE_WIDE)
			write_wide(f, family, i);
		else if (family == FAMILY_SPACE)
			write_space(f, i, alike);
		else if (family == FAMILY_BIPHASE)
			write_biphase(f, i, alike);
		else
			write_raw(f, i, alike);
	}
	return fclose(f) ? -errno : 0;
}

static double cpu_ms(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
	return (double)ts.tv_sec * 1e3 + (double)ts.tv_nsec / 1e6;
}

/* One case, in the child: prints "ms programs work" on the pipe's write end. */
static int plan_case(const char *path, FILE *out)
{
	struct keytable_plan *plan = NULL;
	struct keymap *keymap = NULL;
	struct ir_error err;
	struct plan_input input = {
		.root = "/nonexistent-irkit-bench-root",
		.keymap_count = 1,
	};
	struct keymap *keymaps[1];
	double start, ms;
	int ret;

	ret = keymap_load_file(path, &keymap, &err);
	if (ret < 0) {
		fprintf(stderr, "plan-cost: %s\n", err.message);
		return 1;
	}
	keymaps[0] = keymap;
	input.keymaps = keymaps;
	start = cpu_ms();
	ret = keytable_plan_make(&input, &plan, &err);
	ms = cpu_ms() - start;
	/* Refused (past a limit: more programs than a device takes) is a result too. */
	if (ret < 0) {
		fprintf(out, "%.2f 0 0 %s\n", ms, err.message);
		keymap_free(keymap);
		return ret == -EINVAL ? 0 : 1;
	}
	fprintf(out, "%.2f %zu %llu\n", ms, plan->decoder_count, plan->placing_work);
	keytable_plan_free(plan);
	keymap_free(keymap);
	return 0;
}

static int run_case(const char *dir, enum family family, enum shape shape, size_t count,
		    FILE *md)
{
	char path[4096], line[1024], *refused;
	struct rusage usage;
	unsigned long long work;
	size_t programs;
	int fds[2], status;
	double ms;
	FILE *in;
	pid_t pid;

	snprintf(path, sizeof(path), "%s/plan-cost-%s-%s-%zu.%s", dir, family_names[family],
		 shape_names[shape], count, shape == SHAPE_WIDE ? "toml" : "conf");
	if (write_conf(path, family, shape, count) < 0 || pipe(fds) < 0)
		return -errno;
	pid = fork();
	if (pid < 0)
		return -errno;
	if (pid == 0) {
		FILE *out = fdopen(fds[1], "w");

		close(fds[0]);
		_exit(out ? plan_case(path, out) | (fclose(out) ? 1 : 0) : 1);
	}
	close(fds[1]);
	in = fdopen(fds[0], "r");
	if (!in || !fgets(line, sizeof(line), in) ||
	    sscanf(line, "%lf %zu %llu", &ms, &programs, &work) != 3)
		line[0] = '\0';
	/* After the three numbers, the reason it was refused. */
	refused = NULL;
	if (line[0] && (refused = strchr(line, ' ')) && (refused = strchr(refused + 1, ' ')) &&
	    (refused = strchr(refused + 1, ' ')))
		refused[strcspn(refused, "\n")] = '\0';
	if (in)
		fclose(in);
	if (wait4(pid, &status, 0, &usage) < 0)
		return -errno;
	if (!getenv("PLAN_COST_KEEP"))
		unlink(path);
	if (!line[0] || !WIFEXITED(status) || WEXITSTATUS(status)) {
		fprintf(md, "| %s | %s | %zu | failed | | | |\n", family_names[family],
			shape_names[shape], count);
		return 0;
	}
	if (refused)
		fprintf(md, "| %s | %s | %zu | %.2f | refused:%s | | %.1f |\n",
			family_names[family], shape_names[shape], count, ms, refused,
			(double)usage.ru_maxrss / 1024.0);
	else
		fprintf(md, "| %s | %s | %zu | %.2f | %zu | %llu | %.1f |\n",
			family_names[family], shape_names[shape], count, ms, programs, work,
			(double)usage.ru_maxrss / 1024.0);
	fflush(md);
	return 0;
}

int main(int argc, char **argv)
{
	size_t counts[8] = { 100, 1000 }, count_count = 0, i;
	const char *dir = getenv("TMPDIR") ? getenv("TMPDIR") : "/tmp";
	FILE *md = stdout;
	int family, shape, c, ret;

	while ((c = getopt(argc, argv, "o:n:")) != -1) {
		if (c == 'o') {
			md = fopen(optarg, "w");
			if (!md) {
				perror(optarg);
				return 1;
			}
		} else if (c == 'n' && count_count < 8) {
			counts[count_count++] = strtoul(optarg, NULL, 10);
		} else {
			fprintf(stderr, "usage: plan-cost [-o OUT.md] [-n COUNT]...\n");
			return 64;
		}
	}
	if (!count_count)
		count_count = 2;
	fprintf(md, "| family | shape | remotes | planning (ms of CPU) | programs | "
		"placing work | peak RSS (MB) |\n|---|---|--:|--:|--:|--:|--:|\n");
	for (family = 0; family < FAMILY_MAX; family++) {
		for (shape = 0; shape < SHAPE_MAX; shape++) {
			for (i = 0; i < count_count; i++) {
				ret = run_case(dir, (enum family)family, (enum shape)shape,
					       counts[i], md);
				if (ret < 0) {
					fprintf(stderr, "plan-cost: %s\n", strerror(-ret));
					return 1;
				}
			}
		}
	}
	return md != stdout && fclose(md) ? 1 : 0;
}
