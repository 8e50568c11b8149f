// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The lirc_mode2 helpers, emulated. Arguments arrive in r1-r5 and the result goes to r0,
 * as in the kernel. Where the kernel's verifier would have refused the program (a
 * pointer argument that is not readable memory of the right size, a map argument that
 * is not a map, a write to a read-only map), the run stops with an error; where the
 * kernel's helper returns an error to the program (a full hash map, a missing key), the
 * program gets the same negative errno in r0.
 */
#include "config.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "bpf_vm_internal.h"
#include "nls.h"

int vm_helper_from_id(int32_t id)
{
	switch (id) {
	case BPF_FUNC_map_lookup_elem: return VM_HELPER_MAP_LOOKUP;
	case BPF_FUNC_map_update_elem: return VM_HELPER_MAP_UPDATE;
	case BPF_FUNC_map_delete_elem: return VM_HELPER_MAP_DELETE;
	case BPF_FUNC_map_push_elem: return VM_HELPER_MAP_PUSH;
	case BPF_FUNC_map_pop_elem: return VM_HELPER_MAP_POP;
	case BPF_FUNC_map_peek_elem: return VM_HELPER_MAP_PEEK;
	case BPF_FUNC_ktime_get_ns: return VM_HELPER_KTIME;
	case BPF_FUNC_ktime_get_boot_ns: return VM_HELPER_KTIME;
	case BPF_FUNC_trace_printk: return VM_HELPER_TRACE_PRINTK;
	case BPF_FUNC_get_prandom_u32: return VM_HELPER_PRANDOM;
	case BPF_FUNC_rc_repeat: return VM_HELPER_RC_REPEAT;
	case BPF_FUNC_rc_keydown: return VM_HELPER_RC_KEYDOWN;
	case BPF_FUNC_rc_pointer_rel: return VM_HELPER_RC_POINTER_REL;
	default: return -ENOSYS;
	}
}

static uint64_t errno_value(int ret)
{
	return (uint64_t)(int64_t)ret;
}

/*
 * The work of a helper, taken from the instruction budget before it is done: a map
 * update of a 4 MiB value is not one instruction. One per VM_HELPER_BYTES_PER_INSN
 * bytes touched, rounded up.
 */
static int charge(struct bpf_vm *vm, uint64_t bytes, const char *helper,
		  struct ir_error *err)
{
	uint64_t insns = (bytes + VM_HELPER_BYTES_PER_INSN - 1) / VM_HELPER_BYTES_PER_INSN;

	if (insns > vm->helper_budget) {
		ir_error_set(err, _("%s: %llu bytes to go through, beyond what is left of the "
				    "instruction budget"), helper, (unsigned long long)bytes);
		return -E2BIG;
	}
	vm->helper_budget -= insns;
	vm->helper_charged += insns;
	return 0;
}

static struct vm_map *map_arg(struct bpf_vm *vm, uint64_t ptr, const char *helper,
			      struct ir_error *err)
{
	uint64_t off = ptr - VM_ADDR_MAP;

	if (off < vm->map_count * VM_ADDR_MAP_STRIDE && off % VM_ADDR_MAP_STRIDE == 0)
		return &vm->maps[off / VM_ADDR_MAP_STRIDE];
	ir_error_set(err, _("%s: r1 is not a map"), helper);
	return NULL;
}

static const void *mem_arg(struct bpf_vm *vm, uint64_t ptr, uint32_t size, int argno,
			   const char *helper, struct ir_error *err)
{
	const void *host = vm_translate(vm, ptr, size, false);
	char where[160];

	if (!host) {
		vm_describe_address(vm, ptr, where, sizeof(where));
		ir_error_set(err, _("%s: r%d does not point to %u readable bytes (%s)"),
			     helper, argno, size, where);
	}
	return host;
}

static int writable_map(const struct vm_map *map, const char *helper, struct ir_error *err)
{
	if (!map->prog_read_only)
		return 0;
	ir_error_set(err, _("%s: map '%s' is read-only to the program"), helper, map->name);
	return -EFAULT;
}

static int ctx_arg(const struct bpf_vm *vm, uint64_t ptr, const char *helper,
		   struct ir_error *err)
{
	(void)vm;
	if (ptr == VM_ADDR_CTX)
		return 0;
	ir_error_set(err, _("%s: r1 is not the context"), helper);
	return -EFAULT;
}

static int push_event(struct bpf_vm *vm, const struct bpf_vm_event *event,
		      struct ir_error *err)
{
	struct bpf_vm_event *grown;
	size_t capacity;

	/* Past the caller's limit for one run, events are counted, not kept. */
	if (vm->run_event_limit && vm->run_event_count >= vm->run_event_limit) {
		vm->events_dropped++;
		return 0;
	}
	vm->run_event_count++;

	if (vm->event_count == vm->event_capacity) {
		if (vm->event_capacity >= VM_EVENTS_MAX) {
			ir_error_set(err, _("more than %u events since the last "
					    "bpf_vm_events_clear()"), VM_EVENTS_MAX);
			return -E2BIG;
		}
		capacity = vm->event_capacity ? vm->event_capacity * 2 : 16;
		grown = realloc(vm->events, capacity * sizeof(*grown));
		if (!grown) {
			ir_error_set(err, _("out of memory"));
			return -ENOMEM;
		}
		vm->events = grown;
		vm->event_capacity = capacity;
	}
	vm->events[vm->event_count++] = *event;
	return 0;
}

static int map_helper(struct bpf_vm *vm, enum vm_helper helper, uint64_t *reg,
		      struct ir_error *err)
{
	static const char *const names[] = {
		[VM_HELPER_MAP_LOOKUP] = "bpf_map_lookup_elem",
		[VM_HELPER_MAP_UPDATE] = "bpf_map_update_elem",
		[VM_HELPER_MAP_DELETE] = "bpf_map_delete_elem",
	};
	const char *name = names[helper];
	struct vm_map *map = map_arg(vm, reg[1], name, err);
	const void *key, *value;
	int ret;

	if (!map)
		return -EFAULT;
	/* The verifier's check_map_func_compatibility(): a queue takes only its own. */
	if (map->is_queue) {
		ir_error_set(err, _("%s: map '%s' is a queue map (bpf_map_push_elem, "
				    "bpf_map_pop_elem and bpf_map_peek_elem only)"), name,
			     map->name);
		return -EFAULT;
	}
	key = mem_arg(vm, reg[2], map->key_size, 2, name, err);
	if (!key)
		return -EFAULT;
	/* A hash key is hashed and compared; a value copied whole. */
	ret = charge(vm, (uint64_t)map->key_size +
		     (helper == VM_HELPER_MAP_UPDATE ? map->value_size : 0), name, err);
	if (ret < 0)
		return ret;
	switch (helper) {
	case VM_HELPER_MAP_LOOKUP: {
		void *found = vm_map_lookup(map, key);

		/* The VM's address of the value, or NULL: never the host's. */
		reg[0] = found ? vm_value_address(vm, map, found) : 0;
		return 0;
	}
	case VM_HELPER_MAP_UPDATE:
		ret = writable_map(map, name, err);
		if (ret < 0)
			return ret;
		value = mem_arg(vm, reg[3], map->value_size, 3, name, err);
		if (!value)
			return -EFAULT;
		reg[0] = errno_value(vm_map_update(map, key, value, reg[4]));
		return 0;
	default:
		ret = writable_map(map, name, err);
		if (ret < 0)
			return ret;
		reg[0] = errno_value(vm_map_delete(map, key));
		return 0;
	}
}

/* bpf_map_push_elem(map, value, flags), bpf_map_pop_elem and _peek_elem(map, value). */
static int queue_helper(struct bpf_vm *vm, enum vm_helper helper, uint64_t *reg,
			struct ir_error *err)
{
	static const char *const names[] = {
		[VM_HELPER_MAP_PUSH] = "bpf_map_push_elem",
		[VM_HELPER_MAP_POP] = "bpf_map_pop_elem",
		[VM_HELPER_MAP_PEEK] = "bpf_map_peek_elem",
	};
	const char *name = names[helper];
	struct vm_map *map = map_arg(vm, reg[1], name, err);
	const void *value;
	void *out;
	char where[160];
	int ret;

	if (!map)
		return -EFAULT;
	if (!map->is_queue) {
		ir_error_set(err, _("%s: map '%s' is not a queue map"), name, map->name);
		return -EFAULT;
	}
	ret = charge(vm, map->value_size, name, err);
	if (ret == 0 && helper != VM_HELPER_MAP_PEEK)
		ret = writable_map(map, name, err);
	if (ret < 0)
		return ret;
	if (helper == VM_HELPER_MAP_PUSH) {
		value = mem_arg(vm, reg[2], map->value_size, 2, name, err);
		if (!value)
			return -EFAULT;
		reg[0] = errno_value(vm_map_push(map, value, reg[3]));
		return 0;
	}
	out = vm_translate(vm, reg[2], map->value_size, true);
	if (!out) {
		vm_describe_address(vm, reg[2], where, sizeof(where));
		ir_error_set(err, _("%s: r2 does not point to %u writable bytes (%s)"), name,
			     map->value_size, where);
		return -EFAULT;
	}
	reg[0] = errno_value(vm_map_pop(map, out, helper == VM_HELPER_MAP_POP));
	return 0;
}

static int trace_printk(struct bpf_vm *vm, uint64_t *reg, struct ir_error *err)
{
	uint32_t size = (uint32_t)reg[2];
	const char *fmt;
	char message[VM_PRINTK_BUF];
	size_t read;
	int ret;

	if (size == 0) {
		ir_error_set(err, _("bpf_trace_printk: the format size (r2) is 0"));
		return -EFAULT;
	}
	fmt = mem_arg(vm, reg[1], size, 1, "bpf_trace_printk", err);
	if (!fmt)
		return -EFAULT;
	ret = charge(vm, size, "bpf_trace_printk", err);
	if (ret < 0)
		return ret;
	if (!memchr(fmt, '\0', size)) {
		/* The kernel refuses a format with no terminating NUL inside fmt_size. */
		reg[0] = errno_value(-EINVAL);
		return 0;
	}
	/* Nobody reads the message: the format is checked, nothing is formatted. */
	ret = vm_printk_format(vm, fmt, &reg[3], vm->trace ? message : NULL, sizeof(message),
			       &read);
	if (ret >= 0 && vm->trace) {
		int charged = charge(vm, read + (size_t)ret, "bpf_trace_printk", err);

		if (charged < 0)
			return charged;
		vm->trace(vm->trace_user, message);
	}
	reg[0] = errno_value(ret);
	return 0;
}

/* splitmix64: deterministic, so runs can be replayed. */
static uint64_t prandom_next(struct bpf_vm *vm)
{
	uint64_t z = (vm->prng_state += 0x9e3779b97f4a7c15ull);

	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
	return z ^ (z >> 31);
}

static int rc_helper(struct bpf_vm *vm, enum vm_helper helper, uint64_t *reg,
		     struct ir_error *err)
{
	static const char *const names[] = {
		[VM_HELPER_RC_REPEAT] = "bpf_rc_repeat",
		[VM_HELPER_RC_KEYDOWN] = "bpf_rc_keydown",
		[VM_HELPER_RC_POINTER_REL] = "bpf_rc_pointer_rel",
	};
	struct bpf_vm_event event = { .time_ns = vm->clock_ns };
	int ret = ctx_arg(vm, reg[1], names[helper], err);

	if (ret < 0)
		return ret;
	switch (helper) {
	case VM_HELPER_RC_REPEAT:
		event.type = BPF_VM_EVENT_REPEAT;
		break;
	case VM_HELPER_RC_KEYDOWN:
		event.type = BPF_VM_EVENT_KEYDOWN;
		event.protocol = (uint32_t)reg[2];
		event.scancode = reg[3];
		event.toggle = (uint32_t)reg[4];
		break;
	default:
		event.type = BPF_VM_EVENT_POINTER_REL;
		event.rel_x = (int32_t)reg[2];
		event.rel_y = (int32_t)reg[3];
		break;
	}
	ret = push_event(vm, &event, err);
	if (ret < 0)
		return ret;
	reg[0] = 0;
	return 0;
}

int vm_call_helper(struct bpf_vm *vm, enum vm_helper helper, uint64_t *reg,
		   struct ir_error *err)
{
	switch (helper) {
	case VM_HELPER_MAP_LOOKUP:
	case VM_HELPER_MAP_UPDATE:
	case VM_HELPER_MAP_DELETE:
		return map_helper(vm, helper, reg, err);
	case VM_HELPER_MAP_PUSH:
	case VM_HELPER_MAP_POP:
	case VM_HELPER_MAP_PEEK:
		return queue_helper(vm, helper, reg, err);
	case VM_HELPER_KTIME:
		reg[0] = vm->clock_ns;
		return 0;
	case VM_HELPER_TRACE_PRINTK:
		return trace_printk(vm, reg, err);
	case VM_HELPER_PRANDOM:
		reg[0] = prandom_next(vm) >> 32;
		return 0;
	case VM_HELPER_RC_REPEAT:
	case VM_HELPER_RC_KEYDOWN:
	case VM_HELPER_RC_POINTER_REL:
		return rc_helper(vm, helper, reg, err);
	default:
		ir_error_set(err, _("helper %d is not emulated"), helper);
		return -ENOSYS;
	}
}
