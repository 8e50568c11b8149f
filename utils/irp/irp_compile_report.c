// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * IRP compiler, the parameter layout and the report: which bits of each parameter the
 * frames send, the parameters given back by undoing computed bitfields, which frames
 * give a message or need their context (irpc_classify_frames()), the carry of a
 * message in parts, and the report itself: constants and computed fields checked, the
 * parameters packed into the scancode in the generic or the kernel's layout,
 * bpf_rc_keydown().
 */
#include "config.h"

#include <errno.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "irp_compile.h"
#include "irp_compile_internal.h"
#include "nls.h"

/* Does expression e use name, itself or through definitions? */
static bool mentions(struct compiler *c, const struct irp_expr *e, const char *name,
		     unsigned int inlined)
{
	const struct irp_expr *definition;

	if (!e)
		return false;
	/* past the budget, it may: the compilation is refused anyway */
	if (inlined > INLINE_MAX || !irpc_spend(c, 1, e->column))
		return true;
	if (e->kind == IRP_EXPR_NAME) {
		if (strcmp(e->name, name) == 0)
			return true;
		definition = irpc_definition_of(c, e->name);
		if (definition && !irpc_affordable(c, definition, e->column))
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
				sent |= fd->offset ? UINT64_MAX :
					irpc_low_mask(fd->width) << fd->chop;
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
	     !irpc_is_parameter_name(c, e->name) && !irp_env_has_value(c->env, e->name); depth++) {
		const struct irp_expr *definition = irpc_definition_of(c, e->name);

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
	return e->kind == IRP_EXPR_NAME && irpc_is_parameter_name(c, e->name) &&
	       irpc_parameter_index(c->protocol, e->name) == (int)p;
}

/* A bitfield's constant width and chop; false when they are not constants. */
static bool constant_shape(struct compiler *c, const struct irp_expr *e, int64_t *width,
			   int64_t *chop)
{
	*chop = 0;
	if (e->infinite || irpc_fold(c, e->b, width) < 0 ||
	    (e->c && irpc_fold(c, e->c, chop) < 0))
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
	if (depth > INLINE_MAX || ++c->solve_steps > SOLVE_STEPS_MAX ||
	    !irpc_spend(c, 1, e->column))
		return UINT64_MAX;
	if (irpc_fold(c, e, &value) == 0)
		return 0;
	e = through_definitions(c, e);
	switch (e->kind) {
	case IRP_EXPR_NAME:
		if (irpc_is_parameter_name(c, e->name))
			return irpc_parameter_index(c->protocol, e->name) == (int)p ?
			       UINT64_MAX : 0;
		return UINT64_MAX;	/* a name the evaluation does not know: unsure */
	case IRP_EXPR_BITFIELD:
		if (is_parameter(c, e->a, p) && constant_shape(c, e, &width, &chop))
			return irpc_low_mask((unsigned int)width) << chop;
		break;
	case IRP_EXPR_BINARY:
		/* P & K: the bits of K */
		if (e->op == IRP_OP_AND && is_parameter(c, e->a, p) &&
		    irpc_fold(c, e->b, &value) == 0)
			return (uint64_t)value;
		if (e->op == IRP_OP_AND && is_parameter(c, e->b, p) &&
		    irpc_fold(c, e->a, &value) == 0)
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

	if (irpc_fold(c, e, &value) < 0 || value <= 0)
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
	    !irpc_spend(c, 1, e->column))
		return 0;
	e = through_definitions(c, e);
	if (is_parameter(c, e, p)) {
		s->whole = true;
		s->modulus = modulus;
		s->bits = irpc_low_mask(modulus);
		if (emit && modulus < 64) {
			irpc_mov_imm(c, BPF_REG_1, irpc_low_mask(modulus));
			ALU64_REG(c, BPF_AND, BPF_REG_0, BPF_REG_1);
		}
		return 1;
	}
	switch (e->kind) {
	case IRP_EXPR_BITFIELD:
		if (!constant_shape(c, e, &width, &chop) || (e->reverse && modulus < width))
			return 0;
		if (emit && e->reverse)
			irpc_emit_reverse_r0(c, width);
		if (emit && e->complement)
			ALU64_IMM(c, BPF_XOR, BPF_REG_0, -1);
		if (width < modulus)
			modulus = (unsigned int)width;
		if (is_parameter(c, e->a, p)) {
			/* a bitfield of the parameter: its bits chop.. */
			s->whole = false;
			s->bits = irpc_low_mask(modulus) << chop;
			if (emit) {
				irpc_mov_imm(c, BPF_REG_1, irpc_low_mask(modulus));
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

			if (irpc_fold(c, e->b, &shift) == 0 && shift >= 0 &&
			    shift < 64)
				k = (int)shift;
		}
		if (k < 0 || (unsigned int)k >= modulus)
			return 0;
		if (emit) {
			if (modulus < 64) {
				irpc_mov_imm(c, BPF_REG_1, irpc_low_mask(modulus));
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
		return irpc_unsupported(c, e->column, _("an expression too deep to compile"));
	/* r1 = the target, r0 = the other side */
	STX64(c, BPF_REG_10, BPF_REG_0, (int16_t)STACK_TEMP(temp));
	ret = irpc_emit_expr(c, other, temp + 1, 0, fail);
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
	return irpc_low_mask(irpc_parameter_bits(&c->protocol->parameters[p])) & c->sent[p];
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
					irpc_mov_imm(c, BPF_REG_1, pa->min);
					ALU64_REG(c, BPF_SUB, BPF_REG_0, BPF_REG_1);
					irpc_mov_imm(c, BPF_REG_2, irpc_low_mask(s.modulus));
					ALU64_REG(c, BPF_AND, BPF_REG_0, BPF_REG_2);
					ALU64_REG(c, BPF_ADD, BPF_REG_0, BPF_REG_1);
					STX64(c, BPF_REG_10, BPF_REG_0, param);
				} else if (emit) {
					irpc_mov_imm(c, BPF_REG_1, fresh);
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
				irpc_low_mask(f->fields[k].width) << f->fields[k].chop;
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
	irpc_frame_free(&c->frames[k]);
	memmove(&c->frames[k], &c->frames[k + 1],
		(c->frame_count - k - 1) * sizeof(c->frames[0]));
	c->frame_count--;
	memset(&c->frames[c->frame_count], 0, sizeof(c->frames[0]));
}

/* Whether two windows of durations (the last slot's space open above) meet. */
static bool windows_meet(const struct compiler *c, double a, bool a_open, double b, bool b_open)
{
	struct window x = irpc_window_of(c, a, a_open), y = irpc_window_of(c, b, b_open);

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
int irpc_classify_frames(struct compiler *c)
{
	const struct irp_protocol *pr = c->protocol;
	uint32_t all = (uint32_t)irpc_low_mask((unsigned int)pr->parameter_count);
	uint32_t parts = 0, first = 0;
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
		int skip = irpc_new_label(c);

		if (!(c->carried >> p & 1))
			continue;
		LDX64(c, BPF_REG_1, BPF_REG_7, (int16_t)(c->carry + CARRY_HAS));
		ALU64_IMM(c, BPF_AND, BPF_REG_1, (int32_t)(1u << p));
		JUMP_IMM(c, BPF_JEQ, BPF_REG_1, 0, whole >> p & 1 ? skip : reset);
		LDX64(c, BPF_REG_1, BPF_REG_7, (int16_t)(c->carry + CARRY_PARAM(p)));
		if (known[p]) {
			LDX64(c, BPF_REG_2, BPF_REG_10, param);
			ALU64_REG(c, BPF_XOR, BPF_REG_2, BPF_REG_1);
			irpc_mov_imm(c, BPF_REG_3, known[p]);
			ALU64_REG(c, BPF_AND, BPF_REG_2, BPF_REG_3);
			JUMP_IMM(c, BPF_JNE, BPF_REG_2, 0, reset);
		}
		if (!(whole >> p & 1)) {
			STX64(c, BPF_REG_10, BPF_REG_1, param);
			known[p] = needed_bits(c, p);
		}
		irpc_place(c, skip);
	}
}

/*
 * The wide path (irp_compile.h): r3 the scancode about to be reported, toggle the
 * persistent parameter or -1; the message written in the state element and pushed to
 * map IRP_COMPILE_MESSAGES_MAP_INDEX, the oldest dropped when the queue is full. r3 is
 * the scancode again after it; r1 to r5 are not kept (r6 to r9 are, across the call).
 */
static void emit_message(struct compiler *c, int toggle)
{
	const char *name = c->options->name ? c->options->name : "irp";
	int16_t at = (int16_t)c->message;
	char text[IRP_COMPILE_MESSAGE_NAME_SIZE] = { 0 };
	size_t i;

	STX64(c, BPF_REG_7, BPF_REG_3,
	      (int16_t)(at + offsetof(struct irp_compile_message, scancode)));
	/* the name as constants, 8 bytes at a time, in the machine's byte order */
	snprintf(text, sizeof(text), "%s", name);
	for (i = 0; i < sizeof(text); i += 8) {
		uint64_t word;

		memcpy(&word, &text[i], sizeof(word));
		irpc_load_imm64(c, BPF_REG_1, word);
		STX64(c, BPF_REG_7, BPF_REG_1, (int16_t)(at + i));
	}
	irpc_mov_imm(c, BPF_REG_1, (uint64_t)c->protocol->parameter_count);
	if (toggle >= 0) {
		/* count in the low half, toggle in the high one: one store */
		LDX64(c, BPF_REG_2, BPF_REG_10, (int16_t)STACK_PARAM(toggle));
		ALU64_IMM(c, BPF_LSH, BPF_REG_2, 32);
		ALU64_REG(c, BPF_OR, BPF_REG_1, BPF_REG_2);
	}
	STX64(c, BPF_REG_7, BPF_REG_1,
	      (int16_t)(at + offsetof(struct irp_compile_message, count)));
	for (i = 0; i < c->protocol->parameter_count; i++) {
		LDX64(c, BPF_REG_1, BPF_REG_10, (int16_t)STACK_PARAM(i));
		STX64(c, BPF_REG_7, BPF_REG_1,
		      (int16_t)(at + offsetof(struct irp_compile_message, values) + 8 * i));
	}
	irpc_insn(c, BPF_LD | BPF_DW | BPF_IMM, BPF_REG_1, BPF_PSEUDO_MAP_IDX, 0,
		  IRP_COMPILE_MESSAGES_MAP_INDEX);
	irpc_insn(c, 0, 0, 0, 0, 0);
	ALU64_REG(c, BPF_MOV, BPF_REG_2, BPF_REG_7);
	ALU64_IMM(c, BPF_ADD, BPF_REG_2, at);
	ALU64_IMM(c, BPF_MOV, BPF_REG_3, BPF_EXIST);
	irpc_insn(c, BPF_JMP | BPF_CALL, 0, 0, 0, BPF_FUNC_map_push_elem);
	LDX64(c, BPF_REG_3, BPF_REG_7,
	      (int16_t)(at + offsetof(struct irp_compile_message, scancode)));
}

/* Parameters out of the fields, checked, then bpf_rc_keydown(); or bpf_rc_repeat(). */
int irpc_emit_report(struct compiler *c, const struct frame *f, const struct frame_labels *l)
{
	const struct irp_protocol *p = c->protocol;
	uint64_t known[PARAMS_MAX] = { 0 };
	char quoted[IRP_QUOTED_NAME_SIZE];
	unsigned int total_bits = 0;
	int toggle = -1, ret;
	size_t i;

	irpc_place(c, l->emit);
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
			irpc_mov_imm(c, BPF_REG_4, fd->constant & irpc_low_mask(fd->width));
			JUMP_REG(c, BPF_JNE, BPF_REG_3, BPF_REG_4, l->reset);
		}
		if (!c->context_in_r1)
			LDX64(c, BPF_REG_1, BPF_REG_10, STACK_CTX);
		irpc_emit_report_call(c, true);
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
		uint64_t mask = irpc_low_mask(fd->width), fresh, overlap;
		int16_t param = (int16_t)STACK_PARAM(fd->parameter);

		LDX64(c, BPF_REG_3, BPF_REG_7, (int16_t)(f->state + STATE_FIELD(i)));
		if (fd->source == FIELD_CONSTANT) {
			irpc_mov_imm(c, BPF_REG_4, fd->constant & mask);
			JUMP_REG(c, BPF_JNE, BPF_REG_3, BPF_REG_4, l->reset);
			continue;
		}
		if (fd->source == FIELD_COMPUTED)
			continue;
		if (fd->complement && mask <= INT32_MAX) {
			ALU64_IMM(c, BPF_XOR, BPF_REG_3, (int32_t)mask);
		} else if (fd->complement) {
			irpc_mov_imm(c, BPF_REG_4, mask);
			ALU64_REG(c, BPF_XOR, BPF_REG_3, BPF_REG_4);
		}
		if (fd->offset) {
			/* the whole parameter: the value sent less the offset */
			ALU64_IMM(c, BPF_ADD, BPF_REG_3, (int32_t)-fd->offset);
			if (known[fd->parameter]) {
				LDX64(c, BPF_REG_1, BPF_REG_10, param);
				irpc_mov_imm(c, BPF_REG_4, known[fd->parameter]);
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
			irpc_mov_imm(c, BPF_REG_4, overlap);
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
				irpc_mov_imm(c, BPF_REG_4, fresh);
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
		unsigned int bits = irpc_parameter_bits(pa);

		/* bits that no frame sends (Zenith5's F:D of F:0..255) are 0 in the report */
		if ((known[i] & irpc_low_mask(bits)) != irpc_low_mask(bits) &&
		    (~known[i] & irpc_low_mask(bits) & parameter_sent(c, i)) != 0) {
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
			irpc_jump_if(c, BPF_JLT, BPF_REG_3, pa->min, l->reset);
		if (pa->max < UINT64_MAX && known[i] > pa->max)
			irpc_jump_if(c, BPF_JGT, BPF_REG_3, pa->max, l->reset);
		if (pa->persistent) {
			if (toggle >= 0)
				return irpc_unsupported(c, pa->column,
							_("more than one persistent parameter"));
			toggle = (int)i;
			continue;
		}
		total_bits += bits;
	}
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
			ret = irpc_emit_expr(c, fd->expr, 0, 0, l->reset);
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
			ret = irpc_emit_expr(c, c->layout_toggle, temp, 0, l->reset);
			if (ret < 0)
				return ret;
			STX64(c, BPF_REG_10, BPF_REG_0, (int16_t)STACK_TEMP(temp));
			temp++;
		}
		ret = irpc_emit_expr(c, c->layout_scancode, temp, 0, l->reset);
		if (ret < 0)
			return ret;
		STX64(c, BPF_REG_10, BPF_REG_0, (int16_t)STACK_TEMP(temp));
		ret = irpc_emit_expr(c, c->layout_protocol, temp + 1, 0, l->reset);
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
	/*
	 * The scancode, first parameter in the most significant bits; a wide protocol's,
	 * the leading parameters that fit in 64 bits whole
	 */
	ALU64_IMM(c, BPF_MOV, BPF_REG_3, 0);
	for (i = 0, total_bits = 0; i < p->parameter_count; i++) {
		unsigned int bits = irpc_parameter_bits(&p->parameters[i]);

		if ((int)i == toggle || bits == 0)
			continue;
		if (total_bits + bits > 64)
			break;
		total_bits += bits;
		if (bits < 64)
			ALU64_IMM(c, BPF_LSH, BPF_REG_3, (int32_t)bits);
		LDX64(c, BPF_REG_1, BPF_REG_10, (int16_t)STACK_PARAM(i));
		ALU64_REG(c, BPF_OR, BPF_REG_3, BPF_REG_1);
	}
	if (c->wide)
		emit_message(c, toggle);
	ALU64_IMM(c, BPF_MOV, BPF_REG_2, IRP_COMPILE_PROTOCOL);
call:
	if (toggle >= 0)
		LDX64(c, BPF_REG_4, BPF_REG_10, (int16_t)STACK_PARAM(toggle));
	else
		ALU64_IMM(c, BPF_MOV, BPF_REG_4, 0);
keydown:
	if (f->await_end) {
		/* the report waits for the next sample, unless this one ends the signal */
		int now = irpc_new_label(c);
		int16_t await = (int16_t)(f->state + STATE_FIELD(f->field_count));

		LDX64(c, BPF_REG_1, BPF_REG_10, STACK_CTX);
		irpc_insn(c, BPF_LDX | BPF_W | BPF_MEM, BPF_REG_1, BPF_REG_1, 0, 0);
		ALU64_IMM(c, BPF_RSH, BPF_REG_1, 24);
		JUMP_IMM(c, BPF_JEQ, BPF_REG_1, KIND_TIMEOUT, now);
		STX64(c, BPF_REG_7, BPF_REG_2, await);
		STX64(c, BPF_REG_7, BPF_REG_3, await + 8);
		STX64(c, BPF_REG_7, BPF_REG_4, await + 16);
		ST64(c, BPF_REG_7, (int16_t)(f->state + STATE_POS), (int32_t)f->slot_count);
		GOTO(c, l->end);
		irpc_place(c, now);
	}
	if (c->context_in_r1)
		ALU64_REG(c, BPF_MOV, BPF_REG_1, BPF_REG_6);
	else
		LDX64(c, BPF_REG_1, BPF_REG_10, STACK_CTX);
	irpc_emit_report_call(c, false);
	GOTO(c, l->reported);
	return 0;
}
