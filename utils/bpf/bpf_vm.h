/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * A userspace eBPF interpreter for LIRC mode2 decoders.
 *
 * bpf_vm.c is the interpreter's loop, bpf_vm_decode.c checks and pre-decodes a program
 * once, when the VM is made (every jump lands inside it, no path runs off its end, and
 * an access proven in bounds there carries its translation and offset as one addend,
 * unchecked at run time), bpf_vm_map.c has the maps, bpf_vm_helper.c the helpers and
 * bpf_vm_printk.c bpf_trace_printk's formatting; bpf_vm_internal.h is what they share.
 *
 * It runs a struct bpf_image (from bpf_object or generated in memory) on LIRC mode2
 * samples with the lirc_mode2 helpers emulated: map lookup/update/delete on array and
 * hash maps, bpf_rc_keydown, bpf_rc_repeat, bpf_rc_pointer_rel, bpf_ktime_get_ns and
 * bpf_ktime_get_boot_ns (a virtual clock advanced by the sample durations),
 * bpf_get_prandom_u32 and bpf_trace_printk. Every memory access is checked, and an
 * instruction budget per sample (and, when the caller sets one, per replay) stops a
 * runaway program: a hostile program gets an error, never a crash. Helpers are charged
 * to the budget for the bytes they touch (one instruction per 8 bytes of a key hashed,
 * a value copied, a format or string walked), so that no helper call costs more than
 * the budget allows either.
 *
 * Decisions a caller may need: the per-CPU map types behave as on a machine with one
 * CPU (userspace sees one value, not one per CPU); an update from the program to a
 * read-only map (.rodata, BPF_F_RDONLY_PROG) stops the run, as the kernel's verifier
 * would have refused it; ld_imm64 counts as one instruction; pointers are addresses of
 * the VM's own (the context, the stack, each map and its values at fixed places,
 * translated on every access), so that no host address reaches a program, its maps,
 * its events or its bpf_trace_printk messages; a %s reads at most 512 bytes (the
 * kernel's argument buffer); with no trace function set, bpf_trace_printk checks its
 * format (-EINVAL as in the kernel) but formats nothing and returns 0.
 *
 * What the checks do not see: they are on addresses, not on where a pointer came from.
 * An access is refused unless it lies wholly inside the stack frames in use, the
 * context or one map element, so the host is never touched out of bounds; but pointer
 * arithmetic that moves from one element of a multi-element map into another, or from
 * a callee's frame into its caller's, is allowed where the kernel's verifier would
 * refuse the program (bpf_lint.h warns of the commonest such programs).
 */
#ifndef IRKIT_BPF_VM_H
#define IRKIT_BPF_VM_H

#include <stddef.h>
#include <stdint.h>

#include "bpf_image.h"
#include "ir_error.h"

/* Default instruction budget per sample: far beyond any real decoder. */
#define BPF_VM_DEFAULT_INSN_BUDGET 1000000

/*
 * Limits, each -E2BIG: programs of at most BPF_IMAGE_INSNS_MAX instructions and
 * BPF_VM_MAPS_MAX maps (the kernel's MAX_USED_MAPS), BPF_VM_MAP_MEMORY_MAX bytes for all
 * maps of one VM, BPF_VM_EVENTS_MAX events kept between two bpf_vm_events_clear().
 */
#define BPF_VM_MAPS_MAX 64
#define BPF_VM_MAP_MEMORY_MAX (64u << 20)
#define BPF_VM_EVENTS_MAX (1u << 20)

enum bpf_vm_event_type {
	BPF_VM_EVENT_KEYDOWN,		/* bpf_rc_keydown(ctx, protocol, scancode, toggle) */
	BPF_VM_EVENT_REPEAT,		/* bpf_rc_repeat(ctx) */
	BPF_VM_EVENT_POINTER_REL,	/* bpf_rc_pointer_rel(ctx, rel_x, rel_y) */
	BPF_VM_EVENT_TYPE_MAX,
};

struct bpf_vm_event {
	enum bpf_vm_event_type type;
	uint64_t time_ns;		/* virtual clock when the helper was called */
	uint32_t protocol;
	uint64_t scancode;
	uint32_t toggle;		/* as passed; the kernel uses toggle != 0 */
	int32_t rel_x;
	int32_t rel_y;
};

struct bpf_vm;

/*
 * Check the image (opcodes, reserved fields, registers, jump targets, ld_imm64 pairs,
 * subprogram ends, map indices, helper ids) and create its maps, initial values written.
 * Returns 0, -EINVAL (err says which instruction and why), -ENOSYS (a helper the VM
 * does not emulate, err names the instruction), -E2BIG (more than 1M instructions or
 * 64 maps, or maps larger than the VM allows), -ENOMEM. The image may be freed
 * afterwards.
 */
int bpf_vm_new(const struct bpf_image *image, struct bpf_vm **ret_vm, struct ir_error *err);
void bpf_vm_free(struct bpf_vm *vm);	/* accepts NULL */

/* Instructions per bpf_vm_run(), helpers' charges included. */
void bpf_vm_set_insn_budget(struct bpf_vm *vm, uint64_t insns_per_sample);
/*
 * Instructions of all runs since the last reset (0, the default: no limit): once they
 * are used up, bpf_vm_run() fails with -E2BIG. Bounds a replay whatever its length.
 */
void bpf_vm_set_total_insn_budget(struct bpf_vm *vm, uint64_t insns);
/*
 * Events kept per bpf_vm_run() (0, the default: every one up to BPF_VM_EVENTS_MAX
 * between clears, then -E2BIG). Past the limit, the helper still returns 0 to the
 * program, and the event is counted in bpf_vm_events_dropped(), not kept.
 */
void bpf_vm_set_event_limit(struct bpf_vm *vm, uint32_t events_per_sample);
/* Events dropped by the event limit since the last reset. */
uint64_t bpf_vm_events_dropped(const struct bpf_vm *vm);
/* bpf_trace_printk output, one formatted message per call; NULL to drop it. */
void bpf_vm_set_trace(struct bpf_vm *vm, void (*trace)(void *user, const char *message),
		      void *user);

/* Back to the state after bpf_vm_new(): maps reinitialised, clock at 0, no events. */
void bpf_vm_reset(struct bpf_vm *vm);

/*
 * Userspace access to the maps, as bpf(2) gives it (for the raw decoder's patterns).
 * Update is BPF_ANY: 0, -EINVAL (no such map), -EPERM (read-only map), -E2BIG (array
 * index out of range, hash map full). Lookup: 0, -EINVAL, -ENOENT.
 */
int bpf_vm_map_update(struct bpf_vm *vm, size_t map_index, const void *key,
		      const void *value, struct ir_error *err);
int bpf_vm_map_lookup(struct bpf_vm *vm, size_t map_index, const void *key,
		      void *ret_value);
/*
 * The oldest value of a queue map, taken out of it, as BPF_MAP_LOOKUP_AND_DELETE_ELEM
 * takes it: 0, -ENOENT (empty), -EINVAL (no such map, or not a queue).
 */
int bpf_vm_map_pop(struct bpf_vm *vm, size_t map_index, void *ret_value);
/* The same value left in the queue, as bpf_map_peek_elem() reads it. */
int bpf_vm_map_peek(struct bpf_vm *vm, size_t map_index, void *ret_value);
/* Index of the map called name (as in the image), or -ENOENT. */
int bpf_vm_map_find(const struct bpf_vm *vm, const char *name);

/*
 * Run the program once on one LIRC mode2 sample (LIRC_MODE2_PULSE/SPACE/TIMEOUT in the
 * top 8 bits, the duration in µs in the low 24). The virtual clock advances by the
 * sample's duration first (pulses, spaces and timeouts; not frequency or overflow
 * reports). Returns 0, or -EFAULT (memory), -E2BIG (budget, call depth, or more than
 * 1M events uncleared), -ENOMEM, with err naming the instruction; after an error the
 * VM can still be run or reset (maps keep what the program wrote before the error).
 */
int bpf_vm_run(struct bpf_vm *vm, uint32_t sample, struct ir_error *err);

/*
 * Instructions executed by the last bpf_vm_run() (up to the failing one, when it failed;
 * with the helpers' charges) and r0 at its exit (the kernel ignores a decoder's return value; tests do not).
 */
uint64_t bpf_vm_last_insn_count(const struct bpf_vm *vm);
uint64_t bpf_vm_last_return(const struct bpf_vm *vm);
uint64_t bpf_vm_clock_ns(const struct bpf_vm *vm);

/* Events reported by the program since the last bpf_vm_events_clear(), in order. */
size_t bpf_vm_event_count(const struct bpf_vm *vm);
const struct bpf_vm_event *bpf_vm_event_at(const struct bpf_vm *vm, size_t index);
void bpf_vm_events_clear(struct bpf_vm *vm);

#endif
