// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * kernel-cost: decoders into the test VM's kernel, for the kernel-cost benchmark
 * (bench/vm/scenarios/bench-kernel.sh). Both ours and the peer's objects go through
 * our loader (bpf_object, bpf_kernel), which takes v4l-utils' objects too, so that both
 * get their parameters the same way.
 *
 *	kernel-cost [-d DEVICE] attach DECODER [-r PATTERNS] [NAME=VALUE]...
 *		DECODER is an embedded decoder's name or an object file (a path with a
 *		'/'). Loads it with those parameters, attaches it to DEVICE (read-write)
 *		and prints "id=N insns=I xlated_insns=X verified_insns=V". -r fills the
 *		raw decoder's patterns ("scancode d0 d1 ..." lines) into its map: ours
 *		"raw_patterns", or the peer's "raw_map", sized first as its loader would.
 *		DECODER "empty" is a program that returns at once: what it is charged
 *		per run is the cost of the measurement itself (the statistics' clock
 *		reads and the call), the baseline of the per-run figures. DECODER
 *		"irp:NAME" is the IRP compiler's program for a protocol of the IRP
 *		database, compiled as ir-keytable -p irp:NAME compiles it.
 *	kernel-cost stats ID...
 *		"id=N run_cnt=C run_time_ns=T xlated_insns=X verified_insns=V" for each
 *		program (run_cnt and run_time_ns count while statistics are on: sysctl
 *		kernel.bpf_stats_enabled=1).
 *	kernel-cost [-d DEVICE] ids
 *		the ids of the programs attached to DEVICE, on one line (programs that
 *		ir-keytable attached, for stats).
 */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "bpf_kernel.h"
#include "bpf_object.h"
#include "decoders.h"
#include "irp.h"
#include "irp_compile.h"
#include "irp_database.h"
#include "raw_pattern.h"

#define PARAMS_MAX 32
#define LOG_TAIL_SIZE 2048

struct patterns {
	struct raw_pattern list[RAW_MAX_PATTERNS];
	size_t count;
	size_t longest;		/* durations of the longest pattern */
};

static int read_patterns(const char *path, struct patterns *p)
{
	char line[4096], *word, *save, *end;
	FILE *in = fopen(path, "r");
	size_t k;

	if (!in) {
		fprintf(stderr, "kernel-cost: %s: %s\n", path, strerror(errno));
		return -errno;
	}
	memset(p, 0, sizeof(*p));
	while (p->count < RAW_MAX_PATTERNS && fgets(line, sizeof(line), in)) {
		struct raw_pattern *r = &p->list[p->count];

		word = strtok_r(line, " \t\n", &save);
		if (!word)
			continue;
		r->scancode = (unsigned int)strtoul(word, &end, 0);
		for (k = 0; k < RAW_MAX_DURATIONS && (word = strtok_r(NULL, " \t\n", &save)); k++)
			r->durations[k] = (unsigned short)strtoul(word, &end, 0);
		if (k > p->longest)
			p->longest = k;
		p->count++;
	}
	fclose(in);
	return 0;
}

static int find_map(const struct bpf_image *image, const char *name)
{
	size_t m;

	for (m = 0; m < image->map_count; m++)
		if (strcmp(image->maps[m].name, name) == 0)
			return (int)m;
	return -ENOENT;
}

/* The peer's raw decoder walks every entry: its loader sizes the map to the patterns. */
static void size_peer_raw_map(struct bpf_image *image, const struct patterns *p)
{
	int m = find_map(image, "raw_map");

	if (m < 0)
		return;
	image->maps[m].value_size = (uint32_t)(4 + 2 * (p->longest + 1));
	image->maps[m].max_entries = (uint32_t)p->count;
}

static int fill_patterns(const struct bpf_kernel_program *program,
			 const struct bpf_image *image, const struct patterns *p,
			 struct ir_error *err)
{
	int m = find_map(image, RAW_MAP_NAME);
	unsigned int key;
	int ret;

	if (m < 0)
		m = find_map(image, "raw_map");
	if (m < 0) {
		ir_error_set(err, "no raw pattern map");
		return -ENOENT;
	}
	for (key = 0; key < p->count; key++) {
		/* Both layouts start alike: scancode, durations, 0; the value is cut. */
		struct raw_pattern value = p->list[key];

		ret = bpf_kernel_map_update(program, (size_t)m, &key, &value, err);
		if (ret < 0)
			return ret;
	}
	return 0;
}

/* "r0 = 0; exit": built here rather than compiled, so that it has no map and no call. */
static int empty_image(struct bpf_image **ret)
{
	struct bpf_image *image = calloc(1, sizeof(*image));

	if (!image)
		return -ENOMEM;
	image->insns = calloc(2, sizeof(*image->insns));
	if (!image->insns) {
		free(image);
		return -ENOMEM;
	}
	image->insns[0] = (struct bpf_insn){ .code = BPF_ALU64 | BPF_MOV | BPF_K,
					     .dst_reg = BPF_REG_0 };
	image->insns[1] = (struct bpf_insn){ .code = BPF_JMP | BPF_EXIT };
	image->insn_count = 2;
	strcpy(image->name, "empty");
	strcpy(image->license, "GPL");
	*ret = image;
	return 0;
}

/* An IRP database protocol, parsed and compiled as ir-keytable -p irp:NAME does it. */
static int irp_image(const char *name, struct bpf_image **ret_image, struct ir_error *err)
{
	const struct irp_database_entry *entry = irp_database_find(name);
	struct irp_compile_options options;
	struct irp_protocol *protocol = NULL;
	int ret;

	if (!entry || !irp_database_decodable(entry)) {
		ir_error_set(err, "no decodable protocol '%s' in the IRP database", name);
		return -ENOENT;
	}
	ret = irp_parse(entry->irp, strlen(entry->irp), &protocol, err);
	if (ret < 0)
		return ret;
	irp_compile_options_init(&options, entry->parameters);
	options.name = entry->name;
	ret = irp_compile(protocol, &options, ret_image, err);
	irp_protocol_free(protocol);
	return ret;
}

static int open_decoder(const char *decoder, struct bpf_object **ret, struct ir_error *err)
{
	const struct decoder *d;

	if (strchr(decoder, '/'))
		return bpf_object_open_file(decoder, ret, err);
	d = decoder_find(decoder);
	if (!d) {
		ir_error_set(err, "no embedded decoder '%s'", decoder);
		return -ENOENT;
	}
	return bpf_object_open_memory(d->elf, d->elf_size, d->name, ret, err);
}

static int parse_params(char **args, int count, struct bpf_param_value *params)
{
	int i;

	if (count > PARAMS_MAX)
		return -E2BIG;
	for (i = 0; i < count; i++) {
		char *eq = strchr(args[i], '=');

		if (!eq)
			return -EINVAL;
		*eq = '\0';
		params[i].name = args[i];
		params[i].value = strtoll(eq + 1, NULL, 0);
	}
	return 0;
}

static int load_and_attach(const char *device, const char *decoder,
			   const struct patterns *patterns, const struct bpf_param_value *params,
			   size_t param_count)
{
	struct bpf_kernel_program *program = NULL;
	struct bpf_object *object = NULL;
	struct bpf_image *image = NULL;
	struct bpf_kernel_prog_info info;
	char log_tail[LOG_TAIL_SIZE] = "";
	struct ir_error err = { 0 };
	int fd = -1, ret;

	if (strcmp(decoder, "empty") == 0) {
		ret = empty_image(&image);
		if (ret < 0)
			ir_error_set(&err, "%s", strerror(-ret));
	} else if (strncmp(decoder, "irp:", 4) == 0) {
		ret = irp_image(decoder + 4, &image, &err);
	} else {
		ret = open_decoder(decoder, &object, &err);
		if (ret == 0)
			ret = bpf_object_relocate(object, NULL, params, param_count, &image,
						  &err);
	}
	if (ret == 0 && patterns)
		size_peer_raw_map(image, patterns);
	if (ret == 0)
		ret = bpf_kernel_load(image, log_tail, sizeof(log_tail), &program, &err);
	if (ret == 0 && patterns)
		ret = fill_patterns(program, image, patterns, &err);
	if (ret == 0) {
		fd = open(device, O_RDWR);
		if (fd < 0) {
			ret = -errno;
			ir_error_set(&err, "%s: %s", device, strerror(errno));
		}
	}
	if (ret == 0)
		ret = bpf_kernel_attach(fd, program, &err);
	if (ret == 0)
		ret = bpf_kernel_prog_info_by_id(bpf_kernel_program_id(program), &info, &err);
	if (ret == 0)
		printf("id=%" PRIu32 " insns=%zu xlated_insns=%" PRIu32 " verified_insns=%" PRIu32
		       "\n", info.id, image->insn_count, info.xlated_insns,
		       info.has_verified_insns ? info.verified_insns : 0);
	else
		fprintf(stderr, "kernel-cost: %s: %s\n%s", decoder, err.message, log_tail);
	if (fd >= 0)
		close(fd);
	bpf_kernel_program_free(program);
	bpf_image_free(image);
	bpf_object_free(object);
	return ret;
}

static int attach(const char *device, char **args, int count)
{
	struct bpf_param_value params[PARAMS_MAX];
	struct patterns *patterns = NULL;
	const char *decoder;
	int ret = -EINVAL;

	if (count < 1)
		return -EINVAL;
	decoder = args[0];
	args++;
	count--;
	if (count >= 2 && strcmp(args[0], "-r") == 0) {
		/* 260 KiB: not for the stack. */
		patterns = malloc(sizeof(*patterns));
		if (!patterns)
			return -ENOMEM;
		if (read_patterns(args[1], patterns) < 0)
			goto out;
		args += 2;
		count -= 2;
	}
	if (parse_params(args, count, params) < 0) {
		fprintf(stderr, "kernel-cost: parameters are NAME=VALUE\n");
		goto out;
	}
	ret = load_and_attach(device, decoder, patterns, params, (size_t)count);
out:
	free(patterns);
	return ret;
}

static int stats(char **args, int count)
{
	struct bpf_kernel_prog_info info;
	struct ir_error err = { 0 };
	int i, ret;

	for (i = 0; i < count; i++) {
		ret = bpf_kernel_prog_info_by_id((uint32_t)strtoul(args[i], NULL, 0), &info, &err);
		if (ret < 0) {
			fprintf(stderr, "kernel-cost: %s\n", err.message);
			return ret;
		}
		printf("id=%" PRIu32 " run_cnt=%" PRIu64 " run_time_ns=%" PRIu64 " xlated_insns=%"
		       PRIu32 " verified_insns=%" PRIu32 "\n", info.id, info.run_cnt,
		       info.run_time_ns, info.xlated_insns,
		       info.has_verified_insns ? info.verified_insns : 0);
	}
	return 0;
}

#define ATTACHED_MAX 64		/* programs per lirc device (the kernel's BPF_MAX_PROGS) */

static int ids(const char *device)
{
	uint32_t list[ATTACHED_MAX];
	struct ir_error err = { 0 };
	size_t count = 0, i;
	int fd, ret;

	fd = open(device, O_RDONLY);
	if (fd < 0) {
		fprintf(stderr, "kernel-cost: %s: %s\n", device, strerror(errno));
		return -errno;
	}
	ret = bpf_kernel_query(fd, list, ATTACHED_MAX, &count, &err);
	close(fd);
	if (ret < 0) {
		fprintf(stderr, "kernel-cost: %s: %s\n", device, err.message);
		return ret;
	}
	for (i = 0; i < count && i < ATTACHED_MAX; i++)
		printf("%s%" PRIu32, i ? " " : "", list[i]);
	printf("\n");
	return 0;
}

int main(int argc, char **argv)
{
	const char *device = "/dev/lirc0";
	int arg = 1, ret = -EINVAL;

	if (argc > 2 && strcmp(argv[1], "-d") == 0) {
		device = argv[2];
		arg = 3;
	}
	if (argc > arg + 1 && strcmp(argv[arg], "attach") == 0)
		ret = attach(device, argv + arg + 1, argc - arg - 1);
	else if (argc > arg + 1 && strcmp(argv[arg], "stats") == 0)
		ret = stats(argv + arg + 1, argc - arg - 1);
	else if (argc == arg + 1 && strcmp(argv[arg], "ids") == 0)
		ret = ids(device);
	else
		fprintf(stderr, "usage: kernel-cost [-d DEVICE] attach DECODER [-r PATTERNS] "
			"[NAME=VALUE]... | stats ID... | ids\n");
	return ret < 0 ? 1 : 0;
}
