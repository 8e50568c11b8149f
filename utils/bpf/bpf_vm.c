// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The userspace eBPF interpreter: creation and reset of a VM, its memory checks, and the
 * dispatch loop.
 *
 * Registers hold addresses of the VM's own address space (bpf_vm_internal.h) and
 * scalars alike; memory safety comes from translating and checking every access against
 * the few ranges a program may touch: the active stack frames, the 4-byte context
 * (read-only, read whole) and the map values (each element apart, read-only maps apart). Programs are decoded and checked once by vm_decode(), so the loop below
 * trusts opcodes, registers and jump targets and checks only what depends on run-time
 * values: addresses, the instruction budget and the call depth.
 */
#include "config.h"

#include <endian.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <linux/lirc.h>

#include "bpf_vm_internal.h"
#include "nls.h"

/* The kernel's limit on maps used by one program (MAX_USED_MAPS). */
#define VM_MAX_MAPS BPF_VM_MAPS_MAX
#define VM_PRNG_SEED 0x69726b6974564d31ull

#define likely(x) __builtin_expect(!!(x), 1)
#define unlikely(x) __builtin_expect(!!(x), 0)

static uint64_t stack_base(const struct bpf_vm *vm)
{
	(void)vm;
	return VM_ADDR_STACK;
}

/*
 * Anything but the stack: map values, then the context. Inlined into every load and
 * store of the interpreter, where size and write are constants: decoders touch their
 * state in a map value on nearly every sample.
 */
static inline __attribute__((always_inline)) void *
translate_other(const struct bpf_vm *vm, uint64_t addr, uint64_t size, bool write)
{
	const struct vm_region *region;
	uint64_t off;
	size_t i;

	for (i = 0; i < vm->region_count; i++) {
		region = &vm->regions[i];
		off = addr - region->start;
		if (off >= region->size)
			continue;
		if ((off & region->stride_mask) + size <= region->value_size &&
		    (region->writable || !write))
			return region->host + off;
		return NULL;
	}
	if (addr == VM_ADDR_CTX && size == sizeof(vm->ctx) && !write)
		return (void *)&vm->ctx;
	return NULL;
}

void *vm_fixed_translate(const struct bpf_vm *vm, uint64_t addr, uint64_t size, bool write)
{
	/* Map values and the context never move for the life of the VM; the stack does. */
	return size ? translate_other(vm, addr, size, write) : NULL;
}

void *vm_translate(const struct bpf_vm *vm, uint64_t addr, uint64_t size, bool write)
{
	uint64_t span = vm->stack_top - vm->stack_lo;

	if (size == 0)
		return NULL;
	if (size <= span && addr - vm->stack_lo <= span - size)
		return (void *)(uintptr_t)(addr + vm->stack_delta);
	return translate_other(vm, addr, size, write);
}

uint64_t vm_value_address(const struct bpf_vm *vm, const struct vm_map *map,
			  const void *host)
{
	const struct vm_region *region = &vm->regions[map - vm->maps];

	return region->start + (uint64_t)((const uint8_t *)host - region->host);
}

size_t vm_readable_extent(const struct bpf_vm *vm, uint64_t addr, const uint8_t **ret_host)
{
	const struct vm_region *region;
	uint64_t off;
	size_t i;

	*ret_host = (const uint8_t *)"";	/* nothing readable: 0 bytes at a valid place */
	if (addr - vm->stack_lo < vm->stack_top - vm->stack_lo) {
		*ret_host = (const uint8_t *)(uintptr_t)(addr + vm->stack_delta);
		return vm->stack_top - addr;
	}
	if (addr == VM_ADDR_CTX) {
		*ret_host = (const uint8_t *)&vm->ctx;
		return sizeof(vm->ctx);
	}
	for (i = 0; i < vm->region_count; i++) {
		region = &vm->regions[i];
		off = addr - region->start;
		if (off < region->size && (off & region->stride_mask) < region->value_size) {
			*ret_host = region->host + off;
			return region->value_size - (off & region->stride_mask);
		}
	}
	return 0;
}

enum vm_place {
	VM_PLACE_CONTEXT,
	VM_PLACE_STACK,
	VM_PLACE_MAP,
	VM_PLACE_NULL,
	VM_PLACE_NOWHERE,
	VM_PLACE_MAX,
};

/* How far addr is from [start, start + size): 0 inside. */
static uint64_t distance(uint64_t addr, uint64_t start, uint64_t size)
{
	if (addr < start)
		return start - addr;
	return addr - start < size ? 0 : addr - start - size + 1;
}

/*
 * For messages only: what addr was meant to point into, the nearest of the context,
 * the stack and the map values, within a plausible distance of each.
 */
static enum vm_place place_of(const struct bpf_vm *vm, uint64_t addr,
			      const struct vm_region **ret_region)
{
	enum vm_place place = VM_PLACE_NOWHERE;
	uint64_t best = UINT64_MAX, d;
	size_t i;

	d = distance(addr, VM_ADDR_CTX, sizeof(vm->ctx));
	if (d <= 16 && d < best) {
		best = d;
		place = VM_PLACE_CONTEXT;
	}
	d = distance(addr, stack_base(vm), sizeof(vm->stack_words));
	if (d <= 65536 && d < best) {
		best = d;
		place = VM_PLACE_STACK;
	}
	for (i = 0; i < vm->region_count; i++) {
		d = distance(addr, vm->regions[i].start, vm->regions[i].size);
		if (d <= 4096 && d < best) {
			best = d;
			place = VM_PLACE_MAP;
			*ret_region = &vm->regions[i];
		}
	}
	if (place == VM_PLACE_NOWHERE && addr < 65536)
		place = VM_PLACE_NULL;
	return place;
}

void vm_describe_address(const struct bpf_vm *vm, uint64_t addr, char *buf, size_t size)
{
	const struct vm_region *region = NULL;
	uint64_t off;

	switch (place_of(vm, addr, &region)) {
	case VM_PLACE_CONTEXT:
		snprintf(buf, size, _("context%+lld"), (long long)(addr - VM_ADDR_CTX));
		break;
	case VM_PLACE_STACK:
		snprintf(buf, size, _("stack fp%+lld"),
			 (long long)(addr - (vm->stack_lo + VM_FRAME_SIZE)));
		break;
	case VM_PLACE_MAP:
		off = addr - region->start;
		if (off < region->size)
			snprintf(buf, size, _("map '%s' element %llu offset %llu"),
				 region->map->name,
				 (unsigned long long)(off / (region->stride_mask + 1)),
				 (unsigned long long)(off & region->stride_mask));
		else
			snprintf(buf, size, _("map '%s' value%+lld"), region->map->name,
				 (long long)off);
		break;
	case VM_PLACE_NULL:
		snprintf(buf, size, _("address 0x%llx, a null pointer"),
			 (unsigned long long)addr);
		break;
	default:
		snprintf(buf, size, _("address 0x%llx"), (unsigned long long)addr);
		break;
	}
}

static const char *access_problem(const struct bpf_vm *vm, uint64_t addr, bool write)
{
	const struct vm_region *region = NULL;

	switch (place_of(vm, addr, &region)) {
	case VM_PLACE_CONTEXT:
		return write ? _("the context is read-only") :
			_("the context is read only as one 4-byte word");
	case VM_PLACE_STACK:
		return _("outside the stack frames in use");
	case VM_PLACE_MAP:
		if (write && !region->writable && addr - region->start < region->size)
			return _("the map is read-only to the program");
		return _("outside the map's value");
	default:
		return _("not in any memory the program may use");
	}
}

static int memory_fault(const struct bpf_vm *vm, const struct vm_insn *insn, uint64_t addr,
			unsigned int size, bool write, struct ir_error *err)
{
	char where[160];

	vm_describe_address(vm, addr, where, sizeof(where));
	ir_error_set(err, write ? _("instruction %zu (%s): write of %u bytes at %s: %s") :
		     _("instruction %zu (%s): read of %u bytes at %s: %s"),
		     (size_t)(insn - vm->insns), vm_op_name(insn->op), size, where,
		     access_problem(vm, addr, write));
	return -EFAULT;
}

static inline uint64_t add64(uint64_t a, uint64_t b) { return a + b; }
static inline uint64_t add32(uint64_t a, uint64_t b) { return (uint32_t)(a + b); }
static inline uint64_t sub64(uint64_t a, uint64_t b) { return a - b; }
static inline uint64_t sub32(uint64_t a, uint64_t b) { return (uint32_t)(a - b); }
static inline uint64_t mul64(uint64_t a, uint64_t b) { return a * b; }
static inline uint64_t mul32(uint64_t a, uint64_t b) { return (uint32_t)((uint32_t)a * (uint32_t)b); }
static inline uint64_t or64(uint64_t a, uint64_t b) { return a | b; }
static inline uint64_t or32(uint64_t a, uint64_t b) { return (uint32_t)(a | b); }
static inline uint64_t and64(uint64_t a, uint64_t b) { return a & b; }
static inline uint64_t and32(uint64_t a, uint64_t b) { return (uint32_t)(a & b); }
static inline uint64_t xor64(uint64_t a, uint64_t b) { return a ^ b; }
static inline uint64_t xor32(uint64_t a, uint64_t b) { return (uint32_t)(a ^ b); }
static inline uint64_t mov64(uint64_t a, uint64_t b) { (void)a; return b; }
static inline uint64_t mov32(uint64_t a, uint64_t b) { (void)a; return (uint32_t)b; }
static inline uint64_t lsh64(uint64_t a, uint64_t b) { return a << (b & 63); }
static inline uint64_t lsh32(uint64_t a, uint64_t b) { return (uint32_t)((uint32_t)a << (b & 31)); }
static inline uint64_t rsh64(uint64_t a, uint64_t b) { return a >> (b & 63); }
static inline uint64_t rsh32(uint64_t a, uint64_t b) { return (uint32_t)a >> (b & 31); }

/* Right shifts of negative values are arithmetic with GCC and clang. */
static inline uint64_t arsh64(uint64_t a, uint64_t b)
{
	return (uint64_t)((int64_t)a >> (b & 63));
}

static inline uint64_t arsh32(uint64_t a, uint64_t b)
{
	return (uint32_t)((int32_t)(uint32_t)a >> (b & 31));
}

/* Division by zero gives 0, modulo by zero leaves dst (zero-extended for 32 bits). */
static inline uint64_t div64(uint64_t a, uint64_t b) { return b ? a / b : 0; }
static inline uint64_t mod64(uint64_t a, uint64_t b) { return b ? a % b : a; }

static inline uint64_t div32(uint64_t a, uint64_t b)
{
	return (uint32_t)b ? (uint32_t)a / (uint32_t)b : 0;
}

static inline uint64_t mod32(uint64_t a, uint64_t b)
{
	return (uint32_t)b ? (uint32_t)a % (uint32_t)b : (uint32_t)a;
}

/* Signed: dividing the most negative value by -1 wraps (it is UB in C: done apart). */
static inline uint64_t sdiv64(uint64_t a, uint64_t b)
{
	if (b == 0)
		return 0;
	if ((int64_t)b == -1)
		return 0 - a;
	return (uint64_t)((int64_t)a / (int64_t)b);
}

static inline uint64_t smod64(uint64_t a, uint64_t b)
{
	if (b == 0)
		return a;
	if ((int64_t)b == -1)
		return 0;
	return (uint64_t)((int64_t)a % (int64_t)b);
}

static inline uint64_t sdiv32(uint64_t a, uint64_t b)
{
	if ((uint32_t)b == 0)
		return 0;
	if ((int32_t)b == -1)
		return (uint32_t)(0 - (uint32_t)a);
	return (uint32_t)((int32_t)a / (int32_t)b);
}

static inline uint64_t smod32(uint64_t a, uint64_t b)
{
	if ((uint32_t)b == 0)
		return (uint32_t)a;
	if ((int32_t)b == -1)
		return 0;
	return (uint32_t)((int32_t)a % (int32_t)b);
}

static inline uint64_t atomic_apply(uint8_t operation, uint64_t old, uint64_t src,
				    uint64_t r0, bool *ret_store)
{
	*ret_store = true;
	switch (operation) {
	case BPF_ADD: case BPF_ADD | BPF_FETCH: return old + src;
	case BPF_OR: case BPF_OR | BPF_FETCH: return old | src;
	case BPF_AND: case BPF_AND | BPF_FETCH: return old & src;
	case BPF_XOR: case BPF_XOR | BPF_FETCH: return old ^ src;
	case BPF_XCHG: return src;
	default:	/* BPF_CMPXCHG */
		*ret_store = old == r0;
		return src;
	}
}

/*
 * Run the program on vm->ctx; or, with thread_only, only store in every instruction
 * the address of its operation's code, so that dispatching is one indirect jump
 * through the instruction (labels are local to this function).
 */
static int vm_exec(struct bpf_vm *vm, bool thread_only, uint64_t budget,
		   struct ir_error *err)
{
#define VM_OP_LABEL(name) [VM_OP_##name] = &&op_##name,
	static const void *const labels[VM_OP_MAX] = { VM_OP_LIST(VM_OP_LABEL) };
#undef VM_OP_LABEL
	const struct vm_insn *insn = vm->insns;
	struct vm_frame frames[VM_MAX_FRAMES];
	uint64_t reg[11];
	uint64_t count = 0;
	uint64_t fault_addr = 0;
	unsigned int fault_size = 0, depth = 0;
	bool fault_write = false;
	uint64_t stack_lo = vm->stack_top - VM_FRAME_SIZE;
	uint64_t stack_span = VM_FRAME_SIZE;
	const uint64_t stack_delta = vm->stack_delta;
	int ret;

	if (unlikely(thread_only)) {
		size_t i;

		for (i = 0; i < vm->insn_count; i++)
			vm->insns[i].handler = labels[vm->insns[i].op];
		return 0;
	}
	vm->stack_lo = stack_lo;
	/* One by one: an initializer becomes a rep stos, slow to start for 88 bytes. */
	reg[0] = 0;
	reg[1] = VM_ADDR_CTX;
	reg[2] = 0;
	reg[3] = 0;
	reg[4] = 0;
	reg[5] = 0;
	reg[6] = 0;
	reg[7] = 0;
	reg[8] = 0;
	reg[9] = 0;
	reg[10] = vm->stack_top;

#define DST reg[insn->dst]
#define SRC reg[insn->src]
#define IMM insn->imm
/*
 * count grows by a whole straight run where one is entered (struct vm_insn's cost):
 * where a jump, call or exit checks it against the budget, it holds exactly the
 * instructions executed so far, this one included.
 */
#define DISPATCH() goto *insn->handler
#define NEXT() do { insn++; DISPATCH(); } while (0)
#define ENTER_RUN() do { count += insn->cost; DISPATCH(); } while (0)
#define NEXT_RUN() do { count += insn->next_cost; insn++; DISPATCH(); } while (0)
#define JUMP() do {							\
		if (unlikely(count > budget))				\
			goto out_of_budget;				\
		count += insn->target_cost;				\
		insn = insn->target;					\
		DISPATCH();						\
	} while (0)
/* The host address of size bytes at VM address addr, or a jump to the fault report. */
#define MEM(addr_expr, size, write) ({						\
		uint64_t addr_ = (addr_expr);					\
		void *host_ = (void *)(uintptr_t)(addr_ + stack_delta);		\
		if (unlikely(addr_ - stack_lo > stack_span - (size))) {		\
			host_ = translate_other(vm, addr_, (size), (write));	\
			if (!host_) {						\
				fault_addr = addr_;				\
				fault_size = (size);				\
				fault_write = (write);				\
				goto fault;					\
			}							\
		}								\
		host_;								\
	})
#define ADDR(base) ((base) + (uint64_t)(int64_t)insn->off)
#define ALU(NAME, F64, F32)							\
	op_##NAME##64_X: DST = F64(DST, SRC); NEXT();				\
	op_##NAME##64_K: DST = F64(DST, IMM); NEXT();				\
	op_##NAME##32_X: DST = F32(DST, SRC); NEXT();				\
	op_##NAME##32_K: DST = F32(DST, IMM); NEXT();
#define JMP(NAME, OP, T64, T32)							\
	op_##NAME##64_X: if ((T64)DST OP (T64)SRC) JUMP(); NEXT_RUN();		\
	op_##NAME##64_K: if ((T64)DST OP (T64)IMM) JUMP(); NEXT_RUN();		\
	op_##NAME##32_X: if ((T32)DST OP (T32)SRC) JUMP(); NEXT_RUN();		\
	op_##NAME##32_K: if ((T32)DST OP (T32)IMM) JUMP(); NEXT_RUN();
#define LOAD(NAME, TYPE, EXTEND)						\
	op_##NAME: {								\
		TYPE value_;							\
		memcpy(&value_, MEM(ADDR(SRC), sizeof(TYPE), false), sizeof(TYPE)); \
		DST = (EXTEND)value_;						\
		NEXT();								\
	}
#define STORE(NAME, TYPE, VALUE)						\
	op_##NAME: {								\
		TYPE value_ = (TYPE)(VALUE);					\
		memcpy(MEM(ADDR(DST), sizeof(TYPE), true), &value_, sizeof(TYPE)); \
		NEXT();								\
	}
/*
 * A proven 32-bit load and the jump after it on the loaded register (VM_FUSED_OPS):
 * the value is compared as loaded, then the jump's own code goes on from the jump.
 */
#define FUSED(NAME, OP, T64, T32)						\
	op_LDXW_U_##NAME##64_X: { FUSED_LOAD(); if ((T64)v_ OP (T64)SRC) JUMP(); NEXT_RUN(); } \
	op_LDXW_U_##NAME##64_K: { FUSED_LOAD(); if ((T64)v_ OP (T64)IMM) JUMP(); NEXT_RUN(); } \
	op_LDXW_U_##NAME##32_X: { FUSED_LOAD(); if ((T32)v_ OP (T32)SRC) JUMP(); NEXT_RUN(); } \
	op_LDXW_U_##NAME##32_K: { FUSED_LOAD(); if ((T32)v_ OP (T32)IMM) JUMP(); NEXT_RUN(); }
#define FUSED_LOAD()								\
		uint32_t v_;							\
		memcpy(&v_, (const void *)(uintptr_t)(SRC + insn->delta), sizeof(v_));	\
		DST = v_;							\
		insn++
/*
 * vm_decode() checked the address once and for all; delta holds the offset and the
 * translation to the host's memory together, one addition.
 */
#define LOAD_U(NAME, TYPE, EXTEND)						\
	op_##NAME##_U: {							\
		TYPE value_;							\
		memcpy(&value_, (const void *)(uintptr_t)(SRC + insn->delta), sizeof(TYPE)); \
		DST = (EXTEND)value_;						\
		NEXT();								\
	}
#define STORE_U(NAME, TYPE, VALUE)						\
	op_##NAME##_U: {							\
		TYPE value_ = (TYPE)(VALUE);					\
		memcpy((void *)(uintptr_t)(DST + insn->delta), &value_, sizeof(TYPE));	\
		NEXT();								\
	}
#define ATOMIC(NAME, TYPE)							\
	op_##NAME: {								\
		uint8_t *target_ = MEM(ADDR(DST), sizeof(TYPE), true);		\
		TYPE old_, new_;						\
		bool store_;							\
		if (unlikely((uintptr_t)target_ % sizeof(TYPE)))			\
			goto misaligned;					\
		memcpy(&old_, target_, sizeof(TYPE));				\
		new_ = (TYPE)atomic_apply(insn->aux, old_, (TYPE)SRC, (TYPE)reg[0], \
					  &store_);				\
		if (store_)							\
			memcpy(target_, &new_, sizeof(TYPE));			\
		if (insn->aux == BPF_CMPXCHG)					\
			reg[0] = old_;						\
		else if (insn->aux & BPF_FETCH)					\
			SRC = old_;						\
		NEXT();								\
	}

	ENTER_RUN();

	ALU(ADD, add64, add32)
	ALU(SUB, sub64, sub32)
	ALU(MUL, mul64, mul32)
	ALU(DIV, div64, div32)
	ALU(SDIV, sdiv64, sdiv32)
	ALU(MOD, mod64, mod32)
	ALU(SMOD, smod64, smod32)
	ALU(OR, or64, or32)
	ALU(AND, and64, and32)
	ALU(LSH, lsh64, lsh32)
	ALU(RSH, rsh64, rsh32)
	ALU(ARSH, arsh64, arsh32)
	ALU(XOR, xor64, xor32)
	ALU(MOV, mov64, mov32)
op_NEG64: DST = 0 - DST; NEXT();
op_NEG32: DST = (uint32_t)(0 - (uint32_t)DST); NEXT();
op_MOVSX8_64: DST = (uint64_t)(int64_t)(int8_t)SRC; NEXT();
op_MOVSX16_64: DST = (uint64_t)(int64_t)(int16_t)SRC; NEXT();
op_MOVSX32_64: DST = (uint64_t)(int64_t)(int32_t)SRC; NEXT();
op_MOVSX8_32: DST = (uint32_t)(int32_t)(int8_t)SRC; NEXT();
op_MOVSX16_32: DST = (uint32_t)(int32_t)(int16_t)SRC; NEXT();
op_LE16: DST = htole16((uint16_t)DST); NEXT();
op_LE32: DST = htole32((uint32_t)DST); NEXT();
op_LE64: DST = htole64(DST); NEXT();
op_BE16: DST = htobe16((uint16_t)DST); NEXT();
op_BE32: DST = htobe32((uint32_t)DST); NEXT();
op_BE64: DST = htobe64(DST); NEXT();
op_BSWAP16: DST = __builtin_bswap16((uint16_t)DST); NEXT();
op_BSWAP32: DST = __builtin_bswap32((uint32_t)DST); NEXT();
op_BSWAP64: DST = __builtin_bswap64(DST); NEXT();
op_LDDW: DST = IMM; insn += 2; DISPATCH();
	LOAD(LDXB, uint8_t, uint64_t)
	LOAD(LDXH, uint16_t, uint64_t)
	LOAD(LDXW, uint32_t, uint64_t)
	LOAD(LDXDW, uint64_t, uint64_t)
	LOAD(LDXSB, int8_t, int64_t)
	LOAD(LDXSH, int16_t, int64_t)
	LOAD(LDXSW, int32_t, int64_t)
	STORE(STB, uint8_t, IMM)
	STORE(STH, uint16_t, IMM)
	STORE(STW, uint32_t, IMM)
	STORE(STDW, uint64_t, IMM)
	STORE(STXB, uint8_t, SRC)
	STORE(STXH, uint16_t, SRC)
	STORE(STXW, uint32_t, SRC)
	STORE(STXDW, uint64_t, SRC)
	LOAD_U(LDXB, uint8_t, uint64_t)
	LOAD_U(LDXH, uint16_t, uint64_t)
	LOAD_U(LDXW, uint32_t, uint64_t)
	LOAD_U(LDXDW, uint64_t, uint64_t)
	LOAD_U(LDXSB, int8_t, int64_t)
	LOAD_U(LDXSH, int16_t, int64_t)
	LOAD_U(LDXSW, int32_t, int64_t)
	STORE_U(STB, uint8_t, IMM)
	STORE_U(STH, uint16_t, IMM)
	STORE_U(STW, uint32_t, IMM)
	STORE_U(STDW, uint64_t, IMM)
	STORE_U(STXB, uint8_t, SRC)
	STORE_U(STXH, uint16_t, SRC)
	STORE_U(STXW, uint32_t, SRC)
	STORE_U(STXDW, uint64_t, SRC)
	ATOMIC(ATOMIC32, uint32_t)
	ATOMIC(ATOMIC64, uint64_t)
op_JA: JUMP();
	JMP(JEQ, ==, uint64_t, uint32_t)
	JMP(JGT, >, uint64_t, uint32_t)
	JMP(JGE, >=, uint64_t, uint32_t)
	JMP(JSET, &, uint64_t, uint32_t)
	JMP(JNE, !=, uint64_t, uint32_t)
	JMP(JSGT, >, int64_t, int32_t)
	JMP(JSGE, >=, int64_t, int32_t)
	JMP(JLT, <, uint64_t, uint32_t)
	JMP(JLE, <=, uint64_t, uint32_t)
	JMP(JSLT, <, int64_t, int32_t)
	JMP(JSLE, <=, int64_t, int32_t)
	FUSED(JEQ, ==, uint64_t, uint32_t)
	FUSED(JGT, >, uint64_t, uint32_t)
	FUSED(JGE, >=, uint64_t, uint32_t)
	FUSED(JSET, &, uint64_t, uint32_t)
	FUSED(JNE, !=, uint64_t, uint32_t)
	FUSED(JSGT, >, int64_t, int32_t)
	FUSED(JSGE, >=, int64_t, int32_t)
	FUSED(JLT, <, uint64_t, uint32_t)
	FUSED(JLE, <=, uint64_t, uint32_t)
	FUSED(JSLT, <, int64_t, int32_t)
	FUSED(JSLE, <=, int64_t, int32_t)
op_CALL_HELPER:
	/* What the helper touches comes out of the same budget (vm_call_helper()). */
	vm->helper_budget = count < budget ? budget - count : 0;
	vm->helper_charged = 0;
	ret = vm_call_helper(vm, insn->aux, reg, err);
	count += vm->helper_charged;
	if (unlikely(ret < 0))
		goto helper_failed;
	NEXT();
op_CALL_LOCAL:
	if (unlikely(depth + 1 >= VM_MAX_FRAMES))
		goto too_deep;
	if (unlikely(count > budget))
		goto out_of_budget;
	frames[depth].ret = insn + 1;
	memcpy(frames[depth].saved, &reg[6], sizeof(frames[depth].saved));
	depth++;
	reg[10] -= VM_FRAME_SIZE;
	stack_lo -= VM_FRAME_SIZE;
	stack_span += VM_FRAME_SIZE;
	vm->stack_lo = stack_lo;
	count += insn->target_cost;
	insn = insn->target;
	DISPATCH();
op_EXIT:
	if (unlikely(count > budget))
		goto out_of_budget;
	if (depth == 0)
		goto done;
	depth--;
	memcpy(&reg[6], frames[depth].saved, sizeof(frames[depth].saved));
	stack_lo += VM_FRAME_SIZE;
	stack_span -= VM_FRAME_SIZE;
	vm->stack_lo = stack_lo;
	insn = frames[depth].ret;
	ENTER_RUN();
op_IMM_HI:
	/* vm_decode() makes this unreachable. */
	ir_error_set(err, _("instruction %zu: executed the second half of an ld_imm64"),
		     (size_t)(insn - vm->insns));
	ret = -EINVAL;
	goto out;

#undef DST
#undef SRC
#undef IMM
#undef DISPATCH
#undef NEXT
#undef ENTER_RUN
#undef NEXT_RUN
#undef JUMP
#undef MEM
#undef ADDR
#undef ALU
#undef JMP
#undef LOAD
#undef STORE
#undef LOAD_U
#undef STORE_U
#undef ATOMIC
#undef FUSED
#undef FUSED_LOAD

done:
	vm->return_value = reg[0];
	ret = 0;
	goto out;
fault:
	ret = memory_fault(vm, insn, fault_addr, fault_size, fault_write, err);
	goto out;
misaligned:
	ir_error_set(err, _("instruction %zu (%s): misaligned atomic access"),
		     (size_t)(insn - vm->insns), vm_op_name(insn->op));
	ret = -EFAULT;
	goto out;
helper_failed:
	ir_error_prefix(err, _("instruction %zu"), (size_t)(insn - vm->insns));
	goto out;
too_deep:
	ir_error_set(err, _("instruction %zu: call nested deeper than %d frames"),
		     (size_t)(insn - vm->insns), VM_MAX_FRAMES);
	ret = -E2BIG;
	goto out;
out_of_budget:
	if (vm->budget_is_total)
		ir_error_set(err, _("instruction %zu: more than %llu instructions executed "
				    "since the start"), (size_t)(insn - vm->insns),
			     (unsigned long long)vm->total_budget);
	else
		ir_error_set(err, _("instruction %zu: more than %llu instructions executed "
				    "for one sample"), (size_t)(insn - vm->insns),
			     (unsigned long long)budget);
	ret = -E2BIG;
out:
	/* The run of the instruction that stopped was counted whole: only up to it ran. */
	vm->insn_count_last = count - (insn->cost - 1);
	vm->stack_lo = vm->stack_top - VM_FRAME_SIZE;
	return ret;
}

static void reset_state(struct bpf_vm *vm)
{
	size_t i;

	for (i = 0; i < vm->map_count; i++)
		vm_map_reset(&vm->maps[i]);
	memset(vm->stack_words, 0, sizeof(vm->stack_words));
	vm->stack_lo = vm->stack_top - VM_FRAME_SIZE;
	vm->ctx = 0;
	vm->insn_count_last = 0;
	vm->return_value = 0;
	vm->clock_ns = 0;
	vm->prng_state = VM_PRNG_SEED;
	vm->event_count = 0;
	vm->events_dropped = 0;
	vm->total_used = 0;
}

static int create_maps(struct bpf_vm *vm, const struct bpf_image *image, struct ir_error *err)
{
	size_t memory = 0, i;
	int ret;

	if (image->map_count > VM_MAX_MAPS) {
		ir_error_set(err, _("the program uses %zu maps, more than %d"), image->map_count,
			     VM_MAX_MAPS);
		return -E2BIG;
	}
	if (image->map_count && !image->maps) {
		ir_error_set(err, _("the image has %zu maps but no map specifications"),
			     image->map_count);
		return -EINVAL;
	}
	if (!image->map_count)
		return 0;
	vm->maps = calloc(image->map_count, sizeof(*vm->maps));
	vm->regions = calloc(image->map_count, sizeof(*vm->regions));
	if (!vm->maps || !vm->regions) {
		ir_error_set(err, _("out of memory"));
		return -ENOMEM;
	}
	for (i = 0; i < image->map_count; i++) {
		ret = vm_map_init(&vm->maps[i], &image->maps[i], &memory, err);
		if (ret < 0)
			return ret;
		vm->map_count++;
		vm->regions[i] = (struct vm_region) {
			.start = VM_ADDR_VALUES + ((uint64_t)i << VM_ADDR_VALUES_SHIFT),
			.host = vm->maps[i].values,
			.size = vm->maps[i].values_size,
			.stride_mask = vm->maps[i].stride - 1,
			.value_size = vm->maps[i].value_size,
			.writable = !vm->maps[i].prog_read_only,
			.map = &vm->maps[i],
		};
	}
	vm->region_count = vm->map_count;
	return 0;
}

int bpf_vm_new(const struct bpf_image *image, struct bpf_vm **ret_vm, struct ir_error *err)
{
	struct bpf_vm *vm;
	int ret;

	if (!image) {
		ir_error_set(err, _("no program image"));
		return -EINVAL;
	}
	vm = calloc(1, sizeof(*vm));
	if (!vm) {
		ir_error_set(err, _("out of memory"));
		return -ENOMEM;
	}
	vm->stack_top = VM_ADDR_STACK + sizeof(vm->stack_words);
	vm->stack_delta = (uint64_t)(uintptr_t)vm->stack_words - VM_ADDR_STACK;
	vm->budget = BPF_VM_DEFAULT_INSN_BUDGET;
	ret = create_maps(vm, image, err);
	if (ret < 0)
		goto fail;
	ret = vm_decode(vm, image, err);
	if (ret < 0)
		goto fail;
	vm_exec(vm, true, 0, NULL);
	reset_state(vm);
	*ret_vm = vm;
	return 0;
fail:
	bpf_vm_free(vm);
	return ret;
}

void bpf_vm_free(struct bpf_vm *vm)
{
	size_t i;

	if (!vm)
		return;
	for (i = 0; i < vm->map_count; i++)
		vm_map_fini(&vm->maps[i]);
	free(vm->maps);
	free(vm->regions);
	free(vm->insns);
	free(vm->events);
	free(vm);
}

void bpf_vm_set_insn_budget(struct bpf_vm *vm, uint64_t insns_per_sample)
{
	vm->budget = insns_per_sample;
}

void bpf_vm_set_total_insn_budget(struct bpf_vm *vm, uint64_t insns)
{
	vm->total_budget = insns;
}

void bpf_vm_set_event_limit(struct bpf_vm *vm, uint32_t events_per_sample)
{
	vm->run_event_limit = events_per_sample;
}

uint64_t bpf_vm_events_dropped(const struct bpf_vm *vm)
{
	return vm->events_dropped;
}

void bpf_vm_set_trace(struct bpf_vm *vm, void (*trace)(void *user, const char *message),
		      void *user)
{
	vm->trace = trace;
	vm->trace_user = user;
}

void bpf_vm_reset(struct bpf_vm *vm)
{
	reset_state(vm);
}

static struct vm_map *map_at(struct bpf_vm *vm, size_t map_index, struct ir_error *err)
{
	if (map_index < vm->map_count)
		return &vm->maps[map_index];
	ir_error_set(err, _("no map %zu (the program has %zu)"), map_index, vm->map_count);
	return NULL;
}

int bpf_vm_map_update(struct bpf_vm *vm, size_t map_index, const void *key,
		      const void *value, struct ir_error *err)
{
	struct vm_map *map = map_at(vm, map_index, err);
	int ret;

	if (!map)
		return -EINVAL;
	if (map->frozen) {
		ir_error_set(err, _("map '%s' is read-only"), map->name);
		return -EPERM;
	}
	if (map->is_queue) {
		ir_error_set(err, _("map '%s' is a queue map: it has no keys to write"),
			     map->name);
		return -EINVAL;
	}
	ret = vm_map_update(map, key, value, BPF_ANY);
	if (ret == -E2BIG)
		ir_error_set(err, map->is_hash ? _("map '%s' is full (%u entries)") :
			     _("map '%s': index out of range (%u entries)"), map->name,
			     map->max_entries);
	return ret;
}

int bpf_vm_map_lookup(struct bpf_vm *vm, size_t map_index, const void *key,
		      void *ret_value)
{
	struct vm_map *map = map_at(vm, map_index, NULL);
	const void *value;

	if (!map)
		return -EINVAL;
	value = vm_map_lookup(map, key);
	if (!value)
		return -ENOENT;
	memcpy(ret_value, value, map->value_size);
	return 0;
}

int bpf_vm_map_pop(struct bpf_vm *vm, size_t map_index, void *ret_value)
{
	struct vm_map *map = map_at(vm, map_index, NULL);

	if (!map)
		return -EINVAL;
	return vm_map_pop(map, ret_value, true);
}

int bpf_vm_map_peek(struct bpf_vm *vm, size_t map_index, void *ret_value)
{
	struct vm_map *map = map_at(vm, map_index, NULL);

	if (!map)
		return -EINVAL;
	return vm_map_pop(map, ret_value, false);
}

int bpf_vm_map_find(const struct bpf_vm *vm, const char *name)
{
	size_t i;

	for (i = 0; i < vm->map_count; i++) {
		if (strcmp(vm->maps[i].name, name) == 0)
			return (int)i;
	}
	return -ENOENT;
}

int bpf_vm_run(struct bpf_vm *vm, uint32_t sample, struct ir_error *err)
{
	uint32_t mode = sample & LIRC_MODE2_MASK;
	uint64_t left;
	int ret;

	if (mode == LIRC_MODE2_PULSE || mode == LIRC_MODE2_SPACE ||
	    mode == LIRC_MODE2_TIMEOUT)
		vm->clock_ns += (uint64_t)(sample & LIRC_VALUE_MASK) * 1000;
	vm->ctx = sample;
	vm->run_event_count = 0;
	vm->budget_is_total = false;
	if (!vm->total_budget)
		return vm_exec(vm, false, vm->budget, err);
	/* The run gets the smaller of its own budget and what is left of the total. */
	left = vm->total_budget - vm->total_used;
	vm->budget_is_total = left < vm->budget;
	ret = vm_exec(vm, false, vm->budget_is_total ? left : vm->budget, err);
	vm->total_used += vm->insn_count_last;
	if (vm->total_used > vm->total_budget)
		vm->total_used = vm->total_budget;
	return ret;
}

uint64_t bpf_vm_last_insn_count(const struct bpf_vm *vm)
{
	return vm->insn_count_last;
}

uint64_t bpf_vm_last_return(const struct bpf_vm *vm)
{
	return vm->return_value;
}

uint64_t bpf_vm_clock_ns(const struct bpf_vm *vm)
{
	return vm->clock_ns;
}

size_t bpf_vm_event_count(const struct bpf_vm *vm)
{
	return vm->event_count;
}

const struct bpf_vm_event *bpf_vm_event_at(const struct bpf_vm *vm, size_t index)
{
	return index < vm->event_count ? &vm->events[index] : NULL;
}

void bpf_vm_events_clear(struct bpf_vm *vm)
{
	vm->event_count = 0;
}
