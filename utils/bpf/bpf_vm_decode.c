// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Static checks of a program and its decoding into the interpreter's operations.
 *
 * Everything the interpreter relies on is established here, once: every opcode is
 * known, reserved fields are zero (as the kernel's verifier demands), registers exist and
 * r10 is never written, every jump lands on an instruction of its own subprogram (never
 * on the second half of an ld_imm64), no subprogram can run off its end, map references
 * are valid, and every helper called is one we emulate.
 */
#include "config.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "bpf_vm_internal.h"
#include "nls.h"

#define VM_REG_FP 10
/* Sign-extending loads (cpu v4) postdate some distributions' kernel headers. */
#ifndef BPF_MEMSX
#define BPF_MEMSX 0x80
#endif

#define VM_OP_NAME(name) [VM_OP_##name] = #name,
static const char *const op_names[VM_OP_MAX] = {
	VM_OP_LIST(VM_OP_NAME)
};
#undef VM_OP_NAME

const char *vm_op_name(enum vm_op op)
{
	return op < VM_OP_MAX ? op_names[op] : "?";
}

/* The first of the four variants (64_X, 64_K, 32_X, 32_K) of each ALU operation. */
static int alu_base(uint8_t bpf_op, int16_t off, bool is_x)
{
	switch (bpf_op) {
	case BPF_ADD: return VM_OP_ADD64_X;
	case BPF_SUB: return VM_OP_SUB64_X;
	case BPF_MUL: return VM_OP_MUL64_X;
	case BPF_DIV: return off ? VM_OP_SDIV64_X : VM_OP_DIV64_X;
	case BPF_MOD: return off ? VM_OP_SMOD64_X : VM_OP_MOD64_X;
	case BPF_OR: return VM_OP_OR64_X;
	case BPF_AND: return VM_OP_AND64_X;
	case BPF_LSH: return VM_OP_LSH64_X;
	case BPF_RSH: return VM_OP_RSH64_X;
	case BPF_ARSH: return VM_OP_ARSH64_X;
	case BPF_XOR: return VM_OP_XOR64_X;
	case BPF_MOV: return VM_OP_MOV64_X;
	default: return -1;
	}
}

static int jmp_base(uint8_t bpf_op)
{
	switch (bpf_op) {
	case BPF_JEQ: return VM_OP_JEQ64_X;
	case BPF_JGT: return VM_OP_JGT64_X;
	case BPF_JGE: return VM_OP_JGE64_X;
	case BPF_JSET: return VM_OP_JSET64_X;
	case BPF_JNE: return VM_OP_JNE64_X;
	case BPF_JSGT: return VM_OP_JSGT64_X;
	case BPF_JSGE: return VM_OP_JSGE64_X;
	case BPF_JLT: return VM_OP_JLT64_X;
	case BPF_JLE: return VM_OP_JLE64_X;
	case BPF_JSLT: return VM_OP_JSLT64_X;
	case BPF_JSLE: return VM_OP_JSLE64_X;
	default: return -1;
	}
}

static int bad_opcode(const struct bpf_insn *in, struct ir_error *err)
{
	ir_error_set(err, _("unknown opcode 0x%02x"), in->code);
	return -EINVAL;
}

static int reserved(const struct bpf_insn *in, const char *field, struct ir_error *err)
{
	ir_error_set(err, _("opcode 0x%02x: reserved field '%s' is not zero"), in->code, field);
	return -EINVAL;
}

static int fp_written(struct ir_error *err)
{
	ir_error_set(err, _("r10 (the frame pointer) is read-only"));
	return -EINVAL;
}

/* Byte swaps: ALU picks the byte order with the source bit, ALU64 always swaps. */
static int decode_end(const struct bpf_insn *in, bool is64, bool is_x, struct vm_insn *out,
		      struct ir_error *err)
{
	int width;

	if (in->src_reg)
		return reserved(in, "src_reg", err);
	if (in->off)
		return reserved(in, "off", err);
	if (is64 && is_x)
		return bad_opcode(in, err);
	switch (in->imm) {
	case 16: width = 0; break;
	case 32: width = 1; break;
	case 64: width = 2; break;
	default:
		ir_error_set(err, _("byte swap of width %d (16, 32 or 64 expected)"), in->imm);
		return -EINVAL;
	}
	if (is64)
		out->op = VM_OP_BSWAP16 + width;
	else
		out->op = (is_x ? VM_OP_BE16 : VM_OP_LE16) + width;
	return 0;
}

static int decode_mov_x(const struct bpf_insn *in, bool is64, struct vm_insn *out,
			struct ir_error *err)
{
	switch (in->off) {
	case 0:
		out->op = is64 ? VM_OP_MOV64_X : VM_OP_MOV32_X;
		return 0;
	case 8:
		out->op = is64 ? VM_OP_MOVSX8_64 : VM_OP_MOVSX8_32;
		return 0;
	case 16:
		out->op = is64 ? VM_OP_MOVSX16_64 : VM_OP_MOVSX16_32;
		return 0;
	case 32:
		if (is64) {
			out->op = VM_OP_MOVSX32_64;
			return 0;
		}
		break;
	}
	ir_error_set(err, _("move with sign extension from %d bits"), in->off);
	return -EINVAL;
}

static int decode_alu(const struct bpf_insn *in, struct vm_insn *out, struct ir_error *err)
{
	bool is64 = BPF_CLASS(in->code) == BPF_ALU64;
	bool is_x = BPF_SRC(in->code) == BPF_X;
	uint8_t op = BPF_OP(in->code);
	int base;

	if (in->dst_reg == VM_REG_FP)
		return fp_written(err);
	if (op == BPF_END)
		return decode_end(in, is64, is_x, out, err);
	if (op == BPF_NEG) {
		if (is_x)
			return bad_opcode(in, err);
		if (in->src_reg || in->off || in->imm)
			return reserved(in, in->src_reg ? "src_reg" : in->off ? "off" : "imm",
					err);
		out->op = is64 ? VM_OP_NEG64 : VM_OP_NEG32;
		return 0;
	}
	if (is_x && in->imm)
		return reserved(in, "imm", err);
	if (!is_x && in->src_reg)
		return reserved(in, "src_reg", err);
	if (op == BPF_MOV && is_x)
		return decode_mov_x(in, is64, out, err);
	/* Only sdiv and smod (off = 1) use the offset. */
	if (in->off && !((op == BPF_DIV || op == BPF_MOD) && in->off == 1))
		return reserved(in, "off", err);
	base = alu_base(op, in->off, is_x);
	if (base < 0)
		return bad_opcode(in, err);
	if (!is_x && (op == BPF_DIV || op == BPF_MOD) && in->imm == 0) {
		ir_error_set(err, _("division by the constant zero"));
		return -EINVAL;
	}
	if (!is_x && (op == BPF_LSH || op == BPF_RSH || op == BPF_ARSH) &&
	    (in->imm < 0 || in->imm >= (is64 ? 64 : 32))) {
		ir_error_set(err, _("shift by %d out of range"), in->imm);
		return -EINVAL;
	}
	out->op = base + (is64 ? 0 : 2) + (is_x ? 0 : 1);
	return 0;
}

static int decode_call(const struct bpf_insn *in, struct vm_insn *out, struct ir_error *err)
{
	int helper;

	if (in->dst_reg)
		return reserved(in, "dst_reg", err);
	if (in->off)
		return reserved(in, "off", err);
	switch (in->src_reg) {
	case 0:
		helper = vm_helper_from_id(in->imm);
		if (helper < 0) {
			ir_error_set(err, _("call to helper %d, which the VM does not emulate"),
				     in->imm);
			return -ENOSYS;
		}
		out->op = VM_OP_CALL_HELPER;
		out->aux = (uint8_t)helper;
		return 0;
	case BPF_PSEUDO_CALL:
		out->op = VM_OP_CALL_LOCAL;
		out->off = in->imm;
		return 0;
	case BPF_PSEUDO_KFUNC_CALL:
		ir_error_set(err, _("calls to kernel functions (kfuncs) are not supported"));
		return -EINVAL;
	default:
		return reserved(in, "src_reg", err);
	}
}

static int decode_jmp(const struct bpf_insn *in, struct vm_insn *out, struct ir_error *err)
{
	bool is32 = BPF_CLASS(in->code) == BPF_JMP32;
	bool is_x = BPF_SRC(in->code) == BPF_X;
	uint8_t op = BPF_OP(in->code);
	int base;

	if ((op == BPF_JA || op == BPF_CALL || op == BPF_EXIT) && is_x)
		return bad_opcode(in, err);
	switch (op) {
	case BPF_JA:
		if (in->src_reg || in->dst_reg)
			return reserved(in, in->src_reg ? "src_reg" : "dst_reg", err);
		/* JMP32 JA ("gotol") takes its displacement from imm. */
		if (is32 ? in->off != 0 : in->imm != 0)
			return reserved(in, is32 ? "off" : "imm", err);
		out->op = VM_OP_JA;
		out->off = is32 ? in->imm : in->off;
		return 0;
	case BPF_CALL:
		if (is32)
			return bad_opcode(in, err);
		return decode_call(in, out, err);
	case BPF_EXIT:
		if (is32)
			return bad_opcode(in, err);
		if (in->src_reg || in->dst_reg || in->off || in->imm)
			return reserved(in, "src_reg/dst_reg/off/imm", err);
		out->op = VM_OP_EXIT;
		return 0;
	}
	base = jmp_base(op);
	if (base < 0)
		return bad_opcode(in, err);
	if (is_x && in->imm)
		return reserved(in, "imm", err);
	if (!is_x && in->src_reg)
		return reserved(in, "src_reg", err);
	out->op = base + (is32 ? 2 : 0) + (is_x ? 0 : 1);
	out->off = in->off;
	return 0;
}

static int decode_map_ref(struct bpf_vm *vm, const struct bpf_insn *in, struct vm_insn *out,
			  struct ir_error *err)
{
	uint32_t index = (uint32_t)in[0].imm;
	uint32_t offset = (uint32_t)in[1].imm;
	struct vm_map *map;

	if (index >= vm->map_count) {
		ir_error_set(err, _("reference to map %u, but the program has %zu maps"),
			     index, vm->map_count);
		return -EINVAL;
	}
	map = &vm->maps[index];
	if (in->src_reg == BPF_PSEUDO_MAP_IDX) {
		if (offset)
			return reserved(in, "imm of the second half", err);
		out->imm = VM_ADDR_MAP + index * VM_ADDR_MAP_STRIDE;
		return 0;
	}
	/* As in the kernel, only single-element plain arrays give out their value. */
	if (map->type != BPF_MAP_TYPE_ARRAY || map->max_entries != 1) {
		ir_error_set(err, _("map '%s' has no direct value access (only arrays of "
				    "one element have)"), map->name);
		return -EINVAL;
	}
	if (offset >= map->value_size) {
		ir_error_set(err, _("offset %u is beyond the %u-byte value of map '%s'"),
			     offset, map->value_size, map->name);
		return -EINVAL;
	}
	out->imm = vm->regions[index].start + offset;
	return 0;
}

/* ld_imm64: two slots. */
static int decode_ld(struct bpf_vm *vm, const struct bpf_insn *in, size_t left,
		     struct vm_insn *out, struct ir_error *err)
{
	if (in->code != (BPF_LD | BPF_IMM | BPF_DW)) {
		if (BPF_MODE(in->code) == BPF_ABS || BPF_MODE(in->code) == BPF_IND)
			ir_error_set(err, _("legacy packet access (opcode 0x%02x) is not "
					    "available to lirc_mode2 programs"), in->code);
		else
			ir_error_set(err, _("unknown opcode 0x%02x"), in->code);
		return -EINVAL;
	}
	if (left < 2 || in[1].code || in[1].dst_reg || in[1].src_reg || in[1].off) {
		ir_error_set(err, _("ld_imm64 without its second half"));
		return -EINVAL;
	}
	if (in->dst_reg == VM_REG_FP)
		return fp_written(err);
	if (in->off)
		return reserved(in, "off", err);
	out[0].op = VM_OP_LDDW;
	out[1].op = VM_OP_IMM_HI;
	switch (in->src_reg) {
	case 0:
		out->imm = (uint32_t)in[0].imm | (uint64_t)(uint32_t)in[1].imm << 32;
		return 0;
	case BPF_PSEUDO_MAP_IDX:
	case BPF_PSEUDO_MAP_IDX_VALUE:
		return decode_map_ref(vm, in, out, err);
	case BPF_PSEUDO_MAP_FD:
	case BPF_PSEUDO_MAP_VALUE:
		ir_error_set(err, _("ld_imm64 refers to map file descriptor %d: images "
				    "refer to maps by index (BPF_PSEUDO_MAP_IDX)"), in->imm);
		return -EINVAL;
	default:
		ir_error_set(err, _("ld_imm64 of kind %u is not supported"), in->src_reg);
		return -EINVAL;
	}
}

static int size_index(uint8_t code)
{
	switch (BPF_SIZE(code)) {
	case BPF_B: return 0;
	case BPF_H: return 1;
	case BPF_W: return 2;
	default: return 3;	/* BPF_DW */
	}
}

static int decode_ldx(const struct bpf_insn *in, struct vm_insn *out, struct ir_error *err)
{
	static const uint8_t plain[] = { VM_OP_LDXB, VM_OP_LDXH, VM_OP_LDXW, VM_OP_LDXDW };
	static const uint8_t sx[] = { VM_OP_LDXSB, VM_OP_LDXSH, VM_OP_LDXSW };
	int size = size_index(in->code);

	if (in->dst_reg == VM_REG_FP)
		return fp_written(err);
	if (in->imm)
		return reserved(in, "imm", err);
	if (BPF_MODE(in->code) == BPF_MEM)
		out->op = plain[size];
	else if (BPF_MODE(in->code) == BPF_MEMSX && size < 3)
		out->op = sx[size];
	else
		return bad_opcode(in, err);
	return 0;
}

static int decode_atomic(const struct bpf_insn *in, struct vm_insn *out,
			 struct ir_error *err)
{
	int op = in->imm & ~BPF_FETCH;

	if (BPF_SIZE(in->code) != BPF_W && BPF_SIZE(in->code) != BPF_DW)
		return bad_opcode(in, err);
	switch (in->imm) {
	case BPF_ADD: case BPF_OR: case BPF_AND: case BPF_XOR:
	case BPF_ADD | BPF_FETCH: case BPF_OR | BPF_FETCH:
	case BPF_AND | BPF_FETCH: case BPF_XOR | BPF_FETCH:
	case BPF_XCHG: case BPF_CMPXCHG:
		break;
	default:
		ir_error_set(err, _("atomic operation 0x%x is not supported"), in->imm);
		return -EINVAL;
	}
	/* The fetching forms write the old value to src (cmpxchg to r0). */
	if ((in->imm & BPF_FETCH) && op != (BPF_CMPXCHG & ~BPF_FETCH) &&
	    in->src_reg == VM_REG_FP)
		return fp_written(err);
	out->op = BPF_SIZE(in->code) == BPF_W ? VM_OP_ATOMIC32 : VM_OP_ATOMIC64;
	out->aux = (uint8_t)in->imm;
	return 0;
}

static int decode_store(const struct bpf_insn *in, struct vm_insn *out, struct ir_error *err)
{
	static const uint8_t st[] = { VM_OP_STB, VM_OP_STH, VM_OP_STW, VM_OP_STDW };
	static const uint8_t stx[] = { VM_OP_STXB, VM_OP_STXH, VM_OP_STXW, VM_OP_STXDW };
	bool is_x = BPF_CLASS(in->code) == BPF_STX;

	if (is_x && BPF_MODE(in->code) == BPF_ATOMIC)
		return decode_atomic(in, out, err);
	if (BPF_MODE(in->code) != BPF_MEM)
		return bad_opcode(in, err);
	if (is_x && in->imm)
		return reserved(in, "imm", err);
	if (!is_x && in->src_reg)
		return reserved(in, "src_reg", err);
	out->op = (is_x ? stx : st)[size_index(in->code)];
	return 0;
}

/* Decode one instruction (two for ld_imm64); returns the slots used or -errno. */
static int decode_one(struct bpf_vm *vm, const struct bpf_insn *in, size_t left,
		      struct vm_insn *out, struct ir_error *err)
{
	int ret;

	if (in->dst_reg > VM_REG_FP ||
	    (BPF_CLASS(in->code) != BPF_LD && in->src_reg > VM_REG_FP)) {
		ir_error_set(err, _("register r%u does not exist"),
			     in->dst_reg > VM_REG_FP ? in->dst_reg : in->src_reg);
		return -EINVAL;
	}
	out->dst = in->dst_reg;
	out->src = in->src_reg;
	out->off = in->off;
	out->imm = (uint64_t)(int64_t)in->imm;
	switch (BPF_CLASS(in->code)) {
	case BPF_LD:
		ret = decode_ld(vm, in, left, out, err);
		return ret < 0 ? ret : 2;
	case BPF_LDX:
		ret = decode_ldx(in, out, err);
		break;
	case BPF_ST:
	case BPF_STX:
		ret = decode_store(in, out, err);
		break;
	case BPF_ALU:
	case BPF_ALU64:
		ret = decode_alu(in, out, err);
		break;
	default:	/* BPF_JMP, BPF_JMP32 */
		ret = decode_jmp(in, out, err);
		break;
	}
	return ret < 0 ? ret : 1;
}

static bool is_jump(enum vm_op op)
{
	return op == VM_OP_JA || (op >= VM_OP_JEQ64_X && op <= VM_OP_JSLE32_K);
}

/* Where a jump or call at pc goes, or -1 if outside the program or into an ld_imm64. */
static int64_t target_of(const struct bpf_vm *vm, size_t pc, struct ir_error *err)
{
	int64_t target = (int64_t)pc + vm->insns[pc].off + 1;

	if (target < 0 || target >= (int64_t)vm->insn_count) {
		ir_error_set(err, _("instruction %zu: jump to %lld, outside the program "
				    "(0..%zu)"), pc, (long long)target, vm->insn_count - 1);
		return -1;
	}
	if (vm->insns[target].op == VM_OP_IMM_HI) {
		ir_error_set(err, _("instruction %zu: jump into the middle of the ld_imm64 "
				    "at %lld"), pc, (long long)target - 1);
		return -1;
	}
	return target;
}

/* Subprograms: instruction 0 and every call target, each ending in exit or ja. */
static int check_flow(struct bpf_vm *vm, struct ir_error *err)
{
	size_t n = vm->insn_count, pc, start = 0, end = 0;
	uint8_t *is_start = calloc(n + 1, 1);
	int64_t target;
	int ret = -EINVAL;

	if (!is_start) {
		ir_error_set(err, _("out of memory"));
		return -ENOMEM;
	}
	is_start[0] = 1;
	is_start[n] = 1;
	for (pc = 0; pc < n; pc++) {
		if (vm->insns[pc].op != VM_OP_CALL_LOCAL)
			continue;
		target = target_of(vm, pc, err);
		if (target < 0)
			goto out;
		is_start[target] = 1;
	}
	for (pc = 0; pc < n; pc++) {
		if (is_start[pc]) {
			start = pc;
			for (end = pc + 1; !is_start[end]; end++)
				;
		}
		if (is_jump(vm->insns[pc].op)) {
			target = target_of(vm, pc, err);
			if (target < 0)
				goto out;
			if ((size_t)target < start || (size_t)target >= end) {
				ir_error_set(err, _("instruction %zu: jump to %lld leaves the "
						    "subprogram %zu..%zu"),
					     pc, (long long)target, start, end - 1);
				goto out;
			}
		}
		if (pc + 1 == end && vm->insns[pc].op != VM_OP_EXIT &&
		    vm->insns[pc].op != VM_OP_JA) {
			ir_error_set(err, _("instruction %zu: the subprogram %zu..%zu does not "
					    "end with exit or jump: execution would run off its "
					    "end"), pc, start, end - 1);
			goto out;
		}
	}
	ret = 0;
out:
	free(is_start);
	return ret;
}

/* Bytes accessed by a load or store; 0 for any other operation. */
static unsigned int access_size(enum vm_op op)
{
	switch (op) {
	case VM_OP_LDXB: case VM_OP_LDXSB: case VM_OP_STB: case VM_OP_STXB: return 1;
	case VM_OP_LDXH: case VM_OP_LDXSH: case VM_OP_STH: case VM_OP_STXH: return 2;
	case VM_OP_LDXW: case VM_OP_LDXSW: case VM_OP_STW: case VM_OP_STXW: return 4;
	case VM_OP_LDXDW: case VM_OP_STDW: case VM_OP_STXDW: return 8;
	default: return 0;
	}
}

/*
 * What the decoding knows of r0-r9 where an instruction starts: a register either holds
 * one known constant on every path that reaches it, or is unknown.
 */
struct known_regs {
	uint16_t known;		/* bit r: register r holds value[r] */
	uint64_t value[VM_REG_FP];
};

/* Beyond this many instructions, only r10-relative accesses are proven. */
#define VM_PROVE_INSNS_MAX 65536

/*
 * Whether the load or store at insn can skip the run-time check: r10 plus an offset
 * inside the frame (r10 always points at the top of the running frame, whose bytes are
 * all accessible), or a register holding a known constant whose address is in a map
 * value or the context, which never move. If so, *ret_delta is what turns the VM
 * address into the host's: the stack's, or that of the value or context.
 */
static bool access_proven(const struct bpf_vm *vm, const struct vm_insn *insn,
			  const struct known_regs *regs, uint64_t *ret_delta)
{
	bool write = insn->op >= VM_OP_STB && insn->op <= VM_OP_STXDW;
	unsigned int size = access_size(insn->op);
	uint8_t base = write ? insn->dst : insn->src;
	uint64_t addr;
	void *host;

	if (base == VM_REG_FP) {
		*ret_delta = vm->stack_delta;
		return insn->off >= -VM_FRAME_SIZE && insn->off <= -(int32_t)size;
	}
	if (!regs || !(regs->known & (1u << base)))
		return false;
	addr = regs->value[base] + (uint64_t)(int64_t)insn->off;
	host = vm_fixed_translate(vm, addr, size, write);
	*ret_delta = (uint64_t)(uintptr_t)host - addr;
	return host != NULL;
}

/*
 * A proven load or store: its unchecked form, with the translation it needs and its
 * offset in one, so that the interpreter adds once.
 */
static void make_unchecked(struct vm_insn *insn, uint64_t delta)
{
	insn->op += insn->op <= VM_OP_LDXSW ? VM_OP_LDXB_U - VM_OP_LDXB : VM_OP_STB_U - VM_OP_STB;
	insn->delta = delta + (uint64_t)(int64_t)insn->off;
}

static void forget(struct known_regs *regs, unsigned int reg)
{
	regs->known &= (uint16_t)~(1u << reg);
}

/* The registers after the instruction at pc, from those before it. */
static void known_after(const struct vm_insn *insn, struct known_regs *regs)
{
	unsigned int r;

	if (insn->op == VM_OP_LDDW) {
		regs->known |= (uint16_t)(1u << insn->dst);
		regs->value[insn->dst] = insn->imm;
	} else if (insn->op == VM_OP_MOV64_X) {
		if (regs->known & (1u << insn->src)) {
			regs->known |= (uint16_t)(1u << insn->dst);
			regs->value[insn->dst] = regs->value[insn->src];
		} else {
			forget(regs, insn->dst);
		}
	} else if (insn->op < VM_OP_LDDW) {
		/* ALU operations (the first in enum vm_op) write dst. */
		forget(regs, insn->dst);
	} else if (insn->op >= VM_OP_LDXB && insn->op <= VM_OP_LDXSW) {
		forget(regs, insn->dst);
	} else if (insn->op == VM_OP_ATOMIC32 || insn->op == VM_OP_ATOMIC64) {
		/* A fetch writes src, a compare-and-exchange r0. */
		forget(regs, insn->src);
		forget(regs, 0);
	} else if (insn->op == VM_OP_CALL_HELPER || insn->op == VM_OP_CALL_LOCAL) {
		/*
		 * r0-r5 are the callee's; the interpreter gives r6-r9 back as they were
		 * when a local call returns, and helpers never write them.
		 */
		for (r = 0; r <= 5; r++)
			forget(regs, r);
	}
	/* Stores and jumps write no register. */
}

/*
 * Meet what reaches an instruction from one more path with what was known there;
 * returns whether that changed (the instruction has to be looked at again).
 */
static bool known_meet(struct known_regs *at, bool *reached, const struct known_regs *in)
{
	uint16_t known;
	unsigned int r;

	if (!*reached) {
		*at = *in;
		*reached = true;
		return true;
	}
	known = at->known & in->known;
	for (r = 0; r < VM_REG_FP; r++)
		if ((known & (1u << r)) && at->value[r] != in->value[r])
			known &= (uint16_t)~(1u << r);
	if (known == at->known)
		return false;
	at->known = known;
	return true;
}

/*
 * Turn the loads and stores whose address is known into their unchecked forms. The
 * constants are followed along every path (a forward data flow to a fixed point over
 * the program's jumps): a register is known where an instruction starts when every
 * path to it leaves the same constant there. A function called locally starts with
 * nothing known. Only the operation changes: the program executes the same
 * instructions as before.
 */
static int prove_accesses(struct bpf_vm *vm, struct ir_error *err)
{
	size_t n = vm->insn_count, pc, target, top = 0;
	struct known_regs *at = NULL, regs;
	bool *reached = NULL, *queued = NULL;
	size_t *work = NULL;
	struct vm_insn *insn;
	uint64_t delta;
	int ret = -ENOMEM;

	if (n > VM_PROVE_INSNS_MAX) {
		/* r10-relative accesses need no data flow. */
		for (pc = 0; pc < n; pc++) {
			insn = &vm->insns[pc];
			if (insn->op >= VM_OP_LDXB && insn->op <= VM_OP_STXDW &&
			    access_proven(vm, insn, NULL, &delta))
				make_unchecked(insn, delta);
		}
		return 0;
	}
	at = calloc(n, sizeof(*at));
	reached = calloc(n, sizeof(*reached));
	queued = calloc(n, sizeof(*queued));
	work = calloc(n, sizeof(*work));
	if (!at || !reached || !queued || !work) {
		ir_error_set(err, _("out of memory"));
		goto out;
	}

#define REACH(where, state)								do {											size_t where_ = (where);							if (known_meet(&at[where_], &reached[where_], (state)) &&			    !queued[where_]) {									queued[where_] = true;								work[top++] = where_;							}									} while (0)

	/* The program starts with r1 pointing at the context. */
	memset(&regs, 0, sizeof(regs));
	regs.known = 1u << 1;
	regs.value[1] = VM_ADDR_CTX;
	REACH(0, &regs);
	/* check_flow() has checked every target and that no path runs off the end. */
	while (top) {
		pc = work[--top];
		queued[pc] = false;
		insn = &vm->insns[pc];
		regs = at[pc];
		known_after(insn, &regs);
		if (insn->op == VM_OP_EXIT)
			continue;
		if (insn->op == VM_OP_CALL_LOCAL) {
			struct known_regs nothing;

			memset(&nothing, 0, sizeof(nothing));
			REACH(pc + insn->off + 1, &nothing);
			REACH(pc + 1, &regs);
			continue;
		}
		if (is_jump(insn->op)) {
			target = pc + insn->off + 1;
			REACH(target, &regs);
			if (insn->op == VM_OP_JA)
				continue;
		}
		REACH(pc + (insn->op == VM_OP_LDDW ? 2 : 1), &regs);
	}
#undef REACH

	for (pc = 0; pc < n; pc++) {
		insn = &vm->insns[pc];
		if (insn->op < VM_OP_LDXB || insn->op > VM_OP_STXDW || !reached[pc])
			continue;
		if (access_proven(vm, insn, &at[pc], &delta))
			make_unchecked(insn, delta);
	}
	ret = 0;
out:
	free(at);
	free(reached);
	free(queued);
	free(work);
	return ret;
}

/*
 * The cost of every instruction and the targets of jumps and calls (see struct
 * vm_insn). A straight run ends at a jump, a
 * local call or an exit: the interpreter goes on from there to a place it knows only
 * then. Helper calls come back to the next instruction and do not end a run.
 * check_flow() made sure that every run ends inside the program.
 */
static void count_runs(struct bpf_vm *vm)
{
	size_t n = vm->insn_count, pc, next;
	struct vm_insn *insn;

	for (pc = n; pc-- > 0;) {
		insn = &vm->insns[pc];
		next = pc + (insn->op == VM_OP_LDDW ? 2 : 1);
		if (is_jump(insn->op) || insn->op == VM_OP_EXIT ||
		    insn->op == VM_OP_CALL_LOCAL || insn->op == VM_OP_IMM_HI || next >= n)
			insn->cost = 1;
		else
			insn->cost = 1 + vm->insns[next].cost;
	}
	/* check_flow() checked every target. */
	for (pc = 0; pc < n; pc++) {
		insn = &vm->insns[pc];
		if (!is_jump(insn->op) && insn->op != VM_OP_CALL_LOCAL)
			continue;
		insn->target = &vm->insns[(int64_t)pc + insn->off + 1];
		insn->target_cost = insn->target->cost;
		if (insn->op != VM_OP_JA && insn->op != VM_OP_CALL_LOCAL)
			insn->next_cost = vm->insns[pc + 1].cost;
	}
}

/*
 * Fuse each proven 32-bit load with the conditional jump after it, when the jump tests
 * the register loaded (see VM_FUSED_OPS). Done last: costs and targets are those of the
 * two instructions apart, and nothing after this looks at the operations.
 */
static void fuse_loads_and_jumps(struct bpf_vm *vm)
{
	size_t n = vm->insn_count, pc;
	struct vm_insn *insn;

	for (pc = 0; pc + 1 < n; pc++) {
		insn = &vm->insns[pc];
		if (insn->op != VM_OP_LDXW_U || !is_jump(insn[1].op) || insn[1].op == VM_OP_JA ||
		    insn[1].dst != insn->dst)
			continue;
		/* The fused operations follow the jumps' order, four per condition. */
		insn->op = (uint8_t)(VM_OP_LDXW_U_JEQ64_X + (insn[1].op - VM_OP_JEQ64_X));
	}
}

int vm_decode(struct bpf_vm *vm, const struct bpf_image *image, struct ir_error *err)
{
	int ret;

	size_t n = image->insn_count, pc;
	int used;

	if (n == 0 || !image->insns) {
		ir_error_set(err, _("the program has no instructions"));
		return -EINVAL;
	}
	if (n > VM_MAX_INSNS) {
		ir_error_set(err, _("the program has %zu instructions, more than %u"), n,
			     VM_MAX_INSNS);
		return -E2BIG;
	}
	vm->insns = calloc(n, sizeof(*vm->insns));
	if (!vm->insns) {
		ir_error_set(err, _("out of memory"));
		return -ENOMEM;
	}
	vm->insn_count = n;
	for (pc = 0; pc < n; pc += used) {
		used = decode_one(vm, &image->insns[pc], n - pc, &vm->insns[pc], err);
		if (used < 0) {
			ir_error_prefix(err, _("instruction %zu"), pc);
			return used;
		}
	}
	ret = check_flow(vm, err);
	if (ret < 0)
		return ret;
	count_runs(vm);
	ret = prove_accesses(vm, err);
	if (ret < 0)
		return ret;
	fuse_loads_and_jumps(vm);
	return 0;
}
