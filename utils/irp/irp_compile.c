// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * IRP compiler: protocol tree -> frames of slots -> BPF instructions. See irp_compile.h
 * for what the program does; this file says how.
 *
 * Registers of the generated program: r6 the frame's pos as dispatched (0 once it starts
 * afresh: no retry), r7 the state map's element (its address, no lookup), r8 the part
 * of the sample not yet matched, raw (the kind in bits 24 and up: 1 pulse, 0 space; a
 * timeout is a space of 0xffffff µs), or split (µs) with r9 its kind for the general
 * slots; r0-r5 scratch. Stack: -16 the context, then one u64 per parameter from -32 down.
 * State element: the clock (every sample added), then per frame u64 pos (the slot that
 * expects the next sample), cand (the symbols whose first half matched), origin (the
 * clock where the frame or its last extent began), one u64 per bitfield of the frame,
 * then for a frame that awaits the signal's end its report's protocol, scancode and
 * toggle, then, when the frame sends symbols that assign names (B&O's), which values
 * those names have (the bitspec's state); after the frames, the carry of a message in
 * parts (which parameters it has, then one u64 per parameter) and the flag of a report
 * in the signal (frame context); then one word per run of bits (struct run). cand is
 * also the trie node reached so far in a symbol of a general bitspec.
 * Every jump but the one retry goes forward, so the only loop runs at most twice.
 */
#include "config.h"

#include <ctype.h>
#include <errno.h>
#include <float.h>
#include <stdio.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "irp_compile.h"
#include "nls.h"

#define PARAMS_MAX 24
#define TEMPS_MAX 32		/* stack slots for expressions: their height */
#define INLINE_MAX 16		/* definitions inlined in definitions */
/*
 * The work of compiling one protocol, in steps: every evaluation's nodes (constant
 * folding), every expression node walked or emitted, definitions' expansions included.
 * A definition is expanded again at every use, so a few used several times each
 * (A2=A1+A1+A1, A3=A2+A2+A2...) would grow without end: the size of a use is computed
 * before it is expanded, and refused when it is more than the steps left. The database's
 * protocols take at most 23,340 steps (XMPff-1).
 */
#define WORK_MAX 200000
#define FOLD_STEPS 8		/* an evaluation's fixed cost, in steps */
/* definitions looked up by name at each use: their count bounds the cost of a step */
#define DEFINITIONS_MAX 64
#define SLOTS_MAX 4096
#define FLATTEN_STEPS_MAX 65536	/* items laid out, over all frames and passes */
#define FRAMES_MAX 6		/* before a repeated part, its three passes, after it */
#define ASSIGNED_MAX 8
#define STOPPED 1		/* an empty alternative ends the frame */
#define SYMBOL_BITS_MAX 4
#define SYMBOLS_MAX (1 << SYMBOL_BITS_MAX)
#define BITSPECS_MAX 4
#define SEQUENCE_MAX 16		/* durations in a symbol of a general bitspec, merged */
#define SYMBOL_STATES_MAX 4	/* values of the names that its symbols assign */
#define STATE_NAMES_MAX 2
#define TRIE_NODES_MAX 256
/* instructions past which no jump offset reaches across the program any more */
#define INSNS_MAX (4 * 32768)
#define NO_PARENT ((unsigned int)-1)
#define TIMEOUT_US 0xffffff
/* the longest duration a LIRC mode2 sample carries, and its resolution */
#define DURATION_MAX_US 0xffffffu
#define DURATION_MIN_US 1u
/* the top 8 bits of a LIRC mode2 sample */
#define KIND_PULSE 1
#define KIND_TIMEOUT 3

enum slot_kind {
	SLOT_DURATION,		/* a flash or a gap of fixed length */
	SLOT_EXTENT,		/* a gap up to a time since the origin */
	SLOT_BIT_FIRST,		/* the first half of a symbol */
	SLOT_BIT_SECOND,	/* the second half: decides the bit */
	SLOT_SYMBOL,		/* one duration of a symbol of a general bitspec */
};

struct slot {
	enum slot_kind kind;
	bool pulse;		/* DURATION */
	double us;		/* DURATION, EXTENT */
	unsigned int table;	/* BIT_*, SYMBOL: the bitspec */
	unsigned int depth;	/* SYMBOL: which duration of the symbol, from 0 */
	/* BIT_SECOND, SYMBOL: where each bit of the symbol goes, its most significant first */
	unsigned int field[SYMBOL_BITS_MAX];
	unsigned int value_bit[SYMBOL_BITS_MAX];
};

/* A name's value set by an assignment, while frames are laid out. */
struct assignment {
	const char *name;
	int64_t value;
};

enum field_source {
	FIELD_PARAMETER,	/* D:8: bits of a parameter */
	FIELD_CONSTANT,		/* 0:4, or a definition of constants */
	FIELD_COMPUTED,		/* C:4 {C=...}: checked once the parameters are known */
};

struct field {
	enum field_source source;
	unsigned int parameter;	/* PARAMETER: index in the parameter spec */
	int64_t offset;		/* PARAMETER: sent plus this ((D-1):4), the whole value */
	uint64_t constant;	/* CONSTANT: the value sent */
	const struct irp_expr *expr;	/* COMPUTED: the whole bitfield */
	struct assignment snapshot[ASSIGNED_MAX];	/* COMPUTED: the names assigned */
	size_t snapshot_count;
	unsigned int width, chop;
	bool complement;
};

struct frame {
	struct slot *slots;
	size_t slot_count, slot_capacity;
	struct field *fields;
	size_t field_count;
	bool repeat;		/* no bitfield, after a message: bpf_rc_repeat() */
	/*
	 * A message in parts (classify_frames()): a part keeps the parameters it gives in
	 * the carry, a completing frame takes from there what it does not give itself.
	 */
	bool part, completing;
	bool ending;		/* what comes after a repeated irstream: the signal's end */
	bool await_end;		/* report at the next sample, if it is not a pulse */
	bool after_report;	/* only after a report in the signal (mark_context_frames()) */
	/* bits of bitfields waiting to fill a symbol */
	unsigned int pending, pending_field[SYMBOL_BITS_MAX], pending_bit[SYMBOL_BITS_MAX];
	unsigned int pending_column;
	unsigned int table;	/* the bitspec of the irstream being laid out */
	size_t origin;		/* the slot after the last extent: the program's time counts from there */
	unsigned int state;	/* byte offset of its state in the map element */
	/* the general bitspec whose symbols assign names (B&O's), or NO_PARENT: its
	 * state (which values the names have) is kept after the fields */
	unsigned int stateful_table;
};

struct symbol {
	bool pulse[2];
	double us[2];
};

/* A symbol as the durations it sends, adjacent ones of a kind merged. */
struct sequence {
	unsigned int count;
	bool pulse[SEQUENCE_MAX];
	double us[SEQUENCE_MAX];
};

/*
 * A node of a general bitspec's trie: the durations that its symbols begin with, one
 * level per duration, from a root per state of the names the symbols assign.
 */
struct trie_node {
	bool pulse;
	double us;
	int parent;			/* -1: a root */
	unsigned int level;		/* 0: a root; else the durations matched to here */
	int symbol;			/* a leaf: the symbol it ends; -1 otherwise */
	unsigned int next_state;	/* a leaf: the state after that symbol */
};

/*
 * A bitspec of any other symbols (several flashes and gaps, a gap first, symbols made
 * of the enclosing bitspec's symbols, symbols that assign names: arctech's, Grundig16's,
 * Zenith's, B&O's): each symbol is the sequence of durations it sends, told from the
 * others one duration after the other down a trie.
 */
struct general_bitspec {
	const char *names[STATE_NAMES_MAX];	/* assigned by the symbols */
	size_t name_count;
	int64_t values[SYMBOL_STATES_MAX][STATE_NAMES_MAX];
	unsigned int state_count;		/* 1: the symbols assign nothing */
	unsigned int root[SYMBOL_STATES_MAX];
	struct trie_node nodes[TRIE_NODES_MAX];
	unsigned int node_count;
	unsigned int depth;			/* the longest symbol's durations */
	struct sequence sequences[SYMBOLS_MAX];	/* in the first state */
};

struct bitspec_table {
	const struct irp_bitspec *source;
	unsigned int parent;	/* the table its symbols' bitfields use, or NO_PARENT */
	struct symbol symbols[SYMBOLS_MAX];
	unsigned int count, bits;	/* symbols, and the bits each one carries */
	/* durations per symbol: 2 (a flash and a gap), or 1 (kept as the second half) */
	unsigned int length;
	struct general_bitspec *general;	/* other symbols: matched down a trie */
};

struct compiler {
	const struct irp_protocol *protocol;
	const struct irp_compile_options *options;
	struct ir_error *err;
	struct irp_env *env;		/* definitions only: constant folding */
	double unit_us, period_us;
	struct bitspec_table tables[BITSPECS_MAX];
	size_t table_count;
	struct frame frames[FRAMES_MAX];
	/* the kernel's layout, when the protocol is one of the kernel's */
	const struct irp_expr *layout_protocol, *layout_scancode, *layout_toggle;
	struct assignment assigned[ASSIGNED_MAX];
	size_t assigned_count;
	size_t frame_count;
	size_t flatten_steps;
	size_t solve_steps;		/* of the analysis of computed fields: bounded */
	/* the expanded size of each definition, counted once: 0 not yet, SIZE_MAX being counted */
	size_t *definition_sizes;
	unsigned int over_budget;	/* WORK_MAX reached: the column where, or 0 */
	unsigned int emitting;		/* the column of what is being emitted */
	unsigned int carry;		/* byte offset of the carry in the map element */
	uint32_t carried;		/* the parameters that the parts give whole */
	uint64_t sent[PARAMS_MAX];	/* the bits of each parameter that some frame sends */
	bool context;			/* frames after_report: the flag is kept */
	int done;			/* the end of every sample: the timeout empties them */
	unsigned int reported_flag;	/* its byte offset in the map element */
	bool in_passes;			/* laying out a repeated irstream */
	/* a frame has an extent: the clock runs; on raw samples (see emit_program) */
	bool has_clock, raw_clock;
	/* no general slot: r1 keeps the context (else the stack does) */
	bool context_in_r1;
	/*
	 * Each frame's entries, for a sample that a frame before it took: head with its
	 * pos in r6, zero at pos 0; when checked, no sample outside start_lo..start_hi
	 * (raw) may start it.
	 */
	struct frame_entry {
		int head, zero;
		bool checked;
		uint64_t start_lo, start_hi;
	} entries[FRAMES_MAX];
	/* the emitter */
	struct bpf_insn *insns;
	size_t insn_count, insn_capacity;
	long *labels;			/* instruction index, -1 until placed */
	size_t label_count, label_capacity;
	struct fixup { size_t at; int label; } *fixups;
	size_t fixup_count, fixup_capacity;
	bool out_of_memory, too_long;
	/*
	 * What widest_above() needs of the durations, made once build_frames() is done
	 * (nothing changes the tables or the frames after it): without it every window
	 * walked every slot of every frame, quadratic in the slots (a 300-byte IRP took
	 * 1.4 s of CPU under the fuzzer).
	 */
	struct duration_caps {
		double *us;		/* the durations a window must stay under, ascending */
		double *cap_from;	/* cap_from[i]: the least cap of us[i] and those after */
		size_t count;
		double shortest;	/* of the same durations (DBL_MAX when none) */
		bool general;		/* a table of symbols of more than two durations */
		bool ready;
	} caps;
};

static int unsupported(struct compiler *c, unsigned int column, const char *what)
{
	ir_error_set(c->err, _("irp:%u: not supported by the IRP compiler yet: %s"), column, what);
	return -EOPNOTSUPP;
}

/*
 * Draw steps from the budget of the compilation: it is the limit of c->env's
 * evaluations (irp_env_limit()), so that constant folding draws on it too. Once it is
 * spent, every later step fails as well and irp_compile() refuses the protocol with
 * the column where it ran out.
 */
static bool spend(struct compiler *c, unsigned long steps, unsigned int column)
{
	unsigned long left = irp_env_steps_left(c->env);

	if (!c->over_budget && steps < left) {
		irp_env_limit(c->env, left - steps);
		return true;
	}
	irp_env_limit(c->env, 0);
	if (!c->over_budget)
		c->over_budget = column ? column : 1;
	return false;
}

/* An evaluation that failed because the budget was spent, not because of e. */
static bool spent(struct compiler *c, unsigned int column)
{
	if (irp_env_steps_left(c->env) != 0)
		return false;
	return !spend(c, 1, column);
}

static int over_budget(struct compiler *c)
{
	ir_error_set(c->err, _("irp:%u: too much work to compile (more than %d steps): "
			       "definitions used too often, or expressions too large"),
		     c->over_budget, WORK_MAX);
	return -E2BIG;
}

/*
 * irp_eval() in c->env, for constant folding, its message not wanted: each call draws
 * FOLD_STEPS on the budget besides its nodes (a call that fails at once costs that
 * much), and fails once the budget is spent.
 */
static int fold(struct compiler *c, const struct irp_expr *e, int64_t *ret_value)
{
	if (!spend(c, FOLD_STEPS, e->column))
		return -E2BIG;
	return irp_eval(e, c->env, ret_value, NULL);
}

/* ---- the emitter ---- */

static bool grow(void **array, size_t *capacity, size_t count, size_t size)
{
	size_t wanted;
	void *grown;

	if (count < *capacity)
		return true;
	wanted = *capacity ? *capacity * 2 : 256;
	grown = realloc(*array, wanted * size);
	if (!grown)
		return false;
	*array = grown;
	*capacity = wanted;
	return true;
}

static void insn(struct compiler *c, uint8_t code, uint8_t dst, uint8_t src, int16_t off,
		 int32_t imm)
{
	struct bpf_insn *i;

	/* past what a jump reaches, emit no more: resolve() refuses the program */
	if (c->insn_count > INSNS_MAX) {
		c->too_long = true;
		return;
	}
	if (c->out_of_memory || !grow((void **)&c->insns, &c->insn_capacity, c->insn_count,
				      sizeof(*c->insns))) {
		c->out_of_memory = true;
		return;
	}
	i = &c->insns[c->insn_count++];
	memset(i, 0, sizeof(*i));
	i->code = code;
	i->dst_reg = dst;
	i->src_reg = src;
	i->off = off;
	i->imm = imm;
}

static int new_label(struct compiler *c)
{
	if (c->out_of_memory || !grow((void **)&c->labels, &c->label_capacity, c->label_count,
				      sizeof(*c->labels))) {
		c->out_of_memory = true;
		return 0;
	}
	c->labels[c->label_count] = -1;
	return (int)c->label_count++;
}

static void place(struct compiler *c, int label)
{
	if (!c->out_of_memory)
		c->labels[label] = (long)c->insn_count;
}

/* A jump (op BPF_JA or a condition) to label; src_reg set for the register forms. */
static void jump(struct compiler *c, uint8_t code, uint8_t dst, uint8_t src, int32_t imm,
		 int label)
{
	if (c->out_of_memory || !grow((void **)&c->fixups, &c->fixup_capacity,
				      c->fixup_count, sizeof(*c->fixups))) {
		c->out_of_memory = true;
		return;
	}
	c->fixups[c->fixup_count].at = c->insn_count;
	c->fixups[c->fixup_count++].label = label;
	insn(c, code, dst, src, 0, imm);
}

#define ALU64_IMM(c, op, d, i)	insn(c, BPF_ALU64 | (op) | BPF_K, d, 0, 0, i)
#define ALU64_REG(c, op, d, s)	insn(c, BPF_ALU64 | (op) | BPF_X, d, s, 0, 0)
#define LDX64(c, d, s, o)	insn(c, BPF_LDX | BPF_DW | BPF_MEM, d, s, o, 0)
#define STX64(c, d, s, o)	insn(c, BPF_STX | BPF_DW | BPF_MEM, d, s, o, 0)
#define ST64(c, d, o, i)	insn(c, BPF_ST | BPF_DW | BPF_MEM, d, 0, o, i)
#define JUMP_IMM(c, op, d, i, l) jump(c, BPF_JMP | (op) | BPF_K, d, 0, i, l)
#define JUMP_REG(c, op, d, s, l) jump(c, BPF_JMP | (op) | BPF_X, d, s, 0, l)
#define GOTO(c, l)		jump(c, BPF_JMP | BPF_JA, 0, 0, 0, l)

static void load_imm64(struct compiler *c, uint8_t dst, uint64_t value)
{
	insn(c, BPF_LD | BPF_DW | BPF_IMM, dst, 0, 0, (int32_t)(uint32_t)value);
	insn(c, 0, 0, 0, 0, (int32_t)(uint32_t)(value >> 32));
}

/* dst = value, in the shortest form. */
static void mov_imm(struct compiler *c, uint8_t dst, uint64_t value)
{
	if (value <= INT32_MAX)
		ALU64_IMM(c, BPF_MOV, dst, (int32_t)value);
	else
		load_imm64(c, dst, value);
}

/* if (reg OP value) goto label, unsigned 64-bit; r5 holds a wide value. */
static void jump_if(struct compiler *c, uint8_t op, uint8_t reg, uint64_t value, int label)
{
	if (value <= INT32_MAX) {
		JUMP_IMM(c, op, reg, (int32_t)value, label);
		return;
	}
	load_imm64(c, BPF_REG_5, value);
	JUMP_REG(c, op, reg, BPF_REG_5, label);
}

/*
 * Drops the jumps to the very next instruction (a block laid out where its goto
 * leads): each costs a step of every run through it.
 */
static int drop_jumps_to_next(struct compiler *c)
{
	size_t *index = calloc(c->insn_count + 1, sizeof(*index));
	bool *dropped = calloc(c->insn_count + 1, sizeof(*dropped));
	size_t i, kept = 0, fixups = 0;

	if (!index || !dropped) {
		free(index);
		free(dropped);
		return -ENOMEM;
	}
	for (i = 0; i < c->fixup_count; i++) {
		size_t at = c->fixups[i].at;

		if (c->insns[at].code == (BPF_JMP | BPF_JA) &&
		    c->labels[c->fixups[i].label] == (long)at + 1)
			dropped[at] = true;
	}
	/* an instruction's new index; a dropped one's is that of the one after it */
	for (i = 0; i <= c->insn_count; i++) {
		index[i] = kept;
		if (i < c->insn_count && !dropped[i])
			c->insns[kept++] = c->insns[i];
	}
	for (i = 0; i < c->label_count; i++)
		if (c->labels[i] >= 0)
			c->labels[i] = (long)index[c->labels[i]];
	for (i = 0; i < c->fixup_count; i++) {
		if (dropped[c->fixups[i].at])
			continue;
		c->fixups[fixups].label = c->fixups[i].label;
		c->fixups[fixups++].at = index[c->fixups[i].at];
	}
	c->fixup_count = fixups;
	c->insn_count = kept;
	free(index);
	free(dropped);
	return 0;
}

static int resolve(struct compiler *c)
{
	size_t i;

	if (c->too_long) {
		ir_error_set(c->err, _("irp:%u: the decoder is too long (more than "
				       "%d instructions)"), c->emitting, INSNS_MAX);
		return -E2BIG;
	}
	if (c->out_of_memory || drop_jumps_to_next(c) < 0)
		return -ENOMEM;
	for (i = 0; i < c->fixup_count; i++) {
		long target = c->labels[c->fixups[i].label];
		long off = target - (long)c->fixups[i].at - 1;

		if (target < 0 || off < INT16_MIN || off > INT16_MAX) {
			ir_error_set(c->err, _("irp:%u: the decoder is too long (more than "
					       "%d instructions)"), c->emitting, INSNS_MAX);
			return -E2BIG;
		}
		c->insns[c->fixups[i].at].off = (int16_t)off;
	}
	return 0;
}

/*
 * The kernel's scancode layouts, for the database protocols that the kernel's decoders
 * report (its enum rc_proto numbers): the protocol and the scancode as expressions of
 * the parameters, and the toggle where the kernel's is not the persistent parameter.
 * The facts are each decoder's (drivers/media/rc/ir-*-decoder.c in Linux 6.1):
 * - NEC: 16 bits when S is D's complement, else 24 (NECX), and 32 (NEC32) when the
 *   fourth byte is not F's complement, each pair of bytes swapped there: S, D, E, F
 *   from the top (rc-core.h's ir_nec_bytes_to_scancode()).
 * - RC-5X: the 7-bit command (its top bit the inverted field bit) in the middle byte;
 *   StreamZap (rc-5-sz): the second start bit (~F:1:6) is bit 13, then 6 bits of
 *   system and 6 of command.
 * - RC-6 mode 6A: the body as sent, 20, 24 or 32 bits; a 32-bit body whose top 16
 *   bits are 0x800f, 0x8034 or 0x8046 is MCE, with its bit 15 as the toggle and
 *   cleared in the scancode; the kernel has no toggle for other 6A bodies (the trailer
 *   bit is not read). RC6-M-24 and RC6-M-32 report so when M is 6, RC6-M-16 as
 *   mode 0 when M is 0, with the generic layout and protocol otherwise (the kernel
 *   has no such protocol).
 * - Sanyo (LC7461: Aiwa's IRP): the 13-bit address, least significant bit first (D,
 *   then the 5 bits of S), above the command.
 * - RC-MM (Nokia's IRPs): the bits as sent; a 32-bit one whose bits 19 and 18 are not
 *   both set has its bit 15 as the toggle, cleared in the scancode.
 * - MCIR-2 (mce_kbd): the keyboard's low 24 bits of its body (0, then F and M), the
 *   mouse's low 21 bits (y, x, R, L, F); the checksum bits are not part of either.
 */
struct kernel_layout {
	const char *name;
	const char *protocol;
	const char *scancode;
	const char *toggle;	/* NULL: the persistent parameter, if any */
};

#define NEC_PROTOCOL "((D^S)==255?9:10)"
#define NEC_SCANCODE "((D^S)==255?D<<8|F:D<<16|S<<8|F)"
#define NEC32_PROTOCOL "((F^E)!=255?11:" NEC_PROTOCOL ")"
#define NEC32_SCANCODE "((F^E)!=255?S<<24|D<<16|E<<8|F:" NEC_SCANCODE ")"
/* RC-6 6A-32: MCE when the customer is one of the kernel's three MCE customers */
#define RC6_MCE_CUSTOMER(c) "((" c ")==32783||(" c ")==32820||(" c ")==32838)"
#define RC6_M32_CUSTOMER RC6_MCE_CUSTOMER("OEM1<<8|OEM2")
#define MCE_CUSTOMER RC6_MCE_CUSTOMER("128<<8|S")

static const struct kernel_layout kernel_layouts[] = {
	{ "NEC", NEC_PROTOCOL, NEC_SCANCODE, NULL },
	{ "NEC1", NEC_PROTOCOL, NEC_SCANCODE, NULL },
	{ "NEC2", NEC_PROTOCOL, NEC_SCANCODE, NULL },
	{ "NEC-f16", NEC32_PROTOCOL, NEC32_SCANCODE, NULL },
	{ "NEC1-f16", NEC32_PROTOCOL, NEC32_SCANCODE, NULL },
	{ "NEC2-f16", NEC32_PROTOCOL, NEC32_SCANCODE, NULL },
	{ "RC5", "2", "D<<8|F", NULL },			/* RC_PROTO_RC5 */
	{ "RC5x", "3", "D<<16|S<<8|F", NULL },		/* RC_PROTO_RC5X_20 */
	{ "StreamZap", "4", "((F>>6)^1)<<13|D<<6|(F&63)", NULL },	/* RC_PROTO_RC5_SZ */
	{ "StreamZap-57", "4", "((F>>6)^1)<<13|D<<6|(F&63)", NULL },
	{ "JVC", "5", "D<<8|F", NULL },			/* RC_PROTO_JVC */
	{ "Sony12", "6", "D<<16|F", NULL },		/* RC_PROTO_SONY12 */
	{ "Sony15", "7", "D<<16|F", NULL },		/* RC_PROTO_SONY15 */
	{ "Sony20", "8", "D<<16|S<<8|F", NULL },	/* RC_PROTO_SONY20 */
	{ "Aiwa", "12", "S<<16|D<<8|F", NULL },		/* RC_PROTO_SANYO */
	{ "Aiwa2", "12", "S<<16|D<<8|F", NULL },
	{ "MCIR-2-kbd", "13", "F<<8|M", NULL },		/* RC_PROTO_MCIR2_KBD */
	{ "MCIR-2-mouse", "14", "y<<14|x<<7|R<<6|L<<5|F", NULL },	/* RC_PROTO_MCIR2_MSE */
	{ "RC6", "15", "D<<8|F", NULL },		/* RC_PROTO_RC6_0 */
	{ "RC6-M-16", "(M==0?15:80)", "(M==0?D<<8|F:D<<11|F<<3|M)", NULL },
	{ "RC6-6-20", "16", "D<<12|S<<8|F", "0" },	/* RC_PROTO_RC6_6A_20 */
	{ "Replay", "17", "D<<16|S<<8|F", "0" },	/* RC_PROTO_RC6_6A_24 */
	{ "RC6-M-24", "(M==6?17:80)", "(M==6?D<<16|S<<8|F:D<<19|S<<11|F<<3|M)",
	  "(M==6?0:T)" },
	{ "RC6-M-32", "(M!=6?80:(" RC6_M32_CUSTOMER "?19:18))",
	  "(M!=6?OEM1<<27|OEM2<<19|D<<11|F<<3|M:"
	  "OEM1<<24|OEM2<<16|(" RC6_M32_CUSTOMER "?D&127:D)<<8|F)",
	  "(M!=6?T:(" RC6_M32_CUSTOMER "?D>>7:0))" },
	{ "MCE", "(" MCE_CUSTOMER "?19:18)",			/* RC_PROTO_RC6_MCE */
	  "(" MCE_CUSTOMER "?128<<24|S<<16|D<<8|F:128<<24|S<<16|T<<15|D<<8|F)",
	  "(" MCE_CUSTOMER "?T:0)" },
	{ "Sharp", "20", "D<<8|F", NULL },		/* RC_PROTO_SHARP */
	{ "Nokia12", "24", "D<<8|F", NULL },		/* RC_PROTO_RCMM12 */
	{ "Nokia", "25", "D<<16|S<<8|F", NULL },	/* RC_PROTO_RCMM24 */
	{ "Nokia32", "26",				/* RC_PROTO_RCMM32 */
	  "((S&12)==12?D<<24|S<<16|T<<15|X<<8|F:D<<24|S<<16|X<<8|F)", "((S&12)==12?0:T)" },
};

const char *irp_compile_kernel_layout(const char *name)
{
	size_t i;

	for (i = 0; name && i < sizeof(kernel_layouts) / sizeof(kernel_layouts[0]); i++)
		if (strcmp(kernel_layouts[i].name, name) == 0)
			return kernel_layouts[i].scancode;
	return NULL;
}

const char *irp_compile_kernel_protocol(const char *name)
{
	size_t i;

	for (i = 0; name && i < sizeof(kernel_layouts) / sizeof(kernel_layouts[0]); i++)
		if (strcmp(kernel_layouts[i].name, name) == 0)
			return kernel_layouts[i].protocol;
	return NULL;
}

const char *irp_compile_kernel_toggle(const char *name)
{
	size_t i;

	for (i = 0; name && i < sizeof(kernel_layouts) / sizeof(kernel_layouts[0]); i++)
		if (strcmp(kernel_layouts[i].name, name) == 0)
			return kernel_layouts[i].toggle;
	return NULL;
}

/* ---- the protocol into frames ---- */

static int evaluate(struct compiler *c, const struct irp_expr *e, int64_t *ret_value,
		    const char *what)
{
	if (fold(c, e, ret_value) == 0)
		return 0;
	return unsupported(c, e->column, what);
}

/*
 * A frame's last gap ends it from this long on (µs), whatever longer one its IRP asks
 * for: real remotes repeat sooner than the extent or gap says (a G.I.Cable repeat 26 ms
 * after a frame that asks for 41, RC5 and RC6 repeats 27 ms apart), and IrpTransmogrifier
 * takes a signal's last gap as its leadout from 20 ms on too.
 */
#define LEADOUT_MIN_US 20000.0

static double tolerance(const struct compiler *c, double us)
{
	double relative = c->options->relative_tolerance * us;

	return relative > c->options->absolute_tolerance ? relative :
	       c->options->absolute_tolerance;
}

static int duration_us(struct compiler *c, const struct irp_item *item, double *ret_us)
{
	const struct irp_duration *d = &item->duration;
	double scale, value = irp_decimal_value(d->value);

	if (d->name) {
		/* a name of a constant value where it is sent (B&O's -zeroGap) */
		const struct irp_expr name = { .kind = IRP_EXPR_NAME, .column = item->column,
					       .name = d->name, .height = 1 };
		int64_t named;

		if (fold(c, &name, &named) < 0 || named < 0)
			return unsupported(c, item->column, _("a duration given by a name"));
		value = (double)named;
	}
	switch (d->unit) {
	case IRP_TIME_MICROSECONDS:
		scale = 1;
		break;
	case IRP_TIME_MILLISECONDS:
		scale = 1000;
		break;
	case IRP_TIME_PERIODS:
		scale = c->period_us;
		break;
	default:
		scale = c->unit_us;
		break;
	}
	if (scale <= 0) {
		ir_error_set(c->err, _("irp:%u: a duration in periods with no carrier"),
			     item->column);
		return -EINVAL;
	}
	*ret_us = value * scale;
	/*
	 * A receiver reports whole microseconds: a duration shorter than one is a sample
	 * of 0 or noise, and matching it would take any short sample for it.
	 */
	if (*ret_us > 0 && *ret_us < DURATION_MIN_US) {
		ir_error_set(c->err, _("irp:%u: a duration of %g µs, shorter than a receiver "
				       "reports (%u µs)"), item->column, *ret_us, DURATION_MIN_US);
		return -EINVAL;
	}
	if (*ret_us > DURATION_MAX_US) {
		ir_error_set(c->err, _("irp:%u: a duration of %.0f µs, longer than a receiver "
				       "reports (%u µs)"), item->column, *ret_us, DURATION_MAX_US);
		return -EINVAL;
	}
	return 0;
}

static int add_slot(struct compiler *c, struct frame *f, const struct slot *slot)
{
	struct slot *grown;

	if (f->slot_count >= SLOTS_MAX) {
		ir_error_set(c->err, _("irp: a frame of more than %d durations"), SLOTS_MAX);
		return -E2BIG;
	}
	/* a flash or gap after one of its kind is one longer duration */
	if (slot->kind == SLOT_DURATION && f->slot_count &&
	    f->slots[f->slot_count - 1].kind == SLOT_DURATION &&
	    f->slots[f->slot_count - 1].pulse == slot->pulse) {
		f->slots[f->slot_count - 1].us += slot->us;
		if (f->slots[f->slot_count - 1].us > DURATION_MAX_US) {
			ir_error_set(c->err, _("irp: durations that add up to more than a "
					       "receiver reports (%u µs)"), DURATION_MAX_US);
			return -EINVAL;
		}
		return 0;
	}
	if (f->slot_count == f->slot_capacity) {
		size_t capacity = f->slot_capacity ? f->slot_capacity * 2 : 64;

		grown = realloc(f->slots, capacity * sizeof(*grown));
		if (!grown)
			return -ENOMEM;
		f->slots = grown;
		f->slot_capacity = capacity;
	}
	f->slots[f->slot_count++] = *slot;
	return 0;
}

static int parameter_index(const struct irp_protocol *p, const char *name)
{
	size_t i;

	for (i = 0; i < p->parameter_count; i++)
		if (strcmp(p->parameters[i].name, name) == 0)
			return (int)i;
	return -1;
}

/*
 * A symbol of a general bitspec: one slot per duration of its longest symbol, each
 * with the bits' places; a shorter symbol skips the slots it does not need.
 */
static int add_symbol_slots(struct compiler *c, struct frame *f, const struct slot *bits)
{
	const struct general_bitspec *g = c->tables[f->table].general;
	struct slot slot = *bits;
	unsigned int d;
	int ret;

	if (g->state_count > 1) {
		/* its state is known where the frame starts: once, and one such bitspec */
		if (c->in_passes || (f->stateful_table != NO_PARENT &&
				     f->stateful_table != f->table))
			return unsupported(c, f->pending_column,
					   _("an assignment in a symbol of a repeated irstream"));
		f->stateful_table = f->table;
	}
	slot.kind = SLOT_SYMBOL;
	for (d = 0; d < g->depth; d++) {
		slot.depth = d;
		ret = add_slot(c, f, &slot);
		if (ret < 0)
			return ret;
	}
	return 0;
}

static uint64_t low_mask(unsigned int width)
{
	return width >= 64 ? UINT64_MAX : ((uint64_t)1 << width) - 1;
}

/*
 * A bitfield whose data is a parameter plus or minus a constant (arctech's (D-1):4 for
 * D:1..16), every value of the parameter's range fitting the field whole: the
 * parameter is the value sent less that offset.
 */
static bool offset_parameter(struct compiler *c, const struct irp_expr *e, unsigned int width,
			     unsigned int chop, int *ret_index, int64_t *ret_offset)
{
	const struct irp_expr *a = e->a, *name, *constant;
	const struct irp_parameter *pa;
	int64_t offset;
	int index;

	if (a->kind != IRP_EXPR_BINARY || (a->op != IRP_OP_ADD && a->op != IRP_OP_SUB) ||
	    chop || e->reverse || width >= 32)
		return false;
	name = a->a;
	constant = a->b;
	if (a->op == IRP_OP_ADD && name->kind != IRP_EXPR_NAME) {
		name = a->b;
		constant = a->a;
	}
	if (name->kind != IRP_EXPR_NAME)
		return false;
	index = parameter_index(c->protocol, name->name);
	if (index < 0 || irp_env_has_value(c->env, name->name) ||
	    fold(c, constant, &offset) < 0 ||
	    offset < -INT32_MAX || offset > INT32_MAX || offset == 0)
		return false;
	if (a->op == IRP_OP_SUB)
		offset = -offset;
	pa = &c->protocol->parameters[index];
	if (pa->max > INT32_MAX || (int64_t)pa->min + offset < 0 ||
	    (int64_t)pa->max + offset > (int64_t)low_mask(width))
		return false;
	*ret_index = index;
	*ret_offset = offset;
	return true;
}

/*
 * The pending bits, in the order sent, as the places of a symbol's bits, its most
 * significant first: a symbol is its bits' value in the general spec's order, so under
 * lsb the first bit sent is its least significant (Epson's D:8 = 98 is 2, 0, 2, 1).
 */
static void symbol_bits(const struct compiler *c, const struct frame *f, struct slot *s)
{
	unsigned int j, n = f->pending;

	for (j = 0; j < n; j++) {
		unsigned int from = c->protocol->general.msb ? j : n - 1 - j;

		s->field[j] = f->pending_field[from];
		s->value_bit[j] = f->pending_bit[from];
	}
}

static int add_bitfield(struct compiler *c, struct frame *f, const struct irp_item *item)
{
	const struct irp_expr *e = item->bitfield;
	struct field field = { 0 };
	struct field *grown;
	int64_t width, chop = 0, value;
	unsigned int i;
	bool msb_first;
	int index, ret;

	if (e->infinite)
		return unsupported(c, item->column, _("an infinite bitfield"));
	ret = evaluate(c, e->b, &width, _("a bitfield width that is not a constant"));
	if (ret == 0 && e->c)
		ret = evaluate(c, e->c, &chop, _("a bitfield chop that is not a constant"));
	if (ret < 0)
		return ret;
	if (width < 0 || width > 64 || chop < 0 || chop + width > 64) {
		ir_error_set(c->err, _("irp:%u: a bitfield of width %lld and chop %lld"),
			     item->column, (long long)width, (long long)chop);
		return -EINVAL;
	}
	field.width = (unsigned int)width;
	field.chop = (unsigned int)chop;
	field.complement = e->complement;
	index = e->a->kind == IRP_EXPR_NAME ? parameter_index(c->protocol, e->a->name) : -1;
	if (index >= 0 && !irp_env_has_value(c->env, e->a->name)) {
		field.source = FIELD_PARAMETER;
		field.parameter = (unsigned int)index;
	} else if (offset_parameter(c, e, field.width, field.chop, &index, &field.offset)) {
		field.source = FIELD_PARAMETER;
		field.parameter = (unsigned int)index;
	} else if (fold(c, e, &value) == 0) {
		field.source = FIELD_CONSTANT;
		field.constant = (uint64_t)value;
	} else {
		field.source = FIELD_COMPUTED;
		field.expr = e;
		memcpy(field.snapshot, c->assigned, sizeof(field.snapshot));
		field.snapshot_count = c->assigned_count;
	}
	grown = realloc(f->fields, (f->field_count + 1) * sizeof(*grown));
	if (!grown)
		return -ENOMEM;
	f->fields = grown;
	f->fields[f->field_count] = field;
	/*
	 * The bits go out most significant first under msb; a reversed parameter field is
	 * collected the other way round, giving the parameter's bits unreversed.
	 */
	msb_first = c->protocol->general.msb;
	if (e->reverse && field.source == FIELD_PARAMETER)
		msb_first = !msb_first;
	for (i = 0; i < field.width; i++) {
		struct slot first = { .kind = SLOT_BIT_FIRST, .table = f->table };
		struct slot second = { .kind = SLOT_BIT_SECOND, .table = f->table };

		if (f->pending == 0)
			f->pending_column = item->column;
		f->pending_field[f->pending] = (unsigned int)f->field_count;
		f->pending_bit[f->pending++] = msb_first ? field.width - 1 - i : i;
		if (f->pending < c->tables[f->table].bits)
			continue;
		symbol_bits(c, f, &second);
		f->pending = 0;
		if (c->tables[f->table].general) {
			ret = add_symbol_slots(c, f, &second);
			if (ret < 0)
				return ret;
			continue;
		}
		ret = c->tables[f->table].length == 2 ? add_slot(c, f, &first) : 0;
		if (ret == 0)
			ret = add_slot(c, f, &second);
		if (ret < 0)
			return ret;
	}
	f->field_count++;
	return 0;
}

static bool repeating(const struct irp_stream *s)
{
	return s->repeat != IRP_REPEAT_ONCE;
}

/* Assignments at the end of a body concern the next signal: the count without them. */
static size_t without_trailing_assignments(const struct irp_sequence *body)
{
	size_t n = body->count;

	while (n && body->items[n - 1].kind == IRP_ITEM_ASSIGNMENT)
		n--;
	return n;
}

static int read_symbols(struct compiler *c, const struct irp_bitspec *b, unsigned int parent,
			unsigned int *ret_index);

/* An assignment of a constant: the name has that value from here on. */
static int assign(struct compiler *c, const struct irp_item *item)
{
	int64_t value;
	size_t i;
	int ret;

	if (fold(c, item->value, &value) < 0)
		return unsupported(c, item->column,
				   _("an assignment of a value that depends on the parameters"));
	for (i = 0; i < c->assigned_count; i++)
		if (strcmp(c->assigned[i].name, item->name) == 0)
			break;
	if (i == ASSIGNED_MAX)
		return unsupported(c, item->column, _("more than 8 names assigned"));
	ret = irp_env_set(c->env, item->name, value);
	if (ret < 0)
		return ret;
	c->assigned[i].name = item->name;
	c->assigned[i].value = value;
	if (i == c->assigned_count)
		c->assigned_count++;
	return 0;
}

/*
 * Lay out count items of seq in f. *origin is where the time of this irstream's extents
 * counts from (the slot after its start or its previous extent); the program counts
 * from the frame's start or its last extent (f->origin), so an extent is taken only
 * where the two are the same (SonyDSP's irstreams, each after the previous one's extent).
 */
static int flatten(struct compiler *c, struct frame *f, const struct irp_sequence *seq,
		   size_t count, unsigned int depth, unsigned int pass, size_t *origin)
{
	size_t i;
	int ret;

	for (i = 0; i < count; i++) {
		const struct irp_item *item = &seq->items[i];
		struct slot slot = { 0 };

		/*
		 * Nested "(...)N" unroll to N times N ... items, most of which can merge
		 * into the same few slots: bound the work, not only the slots.
		 */
		if (++c->flatten_steps > FLATTEN_STEPS_MAX) {
			ir_error_set(c->err, _("irp:%u: more than %d items to lay out in the "
					       "frames"), item->column, FLATTEN_STEPS_MAX);
			return -E2BIG;
		}
		if (!spend(c, 1, item->column))
			return over_budget(c);

		if (item->kind != IRP_ITEM_BITFIELD && f->pending)
			return unsupported(c, f->pending_column,
					   _("bits short of a symbol before a duration"));
		switch (item->kind) {
		case IRP_ITEM_DURATION:
			ret = duration_us(c, item, &slot.us);
			if (ret < 0)
				return ret;
			if (item->duration.kind == IRP_EXTENT) {
				if (*origin != f->origin)
					return unsupported(c, item->column, depth > 0 ?
							   _("an extent in a nested irstream") :
							   _("an extent after a nested one"));
				slot.kind = SLOT_EXTENT;
			} else {
				if (slot.us < 0.5)
					continue;
				slot.kind = SLOT_DURATION;
				slot.pulse = item->duration.kind == IRP_FLASH;
			}
			ret = add_slot(c, f, &slot);
			if (slot.kind == SLOT_EXTENT)
				*origin = f->origin = f->slot_count;
			break;
		case IRP_ITEM_BITFIELD:
			ret = add_bitfield(c, f, item);
			break;
		case IRP_ITEM_STREAM: {
			unsigned int outer = f->table, inner = f->table;
			uint64_t times = 1, k;

			/* "(A)2" inside a frame: A twice, in the frame */
			if (item->stream->repeat == IRP_REPEAT_COUNT && item->stream->count <= 8)
				times = item->stream->count;
			else if (repeating(item->stream))
				return unsupported(c, item->column,
						   _("a repeated irstream inside a frame"));
			if (item->stream->bitspec) {
				ret = read_symbols(c, item->stream->bitspec, outer, &inner);
				if (ret < 0)
					return ret;
			}
			f->table = inner;
			for (k = 0, ret = 0; k < times && ret == 0; k++) {
				size_t inner_origin = f->slot_count;

				ret = flatten(c, f, &item->stream->body, item->stream->body.count,
					      depth + 1, pass, &inner_origin);
				if (ret == 0 && f->pending)
					return unsupported(c, f->pending_column,
							   _("bits short of a symbol at the end of an "
							     "irstream"));
			}
			f->table = outer;
			break;
		}
		case IRP_ITEM_VARIATION:
			/* the pass's alternative; an empty or missing one ends the frame */
			if (pass >= item->alternative_count ||
			    item->alternatives[pass].count == 0)
				return STOPPED;
			ret = flatten(c, f, &item->alternatives[pass],
				      item->alternatives[pass].count, depth, pass, origin);
			break;
		default:
			ret = assign(c, item);
			break;
		}
		if (ret != 0)
			return ret;
	}
	return 0;
}

static void frame_free(struct frame *f)
{
	free(f->slots);
	free(f->fields);
	memset(f, 0, sizeof(*f));
}

/* The scancode's bits for parameter i: as many as its maximum needs. */
static unsigned int parameter_bits(const struct irp_parameter *p)
{
	unsigned int bits = 0;

	while (bits < 64 && (p->max >> bits) != 0)
		bits++;
	return bits;
}

static bool same_slot(const struct slot *a, const struct slot *b)
{
	return a->kind == b->kind && a->pulse == b->pulse && a->us == b->us &&
	       a->table == b->table && a->depth == b->depth &&
	       memcmp(a->field, b->field, sizeof(a->field)) == 0 &&
	       memcmp(a->value_bit, b->value_bit, sizeof(a->value_bit)) == 0;
}

static bool same_field(const struct field *a, const struct field *b)
{
	size_t i;

	if (a->source != b->source || a->parameter != b->parameter || a->offset != b->offset ||
	    a->constant != b->constant || a->width != b->width || a->chop != b->chop ||
	    a->complement != b->complement || a->expr != b->expr ||
	    a->snapshot_count != b->snapshot_count)
		return false;
	for (i = 0; i < a->snapshot_count; i++)
		if (a->snapshot[i].name != b->snapshot[i].name ||
		    a->snapshot[i].value != b->snapshot[i].value)
			return false;
	return true;
}

/* A frame that another one already decodes (a repeated part's passes, often). */
static bool is_duplicate(const struct compiler *c, const struct frame *f)
{
	size_t k, i;

	for (k = 0; k + 1 < c->frame_count; k++) {
		const struct frame *o = &c->frames[k];
		bool same = o->slot_count == f->slot_count && o->field_count == f->field_count;

		for (i = 0; same && i < f->slot_count; i++)
			same = same_slot(&o->slots[i], &f->slots[i]);
		for (i = 0; same && i < f->field_count; i++)
			same = same_field(&o->fields[i], &f->fields[i]);
		if (same)
			return true;
	}
	return false;
}

/* Whether a frame has bitfields that may give parameters: sent, or computed from them. */
static bool may_give_parameters(const struct frame *f)
{
	size_t k;

	for (k = 0; k < f->field_count; k++)
		if (f->fields[k].source != FIELD_CONSTANT)
			return true;
	return false;
}

static int add_frame(struct compiler *c, const struct irp_sequence *seq, size_t count,
		     unsigned int pass)
{
	struct frame *f = &c->frames[c->frame_count];
	size_t origin = 0;
	int ret;

	if (c->frame_count == FRAMES_MAX)
		return unsupported(c, c->protocol->stream->column, _("more than 6 frames"));
	memset(f, 0, sizeof(*f));
	f->stateful_table = NO_PARENT;
	c->frame_count++;
	ret = flatten(c, f, seq, count, 0, pass, &origin);
	if (ret < 0)
		return ret;
	if (f->pending)
		return unsupported(c, f->pending_column, _("bits short of a symbol at the end"));
	if (f->slot_count == 0 || is_duplicate(c, f)) {
		frame_free(f);
		c->frame_count--;
		return 0;
	}
	/* the rest is classify_frames()'s, once the assignments are over */
	if (!may_give_parameters(f)) {
		/* before any message: a preamble, nothing to report */
		if (c->frame_count == 1) {
			frame_free(f);
			c->frame_count--;
			return 0;
		}
		f->repeat = true;
	}
	return 0;
}

#define SYMBOL_SHAPE _("a symbol of other than a flash and a gap")

/* A duration at the end of a symbol's sequence: merged into the last one of its kind. */
static int sequence_add(struct compiler *c, struct sequence *q, bool pulse, double us,
			unsigned int column)
{
	if (us < 0.5)
		return 0;
	if (q->count && q->pulse[q->count - 1] == pulse) {
		q->us[q->count - 1] += us;
		if (q->us[q->count - 1] > DURATION_MAX_US)
			return unsupported(c, column, SYMBOL_SHAPE);
		return 0;
	}
	if (q->count == SEQUENCE_MAX)
		return unsupported(c, column, SYMBOL_SHAPE);
	q->pulse[q->count] = pulse;
	q->us[q->count++] = us;
	return 0;
}

/* Symbol s of table index as the durations it sends (a stateless table). */
static void table_sequence(const struct compiler *c, unsigned int index, unsigned int s,
			   struct sequence *q)
{
	const struct bitspec_table *t = &c->tables[index];
	unsigned int k;

	if (t->general) {
		*q = t->general->sequences[s];
		return;
	}
	memset(q, 0, sizeof(*q));
	for (k = 2 - t->length; k < 2; k++) {
		q->pulse[q->count] = t->symbols[s].pulse[k];
		q->us[q->count++] = t->symbols[s].us[k];
	}
}

/*
 * Symbol sym of general table t in state (the values of its names, which the symbol may
 * change) into its durations: its bitfields are sent with the parent table's symbols.
 */
static int expand_symbol(struct compiler *c, const struct bitspec_table *t,
			 const struct irp_sequence *sym, int64_t *state, struct sequence *q)
{
	const struct general_bitspec *g = t->general;
	const struct bitspec_table *parent = t->parent == NO_PARENT ? NULL :
					     &c->tables[t->parent];
	unsigned int bits = 0, bit_count = 0, column = t->source->column;
	size_t i, n;
	int ret = 0;

	memset(q, 0, sizeof(*q));
	for (n = 0; n < g->name_count && ret == 0; n++)
		ret = irp_env_set(c->env, g->names[n], state[n]);
	for (i = 0; i < sym->count && ret == 0; i++) {
		const struct irp_item *item = &sym->items[i];
		int64_t value, width, b;
		double us;

		if (item->kind != IRP_ITEM_BITFIELD && bit_count)
			ret = unsupported(c, column, SYMBOL_SHAPE);
		else if (item->kind == IRP_ITEM_DURATION) {
			if (item->duration.kind == IRP_EXTENT)
				ret = unsupported(c, item->column, SYMBOL_SHAPE);
			else
				ret = duration_us(c, item, &us);
			if (ret == 0)
				ret = sequence_add(c, q, item->duration.kind == IRP_FLASH, us,
						   item->column);
		} else if (item->kind == IRP_ITEM_BITFIELD) {
			const struct irp_expr *e = item->bitfield;

			/* a constant sent with the enclosing bitspec's symbols (arctech's 2:2) */
			if (!parent || (parent->general && parent->general->state_count > 1)) {
				ret = unsupported(c, item->column, SYMBOL_SHAPE);
				break;
			}
			if (e->infinite || fold(c, e, &value) < 0 ||
			    fold(c, e->b, &width) < 0 || width < 0 ||
			    width > 64) {
				ret = unsupported(c, item->column, SYMBOL_SHAPE);
				break;
			}
			for (b = 0; b < width && ret == 0; b++) {
				unsigned int bit = (unsigned int)(c->protocol->general.msb ?
								  width - 1 - b : b);
				unsigned int one = (unsigned int)((uint64_t)value >> bit & 1);
				struct sequence part;
				unsigned int k;

				/* under lsb the first bit sent is the symbol's least significant */
				bits = c->protocol->general.msb ? bits << 1 | one :
								  bits | one << bit_count;
				if (++bit_count < parent->bits)
					continue;
				table_sequence(c, t->parent, bits, &part);
				for (k = 0; k < part.count && ret == 0; k++)
					ret = sequence_add(c, q, part.pulse[k], part.us[k],
							   item->column);
				bits = 0;
				bit_count = 0;
			}
		} else if (item->kind == IRP_ITEM_ASSIGNMENT) {
			if (fold(c, item->value, &value) < 0) {
				ret = unsupported(c, item->column,
						  _("an assignment of a value that depends on "
						    "the parameters"));
				break;
			}
			for (n = 0; n < g->name_count; n++)
				if (strcmp(g->names[n], item->name) == 0)
					break;
			state[n] = value;
			ret = irp_env_set(c->env, item->name, value);
		} else {
			ret = unsupported(c, item->column, SYMBOL_SHAPE);
		}
	}
	if (ret == 0 && (bit_count || q->count == 0))
		ret = unsupported(c, column, SYMBOL_SHAPE);
	for (n = 0; n < g->name_count; n++)
		irp_env_unset(c->env, g->names[n]);
	return ret;
}

/* The node for sequence q of symbol sym in state's trie; symbols that one cannot tell
 * apart (the same durations, or one the beginning of another) are refused. */
static int trie_add(struct compiler *c, struct general_bitspec *g, unsigned int column,
		    unsigned int state, const struct sequence *q, unsigned int sym,
		    unsigned int next_state)
{
	unsigned int at = g->root[state], k, n;

	for (k = 0; k < q->count; k++) {
		struct trie_node *child = NULL;

		if (g->nodes[at].symbol >= 0)
			return unsupported(c, column, SYMBOL_SHAPE);
		for (n = 0; n < g->node_count && !child; n++)
			if (g->nodes[n].parent == (int)at && g->nodes[n].pulse == q->pulse[k] &&
			    g->nodes[n].us == q->us[k])
				child = &g->nodes[n];
		if (!child) {
			if (g->node_count == TRIE_NODES_MAX)
				return unsupported(c, column, SYMBOL_SHAPE);
			child = &g->nodes[g->node_count++];
			child->pulse = q->pulse[k];
			child->us = q->us[k];
			child->parent = (int)at;
			child->level = k + 1;
			child->symbol = -1;
		}
		at = (unsigned int)(child - g->nodes);
	}
	for (n = 0; n < g->node_count; n++)
		if (g->nodes[n].parent == (int)at)
			break;
	if (n < g->node_count || g->nodes[at].symbol >= 0)
		return unsupported(c, column, SYMBOL_SHAPE);
	g->nodes[at].symbol = (int)sym;
	g->nodes[at].next_state = next_state;
	if (q->count > g->depth)
		g->depth = q->count;
	return 0;
}

/* The names that the symbols assign, and their values where the bitspec is first used. */
static int read_symbol_names(struct compiler *c, struct general_bitspec *g,
			     const struct irp_bitspec *b)
{
	size_t s, i, n;

	for (s = 0; s < b->count; s++)
		for (i = 0; i < b->symbols[s].count; i++) {
			const struct irp_item *item = &b->symbols[s].items[i];

			if (item->kind != IRP_ITEM_ASSIGNMENT)
				continue;
			for (n = 0; n < g->name_count; n++)
				if (strcmp(g->names[n], item->name) == 0)
					break;
			if (n < g->name_count)
				continue;
			for (n = 0; n < c->assigned_count; n++)
				if (strcmp(c->assigned[n].name, item->name) == 0)
					return unsupported(c, item->column, SYMBOL_SHAPE);
			if (g->name_count == STATE_NAMES_MAX)
				return unsupported(c, item->column, SYMBOL_SHAPE);
			g->names[g->name_count++] = item->name;
		}
	for (n = 0; n < g->name_count; n++) {
		const struct irp_expr name = { .kind = IRP_EXPR_NAME, .column = b->column,
					       .name = g->names[n], .height = 1 };

		/* its definition ({zeroGap=1}), the state before the first symbol */
		if (fold(c, &name, &g->values[0][n]) < 0)
			return unsupported(c, b->column, SYMBOL_SHAPE);
	}
	g->state_count = 1;
	return 0;
}

/* Table t's symbols, each state's, into its trie. */
static int read_general_symbols(struct compiler *c, struct bitspec_table *t)
{
	const struct irp_bitspec *b = t->source;
	struct general_bitspec *g;
	unsigned int state, s, n;
	int ret;

	g = t->general = calloc(1, sizeof(*g));
	if (!g)
		return -ENOMEM;
	ret = read_symbol_names(c, g, b);
	for (state = 0; ret == 0 && state < g->state_count; state++) {
		g->root[state] = g->node_count++;
		g->nodes[g->root[state]].parent = -1;
		g->nodes[g->root[state]].symbol = -1;
		for (s = 0; ret == 0 && s < b->count; s++) {
			int64_t next[STATE_NAMES_MAX];
			struct sequence q;

			memcpy(next, g->values[state], sizeof(next));
			ret = expand_symbol(c, t, &b->symbols[s], next, &q);
			if (ret < 0)
				break;
			for (n = 0; n < g->state_count; n++)
				if (memcmp(g->values[n], next, sizeof(next)) == 0)
					break;
			if (n == g->state_count) {
				if (n == SYMBOL_STATES_MAX)
					return unsupported(c, b->column, SYMBOL_SHAPE);
				memcpy(g->values[n], next, sizeof(next));
				g->state_count++;
			}
			if (state == 0)
				g->sequences[s] = q;
			ret = trie_add(c, g, b->column, state, &q, s, n);
		}
	}
	return ret;
}

/* A bitspec of 2, 4, 8 or 16 symbols of a flash and a gap each, or of one duration? */
static bool simple_symbols(struct compiler *c, struct bitspec_table *t)
{
	const struct irp_bitspec *b = t->source;
	size_t s, k;

	t->length = (unsigned int)b->symbols[0].count;
	for (s = 0; s < b->count; s++) {
		const struct irp_sequence *symbol = &b->symbols[s];

		if (symbol->count != t->length || (t->length != 1 && t->length != 2))
			return false;
		for (k = 2 - t->length; k < 2; k++) {
			const struct irp_item *item = &symbol->items[k - (2 - t->length)];

			if (item->kind != IRP_ITEM_DURATION || item->duration.kind == IRP_EXTENT ||
			    item->duration.name)
				return false;
			t->symbols[s].pulse[k] = item->duration.kind == IRP_FLASH;
		}
		if (t->length == 2 && t->symbols[s].pulse[0] == t->symbols[s].pulse[1])
			return false;
	}
	/* one-duration symbols: one of each kind, told apart by it (<-1|1>) */
	return t->length == 2 || (t->count == 2 &&
				  t->symbols[0].pulse[1] != t->symbols[1].pulse[1]);
}

/* The symbols of bitspec b, whose bitfields use table parent, as table *ret_index. */
static int read_symbols(struct compiler *c, const struct irp_bitspec *b, unsigned int parent,
			unsigned int *ret_index)
{
	struct bitspec_table *t;
	size_t s, k;
	int ret;

	for (k = 0; k < c->table_count; k++)
		if (c->tables[k].source == b && c->tables[k].parent == parent) {
			*ret_index = (unsigned int)k;
			return 0;
		}
	if (c->table_count == BITSPECS_MAX)
		return unsupported(c, b->column, _("more than 4 bitspecs"));
	t = &c->tables[c->table_count];
	memset(t, 0, sizeof(*t));
	t->source = b;
	t->parent = parent;
	for (t->bits = 1; t->bits <= SYMBOL_BITS_MAX; t->bits++)
		if (b->count == (size_t)1 << t->bits)
			break;
	if (t->bits > SYMBOL_BITS_MAX)
		return unsupported(c, b->column,
				   _("a bitspec of other than 2, 4, 8 or 16 symbols"));
	t->count = (unsigned int)b->count;
	/* the table is counted from here on, so that its general part is freed */
	c->table_count++;
	if (!simple_symbols(c, t)) {
		ret = read_general_symbols(c, t);
		if (ret < 0)
			return ret;
		*ret_index = (unsigned int)(c->table_count - 1);
		return 0;
	}
	for (s = 0; s < b->count; s++)
		for (k = 2 - t->length; k < 2; k++) {
			ret = duration_us(c, &b->symbols[s].items[k - (2 - t->length)],
					  &t->symbols[s].us[k]);
			if (ret < 0)
				return ret;
		}
	*ret_index = (unsigned int)(c->table_count - 1);
	return 0;
}

/* The passes of a repeated part: first, repeats, and the ending if it has one. */
static int add_passes(struct compiler *c, const struct irp_sequence *body)
{
	unsigned int passes = 2, pass;
	size_t i;
	int ret;

	for (i = 0; i < body->count; i++)
		if (body->items[i].kind == IRP_ITEM_VARIATION &&
		    body->items[i].alternative_count == 3)
			passes = 3;
	c->in_passes = true;
	for (pass = 0; pass < passes; pass++) {
		ret = add_frame(c, body, body->count, pass);
		if (ret < 0)
			return ret;
	}
	c->in_passes = false;
	return 0;
}

static int build_frames(struct compiler *c)
{
	const struct irp_stream *top = c->protocol->stream;
	const struct irp_sequence *body = &top->body;
	size_t count = without_trailing_assignments(body);
	const struct irp_item *repeated = NULL;
	size_t i, at = 0;
	int ret;

	/* "((frame)*,T=1-T)": the frame is the inner irstream */
	while (!repeating(top) && count == 1 && body->items[0].kind == IRP_ITEM_STREAM &&
	       !body->items[0].stream->bitspec) {
		top = body->items[0].stream;
		body = &top->body;
		count = without_trailing_assignments(body);
	}
	if (repeating(top)) {
		if (count != body->count)
			return unsupported(c, body->items[count].column,
					   _("an assignment at the end of a repeated irstream"));
		/* "((frame)2)*": the frame is still the inner irstream */
		while (body->count == 1 && body->items[0].kind == IRP_ITEM_STREAM &&
		       !body->items[0].stream->bitspec &&
		       (body->items[0].stream->repeat == IRP_REPEAT_ONCE ||
			body->items[0].stream->repeat == IRP_REPEAT_COUNT))
			body = &body->items[0].stream->body;
		return add_passes(c, body);
	}
	if (count == 0)
		return 0;
	/* one repeated irstream: what comes before it, its passes, what comes after */
	for (i = 0; i < count; i++) {
		if (body->items[i].kind != IRP_ITEM_STREAM || !repeating(body->items[i].stream))
			continue;
		if (repeated)
			return unsupported(c, body->items[i].column,
					   _("a second repeated irstream"));
		repeated = &body->items[i];
		at = i;
	}
	if (!repeated)
		return add_frame(c, body, count, 0);
	if (repeated->stream->bitspec)
		return unsupported(c, repeated->column,
				   _("a repeated irstream with its own bitspec"));
	ret = add_frame(c, body, at, 0);
	if (ret == 0)
		ret = add_passes(c, &repeated->stream->body);
	if (ret == 0 && at + 1 < count) {
		struct irp_sequence rest = { body->items + at + 1, count - at - 1 };
		size_t before = c->frame_count;

		ret = add_frame(c, &rest, rest.count, 0);
		if (ret == 0 && c->frame_count > before)
			c->frames[c->frame_count - 1].ending = true;
	}
	return ret;
}

/* ---- the frames into code ---- */

/*
 * Two conventions for the sample's rest in r8. The raw one, where the program spends
 * its time: the sample as LIRC gives it, its kind (1 pulse, 0 space or timeout) in the
 * bits from 24 up, so that one pair of compares checks the kind and the duration
 * together. The split one, for the general slots: r8 the duration, r9 the kind. Each
 * slot has an entry in each (raw[i], slot[i]); crossing from one to the other converts.
 */
#define STACK_KEY	(-8)
#define STACK_CTX	(-16)
#define STACK_SAMPLE	(-24)
#define STACK_PARAM(i)	(-32 - 8 * (int)(i))
#define STACK_TEMP(i)	(STACK_PARAM(PARAMS_MAX) - 8 * (int)(i))

/* the clock: the sum of every sample seen (raw, or µs; see emit_program) */
#define STATE_CLOCK	0
#define STATE_FRAMES	8
#define STATE_POS	0
#define STATE_CAND	8
#define STATE_ORIGIN	16	/* the clock where the frame or the last extent began */
#define STATE_FIELD(i)	(24 + 8 * (int)(i))

#define RAW_PULSE	(1u << 24)
#define RAW_DURATION	0xffffffu
#define RAW_MAX		(RAW_PULSE | RAW_DURATION)
/* a run of bits shifted into one word under a 1 that reaches bit 63 with the last */
#define RUN_BITS_MAX	63
/* or shifted right, in at bit 30 (an immediate), over a 1 that reaches bit 0 */
#define RIGHT_TOP	30

struct window {
	uint64_t lo, hi;	/* hi UINT64_MAX: no upper bound */
};

/* How much longer than us a duration is within r of the larger of the two: us r / (1 - r). */
static double tolerance_above(const struct compiler *c, double us)
{
	double r = c->options->relative_tolerance < 0.9 ? c->options->relative_tolerance : 0.9;
	double relative = us * r / (1 - r);

	return relative > c->options->absolute_tolerance ? relative :
	       c->options->absolute_tolerance;
}

/* The cap under the window of a duration d: its lowest value, less one. */
static double cap_of(const struct compiler *c, double d)
{
	return d - tolerance(c, d) - 1;
}

/* Update *cap to stay under the window of a longer duration d than us. */
static void cap_under(const struct compiler *c, double us, double d, double *cap)
{
	if (d > us + 0.5 && cap_of(c, d) < *cap)
		*cap = cap_of(c, d);
}

static int compare_doubles(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return x < y ? -1 : x > y;
}

/*
 * c->caps from the tables and frames: every positive duration of a symbol and every
 * duration slot, sorted, with the least cap from each on, so that widest_above() takes
 * the caps of all the durations longer than its own in one search.
 */
static int duration_caps_make(struct compiler *c)
{
	struct duration_caps *caps = &c->caps;
	size_t i, k, j, n = 0;

	caps->shortest = DBL_MAX;
	for (i = 0; i < c->table_count; i++) {
		caps->general = caps->general || c->tables[i].general;
		n += 2 * c->tables[i].count;
	}
	for (i = 0; i < c->frame_count; i++)
		n += c->frames[i].slot_count;
	caps->us = malloc((n ? n : 1) * sizeof(*caps->us));
	caps->cap_from = malloc((n ? n : 1) * sizeof(*caps->cap_from));
	if (!caps->us || !caps->cap_from)
		return -ENOMEM;
	for (i = 0; i < c->table_count; i++)
		for (k = 0; k < c->tables[i].count; k++)
			for (j = 0; j < 2; j++)
				if (c->tables[i].symbols[k].us[j] > 0)
					caps->us[caps->count++] = c->tables[i].symbols[k].us[j];
	for (i = 0; i < c->frame_count; i++)
		for (k = 0; k < c->frames[i].slot_count; k++)
			if (c->frames[i].slots[k].kind == SLOT_DURATION)
				caps->us[caps->count++] = c->frames[i].slots[k].us;
	qsort(caps->us, caps->count, sizeof(*caps->us), compare_doubles);
	if (caps->count)
		caps->shortest = caps->us[0];
	for (i = caps->count; i-- > 0;) {
		double cap = cap_of(c, caps->us[i]);

		caps->cap_from[i] = i + 1 < caps->count && caps->cap_from[i + 1] < cap ?
				    caps->cap_from[i + 1] : cap;
	}
	caps->ready = true;
	return 0;
}

/*
 * The upper bound of a duration of us µs as IrpTransmogrifier takes the tolerance, of
 * the larger of the expected and the measured duration (us / (1 - r): a Nova Pace space
 * of 392 µs for 300), where that stays under the window of every longer duration the
 * protocol sends and of us merged with its shortest one; 0 for a protocol with symbols
 * of more than two durations (matched down a trie, whose windows meet: Sejin's).
 */
static double widest_above(const struct compiler *c, double us)
{
	const struct duration_caps *caps = &c->caps;
	double cap = us + tolerance_above(c, us), shortest = us;
	size_t lo = 0, hi = caps->count, mid;

	if (!caps->ready || caps->general)
		return 0;
	/* the first duration longer than us + 0.5: the caps of it and all after it */
	while (lo < hi) {
		mid = lo + (hi - lo) / 2;
		if (caps->us[mid] > us + 0.5)
			hi = mid;
		else
			lo = mid + 1;
	}
	if (lo < caps->count && caps->cap_from[lo] < cap)
		cap = caps->cap_from[lo];
	if (caps->shortest < shortest)
		shortest = caps->shortest;
	cap_under(c, us, us + shortest, &cap);
	return cap;
}

static struct window window_of(const struct compiler *c, double us, bool open)
{
	double t = tolerance(c, us), hi = us + t;
	struct window w;

	if (widest_above(c, us) > hi)
		hi = widest_above(c, us);
	w.lo = us - t > 1 ? (uint64_t)(us - t) : 1;
	w.hi = open ? UINT64_MAX : (uint64_t)(hi + 0.5);
	return w;
}

/* The same window on raw samples of one kind: lo..hi, both in the kind's band. */
static struct window raw_window_of(const struct compiler *c, bool pulse, double us, bool open)
{
	struct window w = window_of(c, us, open);
	uint64_t kind = pulse ? RAW_PULSE : 0;

	w.lo = kind | (w.lo < RAW_DURATION ? w.lo : RAW_DURATION);
	w.hi = kind | (w.hi < RAW_DURATION ? w.hi : RAW_DURATION);
	return w;
}

/* if the raw sample r8 is not within w, goto fail */
static void raw_match(struct compiler *c, struct window w, int fail)
{
	JUMP_IMM(c, BPF_JLT, BPF_REG_8, (int32_t)w.lo, fail);
	if (w.hi < RAW_MAX)
		JUMP_IMM(c, BPF_JGT, BPF_REG_8, (int32_t)w.hi, fail);
}

/* if the raw sample r8 is not of this kind and longer than w.hi, goto fail */
static void raw_longer(struct compiler *c, bool pulse, struct window w, int fail)
{
	if (!pulse)
		JUMP_IMM(c, BPF_JGT, BPF_REG_8, (int32_t)RAW_DURATION, fail);
	JUMP_IMM(c, BPF_JLE, BPF_REG_8, (int32_t)w.hi, fail);
}

/* if the sample (r9, r8) is not of this kind within w, goto fail */
static void match(struct compiler *c, bool pulse, struct window w, int fail)
{
	JUMP_IMM(c, BPF_JNE, BPF_REG_9, pulse ? 1 : 0, fail);
	jump_if(c, BPF_JLT, BPF_REG_8, w.lo, fail);
	if (w.hi != UINT64_MAX)
		jump_if(c, BPF_JGT, BPF_REG_8, w.hi, fail);
}

/* r8 = the whole sample, raw, a timeout as the longest space (from the context) */
static void reload_sample(struct compiler *c)
{
	int duration = new_label(c);

	if (c->context_in_r1) {
		insn(c, BPF_LDX | BPF_W | BPF_MEM, BPF_REG_8, BPF_REG_1, 0, 0);
	} else {
		LDX64(c, BPF_REG_2, BPF_REG_10, STACK_CTX);
		insn(c, BPF_LDX | BPF_W | BPF_MEM, BPF_REG_8, BPF_REG_2, 0, 0);
	}
	JUMP_IMM(c, BPF_JLE, BPF_REG_8, (int32_t)RAW_MAX, duration);
	ALU64_IMM(c, BPF_MOV, BPF_REG_8, (int32_t)RAW_DURATION);
	place(c, duration);
}

/* May the slot after index i start with a duration of this kind? */
static bool next_may_start(const struct compiler *c, const struct frame *f, size_t i,
			   bool pulse)
{
	const struct slot *next;

	if (i + 1 >= f->slot_count)
		return false;
	next = &f->slots[i + 1];
	switch (next->kind) {
	case SLOT_DURATION:
		return next->pulse == pulse;
	case SLOT_EXTENT:
		return !pulse;
	case SLOT_BIT_FIRST: {
		const struct bitspec_table *t = &c->tables[next->table];
		unsigned int k;

		for (k = 0; k < t->count; k++)
			if (t->symbols[k].pulse[0] == pulse)
				return true;
		return false;
	}
	case SLOT_SYMBOL: {
		const struct general_bitspec *g = c->tables[next->table].general;
		unsigned int n;

		/* a symbol's first duration, in any state */
		for (n = 0; next->depth == 0 && n < g->node_count; n++)
			if (g->nodes[n].level == 1 && g->nodes[n].pulse == pulse)
				return true;
		return false;
	}
	case SLOT_BIT_SECOND: {
		const struct bitspec_table *t = &c->tables[next->table];
		unsigned int k;

		for (k = 0; t->length == 1 && k < t->count; k++)
			if (t->symbols[k].pulse[1] == pulse)
				return true;
		return false;
	}
	default:
		return false;
	}
}

/* The bits of symbol value into the fields its slot says. */
static void set_bits(struct compiler *c, const struct frame *f, const struct slot *s,
		     unsigned int value)
{
	unsigned int j, bits = c->tables[s->table].bits;

	for (j = 0; j < bits; j++) {
		int16_t off = (int16_t)(f->state + STATE_FIELD(s->field[j]));

		if (!(value >> (bits - 1 - j) & 1))
			continue;
		LDX64(c, BPF_REG_3, BPF_REG_7, off);
		mov_imm(c, BPF_REG_4, (uint64_t)1 << s->value_bit[j]);
		ALU64_REG(c, BPF_OR, BPF_REG_3, BPF_REG_4);
		STX64(c, BPF_REG_7, BPF_REG_3, off);
	}
}

/*
 * A run: the symbols of slots first..end-1 (a flash-and-gap bitspec's, its first and
 * second halves), matched by one piece of code. pos is first while a first half is
 * awaited (first + 2 in a run that begins the frame: pos 0 starts it), first + 1
 * while a second half is; the bits go into one word, under a 1 that
 * reaches bit 63 with the last symbol, and from there into the fields when the run
 * ends. A run stops short of the frame's last slot (whose window may be open).
 */
struct run {
	size_t first, end;
	size_t again;		/* pos while a later symbol's first half is awaited */
	unsigned int bits;	/* in all */
	unsigned int table;
	bool uniform;		/* every symbol has the same first half: no cand */
	/*
	 * The word shifts right: one-bit symbols that go to their fields least significant
	 * bit first come in at bit RIGHT_TOP under a 1 that reaches bit 0 with the last,
	 * the first one sent lowest: no reversal.
	 */
	bool right;
	int16_t word;		/* its word in the state element */
};

struct frame_labels {
	size_t index;		/* of the frame */
	bool keeps_sample;	/* r8 is the whole sample wherever it is taken */
	int *slot;		/* entry of each slot, the sample's rest split (r8, r9) */
	int *raw;		/* entry of each slot, the sample's rest raw in r8 */
	int *consumed;		/* slot i took the whole sample */
	int *run_of;		/* the run that slot i is in, or -1 */
	struct run *runs;
	size_t run_count;
	int fail, reset, end, emit;
	int reported;		/* after a report: every frame restarts, the sample is done */
};

/*
 * A sample of raw window w taken, pos stored: the frames after this one, each as it
 * is if at pos 0 and w cannot start it (no instruction of its own), then the exit.
 */
static void emit_next_frames(struct compiler *c, const struct frame_labels *l,
			     struct window w)
{
	size_t g;

	if (!l->keeps_sample) {
		GOTO(c, l->end);
		return;
	}
	for (g = l->index + 1; g < c->frame_count; g++) {
		const struct frame_entry *e = &c->entries[g];

		LDX64(c, BPF_REG_6, BPF_REG_7, (int16_t)(c->frames[g].state + STATE_POS));
		JUMP_IMM(c, BPF_JNE, BPF_REG_6, 0, e->head);
		if (!e->checked || (w.hi >= e->start_lo && w.lo <= e->start_hi)) {
			GOTO(c, e->zero);
			return;
		}
	}
	/* a timeout still empties the carry and the flag (emit_program()) */
	if (c->carried || c->context) {
		GOTO(c, c->done);
		return;
	}
	ALU64_IMM(c, BPF_MOV, BPF_REG_0, 0);
	insn(c, BPF_JMP | BPF_EXIT, 0, 0, 0, 0);
}

/*
 * r4 = the bound of a gap of r3 µs (signed, r3 > -2^31) within its tolerance:
 * max(absolute, relative * r3) below it when sign is -1, above it when +1. The
 * relative part wins from r3 >= absolute / relative on; it is a 16-bit fixed-point
 * product there. A lower bound that the relative part makes negative is 0.
 */
static void emit_tolerance_bound(struct compiler *c, int sign)
{
	double absolute = c->options->absolute_tolerance;
	double relative = c->options->relative_tolerance;
	double factor = (1 + sign * relative) * 65536;
	double threshold = relative > 0 ? absolute / relative : (double)INT32_MAX;
	int small = new_label(c), done = new_label(c);

	if (threshold > INT32_MAX)
		threshold = INT32_MAX;
	if (factor < 0)
		factor = 0;
	JUMP_IMM(c, BPF_JSLT, BPF_REG_3, (int32_t)threshold, small);
	ALU64_REG(c, BPF_MOV, BPF_REG_4, BPF_REG_3);
	ALU64_IMM(c, BPF_MUL, BPF_REG_4, (int32_t)(factor + 0.5));
	if (sign > 0)
		ALU64_IMM(c, BPF_ADD, BPF_REG_4, 0x8000);
	ALU64_IMM(c, BPF_RSH, BPF_REG_4, 16);
	GOTO(c, done);
	place(c, small);
	ALU64_REG(c, BPF_MOV, BPF_REG_4, BPF_REG_3);
	ALU64_IMM(c, BPF_ADD, BPF_REG_4, sign * (int32_t)(absolute + 0.5));
	place(c, done);
}

/*
 * How short frame f's last gap of us µs may be: LEADOUT_MIN_US, but not down into the
 * window of another frame's shorter last gap (Blaupunkt's 1023:10 frame ends on 22.5 ms,
 * its data frame on 120 ms: its bits alike, only the gap tells them apart).
 */
static double leadout_floor(const struct compiler *c, const struct frame *f, double us)
{
	double floor = LEADOUT_MIN_US;
	size_t i;

	for (i = 0; i < c->frame_count; i++) {
		const struct frame *g = &c->frames[i];
		const struct slot *gap;

		if (g == f || !g->slot_count)
			continue;
		gap = &g->slots[g->slot_count - 1];
		if (gap->kind != SLOT_DURATION || gap->pulse || gap->us >= us)
			continue;
		if (gap->us + tolerance(c, gap->us) + 1 > floor)
			floor = gap->us + tolerance(c, gap->us) + 1;
	}
	return floor;
}

/*
 * An extent: the gap that brings the time since the origin to us µs. What the sample
 * must match is that gap, the extent's rest (r3), so the tolerance is the rest's: a
 * tolerance of the whole extent would let a frame already near its end take any short
 * space as its end (JVC's 59 ms at 30% took NEC's 564 µs bit space). Longer is fine
 * when the gap ends the frame: a receiver merges the spaces that follow. The time from
 * the origin to the gap (r0) is the clock (this sample included) less the origin and
 * the sample's rest; on a raw clock the pulses' kind bits go with the mask.
 */
static void emit_extent(struct compiler *c, const struct frame *f, double us, bool last,
			int fail)
{
	int16_t state = (int16_t)f->state;

	JUMP_IMM(c, BPF_JGT, BPF_REG_8, (int32_t)RAW_DURATION, fail);
	LDX64(c, BPF_REG_0, BPF_REG_7, STATE_CLOCK);
	LDX64(c, BPF_REG_2, BPF_REG_7, state + STATE_ORIGIN);
	ALU64_REG(c, BPF_SUB, BPF_REG_0, BPF_REG_2);
	ALU64_REG(c, BPF_SUB, BPF_REG_0, BPF_REG_8);
	if (c->raw_clock)
		ALU64_IMM(c, BPF_AND, BPF_REG_0, (int32_t)RAW_DURATION);
	mov_imm(c, BPF_REG_3, (uint64_t)(us + 0.5));
	ALU64_REG(c, BPF_SUB, BPF_REG_3, BPF_REG_0);
	emit_tolerance_bound(c, -1);
	if (last) {
		/* the frame's last gap: from its leadout floor on, it ends the frame too */
		int32_t floor = (int32_t)leadout_floor(c, f, us);
		int enough = new_label(c);

		JUMP_IMM(c, BPF_JSLE, BPF_REG_4, floor, enough);
		ALU64_IMM(c, BPF_MOV, BPF_REG_4, floor);
		place(c, enough);
	}
	JUMP_REG(c, BPF_JSLT, BPF_REG_8, BPF_REG_4, fail);
	if (!last) {
		emit_tolerance_bound(c, 1);
		JUMP_REG(c, BPF_JSGT, BPF_REG_8, BPF_REG_4, fail);
	}
}

/* A duration or an extent, on the raw sample. */
static void emit_raw_slot(struct compiler *c, const struct frame *f, size_t i,
			  const struct frame_labels *l)
{
	const struct slot *s = &f->slots[i];
	bool last = i + 1 == f->slot_count;
	struct window w;
	int longer;

	place(c, l->raw[i]);
	if (s->kind == SLOT_EXTENT) {
		emit_extent(c, f, s->us, last, l->fail);
		GOTO(c, l->consumed[i]);
		return;
	}
	w = raw_window_of(c, s->pulse, s->us, last && !s->pulse);
	if (last && !s->pulse && (double)w.lo > leadout_floor(c, f, s->us))
		w.lo = (uint64_t)leadout_floor(c, f, s->us);
	JUMP_IMM(c, BPF_JLT, BPF_REG_8, (int32_t)w.lo, l->fail);
	if (last && !s->pulse) {
		JUMP_IMM(c, BPF_JGT, BPF_REG_8, (int32_t)RAW_DURATION, l->fail);
		GOTO(c, l->consumed[i]);
		return;
	}
	if (!next_may_start(c, f, i, s->pulse)) {
		if (w.hi < RAW_MAX)
			JUMP_IMM(c, BPF_JGT, BPF_REG_8, (int32_t)w.hi, l->fail);
		GOTO(c, l->consumed[i]);
		return;
	}
	/* longer: the rest starts the next slot */
	longer = new_label(c);
	if (w.hi < RAW_MAX)
		JUMP_IMM(c, BPF_JGT, BPF_REG_8, (int32_t)w.hi, longer);
	GOTO(c, l->consumed[i]);
	place(c, longer);
	if (!s->pulse)
		JUMP_IMM(c, BPF_JGT, BPF_REG_8, (int32_t)RAW_DURATION, l->fail);
	ALU64_IMM(c, BPF_SUB, BPF_REG_8, (int32_t)(s->us + 0.5));
	GOTO(c, l->raw[i + 1]);
}

/*
 * The run's word (r3, its 1 at bit 63) into the fields: each stretch of bits that go
 * to consecutive bits of one field at once, shifted and masked; a field that the
 * stretch fills whole is stored, others are or-ed. Stretches sent least significant
 * bit first are taken from the word reversed (r0).
 */
static void and_low_mask(struct compiler *c, uint8_t reg, unsigned int width)
{
	if (width >= 64)
		return;
	if (width <= 31) {
		ALU64_IMM(c, BPF_AND, reg, (int32_t)low_mask(width));
		return;
	}
	load_imm64(c, BPF_REG_5, low_mask(width));
	ALU64_REG(c, BPF_AND, reg, BPF_REG_5);
}

#define ALU32_IMM(c, op, d, i)	insn(c, BPF_ALU | (op) | BPF_K, d, 0, 0, i)
#define ALU32_REG(c, op, d, s)	insn(c, BPF_ALU | (op) | BPF_X, d, s, 0, 0)

/* r0 = the low `bits` bits of r3 in the opposite order */
static void emit_reverse(struct compiler *c, unsigned int bits)
{
	static const uint64_t masks[] = { 0x5555555555555555ull, 0x3333333333333333ull,
					  0x0f0f0f0f0f0f0f0full, 0x00ff00ff00ff00ffull,
					  0x0000ffff0000ffffull };
	unsigned int k, width = bits <= 32 ? 32 : 64;

	if (width == 32)
		ALU32_REG(c, BPF_MOV, BPF_REG_0, BPF_REG_3);
	else
		ALU64_REG(c, BPF_MOV, BPF_REG_0, BPF_REG_3);
	for (k = 0; (1u << k) < width; k++) {
		int32_t shift = (int32_t)(1u << k);

		if (width == 32) {
			ALU32_REG(c, BPF_MOV, BPF_REG_2, BPF_REG_0);
			ALU32_IMM(c, BPF_RSH, BPF_REG_2, shift);
			ALU32_IMM(c, BPF_LSH, BPF_REG_0, shift);
			if (shift < 16) {
				ALU32_IMM(c, BPF_AND, BPF_REG_2, (int32_t)(uint32_t)masks[k]);
				ALU32_IMM(c, BPF_AND, BPF_REG_0, (int32_t)~(uint32_t)masks[k]);
			}
			ALU32_REG(c, BPF_OR, BPF_REG_0, BPF_REG_2);
			continue;
		}
		ALU64_REG(c, BPF_MOV, BPF_REG_2, BPF_REG_0);
		ALU64_IMM(c, BPF_RSH, BPF_REG_2, shift);
		ALU64_IMM(c, BPF_LSH, BPF_REG_0, shift);
		if (shift < 32) {
			load_imm64(c, BPF_REG_5, masks[k]);
			ALU64_REG(c, BPF_AND, BPF_REG_2, BPF_REG_5);
			load_imm64(c, BPF_REG_5, ~masks[k]);
			ALU64_REG(c, BPF_AND, BPF_REG_0, BPF_REG_5);
		}
		ALU64_REG(c, BPF_OR, BPF_REG_0, BPF_REG_2);
	}
	if (bits < width)
		ALU64_IMM(c, BPF_RSH, BPF_REG_0, (int32_t)(width - bits));
}

/* Bit j of the run (in the order sent): its field and the bit of the field it is. */
static void run_bit(const struct compiler *c, const struct frame *f, const struct run *r,
		    unsigned int j, unsigned int *field, unsigned int *value_bit)
{
	unsigned int bits = c->tables[r->table].bits;
	const struct slot *s = &f->slots[r->first + 1 + 2 * (j / bits)];

	*field = s->field[j % bits];
	*value_bit = s->value_bit[j % bits];
}

/* The stretch of bits from j: its length, and whether it goes least significant first. */
static unsigned int run_stretch(const struct compiler *c, const struct frame *f,
				const struct run *r, unsigned int j, bool *lsb_first)
{
	unsigned int field, bit, next_field, next_bit, m = 1;
	int step = 0;

	run_bit(c, f, r, j, &field, &bit);
	while (j + m < r->bits) {
		run_bit(c, f, r, j + m, &next_field, &next_bit);
		if (next_field != field)
			break;
		if (step == 0 && (next_bit == bit + 1 || next_bit + 1 == bit))
			step = next_bit == bit + 1 ? 1 : -1;
		if (step == 0 || (int)next_bit != (int)bit + step * (int)m)
			break;
		m++;
	}
	*lsb_first = step > 0;
	return m;
}

static void emit_scatter(struct compiler *c, const struct frame *f, const struct run *r)
{
	unsigned int j, m, field, bit;
	bool lsb_first, reversed = false;

	if (r->right) {
		/* bit j at RIGHT_TOP + 1 - bits + j: as if reversed, shifted up */
		ALU64_REG(c, BPF_MOV, BPF_REG_0, BPF_REG_3);
		ALU64_IMM(c, BPF_RSH, BPF_REG_0, (int32_t)(RIGHT_TOP + 1 - r->bits));
		reversed = true;
	}
	for (j = 0; j < r->bits; j += m) {
		m = run_stretch(c, f, r, j, &lsb_first);
		if (lsb_first && !reversed) {
			emit_reverse(c, r->bits);
			reversed = true;
		}
	}
	for (j = 0; j < r->bits; j += m) {
		int16_t off;
		unsigned int shift;

		m = run_stretch(c, f, r, j, &lsb_first);
		run_bit(c, f, r, lsb_first ? j : j + m - 1, &field, &bit);
		off = (int16_t)(f->state + STATE_FIELD(field));
		/* the stretch's lowest bit: j in the reversed word, else r->bits - j - m */
		if (r->right)
			lsb_first = true;
		shift = lsb_first ? j : r->bits - j - m;
		ALU64_REG(c, BPF_MOV, BPF_REG_4, lsb_first ? BPF_REG_0 : BPF_REG_3);
		if (shift)
			ALU64_IMM(c, BPF_RSH, BPF_REG_4, (int32_t)shift);
		if (!(lsb_first && j + m == r->bits))
			and_low_mask(c, BPF_REG_4, m);
		if (bit)
			ALU64_IMM(c, BPF_LSH, BPF_REG_4, (int32_t)bit);
		if (m == f->fields[field].width) {
			STX64(c, BPF_REG_7, BPF_REG_4, off);
			continue;
		}
		LDX64(c, BPF_REG_5, BPF_REG_7, off);
		ALU64_REG(c, BPF_OR, BPF_REG_5, BPF_REG_4);
		STX64(c, BPF_REG_7, BPF_REG_5, off);
	}
}

/* r3 = the run's word with symbol k shifted in, stored; to done when it was the last */
static void run_shift(struct compiler *c, const struct run *r, unsigned int k, int done)
{
	LDX64(c, BPF_REG_3, BPF_REG_7, r->word);
	if (r->right) {
		ALU64_IMM(c, BPF_RSH, BPF_REG_3, 1);
		if (k)
			ALU64_IMM(c, BPF_OR, BPF_REG_3, 1 << RIGHT_TOP);
		STX64(c, BPF_REG_7, BPF_REG_3, r->word);
		if (done >= 0)
			JUMP_IMM(c, BPF_JSET, BPF_REG_3, 1, done);
		return;
	}
	ALU64_IMM(c, BPF_LSH, BPF_REG_3, (int32_t)c->tables[r->table].bits);
	if (k)
		ALU64_IMM(c, BPF_OR, BPF_REG_3, (int32_t)k);
	STX64(c, BPF_REG_7, BPF_REG_3, r->word);
	if (done >= 0)
		JUMP_IMM(c, BPF_JSLT, BPF_REG_3, 0, done);
}

/* May a symbol of table t begin with a duration of this kind? */
static bool first_half_may_start(const struct bitspec_table *t, bool pulse)
{
	unsigned int k;

	for (k = 0; k < t->count; k++)
		if (t->symbols[k].pulse[0] == pulse)
			return true;
	return false;
}

/*
 * The second halves of a run (before its first halves, so that a sample longer than a
 * symbol's gap goes forward to the first half of the next).
 */
static void emit_run(struct compiler *c, const struct frame *f, const struct run *r,
		     const struct frame_labels *l)
{
	const struct bitspec_table *t = &c->tables[r->table];
	size_t last = r->end - 1;	/* the slot of the run's last second half */
	int16_t state = (int16_t)f->state;
	int done = new_label(c), longer_last = new_label(c);
	bool mid_longer = false, last_longer = false;
	unsigned int k;

	place(c, l->raw[r->first + 1]);
	if (!r->uniform)
		LDX64(c, BPF_REG_2, BPF_REG_7, state + STATE_CAND);
	for (k = 0; k < t->count; k++) {
		const struct symbol *sym = &t->symbols[k];
		int skip = new_label(c);

		if (!r->uniform) {
			ALU64_REG(c, BPF_MOV, BPF_REG_3, BPF_REG_2);
			ALU64_IMM(c, BPF_AND, BPF_REG_3, (int32_t)(1u << k));
			JUMP_IMM(c, BPF_JEQ, BPF_REG_3, 0, skip);
		}
		raw_match(c, raw_window_of(c, sym->pulse[1], sym->us[1], false), skip);
		run_shift(c, r, k, done);
		ST64(c, BPF_REG_7, state + STATE_POS, (int32_t)r->again);
		emit_next_frames(c, l, raw_window_of(c, sym->pulse[1], sym->us[1], false));
		place(c, skip);
	}
	/*
	 * Longer than the one symbol left: the rest starts the next slot. With every first
	 * half alike every symbol is left (cand is all of them), and none is taken so.
	 */
	for (k = 0; !r->uniform && k < t->count; k++) {
		mid_longer |= first_half_may_start(t, t->symbols[k].pulse[1]);
		last_longer |= next_may_start(c, f, last, t->symbols[k].pulse[1]);
	}
	if ((mid_longer || last_longer) && r->right) {
		/* the last symbol: the word's 1 at bit 1 */
		LDX64(c, BPF_REG_3, BPF_REG_7, r->word);
		JUMP_IMM(c, BPF_JSET, BPF_REG_3, 2, longer_last);
	} else if (mid_longer || last_longer) {
		/* the last symbol: the word's 1 one symbol below bit 63 */
		LDX64(c, BPF_REG_3, BPF_REG_7, r->word);
		ALU64_IMM(c, BPF_LSH, BPF_REG_3, (int32_t)t->bits);
		JUMP_IMM(c, BPF_JSLT, BPF_REG_3, 0, longer_last);
	}
	for (k = 0; mid_longer && k < t->count; k++) {
		const struct symbol *sym = &t->symbols[k];
		int skip = new_label(c);

		if (!first_half_may_start(t, sym->pulse[1]))
			continue;
		JUMP_IMM(c, BPF_JNE, BPF_REG_2, (int32_t)(1u << k), skip);
		raw_longer(c, sym->pulse[1], raw_window_of(c, sym->pulse[1], sym->us[1], false),
			   l->fail);
		run_shift(c, r, k, -1);
		ALU64_IMM(c, BPF_SUB, BPF_REG_8, (int32_t)(sym->us[1] + 0.5));
		GOTO(c, l->raw[r->first]);
		place(c, skip);
	}
	if (mid_longer || last_longer)
		GOTO(c, l->fail);
	if (last_longer) {
		place(c, longer_last);
		for (k = 0; k < t->count; k++) {
			const struct symbol *sym = &t->symbols[k];
			int skip = new_label(c);

			if (!next_may_start(c, f, last, sym->pulse[1]))
				continue;
			JUMP_IMM(c, BPF_JNE, BPF_REG_2, (int32_t)(1u << k), skip);
			raw_longer(c, sym->pulse[1],
				   raw_window_of(c, sym->pulse[1], sym->us[1], false), l->fail);
			run_shift(c, r, k, -1);
			emit_scatter(c, f, r);
			ALU64_IMM(c, BPF_SUB, BPF_REG_8, (int32_t)(sym->us[1] + 0.5));
			GOTO(c, l->raw[r->end]);
			place(c, skip);
		}
	} else if (mid_longer) {
		place(c, longer_last);
	}
	GOTO(c, l->fail);
	place(c, done);
	emit_scatter(c, f, r);
	GOTO(c, l->consumed[last]);
}

/* The first halves of a run. */
static void emit_run_first(struct compiler *c, const struct frame *f, const struct run *r,
			   const struct frame_labels *l)
{
	const struct bitspec_table *t = &c->tables[r->table];
	int16_t state = (int16_t)f->state;
	unsigned int k;

	place(c, l->raw[r->first]);
	if (r->uniform) {
		const struct symbol *sym = &t->symbols[0];

		raw_match(c, raw_window_of(c, sym->pulse[0], sym->us[0], false), l->fail);
	} else {
		ALU64_IMM(c, BPF_MOV, BPF_REG_2, 0);
		for (k = 0; k < t->count; k++) {
			const struct symbol *sym = &t->symbols[k];
			int no = new_label(c);

			raw_match(c, raw_window_of(c, sym->pulse[0], sym->us[0], false), no);
			ALU64_IMM(c, BPF_OR, BPF_REG_2, (int32_t)(1u << k));
			place(c, no);
		}
		JUMP_IMM(c, BPF_JEQ, BPF_REG_2, 0, l->fail);
		STX64(c, BPF_REG_7, BPF_REG_2, state + STATE_CAND);
	}
	ST64(c, BPF_REG_7, state + STATE_POS, (int32_t)(r->first + 1));
	if (r->uniform)
		emit_next_frames(c, l, raw_window_of(c, t->symbols[0].pulse[0],
						     t->symbols[0].us[0], false));
	else
		GOTO(c, l->end);
}

/* Where a frame keeps the state of its general bitspec whose symbols assign names. */
static int16_t symbol_state_offset(const struct frame *f)
{
	return (int16_t)(f->state + STATE_FIELD(f->field_count));
}

/*
 * The sample (r8, r9) as child of trie node n that begins with it, in the symbol slot i
 * of depth slot->depth. Among the children of the sample's kind the one nearest to it
 * is taken (windows of neighbours may overlap: Grundig16's 3 and 4 units), then checked
 * against its own window. A leaf ends the symbol: its bits, its state, and the slot
 * after the symbol's last one waits for the next sample; a sample longer than the
 * longest leaf, when what follows the symbol may begin with its kind, is that leaf and
 * the beginning of what follows (Sejin's gaps, a symbol's last gap and the frame's
 * closing one: a receiver merges them).
 */
static void emit_trie_choice(struct compiler *c, const struct frame *f, size_t i,
			     unsigned int n, const struct frame_labels *l)
{
	const struct slot *s = &f->slots[i];
	const struct general_bitspec *g = c->tables[s->table].general;
	size_t symbol_last = i + (g->depth - 1 - s->depth);
	bool frame_last = symbol_last + 1 == f->slot_count;
	unsigned int children[TRIE_NODES_MAX];
	int kind;

	for (kind = 1; kind >= 0; kind--) {
		unsigned int count = 0, k, m;
		int other_kind = new_label(c);

		/* the children of this kind, shortest first */
		for (m = 0; m < g->node_count; m++) {
			if (g->nodes[m].parent != (int)n || g->nodes[m].pulse != (kind == 1))
				continue;
			for (k = count++;
			     k > 0 && g->nodes[children[k - 1]].us > g->nodes[m].us; k--)
				children[k] = children[k - 1];
			children[k] = m;
		}
		if (count == 0)
			continue;
		JUMP_IMM(c, BPF_JNE, BPF_REG_9, kind, other_kind);
		/* every path below ends in a jump: no code the verifier finds unreachable */
		for (k = 0; k < count; k++) {
			const struct trie_node *child = &g->nodes[children[k]];
			bool leaf = child->symbol >= 0, nearest_last = k + 1 == count;
			struct window w = window_of(c, child->us, leaf && frame_last && !kind);
			int farther = -1, longer = -1;

			if (!nearest_last) {
				farther = new_label(c);
				jump_if(c, BPF_JGT, BPF_REG_8,
					(uint64_t)((child->us + g->nodes[children[k + 1]].us) / 2),
					farther);
			}
			jump_if(c, BPF_JLT, BPF_REG_8, w.lo, l->fail);
			if (!leaf) {
				jump_if(c, BPF_JGT, BPF_REG_8, w.hi, l->fail);
				ST64(c, BPF_REG_7, (int16_t)(f->state + STATE_CAND),
				     (int32_t)children[k]);
				GOTO(c, l->consumed[i]);
			} else {
				if (w.hi != UINT64_MAX) {
					longer = new_label(c);
					jump_if(c, BPF_JGT, BPF_REG_8, w.hi, longer);
				}
				set_bits(c, f, s, (unsigned int)child->symbol);
				if (g->state_count > 1)
					ST64(c, BPF_REG_7, symbol_state_offset(f),
					     (int32_t)child->next_state);
				GOTO(c, l->consumed[symbol_last]);
			}
			if (longer >= 0) {
				place(c, longer);
				if (nearest_last && next_may_start(c, f, symbol_last, kind == 1)) {
					set_bits(c, f, s, (unsigned int)child->symbol);
					if (g->state_count > 1)
						ST64(c, BPF_REG_7, symbol_state_offset(f),
						     (int32_t)child->next_state);
					ALU64_IMM(c, BPF_SUB, BPF_REG_8,
						  (int32_t)(child->us + 0.5));
					GOTO(c, l->slot[symbol_last + 1]);
				} else {
					GOTO(c, l->fail);
				}
			}
			if (farther >= 0)
				place(c, farther);
		}
		place(c, other_kind);
	}
	GOTO(c, l->fail);
}

/*
 * Symbol slot i: the node reached so far (the state's root at the first duration,
 * else the node in cand) and the sample down to one of its children.
 */
static void emit_symbol_slot(struct compiler *c, const struct frame *f, size_t i,
			     const struct frame_labels *l)
{
	const struct slot *s = &f->slots[i];
	const struct general_bitspec *g = c->tables[s->table].general;
	unsigned int n;

	if (s->depth == 0) {
		if (g->state_count == 1) {
			emit_trie_choice(c, f, i, g->root[0], l);
			return;
		}
		LDX64(c, BPF_REG_1, BPF_REG_7, symbol_state_offset(f));
		for (n = 0; n < g->state_count; n++) {
			int other = new_label(c);

			JUMP_IMM(c, BPF_JNE, BPF_REG_1, (int32_t)n, other);
			emit_trie_choice(c, f, i, g->root[n], l);
			place(c, other);
		}
		GOTO(c, l->fail);
		return;
	}
	LDX64(c, BPF_REG_1, BPF_REG_7, f->state + STATE_CAND);
	for (n = 0; n < g->node_count; n++) {
		unsigned int m;
		int other;

		if (g->nodes[n].level != s->depth || g->nodes[n].symbol >= 0)
			continue;
		for (m = 0; m < g->node_count; m++)
			if (g->nodes[m].parent == (int)n)
				break;
		if (m == g->node_count)
			continue;
		other = new_label(c);
		JUMP_IMM(c, BPF_JNE, BPF_REG_1, (int32_t)n, other);
		emit_trie_choice(c, f, i, n, l);
		place(c, other);
	}
	GOTO(c, l->fail);
}

/* A slot of the general kinds, on the split sample (r8 the duration, r9 the kind). */
static void emit_slot(struct compiler *c, const struct frame *f, size_t i,
		      const struct frame_labels *l)
{
	const struct slot *s = &f->slots[i];
	const struct bitspec_table *t = &c->tables[s->table];
	bool last = i + 1 == f->slot_count;
	int16_t state = (int16_t)f->state;
	size_t k;

	place(c, l->slot[i]);
	switch (s->kind) {
	case SLOT_DURATION:
	case SLOT_EXTENT:
		/* emit_raw_slot() */
		break;
	case SLOT_SYMBOL:
		emit_symbol_slot(c, f, i, l);
		break;
	case SLOT_BIT_FIRST:
		/* r2 = the symbols whose first half matches, one bit each */
		ALU64_IMM(c, BPF_MOV, BPF_REG_2, 0);
		for (k = 0; k < t->count; k++) {
			int no = new_label(c);

			match(c, t->symbols[k].pulse[0], window_of(c, t->symbols[k].us[0], false),
			      no);
			ALU64_IMM(c, BPF_OR, BPF_REG_2, (int32_t)(1u << k));
			place(c, no);
		}
		JUMP_IMM(c, BPF_JEQ, BPF_REG_2, 0, l->fail);
		STX64(c, BPF_REG_7, BPF_REG_2, state + STATE_CAND);
		GOTO(c, l->consumed[i]);
		break;
	case SLOT_BIT_SECOND:
		/* one-duration symbols are all candidates */
		if (t->length == 1)
			mov_imm(c, BPF_REG_2, low_mask(t->count));
		else
			LDX64(c, BPF_REG_2, BPF_REG_7, state + STATE_CAND);
		for (k = 0; k < t->count; k++) {
			const struct symbol *sym = &t->symbols[k];
			bool open = last && !sym->pulse[1];
			int skip = new_label(c);

			ALU64_REG(c, BPF_MOV, BPF_REG_3, BPF_REG_2);
			ALU64_IMM(c, BPF_AND, BPF_REG_3, (int32_t)(1u << k));
			JUMP_IMM(c, BPF_JEQ, BPF_REG_3, 0, skip);
			match(c, sym->pulse[1], window_of(c, sym->us[1], open), skip);
			set_bits(c, f, s, (unsigned int)k);
			GOTO(c, l->consumed[i]);
			place(c, skip);
		}
		/* longer than the one symbol left: the rest starts the next slot */
		for (k = 0; k < t->count; k++) {
			const struct symbol *sym = &t->symbols[k];
			int skip = new_label(c);

			if (!next_may_start(c, f, i, sym->pulse[1]))
				continue;
			if (t->length == 1) {
				/* the kind of the sample tells the symbol */
				JUMP_IMM(c, BPF_JNE, BPF_REG_9, sym->pulse[1] ? 1 : 0, skip);
			} else {
				JUMP_IMM(c, BPF_JNE, BPF_REG_2, (int32_t)(1u << k), skip);
				JUMP_IMM(c, BPF_JNE, BPF_REG_9, sym->pulse[1] ? 1 : 0, l->fail);
			}
			jump_if(c, BPF_JLE, BPF_REG_8, window_of(c, sym->us[1], false).hi, l->fail);
			set_bits(c, f, s, (unsigned int)k);
			ALU64_IMM(c, BPF_SUB, BPF_REG_8, (int32_t)(sym->us[1] + 0.5));
			GOTO(c, l->slot[i + 1]);
			place(c, skip);
		}
		GOTO(c, l->fail);
		break;
	}
}

static bool is_parameter_name(const struct compiler *c, const char *name)
{
	return parameter_index(c->protocol, name) >= 0 && !irp_env_has_value(c->env, name);
}

static int definition_index(const struct compiler *c, const char *name)
{
	size_t i;

	for (i = 0; i < c->protocol->definition_count; i++)
		if (strcmp(c->protocol->definitions[i].name, name) == 0)
			return (int)i;
	return -1;
}

static const struct irp_expr *definition_of(const struct compiler *c, const char *name)
{
	int i = definition_index(c, name);

	return i < 0 ? NULL : c->protocol->definitions[i].value;
}

/*
 * The nodes of e with every definition it uses expanded, as emit_expr() and mentions()
 * walk them, at most limit + 1: each definition's size is counted once (a definition
 * met again while it is being counted is a loop, which the walkers refuse by its
 * depth; it counts 1 here).
 */
static size_t expanded_size(struct compiler *c, const struct irp_expr *e, size_t limit)
{
	size_t size = 1, *memo;
	int i;

	if (!e)
		return 0;
	if (e->kind == IRP_EXPR_NAME) {
		if (is_parameter_name(c, e->name) || (i = definition_index(c, e->name)) < 0)
			return 1;
		memo = &c->definition_sizes[i];
		if (*memo == SIZE_MAX)
			return 1;
		if (*memo == 0) {
			*memo = SIZE_MAX;
			*memo = expanded_size(c, c->protocol->definitions[i].value, limit);
		}
		return *memo > limit ? limit + 1 : 1 + *memo;
	}
	size += expanded_size(c, e->a, limit);
	if (size <= limit)
		size += expanded_size(c, e->b, limit);
	if (size <= limit)
		size += expanded_size(c, e->c, limit);
	return size > limit ? limit + 1 : size;
}

/*
 * Before walking e, expanded: refuse it at its column when the steps left would not
 * do (the walk itself draws them as it goes).
 */
static bool affordable(struct compiler *c, const struct irp_expr *e, unsigned int column)
{
	size_t left = irp_env_steps_left(c->env);

	if (expanded_size(c, e, left) <= left)
		return true;
	return spend(c, left + 1, column);
}

/* r0 = r0's low width bits in the other order, the rest 0, one by one (no loop). */
static void emit_reverse_r0(struct compiler *c, int64_t width)
{
	int64_t bit;

	ALU64_IMM(c, BPF_MOV, BPF_REG_2, 0);
	for (bit = 0; bit < width; bit++) {
		ALU64_REG(c, BPF_MOV, BPF_REG_1, BPF_REG_0);
		if (bit)
			ALU64_IMM(c, BPF_RSH, BPF_REG_1, (int32_t)bit);
		ALU64_IMM(c, BPF_AND, BPF_REG_1, 1);
		if (width - 1 - bit)
			ALU64_IMM(c, BPF_LSH, BPF_REG_1, (int32_t)(width - 1 - bit));
		ALU64_REG(c, BPF_OR, BPF_REG_2, BPF_REG_1);
	}
	ALU64_REG(c, BPF_MOV, BPF_REG_0, BPF_REG_2);
}

static int emit_expr(struct compiler *c, const struct irp_expr *e, unsigned int temp,
		     unsigned int inlined, int fail);

/*
 * r0 = a && b, a || b: 0 or 1. The right operand is evaluated only when the left one
 * does not decide, as irp_eval() does: a zero divisor there fails the frame only then
 * ((D==30||F/(D-30)) with D=30 is 1).
 */
static int emit_logical(struct compiler *c, const struct irp_expr *e, unsigned int temp,
			unsigned int inlined, int fail)
{
	int decided = new_label(c), done = new_label(c);
	/* && is decided (0) by a zero, || (1) by anything else */
	uint8_t op = e->op == IRP_OP_LAND ? BPF_JEQ : BPF_JNE;
	int ret;

	ret = emit_expr(c, e->a, temp, inlined, fail);
	if (ret < 0)
		return ret;
	JUMP_IMM(c, op, BPF_REG_0, 0, decided);
	ret = emit_expr(c, e->b, temp, inlined, fail);
	if (ret < 0)
		return ret;
	JUMP_IMM(c, op, BPF_REG_0, 0, decided);
	ALU64_IMM(c, BPF_MOV, BPF_REG_0, e->op == IRP_OP_LAND ? 1 : 0);
	GOTO(c, done);
	place(c, decided);
	ALU64_IMM(c, BPF_MOV, BPF_REG_0, e->op == IRP_OP_LAND ? 0 : 1);
	place(c, done);
	return 0;
}

/*
 * r0 = the expression, with Java's 64-bit rules as irp_eval() has them; the parameters
 * are on the stack. Constant subexpressions are folded here. temp is the first free
 * temporary slot. A zero divisor goes to fail, as the evaluation would fail.
 */
static int emit_expr(struct compiler *c, const struct irp_expr *e, unsigned int temp,
		     unsigned int inlined, int fail)
{
	int64_t value, width, chop = 0;
	int ret, a_done, skip;

	c->emitting = e->column;
	if (!spend(c, 1, e->column))
		return over_budget(c);
	if (fold(c, e, &value) == 0) {
		mov_imm(c, BPF_REG_0, (uint64_t)value);
		return 0;
	}
	if (spent(c, e->column))
		return over_budget(c);
	if (temp >= TEMPS_MAX || inlined > INLINE_MAX)
		return unsupported(c, e->column, _("an expression too deep to compile"));
	switch (e->kind) {
	case IRP_EXPR_NAME: {
		const struct irp_expr *definition;

		if (is_parameter_name(c, e->name)) {
			LDX64(c, BPF_REG_0, BPF_REG_10,
			      (int16_t)STACK_PARAM(parameter_index(c->protocol, e->name)));
			return 0;
		}
		definition = definition_of(c, e->name);
		if (!definition)
			return unsupported(c, e->column, _("a name that is neither a parameter "
							   "nor a definition"));
		if (!affordable(c, definition, e->column))
			return over_budget(c);
		return emit_expr(c, definition, temp, inlined + 1, fail);
	}
	case IRP_EXPR_BITFIELD:
		if (!e->infinite && fold(c, e->b, &width) < 0)
			return unsupported(c, e->column, _("a bitfield width that is not a constant"));
		if (e->c && fold(c, e->c, &chop) < 0)
			return unsupported(c, e->column, _("a bitfield chop that is not a constant"));
		if ((!e->infinite && (width < 0 || width > 64)) || chop < 0)
			return unsupported(c, e->column, _("a bitfield of width or chop out of range"));
		ret = emit_expr(c, e->a, temp, inlined, fail);
		if (ret < 0)
			return ret;
		if (chop >= 64)
			ALU64_IMM(c, BPF_MOV, BPF_REG_0, 0);
		else if (chop > 0)
			ALU64_IMM(c, BPF_RSH, BPF_REG_0, (int32_t)chop);
		if (e->complement)
			ALU64_IMM(c, BPF_XOR, BPF_REG_0, -1);
		if (!e->infinite && width < 64) {
			mov_imm(c, BPF_REG_1, low_mask((unsigned int)width));
			ALU64_REG(c, BPF_AND, BPF_REG_0, BPF_REG_1);
		}
		if (e->reverse && !e->infinite)
			emit_reverse_r0(c, width);
		return 0;
	case IRP_EXPR_UNARY:
		ret = emit_expr(c, e->a, temp, inlined, fail);
		if (ret < 0)
			return ret;
		switch (e->op) {
		case IRP_OP_NEG:
			ALU64_IMM(c, BPF_NEG, BPF_REG_0, 0);
			return 0;
		case IRP_OP_COMPLEMENT:
			ALU64_IMM(c, BPF_XOR, BPF_REG_0, -1);
			return 0;
		case IRP_OP_NOT:
			skip = new_label(c);
			ALU64_REG(c, BPF_MOV, BPF_REG_1, BPF_REG_0);
			ALU64_IMM(c, BPF_MOV, BPF_REG_0, 1);
			JUMP_IMM(c, BPF_JEQ, BPF_REG_1, 0, skip);
			ALU64_IMM(c, BPF_MOV, BPF_REG_0, 0);
			place(c, skip);
			return 0;
		case IRP_OP_BITCOUNT:
			/* the population count, by halves (no loop) */
			ALU64_REG(c, BPF_MOV, BPF_REG_1, BPF_REG_0);
			ALU64_IMM(c, BPF_RSH, BPF_REG_1, 1);
			load_imm64(c, BPF_REG_2, 0x5555555555555555ull);
			ALU64_REG(c, BPF_AND, BPF_REG_1, BPF_REG_2);
			ALU64_REG(c, BPF_SUB, BPF_REG_0, BPF_REG_1);
			load_imm64(c, BPF_REG_2, 0x3333333333333333ull);
			ALU64_REG(c, BPF_MOV, BPF_REG_1, BPF_REG_0);
			ALU64_IMM(c, BPF_RSH, BPF_REG_1, 2);
			ALU64_REG(c, BPF_AND, BPF_REG_1, BPF_REG_2);
			ALU64_REG(c, BPF_AND, BPF_REG_0, BPF_REG_2);
			ALU64_REG(c, BPF_ADD, BPF_REG_0, BPF_REG_1);
			ALU64_REG(c, BPF_MOV, BPF_REG_1, BPF_REG_0);
			ALU64_IMM(c, BPF_RSH, BPF_REG_1, 4);
			ALU64_REG(c, BPF_ADD, BPF_REG_0, BPF_REG_1);
			load_imm64(c, BPF_REG_2, 0x0f0f0f0f0f0f0f0full);
			ALU64_REG(c, BPF_AND, BPF_REG_0, BPF_REG_2);
			load_imm64(c, BPF_REG_2, 0x0101010101010101ull);
			ALU64_REG(c, BPF_MUL, BPF_REG_0, BPF_REG_2);
			ALU64_IMM(c, BPF_RSH, BPF_REG_0, 56);
			return 0;
		default:
			return unsupported(c, e->column, _("an operator in an expression"));
		}
	case IRP_EXPR_TERNARY: {
		int otherwise = new_label(c), done = new_label(c);

		ret = emit_expr(c, e->a, temp, inlined, fail);
		if (ret < 0)
			return ret;
		JUMP_IMM(c, BPF_JEQ, BPF_REG_0, 0, otherwise);
		ret = emit_expr(c, e->b, temp, inlined, fail);
		if (ret < 0)
			return ret;
		GOTO(c, done);
		place(c, otherwise);
		ret = emit_expr(c, e->c, temp, inlined, fail);
		if (ret < 0)
			return ret;
		place(c, done);
		return 0;
	}
	case IRP_EXPR_BINARY:
		if (e->op == IRP_OP_LAND || e->op == IRP_OP_LOR)
			return emit_logical(c, e, temp, inlined, fail);
		break;
	default:
		return unsupported(c, e->column, _("an expression"));
	}
	/* binary: r1 = a, r0 = b */
	ret = emit_expr(c, e->a, temp, inlined, fail);
	if (ret < 0)
		return ret;
	STX64(c, BPF_REG_10, BPF_REG_0, (int16_t)STACK_TEMP(temp));
	ret = emit_expr(c, e->b, temp + 1, inlined, fail);
	if (ret < 0)
		return ret;
	LDX64(c, BPF_REG_1, BPF_REG_10, (int16_t)STACK_TEMP(temp));
	a_done = new_label(c);
	switch (e->op) {
	case IRP_OP_ADD:
	case IRP_OP_MUL:
	case IRP_OP_AND:
	case IRP_OP_OR:
	case IRP_OP_XOR:
		ALU64_REG(c, e->op == IRP_OP_ADD ? BPF_ADD : e->op == IRP_OP_MUL ? BPF_MUL :
			     e->op == IRP_OP_AND ? BPF_AND : e->op == IRP_OP_OR ? BPF_OR : BPF_XOR,
			  BPF_REG_0, BPF_REG_1);
		break;
	case IRP_OP_SUB:
		ALU64_REG(c, BPF_SUB, BPF_REG_1, BPF_REG_0);
		ALU64_REG(c, BPF_MOV, BPF_REG_0, BPF_REG_1);
		break;
	case IRP_OP_SHL:
	case IRP_OP_SHR:
		/* the count modulo 64; >> copies the sign */
		ALU64_IMM(c, BPF_AND, BPF_REG_0, 63);
		ALU64_REG(c, e->op == IRP_OP_SHL ? BPF_LSH : BPF_ARSH, BPF_REG_1, BPF_REG_0);
		ALU64_REG(c, BPF_MOV, BPF_REG_0, BPF_REG_1);
		break;
	case IRP_OP_LT:
	case IRP_OP_LE:
	case IRP_OP_GT:
	case IRP_OP_GE:
	case IRP_OP_EQ:
	case IRP_OP_NE: {
		static const uint8_t jumps[] = {
			[IRP_OP_LT] = BPF_JSLT, [IRP_OP_LE] = BPF_JSLE, [IRP_OP_GT] = BPF_JSGT,
			[IRP_OP_GE] = BPF_JSGE, [IRP_OP_EQ] = BPF_JEQ, [IRP_OP_NE] = BPF_JNE,
		};
		int yes = new_label(c);

		JUMP_REG(c, jumps[e->op], BPF_REG_1, BPF_REG_0, yes);
		ALU64_IMM(c, BPF_MOV, BPF_REG_0, 0);
		GOTO(c, a_done);
		place(c, yes);
		ALU64_IMM(c, BPF_MOV, BPF_REG_0, 1);
		break;
	}
	case IRP_OP_DIV:
	case IRP_OP_MOD: {
		/*
		 * Signed, truncating toward zero, from the unsigned operation on the
		 * magnitudes: the quotient is negative when the signs differ, the remainder
		 * takes the dividend's sign. A zero divisor fails the frame.
		 */
		int a_positive = new_label(c), b_positive = new_label(c), positive = new_label(c);

		JUMP_IMM(c, BPF_JEQ, BPF_REG_0, 0, fail);
		ALU64_IMM(c, BPF_MOV, BPF_REG_2, 0);	/* r2: bit 0 a < 0, bit 1 b < 0 */
		JUMP_IMM(c, BPF_JSGE, BPF_REG_1, 0, a_positive);
		ALU64_IMM(c, BPF_NEG, BPF_REG_1, 0);
		ALU64_IMM(c, BPF_OR, BPF_REG_2, 1);
		place(c, a_positive);
		JUMP_IMM(c, BPF_JSGE, BPF_REG_0, 0, b_positive);
		ALU64_IMM(c, BPF_NEG, BPF_REG_0, 0);
		ALU64_IMM(c, BPF_OR, BPF_REG_2, 2);
		place(c, b_positive);
		ALU64_REG(c, e->op == IRP_OP_DIV ? BPF_DIV : BPF_MOD, BPF_REG_1, BPF_REG_0);
		ALU64_REG(c, BPF_MOV, BPF_REG_0, BPF_REG_1);
		if (e->op == IRP_OP_DIV) {
			/* negative when exactly one sign bit is set */
			JUMP_IMM(c, BPF_JEQ, BPF_REG_2, 0, positive);
			JUMP_IMM(c, BPF_JEQ, BPF_REG_2, 3, positive);
		} else {
			ALU64_IMM(c, BPF_AND, BPF_REG_2, 1);
			JUMP_IMM(c, BPF_JEQ, BPF_REG_2, 0, positive);
		}
		ALU64_IMM(c, BPF_NEG, BPF_REG_0, 0);
		place(c, positive);
		break;
	}
	default:
		return unsupported(c, e->column, _("an operator in an expression"));
	}
	place(c, a_done);
	return 0;
}

/* Does expression e use name, itself or through definitions? */
static bool mentions(struct compiler *c, const struct irp_expr *e, const char *name,
		     unsigned int inlined)
{
	const struct irp_expr *definition;

	if (!e)
		return false;
	/* past the budget, it may: the compilation is refused anyway */
	if (inlined > INLINE_MAX || !spend(c, 1, e->column))
		return true;
	if (e->kind == IRP_EXPR_NAME) {
		if (strcmp(e->name, name) == 0)
			return true;
		definition = definition_of(c, e->name);
		if (definition && !affordable(c, definition, e->column))
			return true;
		return definition && mentions(c, definition, name, inlined + 1);
	}
	return mentions(c, e->a, name, inlined) || mentions(c, e->b, name, inlined) ||
	       mentions(c, e->c, name, inlined);
}

/*
 * The bits of parameter i that some frame sends: all of them when a computed field
 * uses it (what it sends of the parameter is not known bit by bit).
 */
static uint64_t parameter_sent(struct compiler *c, size_t i)
{
	const char *name = c->protocol->parameters[i].name;
	uint64_t sent = 0;
	size_t k, n;

	for (k = 0; k < c->frame_count; k++)
		for (n = 0; n < c->frames[k].field_count; n++) {
			const struct field *fd = &c->frames[k].fields[n];

			if (fd->source == FIELD_PARAMETER && fd->parameter == i)
				sent |= fd->offset ? UINT64_MAX : low_mask(fd->width) << fd->chop;
			else if (fd->source == FIELD_COMPUTED && mentions(c, fd->expr, name, 0))
				sent = UINT64_MAX;
		}
	return sent;
}

/* ---- parameters that are not sent as such: given back by computed bitfields ---- */

/*
 * A protocol may send a parameter only inside expressions (Eufy's CO in the checksum C,
 * XMP-1's F as (F*256):16) or some of its bits there (Yamaha's Y
 * in E0 and E7, G.I.4DTV's top bit of D in C0). Such a bitfield, whose value the frame
 * holds, gives the parameter back when the way from the bitfield down to the parameter
 * (or to one bitfield of it) goes only through operations that can be undone modulo
 * 2^width: + - ^ ~ and negation, whose other operand depends only on bits known
 * already; a product or a left shift by a constant power of two; a bitfield that keeps
 * the low bits. The computed bitfields are still checked afterwards, whole, so a value
 * given back wrongly (an operand that did depend on the bits) is refused, not reported.
 */
#define SOLVE_STEPS_MAX 200000

struct solution {
	uint64_t bits;		/* the parameter's bits that the field gives */
	unsigned int modulus;	/* for the parameter itself: its value modulo 2^modulus */
	bool whole;		/* the leaf is the parameter itself, not a bitfield of it */
};

static uint64_t needed_bits(const struct compiler *c, size_t p);
static void mark_context_frames(struct compiler *c);

/* The expression a name stands for, its definitions followed; else e. */
static const struct irp_expr *through_definitions(const struct compiler *c,
						  const struct irp_expr *e)
{
	unsigned int depth;

	for (depth = 0; depth < INLINE_MAX && e->kind == IRP_EXPR_NAME &&
	     !is_parameter_name(c, e->name) && !irp_env_has_value(c->env, e->name); depth++) {
		const struct irp_expr *definition = definition_of(c, e->name);

		if (!definition)
			break;
		e = definition;
	}
	return e;
}

/* Whether e is parameter p itself. */
static bool is_parameter(const struct compiler *c, const struct irp_expr *e, size_t p)
{
	e = through_definitions(c, e);
	return e->kind == IRP_EXPR_NAME && is_parameter_name(c, e->name) &&
	       parameter_index(c->protocol, e->name) == (int)p;
}

/* A bitfield's constant width and chop; false when they are not constants. */
static bool constant_shape(struct compiler *c, const struct irp_expr *e, int64_t *width,
			   int64_t *chop)
{
	*chop = 0;
	if (e->infinite || fold(c, e->b, width) < 0 ||
	    (e->c && fold(c, e->c, chop) < 0))
		return false;
	return *width >= 0 && *width <= 64 && *chop >= 0 && *chop < 64;
}

/* The bits of parameter p that e's value may depend on (more, when unsure). */
static uint64_t bits_used(struct compiler *c, const struct irp_expr *e, size_t p,
			  unsigned int depth)
{
	int64_t value, width, chop;

	if (!e)
		return 0;
	if (depth > INLINE_MAX || ++c->solve_steps > SOLVE_STEPS_MAX || !spend(c, 1, e->column))
		return UINT64_MAX;
	if (fold(c, e, &value) == 0)
		return 0;
	e = through_definitions(c, e);
	switch (e->kind) {
	case IRP_EXPR_NAME:
		if (is_parameter_name(c, e->name))
			return parameter_index(c->protocol, e->name) == (int)p ? UINT64_MAX : 0;
		return UINT64_MAX;	/* a name the evaluation does not know: unsure */
	case IRP_EXPR_BITFIELD:
		if (is_parameter(c, e->a, p) && constant_shape(c, e, &width, &chop))
			return low_mask((unsigned int)width) << chop;
		break;
	case IRP_EXPR_BINARY:
		/* P & K: the bits of K */
		if (e->op == IRP_OP_AND && is_parameter(c, e->a, p) &&
		    fold(c, e->b, &value) == 0)
			return (uint64_t)value;
		if (e->op == IRP_OP_AND && is_parameter(c, e->b, p) &&
		    fold(c, e->a, &value) == 0)
			return (uint64_t)value;
		break;
	default:
		break;
	}
	return bits_used(c, e->a, p, depth + 1) | bits_used(c, e->b, p, depth + 1) |
	       bits_used(c, e->c, p, depth + 1);
}

/* Whether e depends on bits of the parameters that known[] does not have. */
static bool depends_on_unknown(struct compiler *c, const struct irp_expr *e,
			       const uint64_t *known)
{
	size_t q;

	for (q = 0; q < c->protocol->parameter_count; q++)
		if (bits_used(c, e, q, 0) & needed_bits(c, q) & ~known[q])
			return true;
	return false;
}

/* The exponent of a constant power of two, or -1. */
static int power_of_two(struct compiler *c, const struct irp_expr *e)
{
	int64_t value;
	int k;

	if (fold(c, e, &value) < 0 || value <= 0)
		return -1;
	for (k = 0; k < 63; k++)
		if (value == (int64_t)1 << k)
			return k;
	return -1;
}

/*
 * Whether e's value modulo 2^modulus gives bits of parameter p (see above), into s.
 * With emit, r0 holds that value on entry and the bits given, in their places, on
 * return (known[] must be what it was without emit: the same way is taken). Returns 1,
 * 0 when it does not, or a negative errno from emitting.
 */
static int solve(struct compiler *c, const struct irp_expr *e, size_t p,
		 const uint64_t *known, unsigned int modulus, bool emit, unsigned int temp,
		 unsigned int depth, int fail, struct solution *s)
{
	int64_t width, chop;
	const struct irp_expr *side, *other;
	int k, ret;

	if (modulus == 0 || depth > INLINE_MAX || ++c->solve_steps > SOLVE_STEPS_MAX ||
	    !spend(c, 1, e->column))
		return 0;
	e = through_definitions(c, e);
	if (is_parameter(c, e, p)) {
		s->whole = true;
		s->modulus = modulus;
		s->bits = low_mask(modulus);
		if (emit && modulus < 64) {
			mov_imm(c, BPF_REG_1, low_mask(modulus));
			ALU64_REG(c, BPF_AND, BPF_REG_0, BPF_REG_1);
		}
		return 1;
	}
	switch (e->kind) {
	case IRP_EXPR_BITFIELD:
		if (!constant_shape(c, e, &width, &chop) || (e->reverse && modulus < width))
			return 0;
		if (emit && e->reverse)
			emit_reverse_r0(c, width);
		if (emit && e->complement)
			ALU64_IMM(c, BPF_XOR, BPF_REG_0, -1);
		if (width < modulus)
			modulus = (unsigned int)width;
		if (is_parameter(c, e->a, p)) {
			/* a bitfield of the parameter: its bits chop.. */
			s->whole = false;
			s->bits = low_mask(modulus) << chop;
			if (emit) {
				mov_imm(c, BPF_REG_1, low_mask(modulus));
				ALU64_REG(c, BPF_AND, BPF_REG_0, BPF_REG_1);
				if (chop)
					ALU64_IMM(c, BPF_LSH, BPF_REG_0, (int32_t)chop);
			}
			return 1;
		}
		if (chop != 0)
			return 0;
		return solve(c, e->a, p, known, modulus, emit, temp, depth + 1, fail, s);
	case IRP_EXPR_UNARY:
		if (e->op != IRP_OP_NEG && e->op != IRP_OP_COMPLEMENT)
			return 0;
		if (emit)
			ALU64_IMM(c, e->op == IRP_OP_NEG ? BPF_NEG : BPF_XOR, BPF_REG_0,
				  e->op == IRP_OP_NEG ? 0 : -1);
		return solve(c, e->a, p, known, modulus, emit, temp, depth + 1, fail, s);
	case IRP_EXPR_BINARY:
		break;
	default:
		return 0;
	}
	switch (e->op) {
	case IRP_OP_MUL:
	case IRP_OP_SHL:
		/* x * 2^k or x << k: x modulo 2^(modulus - k) is the target's top bits */
		side = e->a;
		k = e->op == IRP_OP_MUL ? power_of_two(c, e->b) : -1;
		if (e->op == IRP_OP_MUL && k < 0) {
			side = e->b;
			k = power_of_two(c, e->a);
		} else if (e->op == IRP_OP_SHL) {
			int64_t shift;

			if (fold(c, e->b, &shift) == 0 && shift >= 0 &&
			    shift < 64)
				k = (int)shift;
		}
		if (k < 0 || (unsigned int)k >= modulus)
			return 0;
		if (emit) {
			if (modulus < 64) {
				mov_imm(c, BPF_REG_1, low_mask(modulus));
				ALU64_REG(c, BPF_AND, BPF_REG_0, BPF_REG_1);
			}
			if (k)
				ALU64_IMM(c, BPF_RSH, BPF_REG_0, k);
		}
		return solve(c, side, p, known, modulus - (unsigned int)k, emit, temp, depth + 1,
			     fail, s);
	case IRP_OP_ADD:
	case IRP_OP_SUB:
	case IRP_OP_XOR:
		break;
	default:
		return 0;
	}
	/* the side on the way to p; the other one must depend on known bits only */
	side = e->a;
	other = e->b;
	if (depends_on_unknown(c, other, known) ||
	    solve(c, side, p, known, modulus, false, temp, depth + 1, fail, s) <= 0) {
		side = e->b;
		other = e->a;
		if (depends_on_unknown(c, other, known) ||
		    solve(c, side, p, known, modulus, false, temp, depth + 1, fail, s) <= 0)
			return 0;
	}
	if (!emit)
		return 1;
	if (temp + 1 >= TEMPS_MAX)
		return unsupported(c, e->column, _("an expression too deep to compile"));
	/* r1 = the target, r0 = the other side */
	STX64(c, BPF_REG_10, BPF_REG_0, (int16_t)STACK_TEMP(temp));
	ret = emit_expr(c, other, temp + 1, 0, fail);
	if (ret < 0)
		return ret;
	LDX64(c, BPF_REG_1, BPF_REG_10, (int16_t)STACK_TEMP(temp));
	if (e->op == IRP_OP_XOR) {
		ALU64_REG(c, BPF_XOR, BPF_REG_0, BPF_REG_1);
	} else if (e->op == IRP_OP_ADD || side == e->b) {
		/* x + o = t, o + x = t, o - x = t: x = t - o, x = o - t */
		if (e->op == IRP_OP_ADD) {
			ALU64_REG(c, BPF_SUB, BPF_REG_1, BPF_REG_0);
			ALU64_REG(c, BPF_MOV, BPF_REG_0, BPF_REG_1);
		} else {
			ALU64_REG(c, BPF_SUB, BPF_REG_0, BPF_REG_1);
		}
	} else {
		/* x - o = t: x = t + o */
		ALU64_REG(c, BPF_ADD, BPF_REG_0, BPF_REG_1);
	}
	return solve(c, side, p, known, modulus, true, temp + 1, depth + 1, fail, s);
}

/*
 * The bits of parameter p that its range needs (as many as its maximum has) and some
 * frame sends: those no frame sends are 0 in the report (Zenith5's F:D of F:0..255).
 */
static uint64_t needed_bits(const struct compiler *c, size_t p)
{
	return low_mask(parameter_bits(&c->protocol->parameters[p])) & c->sent[p];
}

static int set_snapshot(struct compiler *c, const struct field *fd)
{
	size_t k;
	int ret = 0;

	for (k = 0; k < fd->snapshot_count && ret == 0; k++)
		ret = irp_env_set(c->env, fd->snapshot[k].name, fd->snapshot[k].value);
	return ret;
}

static void unset_snapshot(struct compiler *c, const struct field *fd)
{
	size_t k;

	for (k = 0; k < fd->snapshot_count; k++)
		irp_env_unset(c->env, fd->snapshot[k].name);
}

/*
 * The bits of each parameter that frame f gives back from its computed bitfields, in
 * rounds until none comes (one may need another: known[] grows), added to known[].
 * With emit, the code that puts them on the stack, the sent parameters there already.
 */
static int solve_fields(struct compiler *c, const struct frame *f, uint64_t *known, bool emit,
			int fail)
{
	const struct irp_protocol *pr = c->protocol;
	bool progress = true;
	size_t p, k;
	int ret = 0;

	while (progress && ret == 0) {
		progress = false;
		for (p = 0; p < pr->parameter_count && ret == 0; p++) {
			const struct irp_parameter *pa = &pr->parameters[p];

			for (k = 0; k < f->field_count && ret == 0; k++) {
				const struct field *fd = &f->fields[k];
				uint64_t unknown = needed_bits(c, p) & ~known[p], fresh;
				struct solution s = { 0 };
				bool by_range;
				int16_t param = (int16_t)STACK_PARAM(p);

				if (!unknown)
					break;
				if (fd->source != FIELD_COMPUTED)
					continue;
				ret = set_snapshot(c, fd);
				if (ret == 0)
					ret = solve(c, fd->expr, p, known, fd->width, false, 0, 0,
						    fail, &s);
				if (ret <= 0) {
					unset_snapshot(c, fd);
					continue;
				}
				/* x modulo 2^m, and a range narrower than 2^m: x itself */
				by_range = s.whole && known[p] == 0 && s.modulus < 64 &&
					   (unknown & ~s.bits) && pa->max - pa->min < ((uint64_t)1 << s.modulus);
				fresh = by_range ? unknown : s.bits & unknown;
				if (!fresh) {
					unset_snapshot(c, fd);
					ret = 0;
					continue;
				}
				if (emit) {
					LDX64(c, BPF_REG_0, BPF_REG_7,
					      (int16_t)(f->state + STATE_FIELD(k)));
					ret = solve(c, fd->expr, p, known, fd->width, true, 0, 0,
						    fail, &s);
				}
				unset_snapshot(c, fd);
				if (ret < 0)
					break;
				ret = 0;
				if (emit && by_range) {
					/* min + ((x - min) mod 2^m) */
					mov_imm(c, BPF_REG_1, pa->min);
					ALU64_REG(c, BPF_SUB, BPF_REG_0, BPF_REG_1);
					mov_imm(c, BPF_REG_2, low_mask(s.modulus));
					ALU64_REG(c, BPF_AND, BPF_REG_0, BPF_REG_2);
					ALU64_REG(c, BPF_ADD, BPF_REG_0, BPF_REG_1);
					STX64(c, BPF_REG_10, BPF_REG_0, param);
				} else if (emit) {
					mov_imm(c, BPF_REG_1, fresh);
					ALU64_REG(c, BPF_AND, BPF_REG_0, BPF_REG_1);
					LDX64(c, BPF_REG_1, BPF_REG_10, param);
					ALU64_REG(c, BPF_OR, BPF_REG_1, BPF_REG_0);
					STX64(c, BPF_REG_10, BPF_REG_1, param);
				}
				known[p] |= fresh;
				progress = true;
			}
		}
	}
	return ret;
}

/* The bits of each parameter that frame f gives: sent, or given back. */
static int frame_known(struct compiler *c, const struct frame *f, uint64_t *known)
{
	size_t k;

	memset(known, 0, PARAMS_MAX * sizeof(*known));
	for (k = 0; k < f->field_count; k++)
		if (f->fields[k].source == FIELD_PARAMETER)
			known[f->fields[k].parameter] |= f->fields[k].offset ? UINT64_MAX :
				low_mask(f->fields[k].width) << f->fields[k].chop;
	return solve_fields(c, f, known, false, 0);
}

/* The parameters (bit i for parameter i) that known[] has whole. */
static uint32_t whole_parameters(const struct compiler *c, const uint64_t *known)
{
	uint32_t whole = 0;
	size_t p;

	for (p = 0; p < c->protocol->parameter_count; p++)
		if ((known[p] & needed_bits(c, p)) == needed_bits(c, p))
			whole |= (uint32_t)1 << p;
	return whole;
}

static void drop_frame(struct compiler *c, size_t k)
{
	frame_free(&c->frames[k]);
	memmove(&c->frames[k], &c->frames[k + 1],
		(c->frame_count - k - 1) * sizeof(c->frames[0]));
	c->frame_count--;
	memset(&c->frames[c->frame_count], 0, sizeof(c->frames[0]));
}

/* Whether two windows of durations (the last slot's space open above) meet. */
static bool windows_meet(const struct compiler *c, double a, bool a_open, double b, bool b_open)
{
	struct window x = window_of(c, a, a_open), y = window_of(c, b, b_open);

	return x.lo <= y.hi && y.lo <= x.hi;
}

/* The constant that slot s of frame f sends as its symbol's bit j, or -1. */
static int constant_bit(const struct frame *f, const struct slot *s, unsigned int j)
{
	const struct field *fd = &f->fields[s->field[j]];

	if (fd->source != FIELD_CONSTANT)
		return -1;
	return (int)(fd->constant >> s->value_bit[j] & 1);
}

/*
 * Whether frame b may take the durations of frame a, slot by slot: the same durations
 * within the tolerances, bits of the same bitspec that no constant of both sets apart.
 */
static bool looks_alike(const struct compiler *c, const struct frame *a, const struct frame *b)
{
	size_t i;
	unsigned int j;

	if (a->slot_count != b->slot_count)
		return false;
	for (i = 0; i < a->slot_count; i++) {
		const struct slot *x = &a->slots[i], *y = &b->slots[i];
		bool last = i + 1 == a->slot_count;

		if (x->kind != y->kind)
			return false;
		switch (x->kind) {
		case SLOT_DURATION:
			if (x->pulse != y->pulse ||
			    !windows_meet(c, x->us, last && !x->pulse, y->us, last && !y->pulse))
				return false;
			break;
		case SLOT_EXTENT:
			if (!windows_meet(c, x->us, last, y->us, last))
				return false;
			break;
		case SLOT_BIT_FIRST:
			if (x->table != y->table)
				return false;
			break;
		case SLOT_SYMBOL:
			/* symbols of a general bitspec: not compared, told apart */
			return false;
		case SLOT_BIT_SECOND:
			if (x->table != y->table)
				return false;
			for (j = 0; j < c->tables[x->table].bits; j++) {
				int p = constant_bit(a, x, j), q = constant_bit(b, y, j);

				if (p >= 0 && q >= 0 && p != q)
					return false;
			}
			break;
		}
	}
	return true;
}

/*
 * Frames that only the context tells apart (IrpTransmogrifier decodes a signal as a
 * whole): NRC17's end frame is also a message (F=254, D=255), Roku-8bit's repeated
 * frame is also a first frame (F with bit 7 flipped). A later frame that looks like
 * an earlier reporting one is taken only after a report in the same signal (since
 * the last timeout), and then before the frame it looks like.
 */
static void mark_context_frames(struct compiler *c)
{
	size_t j, k;

	for (k = 1; k < c->frame_count; k++) {
		struct frame *f = &c->frames[k];

		if (f->part)
			continue;
		for (j = 0; j < k && !f->after_report; j++) {
			const struct frame *g = &c->frames[j];

			if (!g->part && !g->repeat && looks_alike(c, g, f))
				f->after_report = true;
		}
		c->context = c->context || f->after_report;
	}
}

/*
 * The frames in the order they are tried on a sample: those that need a report before
 * them first, then the others, then the parts. A report ends the sample, so a part that
 * ends where a completing frame reports (the same durations, F12x) does not overwrite
 * the carry first.
 */
static void order_frames(struct compiler *c)
{
	struct frame sorted[FRAMES_MAX];
	size_t i, n = 0;
	int order;

	for (order = 0; order < 3; order++)
		for (i = 0; i < c->frame_count; i++) {
			const struct frame *f = &c->frames[i];

			if ((f->after_report ? 0 : f->part ? 2 : 1) == order)
				sorted[n++] = *f;
		}
	memcpy(c->frames, sorted, n * sizeof(*sorted));
}

/*
 * What each frame is, now that the frames are laid out: a message gives every
 * parameter; after one, a frame that does not repeats it (NEC1's ditto). When the
 * first frame does not give every parameter, it is a part (Pioneer-2Part's first
 * half, Epson's repeated frame with T1 and T2) and a later frame that gives the rest
 * completes the message with what the parts kept (the carry); when that frame comes
 * after a repeated irstream (Epson's and F12x's end frame, which looks like the
 * repeated one), the signal must end there: it reports at the next sample unless that
 * is a pulse. A frame that gives nothing before any message is a preamble.
 */
static int classify_frames(struct compiler *c)
{
	const struct irp_protocol *pr = c->protocol;
	uint32_t all = (uint32_t)low_mask((unsigned int)pr->parameter_count), parts = 0, first = 0;
	uint64_t known[PARAMS_MAX];
	bool completed = false, in_parts = false;
	char quoted[IRP_QUOTED_NAME_SIZE];
	size_t k;
	int ret;

	for (k = 0; k < pr->parameter_count; k++)
		c->sent[k] = parameter_sent(c, k);

	for (k = 0; k < c->frame_count; k++) {
		struct frame *f = &c->frames[k];
		uint32_t whole;
		bool some = false;
		size_t p;

		if (f->repeat)
			continue;
		ret = frame_known(c, f, known);
		if (ret < 0)
			return ret;
		whole = whole_parameters(c, known);
		for (p = 0; p < pr->parameter_count; p++)
			some = some || (known[p] & needed_bits(c, p));
		if (!some) {
			if (k > 0) {
				f->repeat = true;
				continue;
			}
			drop_frame(c, k--);
			continue;
		}
		if (k == 0)
			first = whole;
		if (whole == all)
			continue;
		if (k > 0 && first == all) {
			f->repeat = true;
		} else if (k > 0 && (whole | parts) == all) {
			f->completing = true;
			f->await_end = f->ending;
			completed = true;
		} else {
			f->part = true;
			in_parts = true;
			parts |= whole;
		}
	}
	c->carried = parts;
	mark_context_frames(c);
	order_frames(c);
	if (!in_parts || completed)
		return 0;
	for (k = 0; k < pr->parameter_count && (first >> k & 1); k++)
		;
	ir_error_set(c->err, _("irp:%u: not supported by the IRP compiler yet: "
		     "parameter '%s' is not wholly sent in a frame"),
		     pr->parameters[k].column, irp_quoted_name(pr->parameters[k].name, quoted));
	return -EOPNOTSUPP;
}

/*
 * The carry (classify_frames()): a u64 of the parameters it has (bit i for parameter
 * i), then one u64 per parameter. A part puts there the parameters it has whole.
 */
#define CARRY_HAS 0
#define CARRY_PARAM(i) (8 + 8 * (int)(i))

static void emit_carry_out(struct compiler *c, const uint64_t *known)
{
	uint32_t whole = whole_parameters(c, known);
	size_t p;

	LDX64(c, BPF_REG_2, BPF_REG_7, (int16_t)(c->carry + CARRY_HAS));
	for (p = 0; p < c->protocol->parameter_count; p++) {
		if (!(whole >> p & 1))
			continue;
		LDX64(c, BPF_REG_1, BPF_REG_10, (int16_t)STACK_PARAM(p));
		STX64(c, BPF_REG_7, BPF_REG_1, (int16_t)(c->carry + CARRY_PARAM(p)));
		ALU64_IMM(c, BPF_OR, BPF_REG_2, (int32_t)(1u << p));
	}
	STX64(c, BPF_REG_7, BPF_REG_2, (int16_t)(c->carry + CARRY_HAS));
}

/*
 * A completing frame takes from the carry the parameters it does not have whole (the
 * carry must have them), and those it has must agree with the carry's where the carry
 * has them too (Epson's D in both frames).
 */
static void emit_carry_in(struct compiler *c, uint64_t *known, int reset)
{
	uint32_t whole = whole_parameters(c, known);
	size_t p;

	for (p = 0; p < c->protocol->parameter_count; p++) {
		int16_t param = (int16_t)STACK_PARAM(p);
		int skip = new_label(c);

		if (!(c->carried >> p & 1))
			continue;
		LDX64(c, BPF_REG_1, BPF_REG_7, (int16_t)(c->carry + CARRY_HAS));
		ALU64_IMM(c, BPF_AND, BPF_REG_1, (int32_t)(1u << p));
		JUMP_IMM(c, BPF_JEQ, BPF_REG_1, 0, whole >> p & 1 ? skip : reset);
		LDX64(c, BPF_REG_1, BPF_REG_7, (int16_t)(c->carry + CARRY_PARAM(p)));
		if (known[p]) {
			LDX64(c, BPF_REG_2, BPF_REG_10, param);
			ALU64_REG(c, BPF_XOR, BPF_REG_2, BPF_REG_1);
			mov_imm(c, BPF_REG_3, known[p]);
			ALU64_REG(c, BPF_AND, BPF_REG_2, BPF_REG_3);
			JUMP_IMM(c, BPF_JNE, BPF_REG_2, 0, reset);
		}
		if (!(whole >> p & 1)) {
			STX64(c, BPF_REG_10, BPF_REG_1, param);
			known[p] = needed_bits(c, p);
		}
		place(c, skip);
	}
}

/* Parameters out of the fields, checked, then bpf_rc_keydown(); or bpf_rc_repeat(). */
static int emit_report(struct compiler *c, const struct frame *f, const struct frame_labels *l)
{
	const struct irp_protocol *p = c->protocol;
	uint64_t known[PARAMS_MAX] = { 0 };
	char quoted[IRP_QUOTED_NAME_SIZE];
	unsigned int total_bits = 0;
	int toggle = -1, ret;
	size_t i;

	place(c, l->emit);
	if (f->after_report) {
		LDX64(c, BPF_REG_1, BPF_REG_7, (int16_t)c->reported_flag);
		JUMP_IMM(c, BPF_JEQ, BPF_REG_1, 0, l->reset);
	}
	if (f->repeat) {
		/* its constants (NRC17's end frame: 254:8, 255:8) */
		for (i = 0; i < f->field_count; i++) {
			const struct field *fd = &f->fields[i];

			if (fd->source != FIELD_CONSTANT)
				continue;
			LDX64(c, BPF_REG_3, BPF_REG_7, (int16_t)(f->state + STATE_FIELD(i)));
			mov_imm(c, BPF_REG_4, fd->constant & low_mask(fd->width));
			JUMP_REG(c, BPF_JNE, BPF_REG_3, BPF_REG_4, l->reset);
		}
		if (!c->context_in_r1)
			LDX64(c, BPF_REG_1, BPF_REG_10, STACK_CTX);
		insn(c, BPF_JMP | BPF_CALL, 0, 0, 0, BPF_FUNC_rc_repeat);
		GOTO(c, l->reported);
		return 0;
	}
	/* a parameter that no field sends is 0; the others are stored by their first */
	for (i = 0; i < p->parameter_count; i++) {
		size_t k;

		for (k = 0; k < f->field_count; k++)
			if (f->fields[k].source == FIELD_PARAMETER && f->fields[k].parameter == i &&
			    f->fields[k].width)
				break;
		if (k == f->field_count)
			ST64(c, BPF_REG_10, STACK_PARAM(i), 0);
	}
	/* the context kept in r6 while the expressions take r1 (put back where it fails) */
	if (c->context_in_r1)
		ALU64_REG(c, BPF_MOV, BPF_REG_6, BPF_REG_1);
	for (i = 0; i < f->field_count; i++) {
		const struct field *fd = &f->fields[i];
		uint64_t mask = low_mask(fd->width), fresh, overlap;
		int16_t param = (int16_t)STACK_PARAM(fd->parameter);

		LDX64(c, BPF_REG_3, BPF_REG_7, (int16_t)(f->state + STATE_FIELD(i)));
		if (fd->source == FIELD_CONSTANT) {
			mov_imm(c, BPF_REG_4, fd->constant & mask);
			JUMP_REG(c, BPF_JNE, BPF_REG_3, BPF_REG_4, l->reset);
			continue;
		}
		if (fd->source == FIELD_COMPUTED)
			continue;
		if (fd->complement && mask <= INT32_MAX) {
			ALU64_IMM(c, BPF_XOR, BPF_REG_3, (int32_t)mask);
		} else if (fd->complement) {
			mov_imm(c, BPF_REG_4, mask);
			ALU64_REG(c, BPF_XOR, BPF_REG_3, BPF_REG_4);
		}
		if (fd->offset) {
			/* the whole parameter: the value sent less the offset */
			ALU64_IMM(c, BPF_ADD, BPF_REG_3, (int32_t)-fd->offset);
			if (known[fd->parameter]) {
				LDX64(c, BPF_REG_1, BPF_REG_10, param);
				mov_imm(c, BPF_REG_4, known[fd->parameter]);
				ALU64_REG(c, BPF_AND, BPF_REG_1, BPF_REG_4);
				ALU64_REG(c, BPF_MOV, BPF_REG_0, BPF_REG_3);
				ALU64_REG(c, BPF_AND, BPF_REG_0, BPF_REG_4);
				JUMP_REG(c, BPF_JNE, BPF_REG_0, BPF_REG_1, l->reset);
			}
			STX64(c, BPF_REG_10, BPF_REG_3, param);
			known[fd->parameter] = UINT64_MAX;
			continue;
		}
		overlap = (known[fd->parameter] >> fd->chop) & mask;
		fresh = mask & ~overlap;
		if (overlap) {
			/* bits sent before must agree */
			LDX64(c, BPF_REG_1, BPF_REG_10, param);
			if (fd->chop)
				ALU64_IMM(c, BPF_RSH, BPF_REG_1, (int32_t)fd->chop);
			mov_imm(c, BPF_REG_4, overlap);
			ALU64_REG(c, BPF_AND, BPF_REG_1, BPF_REG_4);
			ALU64_REG(c, BPF_MOV, BPF_REG_0, BPF_REG_3);
			ALU64_REG(c, BPF_AND, BPF_REG_0, BPF_REG_4);
			JUMP_REG(c, BPF_JNE, BPF_REG_0, BPF_REG_1, l->reset);
		}
		if (fresh) {
			/* a field holds no bit above its width (the complement's included) */
			if (fresh != mask && fresh <= INT32_MAX) {
				ALU64_IMM(c, BPF_AND, BPF_REG_3, (int32_t)fresh);
			} else if (fresh != mask) {
				mov_imm(c, BPF_REG_4, fresh);
				ALU64_REG(c, BPF_AND, BPF_REG_3, BPF_REG_4);
			}
			if (fd->chop)
				ALU64_IMM(c, BPF_LSH, BPF_REG_3, (int32_t)fd->chop);
			if (known[fd->parameter]) {
				LDX64(c, BPF_REG_1, BPF_REG_10, param);
				ALU64_REG(c, BPF_OR, BPF_REG_1, BPF_REG_3);
				STX64(c, BPF_REG_10, BPF_REG_1, param);
			} else {
				STX64(c, BPF_REG_10, BPF_REG_3, param);
			}
		}
		known[fd->parameter] |= mask << fd->chop;
	}
	ret = solve_fields(c, f, known, true, l->reset);
	if (ret < 0)
		return ret;
	if (f->completing)
		emit_carry_in(c, known, l->reset);
	for (i = 0; i < p->parameter_count; i++) {
		const struct irp_parameter *pa = &p->parameters[i];
		unsigned int bits = parameter_bits(pa);

		/* bits that no frame sends (Zenith5's F:D of F:0..255) are 0 in the report */
		if ((known[i] & low_mask(bits)) != low_mask(bits) &&
		    (~known[i] & low_mask(bits) & parameter_sent(c, i)) != 0) {
			if (f->part)
				continue;	/* the completing frame has it */
			ir_error_set(c->err, _("irp:%u: not supported by the IRP compiler yet: "
				     "parameter '%s' is not wholly sent in a frame"),
				     pa->column, irp_quoted_name(pa->name, quoted));
			return -EOPNOTSUPP;
		}
		/* the parameter holds the bits of known only: above max only if they are */
		if (pa->min > 0 || known[i] > pa->max)
			LDX64(c, BPF_REG_3, BPF_REG_10, (int16_t)STACK_PARAM(i));
		if (pa->min > 0)
			jump_if(c, BPF_JLT, BPF_REG_3, pa->min, l->reset);
		if (pa->max < UINT64_MAX && known[i] > pa->max)
			jump_if(c, BPF_JGT, BPF_REG_3, pa->max, l->reset);
		if (pa->persistent) {
			if (toggle >= 0)
				return unsupported(c, pa->column,
						   _("more than one persistent parameter"));
			toggle = (int)i;
			continue;
		}
		total_bits += bits;
	}
	if (total_bits > 64 && !f->part)
		return unsupported(c, c->protocol->stream->column,
				   _("parameters of more than 64 bits in all"));
	/* checksums and other computed fields, now that the parameters are known */
	for (i = 0; i < f->field_count; i++) {
		const struct field *fd = &f->fields[i];

		if (fd->source != FIELD_COMPUTED)
			continue;
		/* the names assigned where the field was sent */
		ret = set_snapshot(c, fd);
		/* a part checks what it can: the rest is the completing frame's */
		if (ret == 0 && f->part && depends_on_unknown(c, fd->expr, known)) {
			unset_snapshot(c, fd);
			continue;
		}
		if (ret == 0)
			ret = emit_expr(c, fd->expr, 0, 0, l->reset);
		unset_snapshot(c, fd);
		if (ret < 0)
			return ret;
		LDX64(c, BPF_REG_3, BPF_REG_7, (int16_t)(f->state + STATE_FIELD(i)));
		JUMP_REG(c, BPF_JNE, BPF_REG_0, BPF_REG_3, l->reset);
	}
	if (f->part) {
		emit_carry_out(c, known);
		GOTO(c, l->reset);
		return 0;
	}
	if (c->layout_scancode) {
		unsigned int temp = 0;

		/* the kernel's toggle first, where it is not the persistent parameter */
		if (c->layout_toggle) {
			ret = emit_expr(c, c->layout_toggle, temp, 0, l->reset);
			if (ret < 0)
				return ret;
			STX64(c, BPF_REG_10, BPF_REG_0, (int16_t)STACK_TEMP(temp));
			temp++;
		}
		ret = emit_expr(c, c->layout_scancode, temp, 0, l->reset);
		if (ret < 0)
			return ret;
		STX64(c, BPF_REG_10, BPF_REG_0, (int16_t)STACK_TEMP(temp));
		ret = emit_expr(c, c->layout_protocol, temp + 1, 0, l->reset);
		if (ret < 0)
			return ret;
		ALU64_REG(c, BPF_MOV, BPF_REG_2, BPF_REG_0);
		LDX64(c, BPF_REG_3, BPF_REG_10, (int16_t)STACK_TEMP(temp));
		if (c->layout_toggle) {
			LDX64(c, BPF_REG_4, BPF_REG_10, (int16_t)STACK_TEMP(0));
			goto keydown;
		}
		goto call;
	}
	/* the scancode, first parameter in the most significant bits */
	ALU64_IMM(c, BPF_MOV, BPF_REG_3, 0);
	for (i = 0; i < p->parameter_count; i++) {
		unsigned int bits = parameter_bits(&p->parameters[i]);

		if ((int)i == toggle || bits == 0)
			continue;
		if (bits < 64)
			ALU64_IMM(c, BPF_LSH, BPF_REG_3, (int32_t)bits);
		LDX64(c, BPF_REG_1, BPF_REG_10, (int16_t)STACK_PARAM(i));
		ALU64_REG(c, BPF_OR, BPF_REG_3, BPF_REG_1);
	}
	ALU64_IMM(c, BPF_MOV, BPF_REG_2, IRP_COMPILE_PROTOCOL);
call:
	if (toggle >= 0)
		LDX64(c, BPF_REG_4, BPF_REG_10, (int16_t)STACK_PARAM(toggle));
	else
		ALU64_IMM(c, BPF_MOV, BPF_REG_4, 0);
keydown:
	if (f->await_end) {
		/* the report waits for the next sample, unless this one ends the signal */
		int now = new_label(c);
		int16_t await = (int16_t)(f->state + STATE_FIELD(f->field_count));

		LDX64(c, BPF_REG_1, BPF_REG_10, STACK_CTX);
		insn(c, BPF_LDX | BPF_W | BPF_MEM, BPF_REG_1, BPF_REG_1, 0, 0);
		ALU64_IMM(c, BPF_RSH, BPF_REG_1, 24);
		JUMP_IMM(c, BPF_JEQ, BPF_REG_1, KIND_TIMEOUT, now);
		STX64(c, BPF_REG_7, BPF_REG_2, await);
		STX64(c, BPF_REG_7, BPF_REG_3, await + 8);
		STX64(c, BPF_REG_7, BPF_REG_4, await + 16);
		ST64(c, BPF_REG_7, (int16_t)(f->state + STATE_POS), (int32_t)f->slot_count);
		GOTO(c, l->end);
		place(c, now);
	}
	if (c->context_in_r1)
		ALU64_REG(c, BPF_MOV, BPF_REG_1, BPF_REG_6);
	else
		LDX64(c, BPF_REG_1, BPF_REG_10, STACK_CTX);
	insn(c, BPF_JMP | BPF_CALL, 0, 0, 0, BPF_FUNC_rc_keydown);
	GOTO(c, l->reported);
	return 0;
}

/* Jump to the target of the position r6 holds among n sorted ones, by halves; else other. */
static void dispatch(struct compiler *c, const size_t *positions, const int *targets, size_t n,
		     int other)
{
	size_t i, middle;
	int upper;

	if (n <= 4) {
		for (i = 0; i < n; i++)
			JUMP_IMM(c, BPF_JEQ, BPF_REG_6, (int32_t)positions[i], targets[i]);
		GOTO(c, other);
		return;
	}
	middle = (n - 1) / 2;
	upper = new_label(c);
	JUMP_IMM(c, BPF_JGT, BPF_REG_6, (int32_t)positions[middle], upper);
	dispatch(c, positions, targets, middle + 1, other);
	place(c, upper);
	dispatch(c, positions + middle + 1, targets + middle + 1, n - middle - 1, other);
}

/* The labels that jumps emitted so far go to, NULL if out of memory. */
static bool *referred_labels(const struct compiler *c)
{
	bool *referred = calloc(c->label_count + 1, sizeof(*referred));
	size_t i;

	for (i = 0; referred && i < c->fixup_count; i++)
		referred[c->fixups[i].label] = true;
	return referred;
}

/* Whether run r shifts right (struct run): the word it saves reversing. */
static bool run_goes_right(const struct compiler *c, const struct frame *f, const struct run *r)
{
	unsigned int j, m;
	bool lsb_first, reversing = false;

	if (c->tables[r->table].bits != 1 || r->bits > RIGHT_TOP)
		return false;
	for (j = 0; j < r->bits; j += m) {
		m = run_stretch(c, f, r, j, &lsb_first);
		if (m > 1 && !lsb_first)
			return false;
		reversing |= lsb_first;
	}
	return reversing;
}

/* The runs of frame f (see struct run), their words from *word on. */
static int find_runs(struct compiler *c, const struct frame *f, struct frame_labels *l,
		     unsigned int *word)
{
	size_t i = 0, k;

	for (k = 0; k < f->slot_count; k++)
		l->run_of[k] = -1;
	while (i + 2 < f->slot_count) {
		const struct bitspec_table *t = &c->tables[f->slots[i].table];
		struct run *r = &l->runs[l->run_count];

		if (f->slots[i].kind != SLOT_BIT_FIRST || f->slots[i + 1].kind != SLOT_BIT_SECOND ||
		    f->slots[i + 1].table != f->slots[i].table) {
			i++;
			continue;
		}
		memset(r, 0, sizeof(*r));
		r->first = i;
		r->table = f->slots[i].table;
		r->uniform = true;
		for (k = 1; k < t->count; k++)
			if (t->symbols[k].pulse[0] != t->symbols[0].pulse[0] ||
			    t->symbols[k].us[0] != t->symbols[0].us[0])
				r->uniform = false;
		while (i + 2 < f->slot_count && f->slots[i].kind == SLOT_BIT_FIRST &&
		       f->slots[i + 1].kind == SLOT_BIT_SECOND &&
		       f->slots[i].table == r->table && f->slots[i + 1].table == r->table &&
		       r->bits + t->bits <= RUN_BITS_MAX) {
			r->bits += t->bits;
			i += 2;
		}
		r->end = i;
		r->again = r->first ? r->first : r->first + 2;
		r->right = run_goes_right(c, f, r);
		r->word = (int16_t)*word;
		*word += 8;
		for (k = r->first; k < r->end; k++)
			l->run_of[k] = (int)l->run_count;
		l->run_count++;
	}
	return 0;
}

/* Frame f's state set up for a new start: r8 is the whole sample. */
static void emit_start(struct compiler *c, const struct frame *f, const struct frame_labels *l)
{
	int16_t state = (int16_t)f->state;
	size_t i;

	if (c->has_clock) {
		LDX64(c, BPF_REG_2, BPF_REG_7, STATE_CLOCK);
		if (c->raw_clock) {
			ALU64_REG(c, BPF_SUB, BPF_REG_2, BPF_REG_8);
		} else {
			ALU64_REG(c, BPF_MOV, BPF_REG_3, BPF_REG_8);
			ALU64_IMM(c, BPF_AND, BPF_REG_3, (int32_t)RAW_DURATION);
			ALU64_REG(c, BPF_SUB, BPF_REG_2, BPF_REG_3);
		}
		STX64(c, BPF_REG_7, BPF_REG_2, state + STATE_ORIGIN);
	}
	for (i = 0; i < f->field_count; i++)
		ST64(c, BPF_REG_7, (int16_t)(state + STATE_FIELD(i)), 0);
	for (i = 0; i < l->run_count; i++) {
		const struct run *r = &l->runs[i];

		if (r->right) {
			ST64(c, BPF_REG_7, r->word, (int32_t)(1u << r->bits));
			continue;
		}
		mov_imm(c, BPF_REG_2, (uint64_t)1 << (RUN_BITS_MAX - r->bits));
		STX64(c, BPF_REG_7, BPF_REG_2, r->word);
	}
	if (f->stateful_table != NO_PARENT)
		ST64(c, BPF_REG_7, symbol_state_offset(f), 0);
}

/*
 * The raw samples that may start frame f (take its first slot or begin with it), when
 * its first slot is a duration; false when any sample may.
 */
static bool start_window(const struct compiler *c, const struct frame *f, struct window *w)
{
	const struct slot *s = &f->slots[0];
	bool longer;

	if (s->kind != SLOT_DURATION)
		return false;
	*w = raw_window_of(c, s->pulse, s->us, false);
	longer = (f->slot_count == 1 && !s->pulse) || next_may_start(c, f, 0, s->pulse);
	if (longer)
		w->hi = s->pulse ? RAW_MAX : RAW_DURATION;
	return true;
}

/* Does r8 stay the whole sample in frame f's code (no slot takes a part of it)? */
static bool keeps_sample(const struct compiler *c, const struct frame *f,
			 const struct frame_labels *l)
{
	size_t i;

	for (i = 0; i < f->slot_count; i++) {
		const struct slot *s = &f->slots[i];

		if (l->run_of[i] >= 0) {
			if (!l->runs[l->run_of[i]].uniform)
				return false;
		} else if (s->kind == SLOT_DURATION) {
			if (!(i + 1 == f->slot_count && !s->pulse) &&
			    next_may_start(c, f, i, s->pulse))
				return false;
		} else if (s->kind != SLOT_EXTENT) {
			return false;
		}
	}
	return true;
}

/*
 * Frame f: dispatch on pos (a run's positions first, the most frequent), then its
 * slots. A frame at pos 0 whose first duration the sample cannot begin is left as it
 * is (nothing to reset); pos 0 or a failure from it starts afresh, with no retry.
 * r6 holds pos as dispatched, 0 once started afresh: the one retry is for r6 != 0.
 */
static int emit_frame(struct compiler *c, size_t index, unsigned int *word, int reported)
{
	const struct frame *f = &c->frames[index];
	struct frame_labels l = { .reported = reported, .index = index };
	struct window w;
	int16_t state = (int16_t)f->state;
	int start = new_label(c), tree = new_label(c);
	int unknown = new_label(c), await_label;
	size_t i, n = 0, longest, *positions = NULL;
	int *targets = NULL;
	bool *referred = NULL;
	int ret = -ENOMEM;

	/* an awaiting frame's extra position, after the last slot: the report waits there */
	l.slot = calloc(f->slot_count, sizeof(*l.slot));
	l.raw = calloc(f->slot_count + 1, sizeof(*l.raw));
	l.consumed = calloc(f->slot_count, sizeof(*l.consumed));
	l.run_of = calloc(f->slot_count, sizeof(*l.run_of));
	l.runs = calloc(f->slot_count / 2 + 1, sizeof(*l.runs));
	positions = calloc(f->slot_count + 1, sizeof(*positions));
	targets = calloc(f->slot_count + 1, sizeof(*targets));
	if (!l.slot || !l.raw || !l.consumed || !l.run_of || !l.runs || !positions || !targets)
		goto out;
	for (i = 0; i < f->slot_count; i++) {
		l.slot[i] = new_label(c);
		l.raw[i] = new_label(c);
		l.consumed[i] = new_label(c);
	}
	await_label = new_label(c);
	l.fail = new_label(c);
	l.reset = new_label(c);
	l.end = new_label(c);
	l.emit = new_label(c);
	ret = find_runs(c, f, &l, word);
	if (ret < 0)
		goto out;
	longest = l.run_count;
	for (i = 0; i < l.run_count; i++)
		if (longest == l.run_count ||
		    l.runs[i].end - l.runs[i].first > l.runs[longest].end - l.runs[longest].first)
			longest = i;

	l.keeps_sample = keeps_sample(c, f, &l);
	LDX64(c, BPF_REG_6, BPF_REG_7, state + STATE_POS);
	place(c, c->entries[index].head);
	for (i = 0; i < l.run_count; i++) {
		JUMP_IMM(c, BPF_JEQ, BPF_REG_6, (int32_t)(l.runs[i].first + 1),
			 l.raw[l.runs[i].first + 1]);
		if (l.runs[i].first || l.runs[i].end - l.runs[i].first > 2)
			JUMP_IMM(c, BPF_JEQ, BPF_REG_6, (int32_t)l.runs[i].again,
				 l.raw[l.runs[i].first]);
	}
	for (i = 1; i < f->slot_count; i++)
		if (l.run_of[i] < 0) {
			positions[n] = i;
			targets[n++] = l.raw[i];
		}
	if (f->await_end) {
		positions[n] = f->slot_count;
		targets[n++] = await_label;
	}
	JUMP_IMM(c, BPF_JNE, BPF_REG_6, 0, tree);
	place(c, c->entries[index].zero);
	if (start_window(c, f, &w)) {
		/* what the first slot takes, or begins with when the rest may go on */
		JUMP_IMM(c, BPF_JLT, BPF_REG_8, (int32_t)w.lo, l.end);
		if (w.hi < RAW_MAX)
			JUMP_IMM(c, BPF_JGT, BPF_REG_8, (int32_t)w.hi, l.end);
	}
	place(c, start);
	emit_start(c, f, &l);
	if (l.run_of[0] >= 0)
		GOTO(c, l.raw[0]);
	for (i = 0; i < f->slot_count; i++) {
		int k = l.run_of[i];

		/* past what a jump reaches, stop here rather than emit the rest for nothing */
		if (c->too_long) {
			ir_error_set(c->err, _("irp:%u: the decoder is too long (more than "
					       "%d instructions)"), c->emitting, INSNS_MAX);
			ret = -E2BIG;
			goto out;
		}
		if (k >= 0) {
			if (l.runs[k].first != i)
				continue;
			emit_run(c, f, &l.runs[k], &l);
			if ((size_t)k != longest)
				emit_run_first(c, f, &l.runs[k], &l);
			continue;
		}
		if (f->slots[i].kind == SLOT_DURATION || f->slots[i].kind == SLOT_EXTENT) {
			emit_raw_slot(c, f, i, &l);
			continue;
		}
		/* the general slots take the sample split */
		place(c, l.raw[i]);
		ALU64_REG(c, BPF_MOV, BPF_REG_9, BPF_REG_8);
		ALU64_IMM(c, BPF_RSH, BPF_REG_9, 24);
		ALU64_IMM(c, BPF_AND, BPF_REG_8, (int32_t)RAW_DURATION);
		emit_slot(c, f, i, &l);
	}
	if (f->await_end) {
		/* a space (a timeout: spaces do not follow spaces) ends the signal */
		int16_t await = (int16_t)(state + STATE_FIELD(f->field_count));

		place(c, await_label);
		JUMP_IMM(c, BPF_JGT, BPF_REG_8, (int32_t)RAW_DURATION, l.fail);
		LDX64(c, BPF_REG_2, BPF_REG_7, await);
		LDX64(c, BPF_REG_3, BPF_REG_7, await + 8);
		LDX64(c, BPF_REG_4, BPF_REG_7, await + 16);
		LDX64(c, BPF_REG_1, BPF_REG_10, STACK_CTX);
		insn(c, BPF_JMP | BPF_CALL, 0, 0, 0, BPF_FUNC_rc_keydown);
		GOTO(c, reported);
	}
	place(c, tree);
	if (n)
		dispatch(c, positions, targets, n, unknown);
	place(c, unknown);
	ALU64_IMM(c, BPF_MOV, BPF_REG_6, 0);
	GOTO(c, start);

	/* from the general slots to the others: the sample raw again */
	referred = referred_labels(c);
	if (!referred) {
		ret = -ENOMEM;
		goto out;
	}
	for (i = 0; i < f->slot_count; i++) {
		if (!referred[l.slot[i]] || (l.run_of[i] < 0 &&
						 f->slots[i].kind != SLOT_DURATION &&
						 f->slots[i].kind != SLOT_EXTENT))
			continue;
		place(c, l.slot[i]);
		ALU64_IMM(c, BPF_LSH, BPF_REG_9, 24);
		ALU64_REG(c, BPF_OR, BPF_REG_8, BPF_REG_9);
		GOTO(c, l.raw[i]);
	}
	/* slot i took the whole sample: the next one waits for the next sample */
	free(referred);
	referred = referred_labels(c);
	if (!referred) {
		ret = -ENOMEM;
		goto out;
	}
	for (i = 0; i < f->slot_count; i++) {
		if (!referred[l.consumed[i]])
			continue;
		place(c, l.consumed[i]);
		if (i + 1 == f->slot_count) {
			GOTO(c, l.emit);
			continue;
		}
		ST64(c, BPF_REG_7, state + STATE_POS, (int32_t)(i + 1));
		if (f->slots[i].kind == SLOT_EXTENT && c->has_clock) {
			LDX64(c, BPF_REG_2, BPF_REG_7, STATE_CLOCK);
			STX64(c, BPF_REG_7, BPF_REG_2, state + STATE_ORIGIN);
		}
		GOTO(c, l.end);
	}

	/* no match: once more from the start with the whole sample */
	place(c, l.fail);
	JUMP_IMM(c, BPF_JEQ, BPF_REG_6, 0, l.reset);
	ALU64_IMM(c, BPF_MOV, BPF_REG_6, 0);
	reload_sample(c);
	GOTO(c, start);

	if (c->context_in_r1 && !f->repeat) {
		struct frame_labels report = l;

		report.reset = new_label(c);
		ret = emit_report(c, f, &report);
		if (ret < 0)
			goto out;
		free(referred);
		referred = referred_labels(c);
		if (!referred) {
			ret = -ENOMEM;
			goto out;
		}
		/* a report that cannot fail: nothing to put back (no code the kernel cannot reach) */
		if (referred[report.reset]) {
			place(c, report.reset);
			ALU64_REG(c, BPF_MOV, BPF_REG_1, BPF_REG_6);
		}
	} else {
		ret = emit_report(c, f, &l);
		if (ret < 0)
			goto out;
	}
	place(c, l.reset);
	ST64(c, BPF_REG_7, state + STATE_POS, 0);
	/* the first halves of the longest run, the most frequent samples: on to the end */
	if (longest < l.run_count) {
		GOTO(c, l.end);
		emit_run_first(c, f, &l.runs[longest], &l);
	}
	place(c, l.end);
	ret = 0;
out:
	free(l.slot);
	free(l.raw);
	free(l.consumed);
	free(l.run_of);
	free(l.runs);
	free(positions);
	free(targets);
	free(referred);
	return ret;
}

/* Clears *none when frame f has a slot that is neither a duration, an extent nor in a run. */
static int general_slots(struct compiler *c, const struct frame *f, bool *none)
{
	struct frame_labels l = { 0 };
	unsigned int word = 0;
	size_t i;
	int ret = -ENOMEM;

	l.run_of = calloc(f->slot_count, sizeof(*l.run_of));
	l.runs = calloc(f->slot_count / 2 + 1, sizeof(*l.runs));
	if (!l.run_of || !l.runs)
		goto out;
	ret = find_runs(c, f, &l, &word);
	for (i = 0; ret == 0 && i < f->slot_count; i++)
		if (l.run_of[i] < 0 && f->slots[i].kind != SLOT_DURATION &&
		    f->slots[i].kind != SLOT_EXTENT)
			*none = false;
out:
	free(l.run_of);
	free(l.runs);
	return ret;
}

/*
 * The longest time a frame may take to its last slot, in µs, when every sample is as
 * long as its slot allows: under 2^24, the clock may add samples raw (their kind bits
 * fall off with the mask); else it adds durations.
 */
static double frame_span_us(const struct compiler *c, const struct frame *f)
{
	double span = 0;
	size_t i;
	unsigned int k;

	for (i = 0; i + 1 < f->slot_count; i++) {
		const struct slot *s = &f->slots[i];
		const struct bitspec_table *t = &c->tables[s->table];
		double longest = 0;

		switch (s->kind) {
		case SLOT_DURATION:
			longest = (double)window_of(c, s->us, false).hi;
			break;
		case SLOT_EXTENT:
			longest = s->us + tolerance(c, s->us) + 1;
			break;
		case SLOT_BIT_FIRST:
		case SLOT_BIT_SECOND:
			for (k = 0; k < t->count; k++) {
				unsigned int half = s->kind == SLOT_BIT_FIRST ? 0 : 1;
				double hi = (double)window_of(c, t->symbols[k].us[half], false).hi;

				if (hi > longest)
					longest = hi;
			}
			break;
		default:
			longest = RAW_DURATION;
			break;
		}
		span += longest;
	}
	return span;
}

static int emit_program(struct compiler *c, size_t *ret_state_size)
{
	int exit = new_label(c), sample = new_label(c), reported = new_label(c);
	int done = new_label(c);
	size_t state = STATE_FRAMES, i;
	unsigned int word;
	int ret = 0;

	c->done = done;
	c->raw_clock = true;
	for (i = 0; i < c->frame_count; i++) {
		const struct frame *f = &c->frames[i];
		size_t k;

		c->frames[i].state = (unsigned int)state;
		/* an awaiting frame keeps its report's protocol, scancode and toggle */
		state += (size_t)STATE_FIELD(f->field_count + 3 * f->await_end);
		for (k = 0; k < f->slot_count; k++)
			if (f->slots[k].kind == SLOT_EXTENT)
				c->has_clock = true;
		if (frame_span_us(c, f) >= RAW_DURATION)
			c->raw_clock = false;
		if (f->stateful_table != NO_PARENT)
			state += 8;
	}
	c->carry = (unsigned int)state;
	if (c->carried)
		state += (size_t)CARRY_PARAM(c->protocol->parameter_count);
	c->reported_flag = (unsigned int)state;
	if (c->context)
		state += 8;
	word = (unsigned int)state;
	/* the runs' words are the frames' fields again, the bits in another place */
	if (state - STATE_FRAMES > 4096)
		return unsupported(c, c->protocol->stream->column, _("frames of too many bitfields"));
	for (i = 0, c->context_in_r1 = true; i < c->frame_count && ret == 0; i++) {
		ret = general_slots(c, &c->frames[i], &c->context_in_r1);
		/* the carry, the flag and an awaiting frame read the context from the stack */
		if (c->frames[i].await_end || c->carried || c->context)
			c->context_in_r1 = false;
	}
	if (ret < 0)
		return ret;
	/* r7 = the state element, r8 = the sample, raw */
	if (!c->context_in_r1)
		STX64(c, BPF_REG_10, BPF_REG_1, STACK_CTX);
	insn(c, BPF_LD | BPF_DW | BPF_IMM, BPF_REG_7, BPF_PSEUDO_MAP_IDX_VALUE, 0, 0);
	insn(c, 0, 0, 0, 0, 0);
	insn(c, BPF_LDX | BPF_W | BPF_MEM, BPF_REG_8, BPF_REG_1, 0, 0);
	JUMP_IMM(c, BPF_JLE, BPF_REG_8, (int32_t)RAW_MAX, sample);
	/* frequency reports and overflows are not durations; a timeout is the longest space */
	ALU64_REG(c, BPF_MOV, BPF_REG_2, BPF_REG_8);
	ALU64_IMM(c, BPF_RSH, BPF_REG_2, 24);
	JUMP_IMM(c, BPF_JNE, BPF_REG_2, KIND_TIMEOUT, exit);
	ALU64_IMM(c, BPF_MOV, BPF_REG_8, (int32_t)RAW_DURATION);
	place(c, sample);
	if (c->has_clock) {
		LDX64(c, BPF_REG_2, BPF_REG_7, STATE_CLOCK);
		if (c->raw_clock) {
			ALU64_REG(c, BPF_ADD, BPF_REG_2, BPF_REG_8);
		} else {
			ALU64_REG(c, BPF_MOV, BPF_REG_3, BPF_REG_8);
			ALU64_IMM(c, BPF_AND, BPF_REG_3, (int32_t)RAW_DURATION);
			ALU64_REG(c, BPF_ADD, BPF_REG_2, BPF_REG_3);
		}
		STX64(c, BPF_REG_7, BPF_REG_2, STATE_CLOCK);
	}
	for (i = 0; i < c->frame_count; i++) {
		struct frame_entry *e = &c->entries[i];
		struct window w;

		e->head = new_label(c);
		e->zero = new_label(c);
		e->checked = start_window(c, &c->frames[i], &w);
		e->start_lo = w.lo;
		e->start_hi = w.hi;
	}
	for (i = 0; i < c->frame_count; i++) {
		size_t before = c->insn_count, k;
		bool changed = false;

		ret = emit_frame(c, i, &word, reported);
		if (ret < 0)
			return ret;
		/* a frame that changed r8 leaves the next one the whole sample again */
		for (k = before; k < c->insn_count; k++) {
			const struct bpf_insn *x = &c->insns[k];

			/* sub, and, or; a move or a load sets the whole sample again */
			if (x->dst_reg == BPF_REG_8 && BPF_CLASS(x->code) == BPF_ALU64 &&
			    BPF_OP(x->code) != BPF_MOV)
				changed = true;
		}
		if (changed && i + 1 < c->frame_count)
			reload_sample(c);
	}
	*ret_state_size = word;
	place(c, done);
	if (c->carried || c->context) {
		/* a timeout ends the signal: its parts and reports are not the next one's */
		LDX64(c, BPF_REG_1, BPF_REG_10, STACK_CTX);
		insn(c, BPF_LDX | BPF_W | BPF_MEM, BPF_REG_1, BPF_REG_1, 0, 0);
		ALU64_IMM(c, BPF_RSH, BPF_REG_1, 24);
		JUMP_IMM(c, BPF_JNE, BPF_REG_1, KIND_TIMEOUT, exit);
		if (c->carried)
			ST64(c, BPF_REG_7, (int16_t)(c->carry + CARRY_HAS), 0);
		if (c->context)
			ST64(c, BPF_REG_7, (int16_t)c->reported_flag, 0);
	}
	place(c, exit);
	ALU64_IMM(c, BPF_MOV, BPF_REG_0, 0);
	insn(c, BPF_JMP | BPF_EXIT, 0, 0, 0, 0);
	/*
	 * One report per sample, the first frame's: a frame that is a part of another
	 * (JVC's repeat body, the message without its header) must not report that one
	 * again when it ends on the same sample; and what a frame took is not the
	 * start of another.
	 */
	place(c, reported);
	for (i = 0; i < c->frame_count; i++)
		ST64(c, BPF_REG_7, (int16_t)(c->frames[i].state + STATE_POS), 0);
	if (c->context)
		ST64(c, BPF_REG_7, (int16_t)c->reported_flag, 1);
	if (c->carried || c->context) {
		GOTO(c, done);
	} else {
		ALU64_IMM(c, BPF_MOV, BPF_REG_0, 0);
		insn(c, BPF_JMP | BPF_EXIT, 0, 0, 0, 0);
	}
	return resolve(c);
}

/*
 * Whatever a phase returned (ret), once the budget is spent the protocol is refused for
 * that: an evaluation past it fails, and may have looked like a value that is not
 * constant.
 */
static int check_budget(struct compiler *c, int ret)
{
	if (ret == -ENOMEM || (!c->over_budget && irp_env_steps_left(c->env) != 0))
		return ret;
	if (!c->over_budget)
		c->over_budget = c->emitting;
	return over_budget(c);
}

void irp_compile_options_init(struct irp_compile_options *options, const char *parameters)
{
	const char *p;

	memset(options, 0, sizeof(*options));
	options->absolute_tolerance = IRP_DEFAULT_ABSOLUTE_TOLERANCE;
	options->relative_tolerance = IRP_DEFAULT_RELATIVE_TOLERANCE;
	for (p = parameters; p && *p; p = strchr(p, ';') ? strchr(p, ';') + 1 : NULL) {
		if (strncmp(p, "absolute-tolerance=", 19) == 0)
			options->absolute_tolerance = strtod(p + 19, NULL);
		else if (strncmp(p, "relative-tolerance=", 19) == 0)
			options->relative_tolerance = strtod(p + 19, NULL);
	}
}

int irp_compile(const struct irp_protocol *protocol, const struct irp_compile_options *options,
		struct bpf_image **ret_image, struct ir_error *err)
{
	const struct irp_general *g = &protocol->general;
	struct irp_compile_options defaults;
	struct compiler c = { 0 };
	struct bpf_image *image = NULL;
	double frequency;
	struct irp_protocol *layout_holders[3] = { NULL, NULL, NULL };
	size_t state_size = 0, i;
	unsigned int top_table;
	int ret;

	if (!options) {
		irp_compile_options_init(&defaults, NULL);
		options = &defaults;
	}
	c.protocol = protocol;
	c.options = options;
	c.err = err;
	frequency = g->has_frequency ? irp_decimal_value(g->frequency) * 1000 : 38000;
	c.period_us = frequency > 0 ? 1e6 / frequency : 0;
	c.unit_us = g->has_unit ? irp_decimal_value(g->unit) : 1;
	if (g->has_unit && g->unit_in_periods)
		c.unit_us *= c.period_us;
	if (c.unit_us <= 0) {
		if (g->unit_in_periods && c.period_us <= 0)
			ir_error_set(err, _("irp:%u: a unit in periods with no carrier"),
				     g->unit_column);
		else
			ir_error_set(err, _("irp:%u: a unit of 0"), g->unit_column);
		return -EINVAL;
	}
	if (protocol->parameter_count > PARAMS_MAX) {
		ir_error_set(err, _("irp:%u: not supported by the IRP compiler yet: more than "
				    "%d parameters"), protocol->parameters[PARAMS_MAX].column,
			     PARAMS_MAX);
		return -EOPNOTSUPP;
	}
	if (protocol->definition_count > DEFINITIONS_MAX) {
		ir_error_set(err, _("irp:%u: not supported by the IRP compiler yet: more than "
				    "%d definitions"),
			     protocol->definitions[DEFINITIONS_MAX].column, DEFINITIONS_MAX);
		return -EOPNOTSUPP;
	}
	if (!protocol->has_parameter_specs)
		return unsupported(&c, protocol->stream->column, _("a protocol without parameter specs"));
	c.emitting = protocol->stream->column;
	c.definition_sizes = calloc(protocol->definition_count + 1, sizeof(*c.definition_sizes));
	ret = c.definition_sizes ? irp_env_new(&c.env) : -ENOMEM;
	if (ret < 0)
		goto out;
	for (i = 0; i < protocol->definition_count && ret == 0; i++)
		ret = irp_env_define(c.env, protocol->definitions[i].name,
				     protocol->definitions[i].value);
	if (ret < 0)
		goto out;
	irp_env_limit(c.env, WORK_MAX);
	for (i = 0; i < sizeof(kernel_layouts) / sizeof(kernel_layouts[0]); i++) {
		const struct kernel_layout *k = &kernel_layouts[i];

		if (!options->name || strcmp(k->name, options->name) != 0)
			continue;
		ret = irp_parse_expression(k->protocol, strlen(k->protocol), &layout_holders[0],
					   &c.layout_protocol, err);
		if (ret == 0)
			ret = irp_parse_expression(k->scancode, strlen(k->scancode),
						   &layout_holders[1], &c.layout_scancode, err);
		if (ret == 0 && k->toggle)
			ret = irp_parse_expression(k->toggle, strlen(k->toggle),
						   &layout_holders[2], &c.layout_toggle, err);
		if (ret < 0)
			goto out;
	}
	ret = read_symbols(&c, protocol->stream->bitspec, NO_PARENT, &top_table);
	if (ret == 0)
		ret = build_frames(&c);
	if (ret == 0)
		ret = duration_caps_make(&c);
	ret = check_budget(&c, ret);
	/* the frames' fields keep what they need of the assignments */
	for (i = 0; i < c.assigned_count; i++)
		irp_env_unset(c.env, c.assigned[i].name);
	if (ret == 0)
		ret = classify_frames(&c);
	ret = check_budget(&c, ret);
	if (ret == 0 && c.frame_count == 0)
		ret = unsupported(&c, protocol->stream->column, _("a signal with no bitfield"));
	/* a message first: a repeat tried before it (order_frames()) does not count */
	for (i = 0; ret == 0 && i < c.frame_count && c.frames[i].after_report; i++)
		;
	if (ret == 0 && i < c.frame_count && c.frames[i].repeat)
		ret = unsupported(&c, protocol->stream->column, _("a signal with no bitfield"));
	if (ret == 0)
		ret = emit_program(&c, &state_size);
	ret = check_budget(&c, ret);
	if (ret < 0)
		goto out;
	image = calloc(1, sizeof(*image));
	if (!image || !(image->maps = calloc(1, sizeof(*image->maps)))) {
		ret = -ENOMEM;
		goto out;
	}
	snprintf(image->name, sizeof(image->name), "%s", options->name ? options->name : "irp");
	/* the kernel takes letters, digits, '_' and '.' in a program's name */
	for (i = 0; image->name[i]; i++)
		if (!isalnum((unsigned char)image->name[i]) && image->name[i] != '.')
			image->name[i] = '_';
	snprintf(image->license, sizeof(image->license), "GPL");
	image->map_count = 1;
	snprintf(image->maps[0].name, sizeof(image->maps[0].name), IRP_COMPILE_STATE_MAP);
	image->maps[0].type = BPF_MAP_TYPE_ARRAY;
	image->maps[0].key_size = 4;
	image->maps[0].value_size = (uint32_t)state_size;
	image->maps[0].max_entries = 1;
	image->insns = c.insns;
	image->insn_count = c.insn_count;
	c.insns = NULL;
	*ret_image = image;
	image = NULL;
	ret = 0;
out:
	if (ret == -ENOMEM)
		ir_error_set(err, _("irp: out of memory"));
	bpf_image_free(image);
	free(c.caps.us);
	free(c.caps.cap_from);
	for (i = 0; i < FRAMES_MAX; i++)
		frame_free(&c.frames[i]);
	for (i = 0; i < c.table_count; i++)
		free(c.tables[i].general);
	irp_protocol_free(layout_holders[0]);
	irp_protocol_free(layout_holders[1]);
	irp_protocol_free(layout_holders[2]);
	irp_env_free(c.env);
	free(c.definition_sizes);
	free(c.insns);
	free(c.labels);
	free(c.fixups);
	return ret;
}
