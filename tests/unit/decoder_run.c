// SPDX-License-Identifier: GPL-2.0-or-later
#include "config.h"

#include <check.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "decoder_run.h"
#include "decoders.h"
#include "lircd_biphase_table.h"
#include "lircd_space_table.h"
#include "raw_pattern.h"

void decoder_run_open(struct decoder_run *run, const char *name,
		      const struct bpf_param_value *params, size_t param_count)
{
	static const struct bpf_map_layout raw_layout = RAW_MAP_LAYOUT;
	static const struct bpf_map_layout lircd_remotes_layout = LIRCD_SPACE_REMOTES_MAP_LAYOUT;
	static const struct bpf_map_layout lircd_index_layout = LIRCD_SPACE_INDEX_MAP_LAYOUT;
	static const struct bpf_map_layout biphase_remotes_layout = LIRCD_BIPHASE_REMOTES_MAP_LAYOUT;
	static const struct bpf_map_layout biphase_index_layout = LIRCD_BIPHASE_INDEX_MAP_LAYOUT;
	const struct decoder *decoder = decoder_find(name);
	struct bpf_object *object = NULL;
	struct bpf_image *image = NULL;
	struct ir_error err;
	size_t i;
	int ret;

	memset(run, 0, sizeof(*run));
	run->name = name;
	run->raw_map = -1;
	ck_assert_msg(decoder, "no embedded decoder \"%s\"", name);

	memset(&err, 0, sizeof(err));
	ret = bpf_object_open_memory(decoder->elf, decoder->elf_size, name, &object, &err);
	ck_assert_msg(ret == 0, "%s: open: %d %s", name, ret, err.message);
	for (i = 0; i < param_count; i++)
		ck_assert_msg(bpf_object_param_find(object, params[i].name) >= 0,
			      "%s has no parameter %s", name, params[i].name);
	ret = bpf_object_relocate(object, NULL, params, param_count, &image, &err);
	ck_assert_msg(ret == 0, "%s: relocate: %d %s", name, ret, err.message);
	run->insn_count = image->insn_count;
	ret = bpf_image_host_map(image, &raw_layout, &err);
	ck_assert_msg(ret >= 0 || ret == -ENOENT, "%s: %s", name, err.message);
	run->raw_map = ret;
	ret = bpf_image_host_map(image, &lircd_remotes_layout, &err);
	ck_assert_msg(ret >= 0 || ret == -ENOENT, "%s: %s", name, err.message);
	run->lircd_remotes_map = ret;
	ret = bpf_image_host_map(image, &lircd_index_layout, &err);
	ck_assert_msg(ret >= 0 || ret == -ENOENT, "%s: %s", name, err.message);
	run->lircd_index_map = ret;
	ret = bpf_image_host_map(image, &biphase_remotes_layout, &err);
	ck_assert_msg(ret >= 0 || ret == -ENOENT, "%s: %s", name, err.message);
	run->biphase_remotes_map = ret;
	ret = bpf_image_host_map(image, &biphase_index_layout, &err);
	ck_assert_msg(ret >= 0 || ret == -ENOENT, "%s: %s", name, err.message);
	run->biphase_index_map = ret;
	ret = bpf_vm_new(image, &run->vm, &err);
	ck_assert_msg(ret == 0, "%s: vm: %d %s", name, ret, err.message);
	bpf_image_free(image);
	bpf_object_free(object);
}

void decoder_run_close(struct decoder_run *run)
{
	bpf_vm_free(run->vm);
	free(run->costs);
	memset(run, 0, sizeof(*run));
}

void decoder_run_reset(struct decoder_run *run)
{
	bpf_vm_reset(run->vm);
}

static void record_cost(struct decoder_run *run, uint64_t cost)
{
	if (run->cost_count == run->cost_capacity) {
		size_t capacity = run->cost_capacity ? 2 * run->cost_capacity : 1024;

		run->costs = realloc(run->costs, capacity * sizeof(*run->costs));
		ck_assert(run->costs);
		run->cost_capacity = capacity;
	}
	run->costs[run->cost_count++] = cost;
}

void decoder_run_feed(struct decoder_run *run, const struct ir_signal *signal)
{
	struct ir_error err;
	size_t i;
	int ret;

	for (i = 0; i < signal->count; i++) {
		memset(&err, 0, sizeof(err));
		ret = bpf_vm_run(run->vm, signal->samples[i], &err);
		ck_assert_msg(ret == 0, "%s: sample %zu (0x%08x): %d %s", run->name, i,
			      signal->samples[i], ret, err.message);
		record_cost(run, bpf_vm_last_insn_count(run->vm));
	}
}

size_t decoder_run_event_count(const struct decoder_run *run)
{
	return bpf_vm_event_count(run->vm);
}

const struct bpf_vm_event *decoder_run_event(const struct decoder_run *run, size_t index)
{
	return bpf_vm_event_at(run->vm, index);
}

void decoder_run_clear_events(struct decoder_run *run)
{
	bpf_vm_events_clear(run->vm);
}

static const struct bpf_vm_event *event(const struct decoder_run *run, size_t index)
{
	size_t count = decoder_run_event_count(run);

	ck_assert_msg(index < count, "%s: event %zu expected, %zu reported", run->name,
		      index, count);
	return decoder_run_event(run, index);
}

void expect_keydown(const struct decoder_run *run, size_t index, uint32_t protocol,
		    uint64_t scancode, uint32_t toggle)
{
	const struct bpf_vm_event *e = event(run, index);

	ck_assert_msg(e->type == BPF_VM_EVENT_KEYDOWN && e->protocol == protocol &&
		      e->scancode == scancode && !!e->toggle == !!toggle,
		      "%s: event %zu: expected keydown %u 0x%llx toggle %u, got type %d "
		      "protocol %u scancode 0x%llx toggle %u", run->name, index, protocol,
		      (unsigned long long)scancode, toggle, e->type, e->protocol,
		      (unsigned long long)e->scancode, e->toggle);
}

void expect_repeat(const struct decoder_run *run, size_t index)
{
	const struct bpf_vm_event *e = event(run, index);

	ck_assert_msg(e->type == BPF_VM_EVENT_REPEAT, "%s: event %zu: expected repeat, got %d",
		      run->name, index, e->type);
}

void expect_pointer(const struct decoder_run *run, size_t index, int32_t x, int32_t y)
{
	const struct bpf_vm_event *e = event(run, index);

	ck_assert_msg(e->type == BPF_VM_EVENT_POINTER_REL && e->rel_x == x && e->rel_y == y,
		      "%s: event %zu: expected pointer %d,%d, got type %d %d,%d", run->name,
		      index, x, y, e->type, e->rel_x, e->rel_y);
}

void expect_event_count(const struct decoder_run *run, size_t count)
{
	size_t got = decoder_run_event_count(run);

	if (got != count && got > 0) {
		const struct bpf_vm_event *e = decoder_run_event(run, 0);

		ck_abort_msg("%s: %zu events expected, %zu reported (first: type %d "
			     "protocol %u scancode 0x%llx)", run->name, count, got, e->type,
			     e->protocol, (unsigned long long)e->scancode);
	}
	ck_assert_msg(got == count, "%s: %zu events expected, %zu reported", run->name,
		      count, got);
}

static int compare_cost(const void *a, const void *b)
{
	uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;

	return x < y ? -1 : x > y;
}

uint64_t decoder_run_print_cost(struct decoder_run *run)
{
	uint64_t median, max;

	ck_assert_msg(run->cost_count > 0, "%s: no samples run", run->name);
	qsort(run->costs, run->cost_count, sizeof(*run->costs), compare_cost);
	median = run->costs[run->cost_count / 2];
	max = run->costs[run->cost_count - 1];
	printf("cost %s: %zu instructions; per sample: median %llu, max %llu (%zu samples)\n",
	       run->name, run->insn_count, (unsigned long long)median,
	       (unsigned long long)max, run->cost_count);
	fflush(stdout);
	return max;
}

uint32_t test_random(uint32_t *state)
{
	uint32_t x = *state;

	x ^= x << 13;
	x ^= x >> 17;
	x ^= x << 5;
	*state = x;
	return x;
}
