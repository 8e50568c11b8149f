// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * irkit-attach: puts BPF decoders into a real kernel through the product's loader
 * (utils/bpf/bpf_object, utils/bpf/bpf_kernel and the embedded decoder table), for the VM
 * scenarios. It is the proof that bpf_kernel works against a kernel with rc-core:
 * load with the verifier's judgement, attach, query, program info, detach.
 *
 * Usage: see usage() below. A DECODER is an embedded decoder's name or alias
 * (nec_bpf, pulse_distance, ...) or, when it contains a '/' or ends in ".o", the path
 * of an object file. Output goes to stdout, one line per fact, flushed (the VM may stop
 * right after); errors go to stderr once, with what failed.
 */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <getopt.h>
#include <inttypes.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <linux/lirc.h>

#include "bpf_kernel.h"
#include "bpf_object.h"
#include "capture.h"
#include "decoders.h"
#include "raw_pattern.h"

#define PARAMS_MAX 32
#define LOG_TAIL_SIZE 2048

struct options {
	const char *device;
	struct bpf_param_value params[PARAMS_MAX];
	size_t param_count;
	/* -r SCANCODE=CAPTURE: patterns for the raw decoder's map, in order. */
	const char *raw_args[RAW_MAX_PATTERNS];
	size_t raw_count;
};

static void usage(FILE *out)
{
	fprintf(out,
		"Usage: irkit-attach [-d DEVICE] [-e NAME=VALUE]... [-r SCANCODE=CAPTURE]... COMMAND\n"
		"Commands:\n"
		"  decoders          print the embedded decoders' names, one a line\n"
		"  load DECODER      load it (the verifier judges it), print its figures, detach\n"
		"                    nothing and attach nothing\n"
		"  attach DECODER    load it and attach it to DEVICE (default /dev/lirc0)\n"
		"  list              print the programs attached to DEVICE, in the kernel's order\n"
		"  detach ID         detach the program with this id from DEVICE\n"
		"  detach-all        detach every program from DEVICE\n"
		"Options:\n"
		"  -e NAME=VALUE     set a decoder parameter (an unknown NAME is an error)\n"
		"  -r SCANCODE=FILE  a pattern for the raw decoder: FILE's pulses and spaces\n"
		"                    (a capture) reported as SCANCODE; repeat for more\n"
		"Figures: \"NAME: id=ID insns=N verified_insns=N xlated_insns=N\" (insns: as\n"
		"loaded; verified_insns: what the verifier processed; xlated_insns: after its\n"
		"rewriting). A kernel before 5.16 has no verified_insns: processed_insns=N,\n"
		"from its verifier's statistics, stands in its place. Exit status 0, 1 on\n"
		"failure, 2 on bad usage.\n");
}

static int parse_number(const char *text, int64_t *ret_value)
{
	char *end;
	long long value;

	errno = 0;
	value = strtoll(text, &end, 0);
	if (errno || end == text || *end)
		return -EINVAL;
	*ret_value = value;
	return 0;
}

static int parse_options(int argc, char **argv, struct options *opts)
{
	char *eq;
	int c;

	while ((c = getopt(argc, argv, "+d:e:r:h")) != -1) {
		switch (c) {
		case 'd':
			opts->device = optarg;
			break;
		case 'e':
			eq = strchr(optarg, '=');
			if (!eq || eq == optarg || opts->param_count == PARAMS_MAX) {
				fprintf(stderr, "irkit-attach: -e '%s': NAME=VALUE expected\n", optarg);
				return -EINVAL;
			}
			*eq = '\0';
			opts->params[opts->param_count].name = optarg;
			if (parse_number(eq + 1, &opts->params[opts->param_count].value) < 0) {
				fprintf(stderr, "irkit-attach: -e %s: bad value '%s'\n", optarg, eq + 1);
				return -EINVAL;
			}
			opts->param_count++;
			break;
		case 'r':
			if (opts->raw_count == RAW_MAX_PATTERNS) {
				fprintf(stderr, "irkit-attach: more than %d raw patterns\n",
					RAW_MAX_PATTERNS);
				return -EINVAL;
			}
			opts->raw_args[opts->raw_count++] = optarg;
			break;
		case 'h':
			usage(stdout);
			exit(0);
		default:
			return -EINVAL;
		}
	}
	return 0;
}

static bool is_file_name(const char *name)
{
	size_t len = strlen(name);

	return strchr(name, '/') || (len > 2 && strcmp(name + len - 2, ".o") == 0);
}

static int open_object(const char *name, struct bpf_object **ret_object, struct ir_error *err)
{
	const struct decoder *d;

	if (is_file_name(name))
		return bpf_object_open_file(name, ret_object, err);
	d = decoder_find(name);
	if (!d) {
		ir_error_set(err, "no embedded decoder '%s'", name);
		return -ENOENT;
	}
	return bpf_object_open_memory(d->elf, d->elf_size, d->name, ret_object, err);
}

/* Every -e name must be one of the object's parameters: a typo must not pass silently. */
static int check_params(const struct bpf_object *object, const struct options *opts,
			struct ir_error *err)
{
	size_t i;

	for (i = 0; i < opts->param_count; i++) {
		if (bpf_object_param_find(object, opts->params[i].name) < 0) {
			ir_error_set(err, "%s has no parameter '%s'", bpf_object_name(object),
				     opts->params[i].name);
			return -EINVAL;
		}
	}
	return 0;
}

/* One pattern from "SCANCODE=CAPTURE": the capture's durations, ending with a pulse. */
static int raw_pattern_read(const char *arg, struct raw_pattern *ret_pattern,
			    struct ir_error *err)
{
	struct capture *capture = NULL;
	const char *eq = strchr(arg, '=');
	char number[32];
	int64_t scancode;
	size_t i, n = 0;
	int ret;

	if (!eq || (size_t)(eq - arg) >= sizeof(number)) {
		ir_error_set(err, "-r '%s': SCANCODE=CAPTURE expected", arg);
		return -EINVAL;
	}
	memcpy(number, arg, eq - arg);
	number[eq - arg] = '\0';
	if (parse_number(number, &scancode) < 0 || scancode < 0 || scancode > UINT32_MAX) {
		ir_error_set(err, "-r '%s': bad scancode", arg);
		return -EINVAL;
	}
	ret = capture_load_file(eq + 1, &capture, err);
	if (ret < 0)
		return ret;
	memset(ret_pattern, 0, sizeof(*ret_pattern));
	ret_pattern->scancode = scancode;
	for (i = 0; i < capture->count; i++) {
		uint32_t sample = capture->samples[i];
		bool pulse = LIRC_IS_PULSE(sample);

		/* Leading silence is no part of a pattern, and timeouts end one. */
		if ((n == 0 && !pulse) || LIRC_IS_TIMEOUT(sample))
			continue;
		if (n == RAW_MAX_DURATIONS || LIRC_VALUE(sample) > UINT16_MAX) {
			ir_error_set(err, "%s: more than %d durations or one over %u us",
				     eq + 1, RAW_MAX_DURATIONS, UINT16_MAX);
			ret = -E2BIG;
			goto out;
		}
		ret_pattern->durations[n++] = LIRC_VALUE(sample);
	}
	/* A pattern ends with its last pulse: a trailing space is the gap after it. */
	if (n % 2 == 0 && n > 0)
		ret_pattern->durations[--n] = 0;
	if (n == 0) {
		ir_error_set(err, "%s: no pulse", eq + 1);
		ret = -EINVAL;
	}
out:
	capture_free(capture);
	return ret;
}

/* Fills the raw decoder's pattern map from the -r options. */
static int raw_patterns_write(const struct bpf_image *image,
			      const struct bpf_kernel_program *program,
			      const struct options *opts, struct ir_error *err)
{
	static const struct bpf_map_layout raw_layout = RAW_MAP_LAYOUT;
	struct raw_pattern pattern;
	size_t i;
	uint32_t key;
	int map, ret;

	if (opts->raw_count == 0)
		return 0;
	map = bpf_image_host_map(image, &raw_layout, err);
	if (map == -ENOENT)
		ir_error_set(err, "%s has no map '%s' for raw patterns", image->name,
			     RAW_MAP_NAME);
	if (map < 0)
		return -EINVAL;
	for (i = 0; i < opts->raw_count; i++) {
		ret = raw_pattern_read(opts->raw_args[i], &pattern, err);
		if (ret < 0)
			return ret;
		key = i;
		ret = bpf_kernel_map_update(program, (size_t)map, &key, &pattern, err);
		if (ret < 0)
			return ret;
	}
	return 0;
}

/* Relocates with the options' parameters and loads; the image is kept for its maps. */
/*
 * What the verifier processed: a kernel before 5.16 has no verified_insns in the program
 * info, and says it only in its log's statistics; -1 when the info has it.
 */
static int processed_insns(const struct bpf_image *image,
			   const struct bpf_kernel_program *program, int64_t *ret_count,
			   struct ir_error *err)
{
	struct bpf_kernel_prog_info info;
	uint32_t count;
	int ret;

	*ret_count = -1;
	ret = bpf_kernel_prog_info_by_id(bpf_kernel_program_id(program), &info, err);
	if (ret < 0 || info.has_verified_insns)
		return ret;
	ret = bpf_kernel_processed_insns(image, program, &count, err);
	if (ret == 0)
		*ret_count = count;
	return ret;
}

static int load(const char *name, const struct options *opts,
		struct bpf_kernel_program **ret_program, size_t *ret_insns,
		int64_t *ret_processed, struct ir_error *err)
{
	struct bpf_object *object = NULL;
	struct bpf_image *image = NULL;
	struct bpf_kernel_program *program = NULL;
	char log_tail[LOG_TAIL_SIZE] = "";
	int ret;

	ret = open_object(name, &object, err);
	if (ret < 0)
		goto out;
	ret = check_params(object, opts, err);
	if (ret < 0)
		goto out;
	ret = bpf_object_relocate(object, NULL, opts->params, opts->param_count, &image, err);
	if (ret < 0)
		goto out;
	ret = bpf_kernel_load(image, log_tail, sizeof(log_tail), &program, err);
	if (ret < 0) {
		/* The log's tail says why; the message alone names only the instruction. */
		if (log_tail[0])
			fprintf(stderr, "%s", log_tail);
		goto out;
	}
	ret = raw_patterns_write(image, program, opts, err);
	if (ret < 0)
		goto out;
	ret = processed_insns(image, program, ret_processed, err);
	if (ret < 0)
		goto out;
	*ret_insns = image->insn_count;
	*ret_program = program;
	program = NULL;
out:
	bpf_kernel_program_free(program);
	bpf_image_free(image);
	bpf_object_free(object);
	return ret;
}

static int print_figures(const char *prefix, uint32_t id, size_t insns, int64_t processed,
			 struct ir_error *err)
{
	struct bpf_kernel_prog_info info;
	int ret;

	ret = bpf_kernel_prog_info_by_id(id, &info, err);
	if (ret < 0)
		return ret;
	printf("%s%s: id=%" PRIu32 " insns=%zu", prefix, info.name, info.id, insns);
	if (info.has_verified_insns)
		printf(" verified_insns=%" PRIu32, info.verified_insns);
	else if (processed >= 0)
		printf(" processed_insns=%" PRId64, processed);
	printf(" xlated_insns=%" PRIu32 "\n", info.xlated_insns);
	fflush(stdout);
	return 0;
}

static int open_device(const char *device, int flags, struct ir_error *err)
{
	int fd = open(device, flags | O_CLOEXEC);

	if (fd < 0) {
		fd = -errno;
		ir_error_set(err, "%s: %s", device, strerror(-fd));
	}
	return fd;
}

static int cmd_load(const char *name, const struct options *opts, bool attach,
		    struct ir_error *err)
{
	struct bpf_kernel_program *program = NULL;
	size_t insns = 0;
	int64_t processed = -1;
	int fd = -1, ret;

	/* Open the device first: a missing device must not cost a verifier run. */
	if (attach) {
		fd = open_device(opts->device, O_RDWR, err);
		if (fd < 0)
			return fd;
	}
	ret = load(name, opts, &program, &insns, &processed, err);
	if (ret < 0)
		goto out;
	if (attach) {
		ret = bpf_kernel_attach(fd, program, err);
		if (ret < 0)
			goto out;
	}
	ret = print_figures(attach ? "attached " : "loaded ", bpf_kernel_program_id(program),
			    insns, processed, err);
out:
	/* An attached program stays with the device; this only closes our descriptors. */
	bpf_kernel_program_free(program);
	if (fd >= 0)
		close(fd);
	return ret;
}

static int cmd_list(const struct options *opts, struct ir_error *err)
{
	uint32_t ids[BPF_KERNEL_MAX_LIRC_PROGS];
	struct bpf_kernel_prog_info info;
	size_t count = 0, i;
	int fd, ret;

	/* Querying needs no write access: prove it by not asking for it. */
	fd = open_device(opts->device, O_RDONLY, err);
	if (fd < 0)
		return fd;
	ret = bpf_kernel_query(fd, ids, BPF_KERNEL_MAX_LIRC_PROGS, &count, err);
	if (ret < 0)
		goto out;
	printf("attached programs: %zu\n", count);
	for (i = 0; i < count && i < BPF_KERNEL_MAX_LIRC_PROGS; i++) {
		ret = bpf_kernel_prog_info_by_id(ids[i], &info, err);
		if (ret < 0)
			goto out;
		printf("id=%" PRIu32 " name=%s\n", ids[i], info.name);
	}
	fflush(stdout);
out:
	close(fd);
	return ret;
}

static int cmd_detach(const char *id_text, const struct options *opts, struct ir_error *err)
{
	int64_t id;
	int fd, ret;

	if (parse_number(id_text, &id) < 0 || id <= 0 || id > UINT32_MAX) {
		ir_error_set(err, "bad program id '%s'", id_text);
		return -EINVAL;
	}
	fd = open_device(opts->device, O_RDWR, err);
	if (fd < 0)
		return fd;
	ret = bpf_kernel_detach_id(fd, id, err);
	if (ret == 0) {
		printf("detached id=%" PRId64 "\n", id);
		fflush(stdout);
	}
	close(fd);
	return ret;
}

static int cmd_detach_all(const struct options *opts, struct ir_error *err)
{
	uint32_t ids[BPF_KERNEL_MAX_LIRC_PROGS];
	size_t count = 0, i;
	int fd, ret;

	fd = open_device(opts->device, O_RDWR, err);
	if (fd < 0)
		return fd;
	ret = bpf_kernel_query(fd, ids, BPF_KERNEL_MAX_LIRC_PROGS, &count, err);
	for (i = 0; ret == 0 && i < count && i < BPF_KERNEL_MAX_LIRC_PROGS; i++)
		ret = bpf_kernel_detach_id(fd, ids[i], err);
	if (ret == 0) {
		printf("detached programs: %zu\n", count);
		fflush(stdout);
	}
	close(fd);
	return ret;
}

static void list_decoders(void)
{
	size_t i;

	for (i = 0; i < decoder_count(); i++)
		printf("%s\n", decoder_at(i)->name);
	fflush(stdout);
}

int main(int argc, char **argv)
{
	struct options opts = { .device = "/dev/lirc0" };
	struct ir_error err;
	const char *command, *arg;
	int ret;

	ir_error_clear(&err);
	if (parse_options(argc, argv, &opts) < 0 || optind >= argc) {
		usage(stderr);
		return 2;
	}
	command = argv[optind];
	arg = optind + 1 < argc ? argv[optind + 1] : NULL;
	if (argc - optind > (arg ? 2 : 1)) {
		usage(stderr);
		return 2;
	}
	if (strcmp(command, "decoders") == 0 && !arg) {
		list_decoders();
		return 0;
	} else if (strcmp(command, "load") == 0 && arg) {
		ret = cmd_load(arg, &opts, false, &err);
	} else if (strcmp(command, "attach") == 0 && arg) {
		ret = cmd_load(arg, &opts, true, &err);
	} else if (strcmp(command, "list") == 0 && !arg) {
		ret = cmd_list(&opts, &err);
	} else if (strcmp(command, "detach") == 0 && arg) {
		ret = cmd_detach(arg, &opts, &err);
	} else if (strcmp(command, "detach-all") == 0 && !arg) {
		ret = cmd_detach_all(&opts, &err);
	} else {
		usage(stderr);
		return 2;
	}
	if (ret < 0) {
		fprintf(stderr, "irkit-attach: %s\n", err.message);
		return 1;
	}
	return 0;
}
