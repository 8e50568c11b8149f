// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Fuzz target: any instructions, maps and samples in the VM (input layout in
 * fuzz-bpf-vm.h). bpf_vm_new() either refuses the image with one of its documented
 * codes and a message, or the program runs: every run ends (the instruction budget),
 * with 0 or a documented error and a message, the virtual clock is the sum of the
 * samples' durations, events are well formed and in time order, maps answer lookups,
 * and a reset VM given the same samples does exactly the same again.
 */
#include "config.h"

#include <errno.h>
#include <inttypes.h>
#include <string.h>

#include "bpf_vm.h"
#include "fuzz-bpf-vm.h"
#include "fuzz.h"

#define BUDGET 20000

struct input {
	struct bpf_image image;
	struct bpf_map_spec maps[FUZZ_VM_MAPS_MAX];
	uint8_t *initial[FUZZ_VM_MAPS_MAX];
	uint32_t samples[FUZZ_VM_SAMPLES_MAX];
	size_t sample_count;
};

/* What one pass over the samples did, to compare a second pass with. */
struct outcome {
	int ret[FUZZ_VM_SAMPLES_MAX];
	uint64_t insns[FUZZ_VM_SAMPLES_MAX];
	uint64_t r0[FUZZ_VM_SAMPLES_MAX];
	size_t events;
	uint64_t event_hash;
};

static uint16_t get_le16(const uint8_t *p)
{
	return (uint16_t)(p[0] | p[1] << 8);
}

static uint32_t get_le32(const uint8_t *p)
{
	return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 |
	       (uint32_t)p[3] << 24;
}

/* Returns false when the input is too short for its header. */
static bool decode(const uint8_t *data, size_t size, struct input *in)
{
	size_t map_count, i, pos = FUZZ_VM_HEADER_BYTES;

	memset(in, 0, sizeof(*in));
	if (size < FUZZ_VM_HEADER_BYTES)
		return false;
	map_count = data[0] % (FUZZ_VM_MAPS_MAX + 1);
	in->sample_count = data[1] % FUZZ_VM_SAMPLES_MAX + 1;
	if (size - pos < map_count * FUZZ_VM_MAP_BYTES + in->sample_count * FUZZ_VM_SAMPLE_BYTES)
		return false;
	for (i = 0; i < map_count; i++, pos += FUZZ_VM_MAP_BYTES) {
		struct bpf_map_spec *spec = &in->maps[i];
		uint8_t flags = data[pos + 1];

		snprintf(spec->name, sizeof(spec->name), "map%zu", i);
		spec->type = data[pos];
		spec->key_size = get_le16(data + pos + 2);
		spec->value_size = get_le16(data + pos + 4) % (FUZZ_VM_VALUE_MAX + 1);
		spec->max_entries = get_le16(data + pos + 6) % (FUZZ_VM_ENTRIES_MAX + 1);
		if (flags & FUZZ_VM_MAP_RDONLY_PROG)
			spec->flags |= BPF_F_RDONLY_PROG;
		if ((flags & FUZZ_VM_MAP_GLOBAL_DATA) && spec->value_size) {
			in->initial[i] = malloc(spec->value_size);
			if (!in->initial[i])
				return false;
			memset(in->initial[i], FUZZ_VM_FILL, spec->value_size);
			spec->initial_value = in->initial[i];
			spec->read_only = true;
		}
	}
	for (i = 0; i < in->sample_count; i++, pos += FUZZ_VM_SAMPLE_BYTES)
		in->samples[i] = get_le32(data + pos);
	snprintf(in->image.name, sizeof(in->image.name), "fuzz");
	snprintf(in->image.license, sizeof(in->image.license), "GPL");
	in->image.insn_count = (size - pos) / FUZZ_VM_INSN_BYTES;
	/* A copy of exactly that size, so that ASan sees any read past the end. */
	in->image.insns = malloc(in->image.insn_count ? in->image.insn_count * FUZZ_VM_INSN_BYTES
						      : 1);
	if (!in->image.insns)
		return false;
	memcpy(in->image.insns, data + pos, in->image.insn_count * FUZZ_VM_INSN_BYTES);
	in->image.maps = map_count ? in->maps : NULL;
	in->image.map_count = map_count;
	return true;
}

static void input_free(struct input *in)
{
	size_t i;

	for (i = 0; i < FUZZ_VM_MAPS_MAX; i++)
		free(in->initial[i]);
	free(in->image.insns);
}

static void check_maps(struct bpf_vm *vm, const struct input *in)
{
	uint8_t key[FUZZ_VM_VALUE_MAX] = { 0 }, value[FUZZ_VM_VALUE_MAX];
	size_t i;
	int ret;

	for (i = 0; i < in->image.map_count; i++) {
		/* Hash keys are at most 512 bytes, so a created map's key fits. */
		ret = bpf_vm_map_lookup(vm, i, key, value);
		FUZZ_ASSERT(ret == 0 || ret == -ENOENT, "lookup in map %zu: %d", i, ret);
		FUZZ_ASSERT(bpf_vm_map_find(vm, in->maps[i].name) == (int)i, "map '%s'",
			    in->maps[i].name);
	}
	FUZZ_ASSERT(bpf_vm_map_lookup(vm, in->image.map_count, key, value) == -EINVAL,
		    "lookup in a map past the last");
}

static uint64_t mix(uint64_t hash, uint64_t value)
{
	return (hash ^ value) * 0x100000001b3ull;
}

static void run_samples(struct bpf_vm *vm, const struct input *in, struct outcome *out)
{
	struct ir_error err = { "" };
	uint64_t clock = 0, previous_time = 0;
	size_t i, e;

	memset(out, 0, sizeof(*out));
	for (i = 0; i < in->sample_count; i++) {
		uint32_t mode = in->samples[i] & 0xff000000u;

		/* bpf_vm.h: pulses, spaces and timeouts advance the clock by their µs. */
		if (mode == 0x01000000u || mode == 0x00000000u || mode == 0x03000000u)
			clock += (uint64_t)(in->samples[i] & 0x00ffffffu) * 1000;
		err.message[0] = '\0';
		out->ret[i] = bpf_vm_run(vm, in->samples[i], &err);
		FUZZ_ASSERT(bpf_vm_clock_ns(vm) == clock,
			    "clock %" PRIu64 " ns, expected %" PRIu64, bpf_vm_clock_ns(vm), clock);
		out->insns[i] = bpf_vm_last_insn_count(vm);
		out->r0[i] = out->ret[i] == 0 ? bpf_vm_last_return(vm) : 0;
		FUZZ_ASSERT(out->ret[i] == 0 || out->ret[i] == -EFAULT || out->ret[i] == -E2BIG ||
			    out->ret[i] == -ENOMEM, "bpf_vm_run: %d (%s)", out->ret[i],
			    err.message);
		FUZZ_ASSERT(out->ret[i] == 0 || err.message[0], "bpf_vm_run: %d without a message",
			    out->ret[i]);
		/* The budget is checked at jumps, calls and exits: straight code may pass it. */
		FUZZ_ASSERT(out->insns[i] <= BUDGET + in->image.insn_count + 1,
			    "%" PRIu64 " instructions", out->insns[i]);
	}
	out->events = bpf_vm_event_count(vm);
	out->event_hash = 0xcbf29ce484222325ull;
	for (e = 0; e < out->events; e++) {
		const struct bpf_vm_event *event = bpf_vm_event_at(vm, e);

		FUZZ_ASSERT(event && event->type < BPF_VM_EVENT_TYPE_MAX, "event %zu", e);
		FUZZ_ASSERT(event->time_ns >= previous_time && event->time_ns <= clock,
			    "event %zu at %" PRIu64 " ns", e, event->time_ns);
		previous_time = event->time_ns;
		out->event_hash = mix(out->event_hash, event->type);
		out->event_hash = mix(out->event_hash, event->time_ns);
		out->event_hash = mix(out->event_hash, event->scancode);
		out->event_hash = mix(out->event_hash, event->protocol);
		out->event_hash = mix(out->event_hash, (uint32_t)event->rel_x);
	}
	FUZZ_ASSERT(bpf_vm_event_at(vm, out->events) == NULL, "event past the last");
}

static void ignore_trace(void *user, const char *message)
{
	/* The message is a C string: reading it all is the check. */
	*(size_t *)user += strlen(message);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct outcome first, second;
	struct ir_error err = { "" };
	struct bpf_vm *vm = NULL;
	struct input in;
	size_t traced = 0;
	int ret;

	if (!decode(data, size, &in))
		goto out;
	ret = bpf_vm_new(&in.image, &vm, &err);
	if (ret < 0) {
		FUZZ_ASSERT(ret == -EINVAL || ret == -ENOSYS || ret == -E2BIG || ret == -ENOMEM,
			    "bpf_vm_new: %d", ret);
		FUZZ_ASSERT(err.message[0], "bpf_vm_new: %d without a message", ret);
		goto out;
	}
	bpf_vm_set_insn_budget(vm, BUDGET);
	bpf_vm_set_trace(vm, ignore_trace, &traced);
	run_samples(vm, &in, &first);
	check_maps(vm, &in);
	bpf_vm_reset(vm);
	FUZZ_ASSERT(bpf_vm_event_count(vm) == 0 && bpf_vm_clock_ns(vm) == 0, "after reset");
	run_samples(vm, &in, &second);
	FUZZ_ASSERT(memcmp(&first, &second, sizeof(first)) == 0, "a reset VM ran differently");
	bpf_vm_free(vm);
out:
	input_free(&in);
	return 0;
}
