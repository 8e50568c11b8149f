// SPDX-License-Identifier: GPL-2.0-or-later
#include "config.h"

#include <errno.h>
#include <stdbool.h>
#include <string.h>
#include <linux/lirc.h>

#include "ir_replay.h"
#include "nls.h"

static int report(struct rc_input *input, const struct bpf_vm_event *event)
{
	switch (event->type) {
	case BPF_VM_EVENT_KEYDOWN:
		return rc_input_keydown(input, event->time_ns, event->protocol, event->scancode,
					event->toggle);
	case BPF_VM_EVENT_REPEAT:
		return rc_input_repeat(input, event->time_ns);
	case BPF_VM_EVENT_POINTER_REL:
		return rc_input_pointer_rel(input, event->time_ns, event->rel_x, event->rel_y);
	default:
		return -EINVAL;
	}
}

/* The reports of every VM on one sample; *reported tells whether there were any. */
static inline __attribute__((always_inline)) int
run_vms(struct bpf_vm *const *vms, size_t vm_count, struct rc_input *input, uint32_t sample,
	bool *reported, struct ir_error *err)
{
	size_t i, j, events;
	int ret;

	for (i = 0; i < vm_count; i++) {
		ret = bpf_vm_run(vms[i], sample, err);
		if (ret < 0) {
			ir_error_prefix(err, _("decoder %zu"), i + 1);
			return ret;
		}
		/* Most samples report nothing: then there is nothing to clear either. */
		events = bpf_vm_event_count(vms[i]);
		if (!events)
			continue;
		*reported = true;
		for (j = 0; j < events; j++) {
			ret = report(input, bpf_vm_event_at(vms[i], j));
			if (ret < 0) {
				ir_error_set(err, _("decoder %zu: report at %llu ns: %s"), i + 1,
					     (unsigned long long)bpf_vm_event_at(vms[i], j)->time_ns,
					     strerror(-ret));
				bpf_vm_events_clear(vms[i]);
				return ret;
			}
		}
		bpf_vm_events_clear(vms[i]);
	}
	return 0;
}

static int advance(struct rc_input *input, uint64_t clock_ns, struct ir_error *err)
{
	int ret = rc_input_advance(input, clock_ns);

	if (ret < 0)
		ir_error_set(err, _("at %llu ns: %s"), (unsigned long long)clock_ns,
			     strerror(-ret));
	return ret;
}

int ir_replay_sample(struct bpf_vm *const *vms, size_t vm_count, struct rc_input *input,
		     uint32_t sample, uint64_t *clock_ns, struct ir_error *err)
{
	bool reported = false;
	int ret;

	*clock_ns += (uint64_t)(sample & LIRC_VALUE_MASK) * 1000;
	ret = run_vms(vms, vm_count, input, sample, &reported, err);
	if (ret < 0)
		return ret;
	return advance(input, *clock_ns, err);
}

int ir_replay_samples(struct bpf_vm *const *vms, size_t vm_count, struct rc_input *input,
		      const uint32_t *samples, size_t count, size_t *ret_done,
		      uint64_t *clock_ns, struct ir_error *err)
{
	uint64_t clock = *clock_ns, next_timer = rc_input_next_timer_ns(input);
	size_t i;
	int ret = 0;

	for (i = 0; i < count; i++) {
		bool reported = false;

		clock += (uint64_t)(samples[i] & LIRC_VALUE_MASK) * 1000;
		ret = run_vms(vms, vm_count, input, samples[i], &reported, err);
		if (ret < 0)
			break;
		/*
		 * rc_input's timers run only when one is due: the clock only grows, and a
		 * report brings rc_input up to its time itself (it may set a timer).
		 */
		if (reported)
			next_timer = rc_input_next_timer_ns(input);
		if (clock >= next_timer) {
			ret = advance(input, clock, err);
			if (ret < 0)
				break;
			next_timer = rc_input_next_timer_ns(input);
		}
		if (rc_input_record_count(input) >= IR_REPLAY_RECORDS_MAX) {
			i++;
			break;
		}
	}
	*ret_done = i < count ? i + (ret < 0) : count;
	*clock_ns = clock;
	return ret;
}
