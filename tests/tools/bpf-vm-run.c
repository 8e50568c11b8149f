// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * bpf-vm-run: a decoder object run in the userspace VM on a capture.
 *
 *   bpf-vm-run [-v] [-p PROGRAM] [-e NAME=VALUE]... [-s MAP=SIZE]... [-c CAPTURE]
 *              [-t SECONDS] FILE.o
 *
 * Relocates the object's program (or PROGRAM) with the parameters given, runs it on
 * every sample of CAPTURE (by default the bundled NEC capture) and prints each event
 * the decoder reports, then the instructions executed per sample (min, mean, max).
 * -s gives a map another value size, as v4l-utils' loader sizes the raw decoder's
 * raw_map from a keymap's patterns (the object's own size is a placeholder).
 * -t also measures the speed: the capture is replayed for SECONDS of CPU time (the
 * figures mean something on a shared machine too). -v prints bpf_trace_printk
 * messages. A developer tool for `make check-compat` and the benchmark figures.
 */
#include "config.h"

#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "bpf_object.h"
#include "bpf_vm.h"
#include "capture.h"

#define MAX_PARAMS 64
#define MAX_SIZES 8
#define DEFAULT_CAPTURE TOP_SRCDIR "/tests/data/captures/tanix-tx3mini.irctl"

struct options {
	const char *program;
	const char *capture;
	double seconds;
	bool verbose;
	struct bpf_param_value params[MAX_PARAMS];
	size_t param_count;
	struct bpf_param_value sizes[MAX_SIZES];	/* map name, value size */
	size_t size_count;
};

static void usage(FILE *out)
{
	fprintf(out, "usage: bpf-vm-run [-v] [-p PROGRAM] [-e NAME=VALUE]... [-s MAP=SIZE]... "
		"[-c CAPTURE] [-t SECONDS] FILE.o\n");
}

/* NAME=VALUE into list[*count]. */
static int add_assignment(struct bpf_param_value *list, size_t *count, size_t max, char *arg)
{
	char *eq = strchr(arg, '='), *end;
	struct bpf_param_value *param;

	if (!eq || eq == arg || *count == max)
		return -EINVAL;
	param = &list[*count];
	*eq = '\0';
	errno = 0;
	param->value = strtoll(eq + 1, &end, 0);
	if (errno || *end || end == eq + 1)
		return -EINVAL;
	param->name = arg;
	(*count)++;
	return 0;
}

static int resize_maps(struct bpf_image *image, const struct options *opts,
		       struct ir_error *err)
{
	size_t i, m;

	for (i = 0; i < opts->size_count; i++) {
		for (m = 0; m < image->map_count; m++) {
			if (strcmp(image->maps[m].name, opts->sizes[i].name) == 0)
				break;
		}
		if (m == image->map_count || image->maps[m].initial_value ||
		    opts->sizes[i].value <= 0 || opts->sizes[i].value > UINT32_MAX) {
			ir_error_set(err, "cannot give map '%s' value size %lld",
				     opts->sizes[i].name, (long long)opts->sizes[i].value);
			return -EINVAL;
		}
		image->maps[m].value_size = (uint32_t)opts->sizes[i].value;
	}
	return 0;
}

static void print_trace(void *user, const char *message)
{
	(void)user;
	printf("trace: %s%s", message,
	       message[0] && message[strlen(message) - 1] == '\n' ? "" : "\n");
}

static void print_events(const struct bpf_vm *vm)
{
	const struct bpf_vm_event *e;
	size_t i;

	for (i = 0; i < bpf_vm_event_count(vm); i++) {
		e = bpf_vm_event_at(vm, i);
		printf("%10.3f ms: ", (double)e->time_ns / 1e6);
		switch (e->type) {
		case BPF_VM_EVENT_KEYDOWN:
			printf("keydown protocol %" PRIu32 " scancode 0x%" PRIx64 " toggle %" PRIu32
			       "\n", e->protocol, e->scancode, e->toggle);
			break;
		case BPF_VM_EVENT_REPEAT:
			printf("repeat\n");
			break;
		default:
			printf("pointer %" PRId32 " %" PRId32 "\n", e->rel_x, e->rel_y);
			break;
		}
	}
}

/* One pass over the capture; the instruction counts of each sample are accumulated. */
static int run_pass(struct bpf_vm *vm, const struct capture *capture, uint64_t *ret_total,
		    uint64_t *ret_min, uint64_t *ret_max)
{
	struct ir_error err;
	uint64_t n;
	size_t i;
	int ret;

	for (i = 0; i < capture->count; i++) {
		ret = bpf_vm_run(vm, capture->samples[i], &err);
		if (ret < 0) {
			fprintf(stderr, "bpf-vm-run: sample %zu: %s\n", i, err.message);
			return ret;
		}
		n = bpf_vm_last_insn_count(vm);
		*ret_total += n;
		if (n < *ret_min)
			*ret_min = n;
		if (n > *ret_max)
			*ret_max = n;
	}
	return 0;
}

static double cpu_seconds(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

static int measure(struct bpf_vm *vm, const struct capture *capture, double seconds)
{
	uint64_t samples = 0, insns = 0, min = UINT64_MAX, max = 0;
	double start = cpu_seconds(), elapsed;
	size_t pass;
	int ret;

	bpf_vm_set_trace(vm, NULL, NULL);
	do {
		/* The CPU clock is a system call: read it every 64k samples or so. */
		for (pass = 0; pass * capture->count < 65536; pass++) {
			ret = run_pass(vm, capture, &insns, &min, &max);
			if (ret < 0)
				return ret;
			samples += capture->count;
			bpf_vm_events_clear(vm);
		}
		elapsed = cpu_seconds() - start;
	} while (elapsed < seconds);
	printf("speed: %" PRIu64 " samples in %.3f s of CPU time: %.2f M samples/s, "
	       "%.1f ns/sample, %.1f M insns/s, %.2f ns/insn\n", samples, elapsed,
	       (double)samples / elapsed / 1e6, elapsed * 1e9 / (double)samples,
	       (double)insns / elapsed / 1e6, elapsed * 1e9 / (double)insns);
	return 0;
}

static int load(const char *path, const struct options *opts, struct bpf_vm **ret_vm)
{
	struct bpf_object *object = NULL;
	struct bpf_image *image = NULL;
	struct ir_error err;
	int ret;

	ret = bpf_object_open_file(path, &object, &err);
	if (ret < 0)
		goto fail;
	ret = bpf_object_relocate(object, opts->program, opts->params, opts->param_count,
				  &image, &err);
	if (ret < 0)
		goto fail;
	ret = resize_maps(image, opts, &err);
	if (ret < 0)
		goto fail;
	ret = bpf_vm_new(image, ret_vm, &err);
	if (ret < 0)
		goto fail;
	printf("program: %s of %s, %zu instructions, %zu maps\n", image->name, path,
	       image->insn_count, image->map_count);
	goto out;
fail:
	fprintf(stderr, "bpf-vm-run: %s\n", err.message);
out:
	bpf_image_free(image);
	bpf_object_free(object);
	return ret;
}

static int parse_options(int argc, char **argv, struct options *opts)
{
	int opt;

	while ((opt = getopt(argc, argv, "vp:e:s:c:t:h")) != -1) {
		switch (opt) {
		case 'v':
			opts->verbose = true;
			break;
		case 'p':
			opts->program = optarg;
			break;
		case 'e':
			if (add_assignment(opts->params, &opts->param_count, MAX_PARAMS,
					   optarg) < 0) {
				fprintf(stderr, "bpf-vm-run: bad parameter '%s'\n", optarg);
				return -EINVAL;
			}
			break;
		case 's':
			if (add_assignment(opts->sizes, &opts->size_count, MAX_SIZES,
					   optarg) < 0) {
				fprintf(stderr, "bpf-vm-run: bad map size '%s'\n", optarg);
				return -EINVAL;
			}
			break;
		case 'c':
			opts->capture = optarg;
			break;
		case 't':
			opts->seconds = atof(optarg);
			break;
		case 'h':
			usage(stdout);
			exit(EXIT_SUCCESS);
		default:
			usage(stderr);
			return -EINVAL;
		}
	}
	if (optind + 1 != argc) {
		usage(stderr);
		return -EINVAL;
	}
	return 0;
}

int main(int argc, char **argv)
{
	struct options opts = { .capture = DEFAULT_CAPTURE };
	uint64_t total = 0, min = UINT64_MAX, max = 0;
	struct capture *capture = NULL;
	struct bpf_vm *vm = NULL;
	struct ir_error err;
	int ret;

	ret = parse_options(argc, argv, &opts);
	if (ret < 0)
		return EXIT_FAILURE;
	ret = capture_load_file(opts.capture, &capture, &err);
	if (ret < 0) {
		fprintf(stderr, "bpf-vm-run: %s\n", err.message);
		return EXIT_FAILURE;
	}
	ret = load(argv[optind], &opts, &vm);
	if (ret < 0)
		goto out;
	if (opts.verbose)
		bpf_vm_set_trace(vm, print_trace, NULL);
	printf("capture: %s, %zu samples\n", opts.capture, capture->count);
	ret = run_pass(vm, capture, &total, &min, &max);
	if (ret < 0)
		goto out;
	print_events(vm);
	printf("events: %zu\n", bpf_vm_event_count(vm));
	printf("insns/sample: min %" PRIu64 ", mean %.1f, max %" PRIu64 "\n", min,
	       (double)total / (double)capture->count, max);
	if (opts.seconds > 0) {
		bpf_vm_reset(vm);
		ret = measure(vm, capture, opts.seconds);
	}
out:
	bpf_vm_free(vm);
	capture_free(capture);
	return ret < 0 ? EXIT_FAILURE : EXIT_SUCCESS;
}
