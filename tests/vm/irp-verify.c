// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * irp-verify: every protocol of the IRP database that the compiler takes, compiled and
 * loaded into the running kernel, whose verifier judges it (the irp-verify scenario).
 * The offline tests run these programs in bpf_vm and its lint; only a real kernel says
 * whether Linux would load them.
 *
 * Usage: irp-verify PROTOCOLS.TSV
 * Prints one line per protocol the verifier refuses (with the end of its log), then
 * one line per protocol of the wide path (irp_compile.h) with its verified instructions,
 * then "irp-verify: C compiled, A accepted by the verifier, R refused", then the verified
 * instructions over all accepted programs (smallest, largest, total). Exit status 0 when
 * the verifier accepted every compiled program, 1 otherwise, 2 on a usage or file error.
 */
#include "config.h"

#include <errno.h>
#include <inttypes.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bpf_kernel.h"
#include "irp.h"
#include "irp_compile.h"

#define LOG_TAIL_SIZE 1024

struct totals {
	unsigned int compiled, accepted, refused;
	uint64_t verified_total;
	uint32_t verified_min, verified_max;
	bool from_log;		/* the kernel has no verified_insns: "processed N insns" */
};

/* The line's columns name, irp and parameters, cut in place; -EINVAL for another line. */
static int split_line(char *line, char **name, char **irp, char **parameters)
{
	char *tab, *end;

	if (line[0] == '#' || strncmp(line, "name\t", 5) == 0)
		return -EINVAL;
	tab = strchr(line, '\t');
	if (!tab)
		return -EINVAL;
	*tab = '\0';
	*name = line;
	*irp = tab + 1;
	tab = strchr(*irp, '\t');
	if (!tab)
		return -EINVAL;
	*tab = '\0';
	*parameters = tab + 1;
	end = strchr(*parameters, '\n');
	if (end)
		*end = '\0';
	return 0;
}

static void verify_one(const char *name, const char *irp, const char *parameters,
		       struct totals *totals)
{
	struct irp_compile_options options;
	struct bpf_kernel_program *program = NULL;
	struct bpf_kernel_prog_info info;
	struct irp_protocol *protocol = NULL;
	struct bpf_image *image = NULL;
	struct ir_error err = { "" };
	char log_tail[LOG_TAIL_SIZE] = "";
	uint32_t verified;

	if (strstr(parameters, "decodable=false"))
		return;
	if (irp_parse(irp, strlen(irp), &protocol, &err) < 0)
		goto out;
	irp_compile_options_init(&options, parameters);
	options.name = name;
	if (irp_compile(protocol, &options, &image, &err) < 0)
		goto out;	/* outside the compiler's class: the unit test's list */
	totals->compiled++;
	if (bpf_kernel_load(image, log_tail, sizeof(log_tail), &program, &err) < 0) {
		totals->refused++;
		printf("%s: refused: %s\n", name, err.message);
		if (log_tail[0])
			printf("%s", log_tail);
		fflush(stdout);
		goto out;
	}
	totals->accepted++;
	if (bpf_kernel_prog_info_by_id(bpf_kernel_program_id(program), &info, &err) < 0)
		goto out;
	/* Before 5.16 the info has no verified_insns: the verifier's statistics say it. */
	verified = info.verified_insns;
	if (!info.has_verified_insns) {
		totals->from_log = true;
		if (bpf_kernel_processed_insns(image, program, &verified, &err) < 0) {
			printf("%s: %s\n", name, err.message);
			goto out;
		}
	}
	/* the wide path's programs (Fujitsu-128), each on its own: the queue's cost */
	if (irp_compile_is_wide(protocol))
		printf("irp-verify: %s (wide): %s %" PRIu32 "\n", name,
		       totals->from_log ? "processed_insns" : "verified_insns", verified);
	totals->verified_total += verified;
	if (!totals->verified_min || verified < totals->verified_min)
		totals->verified_min = verified;
	if (verified > totals->verified_max)
		totals->verified_max = verified;
out:
	bpf_kernel_program_free(program);
	bpf_image_free(image);
	irp_protocol_free(protocol);
}

int main(int argc, char **argv)
{
	struct totals totals = { 0 };
	char line[8192];
	FILE *file;

	if (argc != 2) {
		fprintf(stderr, "Usage: irp-verify PROTOCOLS.TSV\n");
		return 2;
	}
	file = fopen(argv[1], "r");
	if (!file) {
		fprintf(stderr, "irp-verify: %s: %s\n", argv[1], strerror(errno));
		return 2;
	}
	while (fgets(line, sizeof(line), file)) {
		char *name, *irp, *parameters;

		if (split_line(line, &name, &irp, &parameters) == 0)
			verify_one(name, irp, parameters, &totals);
	}
	fclose(file);
	printf("irp-verify: %u compiled, %u accepted by the verifier, %u refused\n",
	       totals.compiled, totals.accepted, totals.refused);
	printf("irp-verify: %s %" PRIu32 " to %" PRIu32 ", %" PRIu64 " in all\n",
	       totals.from_log ? "processed_insns" : "verified_insns", totals.verified_min, totals.verified_max, totals.verified_total);
	return totals.refused || !totals.compiled ? 1 : 0;
}
