/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Offline decoding: LIRC mode2 samples through BPF decoders in the userspace VM, as
 * the kernel runs them on a device, into rc-core's key handling (rc_input).
 *
 * The kernel runs every program attached to a LIRC device on each sample, in the order
 * they were attached, and what a program reports (bpf_rc_keydown, bpf_rc_repeat,
 * bpf_rc_pointer_rel) goes to rc-core at once. Here each sample runs every VM in turn;
 * the reports go to rc_input with the time of the sample (the running total of the
 * sample durations, as each VM's clock counts it); then rc_input's timers are run up
 * to that time, so that key-up and autorepeat events come out in order.
 */
#ifndef IRKIT_IR_REPLAY_H
#define IRKIT_IR_REPLAY_H

#include <stddef.h>
#include <stdint.h>

#include "bpf_vm.h"
#include "ir_error.h"
#include "rc_input.h"

/*
 * One sample. *clock_ns (start at 0) advances by the sample's duration, like every
 * VM's clock; the VMs must all have started together from a reset. Returns 0, or
 * what bpf_vm_run() or rc_input return (err says which decoder and why).
 */
int ir_replay_sample(struct bpf_vm *const *vms, size_t vm_count, struct rc_input *input,
		     uint32_t sample, uint64_t *clock_ns, struct ir_error *err);

/*
 * Records rc_input may hold before ir_replay_samples() stops to let its caller print
 * them: with an event limit per sample on each VM (bpf_vm_set_event_limit()), what a
 * batch keeps is bounded whatever the decoders report.
 */
#define IR_REPLAY_RECORDS_MAX 4096

/*
 * Up to count samples, one after the other as ir_replay_sample() takes them, with
 * rc_input's records left to the caller after the last (or after the failing one: the
 * records of the samples before it and what the failing one produced are kept, as with
 * one call per sample). Stops early, after the sample that leaves rc_input with
 * IR_REPLAY_RECORDS_MAX records or more; *ret_done is the number of samples taken (the
 * failing one included). Saves a call per sample for offline decoding of long captures.
 */
int ir_replay_samples(struct bpf_vm *const *vms, size_t vm_count, struct rc_input *input,
		      const uint32_t *samples, size_t count, size_t *ret_done,
		      uint64_t *clock_ns, struct ir_error *err);

#endif
