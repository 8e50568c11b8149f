/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Internal to the bpf_vm module (bpf_vm*.c): the decoded program, the maps, and the
 * memory checks the interpreter and the helpers share. Not part of any other contract.
 */
#ifndef IRKIT_BPF_VM_INTERNAL_H
#define IRKIT_BPF_VM_INTERNAL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "bpf_image.h"
#include "bpf_vm.h"
#include "ir_error.h"

/* The kernel's limits: MAX_BPF_STACK, MAX_CALL_FRAMES, BPF_COMPLEXITY_LIMIT_INSNS. */
#define VM_FRAME_SIZE 512
#define VM_MAX_FRAMES 8
#define VM_MAX_INSNS BPF_IMAGE_INSNS_MAX
/* Ours: all maps of one VM together, and events kept between two clears. */
#define VM_MAP_MEMORY_MAX BPF_VM_MAP_MEMORY_MAX
#define VM_EVENTS_MAX BPF_VM_EVENTS_MAX
/*
 * The program's address space, the VM's own: the context, the stack, each map and
 * each map's values lie at these addresses, which the interpreter translates to the
 * host's memory on every access. No host address reaches a register, a map value, an
 * event or a trace: a program that prints a pointer prints one of these. Each map's
 * values fit below the next (BPF_VM_MAP_MEMORY_MAX is far below 4 GiB).
 */
#define VM_ADDR_CTX 0x0000100000000000ull
#define VM_ADDR_STACK 0x0000200000000000ull	/* the bottom of the deepest frame */
#define VM_ADDR_MAP 0x0000300000000000ull	/* map i (for the map helpers' r1) */
#define VM_ADDR_MAP_STRIDE 0x100ull
#define VM_ADDR_VALUES 0x0000400000000000ull	/* map i's values, at i << 32 above */
#define VM_ADDR_VALUES_SHIFT 32

/* The kernel's buffer for one bpf_trace_printk message, and its argument count. */
#define VM_PRINTK_BUF 1024
#define VM_PRINTK_ARGS 3
/*
 * The most a %s reads: the kernel copies strings into its argument buffer of 512
 * bytes (bpf_bprintf_prepare), so a longer one is cut there.
 */
#define VM_PRINTK_STRING_MAX 512
/*
 * What helpers cost: one instruction of the budget per this many bytes they touch
 * (a map key hashed or compared, a value copied, a format or string walked).
 */
#define VM_HELPER_BYTES_PER_INSN 8

/*
 * Internal operations: one per opcode variant, so that the interpreter dispatches once
 * per instruction with no further decoding (sdiv vs div, movsx widths, byte-swap widths
 * and the call kinds each get their own).
 */
#define VM_ALU_OPS(X, NAME) X(NAME##64_X) X(NAME##64_K) X(NAME##32_X) X(NAME##32_K)
#define VM_JMP_OPS(X, NAME) X(NAME##64_X) X(NAME##64_K) X(NAME##32_X) X(NAME##32_K)
#define VM_OP_LIST(X)							\
	VM_ALU_OPS(X, ADD) VM_ALU_OPS(X, SUB) VM_ALU_OPS(X, MUL)		\
	VM_ALU_OPS(X, DIV) VM_ALU_OPS(X, SDIV) VM_ALU_OPS(X, MOD)		\
	VM_ALU_OPS(X, SMOD) VM_ALU_OPS(X, OR) VM_ALU_OPS(X, AND)		\
	VM_ALU_OPS(X, LSH) VM_ALU_OPS(X, RSH) VM_ALU_OPS(X, ARSH)		\
	VM_ALU_OPS(X, XOR) VM_ALU_OPS(X, MOV)					\
	X(NEG64) X(NEG32)							\
	X(MOVSX8_64) X(MOVSX16_64) X(MOVSX32_64) X(MOVSX8_32) X(MOVSX16_32)	\
	X(LE16) X(LE32) X(LE64) X(BE16) X(BE32) X(BE64)			\
	X(BSWAP16) X(BSWAP32) X(BSWAP64)					\
	X(LDDW)									\
	X(LDXB) X(LDXH) X(LDXW) X(LDXDW) X(LDXSB) X(LDXSH) X(LDXSW)		\
	X(STB) X(STH) X(STW) X(STDW) X(STXB) X(STXH) X(STXW) X(STXDW)		\
	X(ATOMIC32) X(ATOMIC64)							\
	X(JA)									\
	VM_JMP_OPS(X, JEQ) VM_JMP_OPS(X, JGT) VM_JMP_OPS(X, JGE)		\
	VM_JMP_OPS(X, JSET) VM_JMP_OPS(X, JNE) VM_JMP_OPS(X, JSGT)		\
	VM_JMP_OPS(X, JSGE) VM_JMP_OPS(X, JLT) VM_JMP_OPS(X, JLE)		\
	VM_JMP_OPS(X, JSLT) VM_JMP_OPS(X, JSLE)					\
	X(CALL_HELPER) X(CALL_LOCAL) X(EXIT)					\
	X(IMM_HI)	/* second half of an ld_imm64: never executed */	\
	VM_UNCHECKED_OPS(X)							\
	VM_FUSED_OPS(X)

/*
 * Loads and stores whose address vm_decode() proved valid: the base register is r10
 * with the offset inside the frame, or holds, on every path to the access, one constant
 * (from an ld_imm64 or the context pointer in r1 at entry) that points into a map value
 * or the context.
 */
#define VM_UNCHECKED_OPS(X)							\
	X(LDXB_U) X(LDXH_U) X(LDXW_U) X(LDXDW_U) X(LDXSB_U) X(LDXSH_U) X(LDXSW_U)	\
	X(STB_U) X(STH_U) X(STW_U) X(STDW_U) X(STXB_U) X(STXH_U) X(STXW_U) X(STXDW_U)

/*
 * A proven 32-bit load followed by a conditional jump on the register it loaded, as in
 * "r1 = *(u32 *)(r6 + 20); if w1 > w2 goto" (decoders compare each sample with window
 * bounds kept in a map): done by one handler, which compares the value it has just
 * loaded and dispatches once. Only the first instruction's operation changes; the
 * jump stays in its place (a jump may land on it) and gives the fused handler its
 * operands, target and costs.
 */
#define VM_FUSED_JMP_OPS(X, NAME)						\
	X(LDXW_U_##NAME##64_X) X(LDXW_U_##NAME##64_K)				\
	X(LDXW_U_##NAME##32_X) X(LDXW_U_##NAME##32_K)
#define VM_FUSED_OPS(X)								\
	VM_FUSED_JMP_OPS(X, JEQ) VM_FUSED_JMP_OPS(X, JGT) VM_FUSED_JMP_OPS(X, JGE)	\
	VM_FUSED_JMP_OPS(X, JSET) VM_FUSED_JMP_OPS(X, JNE) VM_FUSED_JMP_OPS(X, JSGT)	\
	VM_FUSED_JMP_OPS(X, JSGE) VM_FUSED_JMP_OPS(X, JLT) VM_FUSED_JMP_OPS(X, JLE)	\
	VM_FUSED_JMP_OPS(X, JSLT) VM_FUSED_JMP_OPS(X, JSLE)

#define VM_OP_ENUM(name) VM_OP_##name,
enum vm_op {
	VM_OP_LIST(VM_OP_ENUM)
	VM_OP_MAX,
};
#undef VM_OP_ENUM

/* The helpers we emulate; several kernel ids may map to one. */
enum vm_helper {
	VM_HELPER_MAP_LOOKUP,
	VM_HELPER_MAP_UPDATE,
	VM_HELPER_MAP_DELETE,
	VM_HELPER_MAP_PUSH,
	VM_HELPER_MAP_POP,
	VM_HELPER_MAP_PEEK,
	VM_HELPER_KTIME,
	VM_HELPER_TRACE_PRINTK,
	VM_HELPER_PRANDOM,
	VM_HELPER_RC_REPEAT,
	VM_HELPER_RC_KEYDOWN,
	VM_HELPER_RC_POINTER_REL,
	VM_HELPER_MAX,
};

/* One decoded instruction; index i here is instruction i of the image. */
struct vm_insn {
	/* The interpreter's code for op, set by bpf_vm_new() after decoding. */
	const void *handler;
	uint8_t op;		/* enum vm_op */
	uint8_t dst;
	uint8_t src;
	uint8_t aux;		/* enum vm_helper, or the atomic operation (insn imm) */
	int32_t off;		/* memory offset, or jump/call displacement */
	uint64_t imm;		/* imm sign-extended to 64 bits, or ld_imm64's value */
	union {
		/* Jumps and local calls: the instruction they go to (set after decoding). */
		const struct vm_insn *target;
		/*
		 * Proven loads and stores (VM_UNCHECKED_OPS): off plus the host address
		 * of what they touch minus its VM address, the same for every run.
		 */
		uint64_t delta;
	};
	/*
	 * Instructions from this one to the end of its straight run (the next jump, local
	 * call or exit, this one included; an ld_imm64 counts one): the interpreter counts
	 * a run where it enters it, not each instruction. A jump carries the cost of the
	 * runs it may enter, so that it need not wait for the load of the next instruction.
	 */
	uint32_t cost;
	uint32_t target_cost;	/* jumps and local calls: target->cost */
	uint32_t next_cost;	/* conditional jumps: the next instruction's cost */
};

struct vm_map {
	char name[BPF_IMAGE_NAME_MAX];
	uint32_t type;
	uint32_t key_size;
	uint32_t value_size;
	uint32_t max_entries;
	bool is_hash;
	bool is_queue;		/* BPF_MAP_TYPE_QUEUE: a ring of count values from head */
	bool frozen;		/* userspace may not update it (.rodata after creation) */
	bool prog_read_only;	/* the program may not write it (frozen or BPF_F_RDONLY_PROG) */
	uint8_t *initial_value;	/* value_size bytes for element 0, or NULL */
	/*
	 * Values, each at a power-of-two stride so that "which element, which offset"
	 * is a mask, not a division, in the memory check.
	 */
	uint8_t *values;
	size_t stride;
	size_t values_size;	/* max_entries * stride */
	/* Hash maps: slot i holds keys[i * key_size] and values[i * stride]. */
	uint8_t *keys;
	uint32_t *next;		/* chain (used slots) or free list (free slots) */
	uint32_t *buckets;
	uint32_t bucket_mask;
	uint32_t hash_seed;	/* random: see hash_key() in bpf_vm_map.c */
	uint32_t free_head;
	uint32_t count;		/* hash: keys used; queue: values queued */
	uint32_t head;		/* queue: the oldest value's slot */
};

#define VM_SLOT_NONE UINT32_MAX

/* A range of memory the program may use: map values (the context and stack are apart). */
struct vm_region {
	uint64_t start;		/* a VM address (VM_ADDR_VALUES) */
	uint8_t *host;		/* where start is in the host's memory */
	uintptr_t size;		/* max_entries * stride */
	uintptr_t stride_mask;
	uint32_t value_size;
	bool writable;
	const struct vm_map *map;
};

struct vm_frame {
	const struct vm_insn *ret;
	uint64_t saved[5];	/* r6-r9 and r10 of the caller */
};

struct bpf_vm {
	/*
	 * The sample, read-only to the program. Kept apart from the stack (which is last)
	 * so that an address near one is never described as near the other.
	 */
	uint32_t ctx;
	struct vm_insn *insns;
	size_t insn_count;
	struct vm_map *maps;
	size_t map_count;
	struct vm_region *regions;
	size_t region_count;

	/* VM addresses (VM_ADDR_STACK), and the host's address of the stack minus it. */
	uint64_t stack_top;
	uint64_t stack_lo;
	uint64_t stack_delta;

	uint64_t budget;
	/*
	 * Instructions since the last reset, and their limit (0: none): the budget of a
	 * whole replay, whatever the capture's length.
	 */
	uint64_t total_budget;
	uint64_t total_used;
	bool budget_is_total;	/* the run at hand is limited by total_budget */
	/*
	 * Set by the interpreter before each helper call: what is left of the budget, and
	 * what the helper has charged to it (added to the count when it returns).
	 */
	uint64_t helper_budget;
	uint64_t helper_charged;
	uint64_t insn_count_last;
	uint64_t return_value;
	uint64_t clock_ns;
	uint64_t prng_state;

	struct bpf_vm_event *events;
	size_t event_count;
	size_t event_capacity;
	uint32_t run_event_limit;	/* events kept per run, 0: no limit but VM_EVENTS_MAX */
	uint32_t run_event_count;	/* events reported by the run at hand */
	uint64_t events_dropped;	/* since the last reset */

	void (*trace)(void *user, const char *message);
	void *trace_user;

	/*
	 * The stack of all frames: frame k (0 = the program) spans
	 * [top - (k + 1) * VM_FRAME_SIZE, top - k * VM_FRAME_SIZE). Only active frames
	 * are accessible: [stack_lo, top).
	 */
	uint64_t stack_words[VM_MAX_FRAMES * VM_FRAME_SIZE / 8];
};

/* bpf_vm_decode.c: static checks and decoding of the image's instructions. */
int vm_decode(struct bpf_vm *vm, const struct bpf_image *image, struct ir_error *err);
const char *vm_op_name(enum vm_op op);

/* bpf_vm_map.c */
int vm_map_init(struct vm_map *map, const struct bpf_map_spec *spec, size_t *memory_used,
		struct ir_error *err);
void vm_map_fini(struct vm_map *map);
void vm_map_reset(struct vm_map *map);
void *vm_map_lookup(struct vm_map *map, const void *key);
int vm_map_update(struct vm_map *map, const void *key, const void *value, uint64_t flags);
int vm_map_delete(struct vm_map *map, const void *key);
/*
 * Queue maps, with the kernel's semantics: push appends (full: -E2BIG, or with
 * BPF_EXIST the oldest value dropped; other flags -EINVAL); pop takes the oldest
 * (remove) or peeks at it; -ENOENT when empty.
 */
int vm_map_push(struct vm_map *map, const void *value, uint64_t flags);
int vm_map_pop(struct vm_map *map, void *ret_value, bool remove);

/* bpf_vm.c: memory checks shared with the helpers, on VM addresses. */
/*
 * The host's address of [addr, addr + size) when it lies in one map value or is the
 * context, which never move (for good, then), or NULL.
 */
void *vm_fixed_translate(const struct bpf_vm *vm, uint64_t addr, uint64_t size, bool write);
/* The host's address of [addr, addr + size) in the frames in use, a value or the context. */
void *vm_translate(const struct bpf_vm *vm, uint64_t addr, uint64_t size, bool write);
/* The VM address of a map value the helpers found (host is inside map's values). */
uint64_t vm_value_address(const struct bpf_vm *vm, const struct vm_map *map,
			  const void *host);
/* Readable bytes from addr to the end of its element (0 if addr is not readable). */
size_t vm_readable_extent(const struct bpf_vm *vm, uint64_t addr, const uint8_t **ret_host);
void vm_describe_address(const struct bpf_vm *vm, uint64_t addr, char *buf, size_t size);

/* bpf_vm_helper.c */
int vm_call_helper(struct bpf_vm *vm, enum vm_helper helper, uint64_t *reg,
		   struct ir_error *err);
int vm_helper_from_id(int32_t id);	/* enum vm_helper, or -ENOSYS */

/* bpf_vm_printk.c: bpf_trace_printk's formatting, as the kernel does it. */
/*
 * The message of bpf_trace_printk(fmt, args), or -EINVAL for a format the kernel
 * refuses. With out NULL, the format is only checked (nothing read, 0 returned): for a
 * VM whose trace goes nowhere. *ret_read counts the bytes of memory read for strings
 * and addresses, for the helper's charge.
 */
int vm_printk_format(const struct bpf_vm *vm, const char *fmt, const uint64_t *args,
		     char *out, size_t out_size, size_t *ret_read);

#endif
