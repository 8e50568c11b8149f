/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * What the parts of the IRP compiler share, and nothing else includes.
 *
 * irp_compile.c         the budget of steps, the kernel's scancode layouts,
 *                       emit_program() and irp_compile(): the stages below in order
 * irp_compile_frames.c  the protocol tree into frames of slots, the bitspecs' tables
 * irp_compile_emit.c    instructions, labels, jumps and their resolution; expressions
 *                       into code
 * irp_compile_match.c   the matching automaton: each frame's slots as code, sample by
 *                       sample, and the dispatch on a frame's pos
 * irp_compile_report.c  the parameters each frame sends or gives back by computed
 *                       bitfields, the frames' classes, the carry and the report
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
#ifndef IRKIT_IRP_COMPILE_INTERNAL_H
#define IRKIT_IRP_COMPILE_INTERNAL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "bpf_image.h"
#include "irp.h"
#include "irp_compile.h"

#define PARAMS_MAX IRP_COMPILE_PARAMETERS_MAX
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
	 * A message in parts (irpc_classify_frames()): a part keeps the parameters it
	 * gives in the carry, a completing frame takes from there what it does not give
	 * itself.
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
	/* more than 64 bits of parameters: each report pushes a message (irp_compile.h) */
	bool wide;
	unsigned int message;		/* its byte offset in the map element */
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
	/* the report subprogram (irp_compile_pointer.c): its label, -1 until a report */
	int pointer_sub;
	/*
	 * What widest_above() needs of the durations, made once irpc_build_frames() is
	 * done (nothing changes the tables or the frames after it): without it every
	 * window walked every slot of every frame, quadratic in the slots (a 300-byte IRP
	 * took 1.4 s of CPU under the fuzzer).
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

#define ALU64_IMM(c, op, d, i)	irpc_insn(c, BPF_ALU64 | (op) | BPF_K, d, 0, 0, i)
#define ALU64_REG(c, op, d, s)	irpc_insn(c, BPF_ALU64 | (op) | BPF_X, d, s, 0, 0)
#define LDX64(c, d, s, o)	irpc_insn(c, BPF_LDX | BPF_DW | BPF_MEM, d, s, o, 0)
#define STX64(c, d, s, o)	irpc_insn(c, BPF_STX | BPF_DW | BPF_MEM, d, s, o, 0)
#define ST64(c, d, o, i)	irpc_insn(c, BPF_ST | BPF_DW | BPF_MEM, d, 0, o, i)
#define JUMP_IMM(c, op, d, i, l) irpc_jump(c, BPF_JMP | (op) | BPF_K, d, 0, i, l)
#define JUMP_REG(c, op, d, s, l) irpc_jump(c, BPF_JMP | (op) | BPF_X, d, s, 0, l)
#define GOTO(c, l)		irpc_jump(c, BPF_JMP | BPF_JA, 0, 0, 0, l)

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
 * The carry (irpc_classify_frames()): a u64 of the parameters it has (bit i for parameter
 * i), then one u64 per parameter. A part puts there the parameters it has whole.
 */
#define CARRY_HAS 0
#define CARRY_PARAM(i) (8 + 8 * (int)(i))

/* irp_compile.c: the budget of steps */
int irpc_unsupported(struct compiler *c, unsigned int column, const char *what);
bool irpc_spend(struct compiler *c, unsigned long steps, unsigned int column);
bool irpc_spent(struct compiler *c, unsigned int column);
int irpc_over_budget(struct compiler *c);
int irpc_fold(struct compiler *c, const struct irp_expr *e, int64_t *ret_value);

/* irp_compile_frames.c: the frames from the tree */
double irpc_tolerance(const struct compiler *c, double us);
int irpc_parameter_index(const struct irp_protocol *p, const char *name);
uint64_t irpc_low_mask(unsigned int width);
void irpc_frame_free(struct frame *f);
unsigned int irpc_parameter_bits(const struct irp_parameter *p);
int irpc_read_symbols(struct compiler *c, const struct irp_bitspec *b, unsigned int parent,
		      unsigned int *ret_index);
int irpc_build_frames(struct compiler *c);

/* irp_compile_emit.c: the emitter, and expressions into code */
void irpc_insn(struct compiler *c, uint8_t code, uint8_t dst, uint8_t src, int16_t off,
	       int32_t imm);
int irpc_new_label(struct compiler *c);
void irpc_place(struct compiler *c, int label);
void irpc_jump(struct compiler *c, uint8_t code, uint8_t dst, uint8_t src, int32_t imm,
	       int label);
void irpc_load_imm64(struct compiler *c, uint8_t dst, uint64_t value);
void irpc_mov_imm(struct compiler *c, uint8_t dst, uint64_t value);
void irpc_jump_if(struct compiler *c, uint8_t op, uint8_t reg, uint64_t value, int label);
int irpc_resolve(struct compiler *c);

/*
 * irp_compile_pointer.c: a report (r1 the context; r2 to r4 a keydown's protocol,
 * scancode and toggle) as a call of the report subprogram, which reports and moves the
 * pointer for a keymap's pointer buttons; the subprogram itself, after the program's
 * last instruction, when some report calls it.
 */
void irpc_emit_report_call(struct compiler *c, bool repeat);
void irpc_emit_pointer_subprogram(struct compiler *c);
bool irpc_is_parameter_name(const struct compiler *c, const char *name);
const struct irp_expr *irpc_definition_of(const struct compiler *c, const char *name);
bool irpc_affordable(struct compiler *c, const struct irp_expr *e, unsigned int column);
void irpc_emit_reverse_r0(struct compiler *c, int64_t width);
int irpc_emit_expr(struct compiler *c, const struct irp_expr *e, unsigned int temp,
		   unsigned int inlined, int fail);

/* irp_compile_match.c: the matching automaton */
int irpc_duration_caps_make(struct compiler *c);
struct window irpc_window_of(const struct compiler *c, double us, bool open);
void irpc_reload_sample(struct compiler *c);
int irpc_find_runs(struct compiler *c, const struct frame *f, struct frame_labels *l,
		   unsigned int *word);
bool irpc_start_window(const struct compiler *c, const struct frame *f, struct window *w);
int irpc_emit_frame(struct compiler *c, size_t index, unsigned int *word, int reported);

/* irp_compile_report.c: the frames' classes and the report */
int irpc_classify_frames(struct compiler *c);
int irpc_emit_report(struct compiler *c, const struct frame *f, const struct frame_labels *l);

#endif
