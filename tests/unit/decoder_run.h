/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Running an embedded decoder in the userspace VM, for the decoder tests: load it with
 * parameters, feed it signals from the encoders, look at what it reported, and keep
 * the instructions each sample cost. Failures are Check assertions.
 */
#ifndef IRKIT_TESTS_DECODER_RUN_H
#define IRKIT_TESTS_DECODER_RUN_H

#include <stddef.h>
#include <stdint.h>

#include "bpf_object.h"
#include "bpf_vm.h"
#include "ir_signal.h"

struct decoder_run {
	const char *name;
	struct bpf_vm *vm;
	size_t insn_count;		/* instructions of the relocated program */
	long raw_map;			/* index of the map "raw_patterns", or -1 */
	long lircd_remotes_map;		/* index of "lircd_space_remotes", or -1 */
	long lircd_index_map;		/* index of "lircd_space_index", or -1 */
	long biphase_remotes_map;	/* index of "lircd_biphase_remotes", or -1 */
	long biphase_index_map;		/* index of "lircd_biphase_index", or -1 */
	uint64_t *costs;		/* instructions executed, one per sample */
	size_t cost_count;
	size_t cost_capacity;
};

void decoder_run_open(struct decoder_run *run, const char *name,
		      const struct bpf_param_value *params, size_t param_count);
void decoder_run_close(struct decoder_run *run);

/* Back to the state after loading: decoder state, clock and events cleared. */
void decoder_run_reset(struct decoder_run *run);
void decoder_run_feed(struct decoder_run *run, const struct ir_signal *signal);

size_t decoder_run_event_count(const struct decoder_run *run);
const struct bpf_vm_event *decoder_run_event(const struct decoder_run *run, size_t index);
void decoder_run_clear_events(struct decoder_run *run);

/* Event index is a keydown of protocol, scancode and toggle. */
void expect_keydown(const struct decoder_run *run, size_t index, uint32_t protocol,
		    uint64_t scancode, uint32_t toggle);
void expect_repeat(const struct decoder_run *run, size_t index);
void expect_pointer(const struct decoder_run *run, size_t index, int32_t x, int32_t y);
void expect_event_count(const struct decoder_run *run, size_t count);

/*
 * "cost NAME: N instructions; per sample: median M, max X (K samples)" on stdout, for
 * the notes; returns the maximum.
 */
uint64_t decoder_run_print_cost(struct decoder_run *run);

/* A small deterministic generator (xorshift32), so failures can be replayed. */
uint32_t test_random(uint32_t *state);

#endif
