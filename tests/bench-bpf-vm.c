// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * How fast the VM runs a decoder: samples (IR edges) per second, instructions per
 * sample and per second. Not a test (nothing is asserted); make builds it so that the
 * figures can be taken on any tree:
 *
 *   tests/bench-bpf-vm [-c CAPTURE] [-s SECONDS]
 *
 * The decoder is the article's example written by hand in BPF; without -c it is fed
 * the article's message (pulse 500, space 1500, pulse 500) and a 20 ms space, over
 * and over.
 */
#include "config.h"

#include <errno.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <linux/lirc.h>

#include "article-by-hand.h"
#include "bpf_vm.h"
#include "capture.h"

/* CPU time of this process: figures that mean something on a shared machine too. */
static double now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

static int bench(struct bpf_vm *vm, const uint32_t *samples, size_t count, double seconds)
{
	uint64_t runs = 0, insns = 0, keys = 0;
	double start = now(), elapsed;
	struct ir_error err;
	size_t i, pass;
	int ret;

	do {
		/* Reading the CPU clock is a system call: only every 64k samples or so. */
		for (pass = 0; pass * count < 65536; pass++) {
			for (i = 0; i < count; i++) {
				ret = bpf_vm_run(vm, samples[i], &err);
				if (ret < 0) {
					fprintf(stderr, "sample %zu: %s\n", i, err.message);
					return ret;
				}
				insns += bpf_vm_last_insn_count(vm);
			}
			runs += count;
			keys += bpf_vm_event_count(vm);
			bpf_vm_events_clear(vm);
		}
		elapsed = now() - start;
	} while (elapsed < seconds);

	printf("samples: %llu in %.3f s of CPU time, %llu events\n", (unsigned long long)runs, elapsed,
	       (unsigned long long)keys);
	printf("  %.2f M samples/s, %.1f ns/sample\n", (double)runs / elapsed / 1e6,
	       elapsed * 1e9 / (double)runs);
	printf("  %.1f insns/sample, %.1f M insns/s, %.2f ns/insn\n",
	       (double)insns / (double)runs, (double)insns / elapsed / 1e6,
	       elapsed * 1e9 / (double)insns);
	return 0;
}

int main(int argc, char **argv)
{
	static const uint32_t article_message[] = {
		LIRC_MODE2_PULSE | 500, LIRC_MODE2_SPACE | 1500, LIRC_MODE2_PULSE | 500,
		LIRC_MODE2_SPACE | 20000,
	};
	struct bpf_map_spec state = {
		.name = "decoder_state_map", .type = BPF_MAP_TYPE_ARRAY, .key_size = 4,
		.value_size = 8, .max_entries = 1,
	};
	struct bpf_image image = {
		.name = "article (by hand)",
		.insns = (struct bpf_insn *)article_decoder,
		.insn_count = ARRAY_SIZE(article_decoder),
		.maps = &state,
		.map_count = 1,
	};
	const uint32_t *samples = article_message;
	size_t count = ARRAY_SIZE(article_message);
	struct capture *capture = NULL;
	struct bpf_vm *vm = NULL;
	struct ir_error err;
	double seconds = 1.0;
	int opt, ret;

	while ((opt = getopt(argc, argv, "c:s:")) != -1) {
		switch (opt) {
		case 'c':
			ret = capture_load_file(optarg, &capture, &err);
			if (ret < 0) {
				fprintf(stderr, "%s\n", err.message);
				return EXIT_FAILURE;
			}
			samples = capture->samples;
			count = capture->count;
			break;
		case 's':
			seconds = atof(optarg);
			break;
		default:
			fprintf(stderr, "usage: %s [-c CAPTURE] [-s SECONDS]\n", argv[0]);
			return EXIT_FAILURE;
		}
	}
	ret = bpf_vm_new(&image, &vm, &err);
	if (ret < 0) {
		fprintf(stderr, "%s\n", err.message);
		goto out;
	}
	printf("program: %s, %zu instructions; %zu samples per pass\n", image.name,
	       image.insn_count, count);
	ret = bench(vm, samples, count, seconds);
out:
	bpf_vm_free(vm);
	capture_free(capture);
	return ret < 0 ? EXIT_FAILURE : EXIT_SUCCESS;
}
