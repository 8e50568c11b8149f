// SPDX-License-Identifier: GPL-2.0-or-later
/* Instructions per sample of decoders in the userspace VM (bench-stats.h). */
#include "config.h"

#include <errno.h>
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "bench-stats.h"

static int compare_u64(const void *a, const void *b)
{
	uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;

	return (x > y) - (x < y);
}

int bench_cost_measure(struct bpf_vm *const *vms, size_t vm_count, size_t insn_count,
		       const struct ir_signal *s, struct bench_cost *cost, struct ir_error *err)
{
	uint64_t *counts = calloc(s->count ? s->count : 1, sizeof(*counts)), total = 0;
	size_t i, v;
	int ret = 0;

	if (!counts) {
		ir_error_set(err, "out of memory");
		return -ENOMEM;
	}
	memset(cost, 0, sizeof(*cost));
	cost->insn_count = insn_count;
	for (i = 0; i < s->count; i++) {
		for (v = 0; v < vm_count; v++) {
			ret = bpf_vm_run(vms[v], s->samples[i], err);
			if (ret < 0)
				goto out;
			counts[i] += bpf_vm_last_insn_count(vms[v]);
		}
		total += counts[i];
	}
	for (v = 0; v < vm_count; v++)
		cost->events += bpf_vm_event_count(vms[v]);
	cost->samples = s->count;
	if (s->count) {
		qsort(counts, s->count, sizeof(*counts), compare_u64);
		cost->median = counts[s->count / 2];
		/* The smallest count that at least 99% of the samples do not exceed. */
		cost->p99 = counts[(s->count * 99 + 99) / 100 - 1];
		cost->max = counts[s->count - 1];
		cost->mean = (double)total / (double)s->count;
	}
out:
	free(counts);
	return ret;
}

void bench_cost_print_per_sample(FILE *out, const struct bench_cost *cost)
{
	fprintf(out, " %" PRIu64 " / %" PRIu64 " / %" PRIu64 " / %.1f |", cost->median,
		cost->p99, cost->max, cost->mean);
}

void bench_cost_print_cells(FILE *out, const struct bench_cost *cost)
{
	fprintf(out, " %zu |", cost->insn_count);
	bench_cost_print_per_sample(out, cost);
	fprintf(out, " %zu |", cost->events);
}
