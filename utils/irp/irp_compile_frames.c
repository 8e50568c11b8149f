// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * IRP compiler, the frames from the tree: the protocol's irstream laid out as up to
 * FRAMES_MAX frames of slots (durations, extents, the halves of symbols, bitfields with
 * the parameters they send), the bitspecs read into their tables and tries. Apart
 * because nothing here emits an instruction: the later stages read only the frames.
 */
#include "config.h"

#include <errno.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "irp_compile.h"
#include "irp_compile_internal.h"
#include "nls.h"

/* ---- the protocol into frames ---- */

static int evaluate(struct compiler *c, const struct irp_expr *e, int64_t *ret_value,
		    const char *what)
{
	if (irpc_fold(c, e, ret_value) == 0)
		return 0;
	return irpc_unsupported(c, e->column, what);
}

double irpc_tolerance(const struct compiler *c, double us)
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

		if (irpc_fold(c, &name, &named) < 0 || named < 0)
			return irpc_unsupported(c, item->column, _("a duration given by a name"));
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

int irpc_parameter_index(const struct irp_protocol *p, const char *name)
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
			return irpc_unsupported(c, f->pending_column,
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

uint64_t irpc_low_mask(unsigned int width)
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
	index = irpc_parameter_index(c->protocol, name->name);
	if (index < 0 || irp_env_has_value(c->env, name->name) ||
	    irpc_fold(c, constant, &offset) < 0 ||
	    offset < -INT32_MAX || offset > INT32_MAX || offset == 0)
		return false;
	if (a->op == IRP_OP_SUB)
		offset = -offset;
	pa = &c->protocol->parameters[index];
	if (pa->max > INT32_MAX || (int64_t)pa->min + offset < 0 ||
	    (int64_t)pa->max + offset > (int64_t)irpc_low_mask(width))
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
		return irpc_unsupported(c, item->column, _("an infinite bitfield"));
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
	index = e->a->kind == IRP_EXPR_NAME ? irpc_parameter_index(c->protocol, e->a->name) : -1;
	if (index >= 0 && !irp_env_has_value(c->env, e->a->name)) {
		field.source = FIELD_PARAMETER;
		field.parameter = (unsigned int)index;
	} else if (offset_parameter(c, e, field.width, field.chop, &index, &field.offset)) {
		field.source = FIELD_PARAMETER;
		field.parameter = (unsigned int)index;
	} else if (irpc_fold(c, e, &value) == 0) {
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

/* An assignment of a constant: the name has that value from here on. */
static int assign(struct compiler *c, const struct irp_item *item)
{
	int64_t value;
	size_t i;
	int ret;

	if (irpc_fold(c, item->value, &value) < 0)
		return irpc_unsupported(c, item->column,
					_("an assignment of a value that depends on the parameters"));
	for (i = 0; i < c->assigned_count; i++)
		if (strcmp(c->assigned[i].name, item->name) == 0)
			break;
	if (i == ASSIGNED_MAX)
		return irpc_unsupported(c, item->column, _("more than 8 names assigned"));
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
		if (!irpc_spend(c, 1, item->column))
			return irpc_over_budget(c);

		if (item->kind != IRP_ITEM_BITFIELD && f->pending)
			return irpc_unsupported(c, f->pending_column,
						_("bits short of a symbol before a duration"));
		switch (item->kind) {
		case IRP_ITEM_DURATION:
			ret = duration_us(c, item, &slot.us);
			if (ret < 0)
				return ret;
			if (item->duration.kind == IRP_EXTENT) {
				if (*origin != f->origin)
					return irpc_unsupported(c, item->column, depth > 0 ?
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
				return irpc_unsupported(c, item->column,
							_("a repeated irstream inside a frame"));
			if (item->stream->bitspec) {
				ret = irpc_read_symbols(c, item->stream->bitspec, outer, &inner);
				if (ret < 0)
					return ret;
			}
			f->table = inner;
			for (k = 0, ret = 0; k < times && ret == 0; k++) {
				size_t inner_origin = f->slot_count;

				ret = flatten(c, f, &item->stream->body, item->stream->body.count,
					      depth + 1, pass, &inner_origin);
				if (ret == 0 && f->pending)
					return irpc_unsupported(c, f->pending_column,
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

void irpc_frame_free(struct frame *f)
{
	free(f->slots);
	free(f->fields);
	memset(f, 0, sizeof(*f));
}

/* The scancode's bits for parameter i: as many as its maximum needs. */
unsigned int irpc_parameter_bits(const struct irp_parameter *p)
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
		return irpc_unsupported(c, c->protocol->stream->column, _("more than 6 frames"));
	memset(f, 0, sizeof(*f));
	f->stateful_table = NO_PARENT;
	c->frame_count++;
	ret = flatten(c, f, seq, count, 0, pass, &origin);
	if (ret < 0)
		return ret;
	if (f->pending)
		return irpc_unsupported(c, f->pending_column,
					_("bits short of a symbol at the end"));
	if (f->slot_count == 0 || is_duplicate(c, f)) {
		irpc_frame_free(f);
		c->frame_count--;
		return 0;
	}
	/* the rest is irpc_classify_frames()'s, once the assignments are over */
	if (!may_give_parameters(f)) {
		/* before any message: a preamble, nothing to report */
		if (c->frame_count == 1) {
			irpc_frame_free(f);
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
			return irpc_unsupported(c, column, SYMBOL_SHAPE);
		return 0;
	}
	if (q->count == SEQUENCE_MAX)
		return irpc_unsupported(c, column, SYMBOL_SHAPE);
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
			ret = irpc_unsupported(c, column, SYMBOL_SHAPE);
		else if (item->kind == IRP_ITEM_DURATION) {
			if (item->duration.kind == IRP_EXTENT)
				ret = irpc_unsupported(c, item->column, SYMBOL_SHAPE);
			else
				ret = duration_us(c, item, &us);
			if (ret == 0)
				ret = sequence_add(c, q, item->duration.kind == IRP_FLASH, us,
						   item->column);
		} else if (item->kind == IRP_ITEM_BITFIELD) {
			const struct irp_expr *e = item->bitfield;

			/* a constant sent with the enclosing bitspec's symbols (arctech's 2:2) */
			if (!parent || (parent->general && parent->general->state_count > 1)) {
				ret = irpc_unsupported(c, item->column, SYMBOL_SHAPE);
				break;
			}
			if (e->infinite || irpc_fold(c, e, &value) < 0 ||
			    irpc_fold(c, e->b, &width) < 0 || width < 0 ||
			    width > 64) {
				ret = irpc_unsupported(c, item->column, SYMBOL_SHAPE);
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
			if (irpc_fold(c, item->value, &value) < 0) {
				ret = irpc_unsupported(c, item->column,
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
			ret = irpc_unsupported(c, item->column, SYMBOL_SHAPE);
		}
	}
	if (ret == 0 && (bit_count || q->count == 0))
		ret = irpc_unsupported(c, column, SYMBOL_SHAPE);
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
			return irpc_unsupported(c, column, SYMBOL_SHAPE);
		for (n = 0; n < g->node_count && !child; n++)
			if (g->nodes[n].parent == (int)at && g->nodes[n].pulse == q->pulse[k] &&
			    g->nodes[n].us == q->us[k])
				child = &g->nodes[n];
		if (!child) {
			if (g->node_count == TRIE_NODES_MAX)
				return irpc_unsupported(c, column, SYMBOL_SHAPE);
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
		return irpc_unsupported(c, column, SYMBOL_SHAPE);
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
					return irpc_unsupported(c, item->column, SYMBOL_SHAPE);
			if (g->name_count == STATE_NAMES_MAX)
				return irpc_unsupported(c, item->column, SYMBOL_SHAPE);
			g->names[g->name_count++] = item->name;
		}
	for (n = 0; n < g->name_count; n++) {
		const struct irp_expr name = { .kind = IRP_EXPR_NAME, .column = b->column,
					       .name = g->names[n], .height = 1 };

		/* its definition ({zeroGap=1}), the state before the first symbol */
		if (irpc_fold(c, &name, &g->values[0][n]) < 0)
			return irpc_unsupported(c, b->column, SYMBOL_SHAPE);
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
					return irpc_unsupported(c, b->column, SYMBOL_SHAPE);
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
int irpc_read_symbols(struct compiler *c, const struct irp_bitspec *b, unsigned int parent,
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
		return irpc_unsupported(c, b->column, _("more than 4 bitspecs"));
	t = &c->tables[c->table_count];
	memset(t, 0, sizeof(*t));
	t->source = b;
	t->parent = parent;
	for (t->bits = 1; t->bits <= SYMBOL_BITS_MAX; t->bits++)
		if (b->count == (size_t)1 << t->bits)
			break;
	if (t->bits > SYMBOL_BITS_MAX)
		return irpc_unsupported(c, b->column,
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

int irpc_build_frames(struct compiler *c)
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
			return irpc_unsupported(c, body->items[count].column,
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
			return irpc_unsupported(c, body->items[i].column,
						_("a second repeated irstream"));
		repeated = &body->items[i];
		at = i;
	}
	if (!repeated)
		return add_frame(c, body, count, 0);
	if (repeated->stream->bitspec)
		return irpc_unsupported(c, repeated->column,
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
