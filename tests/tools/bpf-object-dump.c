// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * bpf-object-dump: what bpf_object makes of a BPF ELF object. Lists its programs
 * and parameters (with defaults), then relocates every program (or the one named by
 * -p) with the parameters given by -e, and prints the image: instruction count, maps,
 * and how many instructions the relocation touched. -d prints the instructions.
 * A developer tool for `make check-compat` and for looking at foreign decoders.
 */
#include "config.h"

#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "bpf_object.h"

#define MAX_PARAMS 64

static void usage(FILE *out)
{
	fprintf(out, "usage: bpf-object-dump [-d] [-p PROGRAM] [-e NAME=VALUE]... FILE.o\n");
}

static int parse_param(const char *arg, struct bpf_param_value *param)
{
	const char *eq = strchr(arg, '=');
	char *end;

	param->name = NULL;
	if (!eq || eq == arg)
		return -EINVAL;
	param->name = strndup(arg, (size_t)(eq - arg));
	if (!param->name)
		return -ENOMEM;
	errno = 0;
	param->value = strtoll(eq + 1, &end, 0);
	if (errno || *end || end == eq + 1)
		return -EINVAL;
	return 0;
}

static void print_object(const struct bpf_object *obj)
{
	static const char *const kinds[] = {
		[BPF_PARAM_RODATA] = "rodata",
		[BPF_PARAM_ADDRESS] = "address",
	};
	size_t i;

	printf("object: %s\n", bpf_object_name(obj));
	printf("license: %s\n", bpf_object_license(obj));
	for (i = 0; i < bpf_object_program_count(obj); i++)
		printf("program: %s\n", bpf_object_program_name(obj, i));
	for (i = 0; i < bpf_object_param_count(obj); i++)
		printf("param: %s (%s, %u bytes) default %" PRId64 "\n",
		       bpf_object_param_name(obj, i), kinds[bpf_object_param_kind(obj, i)],
		       bpf_object_param_size(obj, i), bpf_object_param_default(obj, i));
}

static void print_image(const struct bpf_image *image, int dump)
{
	size_t i, calls = 0, map_loads = 0, value_loads = 0, j;

	for (i = 0; i < image->insn_count; i++) {
		const struct bpf_insn *insn = &image->insns[i];

		if (insn->code == (BPF_JMP | BPF_CALL) && insn->src_reg == BPF_PSEUDO_CALL)
			calls++;
		if (insn->code == (BPF_LD | BPF_IMM | BPF_DW) && insn->src_reg == BPF_PSEUDO_MAP_IDX)
			map_loads++;
		if (insn->code == (BPF_LD | BPF_IMM | BPF_DW) &&
		    insn->src_reg == BPF_PSEUDO_MAP_IDX_VALUE)
			value_loads++;
	}
	printf("image: %s: %zu instructions, %zu subprogram calls, %zu map loads, %zu map value loads\n",
	       image->name, image->insn_count, calls, map_loads, value_loads);
	for (i = 0; i < image->map_count; i++) {
		const struct bpf_map_spec *m = &image->maps[i];

		printf("map %zu: %s type %u key %u value %u max_entries %u flags 0x%x%s",
		       i, m->name, m->type, m->key_size, m->value_size, m->max_entries, m->flags,
		       m->read_only ? " read-only" : "");
		if (m->initial_value) {
			printf(" initial");
			for (j = 0; j < m->value_size && j < 64; j++)
				printf("%s%02x", j % 4 ? "" : " ", m->initial_value[j]);
			if (m->value_size > 64)
				printf(" ...");
		}
		printf("\n");
	}
	for (i = 0; dump && i < image->insn_count; i++) {
		const struct bpf_insn *insn = &image->insns[i];

		printf("%5zu: code 0x%02x dst r%u src %u off %d imm %d\n", i, insn->code,
		       insn->dst_reg, insn->src_reg, insn->off, insn->imm);
	}
}

static int relocate(const struct bpf_object *obj, const char *program,
		    const struct bpf_param_value *params, size_t param_count, int dump)
{
	struct bpf_image *image = NULL;
	struct ir_error err;
	size_t i;
	int r;

	for (i = 0; i < param_count; i++)
		if (bpf_object_param_find(obj, params[i].name) < 0)
			fprintf(stderr, "warning: %s: no parameter '%s'\n", bpf_object_name(obj),
				params[i].name);
	r = bpf_object_relocate(obj, program, params, param_count, &image, &err);
	if (r < 0) {
		fprintf(stderr, "%s\n", err.message);
		return r;
	}
	for (i = 0; i < param_count; i++) {
		int index = bpf_object_param_find(obj, params[i].name);

		if (index >= 0)
			printf("value: %s = %" PRId64 " (default %" PRId64 ")\n", params[i].name,
			       params[i].value, bpf_object_param_default(obj, (size_t)index));
	}
	print_image(image, dump);
	bpf_image_free(image);
	return 0;
}

int main(int argc, char **argv)
{
	struct bpf_param_value params[MAX_PARAMS];
	struct bpf_object *obj = NULL;
	const char *program = NULL;
	size_t param_count = 0, i;
	struct ir_error err;
	int dump = 0, opt, status = EXIT_FAILURE;

	while ((opt = getopt(argc, argv, "dp:e:h")) != -1) {
		switch (opt) {
		case 'd':
			dump = 1;
			break;
		case 'p':
			program = optarg;
			break;
		case 'e':
			if (param_count == MAX_PARAMS ||
			    parse_param(optarg, &params[param_count++]) < 0) {
				fprintf(stderr, "bad parameter '%s'\n", optarg);
				goto out;
			}
			break;
		case 'h':
			usage(stdout);
			status = EXIT_SUCCESS;
			goto out;
		default:
			usage(stderr);
			goto out;
		}
	}
	if (optind + 1 != argc) {
		usage(stderr);
		goto out;
	}
	if (bpf_object_open_file(argv[optind], &obj, &err) < 0) {
		fprintf(stderr, "%s\n", err.message);
		goto out;
	}
	print_object(obj);
	if (program) {
		if (relocate(obj, program, params, param_count, dump) < 0)
			goto out;
	} else {
		for (i = 0; i < bpf_object_program_count(obj); i++)
			if (relocate(obj, bpf_object_program_name(obj, i), params, param_count,
				     dump) < 0)
				goto out;
	}
	status = EXIT_SUCCESS;
out:
	bpf_object_free(obj);
	for (i = 0; i < param_count; i++)
		free((char *)params[i].name);
	return status;
}
