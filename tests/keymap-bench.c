// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * How fast keymaps load: keymap-bench [-n ROUNDS] FILE...
 * Reads and parses every FILE (TOML or legacy, as ir-keytable would) ROUNDS times and
 * prints the rate. Files are read from disk each time, so the figure includes the I/O
 * a real load pays (from the page cache).
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "keymap.h"

int main(int argc, char **argv)
{
	struct timespec start, end;
	long rounds = 1, round;
	size_t loaded = 0;
	double seconds;
	int first = 1, i;

	if (argc > 2 && strcmp(argv[1], "-n") == 0) {
		rounds = strtol(argv[2], NULL, 10);
		first = 3;
	}
	if (first >= argc || rounds < 1) {
		fprintf(stderr, "usage: %s [-n ROUNDS] FILE...\n", argv[0]);
		return 2;
	}
	clock_gettime(CLOCK_MONOTONIC, &start);
	for (round = 0; round < rounds; round++) {
		for (i = first; i < argc; i++) {
			struct keymap *keymap = NULL;
			struct ir_error err;

			if (keymap_load_file(argv[i], &keymap, &err) < 0) {
				fprintf(stderr, "%s\n", err.message);
				return 1;
			}
			keymap_free(keymap);
			loaded++;
		}
	}
	clock_gettime(CLOCK_MONOTONIC, &end);
	seconds = (double)(end.tv_sec - start.tv_sec) + (end.tv_nsec - start.tv_nsec) / 1e9;
	printf("%zu keymaps (%d files x %ld rounds) in %.3f s: %.0f keymaps/s\n", loaded,
	       argc - first, rounds, seconds, (double)loaded / seconds);
	return 0;
}
