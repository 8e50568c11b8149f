// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * irp-render NAME [-r REPEATS] P=V ... [-- NAME P=V ...]: a capture (the "pulse N" /
 * "space N" / "timeout N" text that --decode reads) of protocols of the IRP database,
 * made by utils/irp/irp_render.c, which shares only the parser with the decoder compiler.
 * Each signal ends with a timeout. Used to make the captures of tests/cli/data and
 * tests/data/captures offline.
 */
#include "config.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "irp.h"
#include "irp_database.h"
#include "irp_render.h"

#define TIMEOUT_US 125000

/* One signal: argv[0] the name, then -r N and P=V; returns the arguments it took. */
static int render_one(int argc, char **argv, int *ret_taken)
{
	const struct irp_database_entry *entry = irp_database_find(argv[0]);
	struct irp_render_options options = { .repeats = 0 };
	struct irp_signal signal = { 0 };
	struct ir_error err = { "" };
	struct irp_protocol *protocol = NULL;
	struct irp_env *env = NULL;
	int i, ret;
	size_t k;

	if (!entry) {
		fprintf(stderr, "irp-render: no protocol '%s'\n", argv[0]);
		return -EINVAL;
	}
	ret = irp_parse(entry->irp, strlen(entry->irp), &protocol, &err);
	if (ret == 0)
		ret = irp_env_new(&env);
	for (i = 1; ret == 0 && i < argc && strcmp(argv[i], "--"); i++) {
		char *eq = strchr(argv[i], '=');

		if (!strcmp(argv[i], "-r") && i + 1 < argc) {
			options.repeats = (unsigned int)strtoul(argv[++i], NULL, 0);
			continue;
		}
		if (!eq) {
			fprintf(stderr, "irp-render: expected P=V, not '%s'\n", argv[i]);
			ret = -EINVAL;
			break;
		}
		*eq = '\0';
		ret = irp_env_set(env, argv[i], strtoll(eq + 1, NULL, 0));
	}
	*ret_taken = i;
	if (ret == 0)
		ret = irp_env_prepare(env, protocol, &err);
	if (ret == 0)
		ret = irp_render(protocol, env, &options, &signal, &err);
	if (ret < 0 && err.message[0])
		fprintf(stderr, "irp-render: %s: %s\n", argv[0], err.message);
	for (k = 0; ret == 0 && k < signal.count; k++)
		printf("%s %d\n", signal.durations[k] > 0 ? "pulse" : "space",
		       abs(signal.durations[k]));
	if (ret == 0)
		printf("timeout %d\n", TIMEOUT_US);
	irp_signal_free(&signal);
	irp_env_free(env);
	irp_protocol_free(protocol);
	return ret;
}

int main(int argc, char **argv)
{
	int i = 1, taken;

	if (argc < 2) {
		fprintf(stderr, "usage: irp-render NAME [-r REPEATS] P=V ... [-- NAME ...]\n");
		return 2;
	}
	while (i < argc) {
		if (render_one(argc - i, argv + i, &taken) < 0)
			return 1;
		i += taken + 1;
	}
	return 0;
}
