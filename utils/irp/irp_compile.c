// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * IRP compiler: protocol tree -> frames of slots -> BPF instructions. See irp_compile.h
 * for what the program does, irp_compile_internal.h for how the parts share the work.
 * This file drives them: the budget of steps and the kernel's scancode layouts, then
 * irp_compile() builds the frames (irp_compile_frames.c), classifies them
 * (irp_compile_report.c) and emits the program (emit_program(): each frame's automaton
 * from irp_compile_match.c, whose instructions irp_compile_emit.c lays out).
 */
#include "config.h"

#include <ctype.h>
#include <errno.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "irp_compile.h"
#include "irp_compile_internal.h"
#include "../bpf_protocols/pointer_table.h"
#include "nls.h"

int irpc_unsupported(struct compiler *c, unsigned int column, const char *what)
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
bool irpc_spend(struct compiler *c, unsigned long steps, unsigned int column)
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
bool irpc_spent(struct compiler *c, unsigned int column)
{
	if (irp_env_steps_left(c->env) != 0)
		return false;
	return !irpc_spend(c, 1, column);
}

int irpc_over_budget(struct compiler *c)
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
int irpc_fold(struct compiler *c, const struct irp_expr *e, int64_t *ret_value)
{
	if (!irpc_spend(c, FOLD_STEPS, e->column))
		return -E2BIG;
	return irp_eval(e, c->env, ret_value, NULL);
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
	ret = irpc_find_runs(c, f, &l, &word);
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
			longest = (double)irpc_window_of(c, s->us, false).hi;
			break;
		case SLOT_EXTENT:
			longest = s->us + irpc_tolerance(c, s->us) + 1;
			break;
		case SLOT_BIT_FIRST:
		case SLOT_BIT_SECOND:
			for (k = 0; k < t->count; k++) {
				unsigned int half = s->kind == SLOT_BIT_FIRST ? 0 : 1;
				double hi = (double)irpc_window_of(c, t->symbols[k].us[half],
								   false).hi;

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

/* The report subprogram's maps (irp_compile_pointer.c), laid out as pointer_table.h says. */
static void add_pointer_maps(struct bpf_image *image)
{
	static const struct bpf_map_layout layouts[] = {
		[IRP_COMPILE_POINTER_KEYS_MAP_INDEX] = POINTER_KEYS_MAP_LAYOUT,
		[IRP_COMPILE_POINTER_STATE_MAP_INDEX] = POINTER_STATE_MAP_LAYOUT,
	};
	size_t i;

	for (i = IRP_COMPILE_POINTER_KEYS_MAP_INDEX; i < 3; i++) {
		struct bpf_map_spec *m = &image->maps[i];

		snprintf(m->name, sizeof(m->name), "%s", layouts[i].name);
		m->type = layouts[i].type;
		m->key_size = layouts[i].key_size;
		m->value_size = layouts[i].value_size;
		m->max_entries = layouts[i].max_entries;
	}
	image->map_count = 3;
}

/* Map 3 of a wide protocol's image: the queue of its messages. */
static void add_messages_map(struct bpf_image *image)
{
	struct bpf_map_spec *m = &image->maps[IRP_COMPILE_MESSAGES_MAP_INDEX];

	snprintf(m->name, sizeof(m->name), "%s", IRP_COMPILE_MESSAGES_MAP);
	m->type = BPF_MAP_TYPE_QUEUE;
	m->key_size = 0;
	m->value_size = sizeof(struct irp_compile_message);
	m->max_entries = IRP_COMPILE_MESSAGES_MAX;
	image->map_count = IRP_COMPILE_MESSAGES_MAP_INDEX + 1;
}

bool irp_compile_is_wide(const struct irp_protocol *protocol)
{
	unsigned int bits = 0;
	size_t i;

	for (i = 0; i < protocol->parameter_count; i++)
		if (!protocol->parameters[i].persistent)
			bits += irpc_parameter_bits(&protocol->parameters[i]);
	return bits > 64;
}

static int emit_program(struct compiler *c, size_t *ret_state_size)
{
	int exit = irpc_new_label(c), sample = irpc_new_label(c), reported = irpc_new_label(c);
	int done = irpc_new_label(c);
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
	/* the message of the wide path, written at each report and pushed from there */
	c->message = (unsigned int)state;
	if (c->wide)
		state += sizeof(struct irp_compile_message);
	word = (unsigned int)state;
	/* the runs' words are the frames' fields again, the bits in another place */
	if (state - STATE_FRAMES > 4096)
		return irpc_unsupported(c, c->protocol->stream->column,
					_("frames of too many bitfields"));
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
	irpc_insn(c, BPF_LD | BPF_DW | BPF_IMM, BPF_REG_7, BPF_PSEUDO_MAP_IDX_VALUE, 0, 0);
	irpc_insn(c, 0, 0, 0, 0, 0);
	irpc_insn(c, BPF_LDX | BPF_W | BPF_MEM, BPF_REG_8, BPF_REG_1, 0, 0);
	JUMP_IMM(c, BPF_JLE, BPF_REG_8, (int32_t)RAW_MAX, sample);
	/* frequency reports and overflows are not durations; a timeout is the longest space */
	ALU64_REG(c, BPF_MOV, BPF_REG_2, BPF_REG_8);
	ALU64_IMM(c, BPF_RSH, BPF_REG_2, 24);
	JUMP_IMM(c, BPF_JNE, BPF_REG_2, KIND_TIMEOUT, exit);
	ALU64_IMM(c, BPF_MOV, BPF_REG_8, (int32_t)RAW_DURATION);
	irpc_place(c, sample);
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

		e->head = irpc_new_label(c);
		e->zero = irpc_new_label(c);
		e->checked = irpc_start_window(c, &c->frames[i], &w);
		e->start_lo = w.lo;
		e->start_hi = w.hi;
	}
	for (i = 0; i < c->frame_count; i++) {
		size_t before = c->insn_count, k;
		bool changed = false;

		ret = irpc_emit_frame(c, i, &word, reported);
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
			irpc_reload_sample(c);
	}
	*ret_state_size = word;
	irpc_place(c, done);
	if (c->carried || c->context) {
		/* a timeout ends the signal: its parts and reports are not the next one's */
		LDX64(c, BPF_REG_1, BPF_REG_10, STACK_CTX);
		irpc_insn(c, BPF_LDX | BPF_W | BPF_MEM, BPF_REG_1, BPF_REG_1, 0, 0);
		ALU64_IMM(c, BPF_RSH, BPF_REG_1, 24);
		JUMP_IMM(c, BPF_JNE, BPF_REG_1, KIND_TIMEOUT, exit);
		if (c->carried)
			ST64(c, BPF_REG_7, (int16_t)(c->carry + CARRY_HAS), 0);
		if (c->context)
			ST64(c, BPF_REG_7, (int16_t)c->reported_flag, 0);
	}
	irpc_place(c, exit);
	ALU64_IMM(c, BPF_MOV, BPF_REG_0, 0);
	irpc_insn(c, BPF_JMP | BPF_EXIT, 0, 0, 0, 0);
	/*
	 * One report per sample, the first frame's: a frame that is a part of another
	 * (JVC's repeat body, the message without its header) must not report that one
	 * again when it ends on the same sample; and what a frame took is not the
	 * start of another.
	 */
	irpc_place(c, reported);
	for (i = 0; i < c->frame_count; i++)
		ST64(c, BPF_REG_7, (int16_t)(c->frames[i].state + STATE_POS), 0);
	if (c->context)
		ST64(c, BPF_REG_7, (int16_t)c->reported_flag, 1);
	if (c->carried || c->context) {
		GOTO(c, done);
	} else {
		ALU64_IMM(c, BPF_MOV, BPF_REG_0, 0);
		irpc_insn(c, BPF_JMP | BPF_EXIT, 0, 0, 0, 0);
	}
	irpc_emit_pointer_subprogram(c);
	return irpc_resolve(c);
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
	return irpc_over_budget(c);
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
	c.pointer_sub = -1;
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
		return irpc_unsupported(&c, protocol->stream->column,
					_("a protocol without parameter specs"));
	c.emitting = protocol->stream->column;
	c.wide = irp_compile_is_wide(protocol);
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
	ret = irpc_read_symbols(&c, protocol->stream->bitspec, NO_PARENT, &top_table);
	if (ret == 0)
		ret = irpc_build_frames(&c);
	if (ret == 0)
		ret = irpc_duration_caps_make(&c);
	ret = check_budget(&c, ret);
	/* the frames' fields keep what they need of the assignments */
	for (i = 0; i < c.assigned_count; i++)
		irp_env_unset(c.env, c.assigned[i].name);
	if (ret == 0)
		ret = irpc_classify_frames(&c);
	ret = check_budget(&c, ret);
	if (ret == 0 && c.frame_count == 0)
		ret = irpc_unsupported(&c, protocol->stream->column,
				       _("a signal with no bitfield"));
	/* a message first: a repeat tried before it (order_frames()) does not count */
	for (i = 0; ret == 0 && i < c.frame_count && c.frames[i].after_report; i++)
		;
	if (ret == 0 && i < c.frame_count && c.frames[i].repeat)
		ret = irpc_unsupported(&c, protocol->stream->column,
				       _("a signal with no bitfield"));
	if (ret == 0)
		ret = emit_program(&c, &state_size);
	ret = check_budget(&c, ret);
	if (ret < 0)
		goto out;
	image = calloc(1, sizeof(*image));
	if (!image || !(image->maps = calloc(IRP_COMPILE_MESSAGES_MAP_INDEX + 1,
					      sizeof(*image->maps)))) {
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
	add_pointer_maps(image);
	if (c.wide)
		add_messages_map(image);
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
		irpc_frame_free(&c.frames[i]);
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
