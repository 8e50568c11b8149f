// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * One line per keymap file: what the loader made of it. The README's first command runs
 * it over every bundled keymap (tools/demo), so a fresh checkout shows the keymap layer
 * at work without IR hardware.
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "keymap.h"

static void print_summary(const char *path, const struct keymap *keymap)
{
	const char *base = strrchr(path, '/');
	size_t i;

	printf("%-32s %-28s", base ? base + 1 : path, keymap->name ? keymap->name : "-");
	for (i = 0; i < keymap->protocol_count; i++) {
		const struct keymap_protocol *p = &keymap->protocols[i];

		printf(" %s%s%s%s: %zu key%s", i ? "; " : "", p->protocol,
		       p->variant ? "/" : "", p->variant ? p->variant : "",
		       p->scancode_count + p->raw_count,
		       p->scancode_count + p->raw_count == 1 ? "" : "s");
		if (p->param_count)
			printf(", %zu parameter%s", p->param_count,
			       p->param_count == 1 ? "" : "s");
	}
	putchar('\n');
}

int main(int argc, char **argv)
{
	struct timespec start, end;
	size_t loaded = 0, keys = 0;
	int failed = 0;
	double seconds;
	int i;

	clock_gettime(CLOCK_MONOTONIC, &start);
	for (i = 1; i < argc; i++) {
		struct keymap *keymap = NULL;
		struct ir_error err;
		size_t p;

		ir_error_clear(&err);
		if (keymap_load_file(argv[i], &keymap, &err) < 0) {
			fprintf(stderr, "%s\n", err.message);
			failed = 1;
			continue;
		}
		print_summary(argv[i], keymap);
		for (p = 0; p < keymap->protocol_count; p++)
			keys += keymap->protocols[p].scancode_count + keymap->protocols[p].raw_count;
		loaded++;
		keymap_free(keymap);
	}
	clock_gettime(CLOCK_MONOTONIC, &end);
	seconds = (double)(end.tv_sec - start.tv_sec) + (end.tv_nsec - start.tv_nsec) / 1e9;
	printf("%zu keymaps, %zu keys loaded in %.1f ms\n", loaded, keys, seconds * 1e3);
	return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
