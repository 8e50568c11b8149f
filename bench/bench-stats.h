/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * What decoders cost per IR sample in the userspace VM, for make bench's programs
 * (bench/decoder-cost, bench/table-cost): run them over a signal, count the
 * instructions each sample costs, and give and print the figures every table shows
 * (median, 99th percentile, maximum and mean instructions per sample) one way.
 */
#ifndef IRKIT_BENCH_STATS_H
#define IRKIT_BENCH_STATS_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "bpf_vm.h"
#include "ir_error.h"
#include "ir_signal.h"

struct bench_cost {
	size_t insn_count;		/* in the programs */
	size_t samples;
	size_t events;			/* reported by the programs over the signal */
	uint64_t median, p99, max;	/* instructions per sample */
	double mean;
};

/*
 * Runs every VM on every sample of s, as the kernel runs the programs attached to one
 * device: a sample costs the sum of the programs' instructions. Fills cost, with
 * insn_count, the programs' size, as given (events are counted from the VMs' state:
 * give fresh VMs). Figures of 0 for a signal of no sample. 0, or a negative errno with
 * err set (cost then undefined).
 */
int bench_cost_measure(struct bpf_vm *const *vms, size_t vm_count, size_t insn_count,
		       const struct ir_signal *s, struct bench_cost *cost, struct ir_error *err);

/* " MEDIAN / P99 / MAX / MEAN |": the per-sample cell of every table. */
void bench_cost_print_per_sample(FILE *out, const struct bench_cost *cost);

/* " INSNS | MEDIAN / P99 / MAX / MEAN | EVENTS |": a decoder's cells. */
void bench_cost_print_cells(FILE *out, const struct bench_cost *cost);

#endif
