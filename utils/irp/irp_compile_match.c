// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * IRP compiler, the matching automaton: each frame's slots as code that takes one
 * sample at a time (the tolerance windows, raw and split compares, runs of bits shifted
 * into one word, the tries of general bitspecs, extents and lead-outs), and a frame's
 * dispatch on its pos. Apart from the report because this part decides only whether a
 * sample matches, never what the frame's parameters are.
 */
#include "config.h"

#include <errno.h>
#include <float.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "irp_compile.h"
#include "irp_compile_internal.h"
#include "nls.h"

/* ---- the frames into code ---- */

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
	return d - irpc_tolerance(c, d) - 1;
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
int irpc_duration_caps_make(struct compiler *c)
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

struct window irpc_window_of(const struct compiler *c, double us, bool open)
{
	double t = irpc_tolerance(c, us), hi = us + t;
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
	struct window w = irpc_window_of(c, us, open);
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
	irpc_jump_if(c, BPF_JLT, BPF_REG_8, w.lo, fail);
	if (w.hi != UINT64_MAX)
		irpc_jump_if(c, BPF_JGT, BPF_REG_8, w.hi, fail);
}

/* r8 = the whole sample, raw, a timeout as the longest space (from the context) */
void irpc_reload_sample(struct compiler *c)
{
	int duration = irpc_new_label(c);

	if (c->context_in_r1) {
		irpc_insn(c, BPF_LDX | BPF_W | BPF_MEM, BPF_REG_8, BPF_REG_1, 0, 0);
	} else {
		LDX64(c, BPF_REG_2, BPF_REG_10, STACK_CTX);
		irpc_insn(c, BPF_LDX | BPF_W | BPF_MEM, BPF_REG_8, BPF_REG_2, 0, 0);
	}
	JUMP_IMM(c, BPF_JLE, BPF_REG_8, (int32_t)RAW_MAX, duration);
	ALU64_IMM(c, BPF_MOV, BPF_REG_8, (int32_t)RAW_DURATION);
	irpc_place(c, duration);
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
		irpc_mov_imm(c, BPF_REG_4, (uint64_t)1 << s->value_bit[j]);
		ALU64_REG(c, BPF_OR, BPF_REG_3, BPF_REG_4);
		STX64(c, BPF_REG_7, BPF_REG_3, off);
	}
}

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
	irpc_insn(c, BPF_JMP | BPF_EXIT, 0, 0, 0, 0);
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
	int small = irpc_new_label(c), done = irpc_new_label(c);

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
	irpc_place(c, small);
	ALU64_REG(c, BPF_MOV, BPF_REG_4, BPF_REG_3);
	ALU64_IMM(c, BPF_ADD, BPF_REG_4, sign * (int32_t)(absolute + 0.5));
	irpc_place(c, done);
}

/*
 * A frame's last gap ends it from this long on (µs), whatever longer one its IRP asks
 * for: real remotes repeat sooner than the extent or gap says (a G.I.Cable repeat 26 ms
 * after a frame that asks for 41, RC5 and RC6 repeats 27 ms apart), and IrpTransmogrifier
 * takes a signal's last gap as its leadout from 20 ms on too.
 */
#define LEADOUT_MIN_US 20000.0

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
		if (gap->us + irpc_tolerance(c, gap->us) + 1 > floor)
			floor = gap->us + irpc_tolerance(c, gap->us) + 1;
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
	irpc_mov_imm(c, BPF_REG_3, (uint64_t)(us + 0.5));
	ALU64_REG(c, BPF_SUB, BPF_REG_3, BPF_REG_0);
	emit_tolerance_bound(c, -1);
	if (last) {
		/* the frame's last gap: from its leadout floor on, it ends the frame too */
		int32_t floor = (int32_t)leadout_floor(c, f, us);
		int enough = irpc_new_label(c);

		JUMP_IMM(c, BPF_JSLE, BPF_REG_4, floor, enough);
		ALU64_IMM(c, BPF_MOV, BPF_REG_4, floor);
		irpc_place(c, enough);
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

	irpc_place(c, l->raw[i]);
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
	longer = irpc_new_label(c);
	if (w.hi < RAW_MAX)
		JUMP_IMM(c, BPF_JGT, BPF_REG_8, (int32_t)w.hi, longer);
	GOTO(c, l->consumed[i]);
	irpc_place(c, longer);
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
		ALU64_IMM(c, BPF_AND, reg, (int32_t)irpc_low_mask(width));
		return;
	}
	irpc_load_imm64(c, BPF_REG_5, irpc_low_mask(width));
	ALU64_REG(c, BPF_AND, reg, BPF_REG_5);
}

#define ALU32_IMM(c, op, d, i)	irpc_insn(c, BPF_ALU | (op) | BPF_K, d, 0, 0, i)
#define ALU32_REG(c, op, d, s)	irpc_insn(c, BPF_ALU | (op) | BPF_X, d, s, 0, 0)

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
			irpc_load_imm64(c, BPF_REG_5, masks[k]);
			ALU64_REG(c, BPF_AND, BPF_REG_2, BPF_REG_5);
			irpc_load_imm64(c, BPF_REG_5, ~masks[k]);
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
	int done = irpc_new_label(c), longer_last = irpc_new_label(c);
	bool mid_longer = false, last_longer = false;
	unsigned int k;

	irpc_place(c, l->raw[r->first + 1]);
	if (!r->uniform)
		LDX64(c, BPF_REG_2, BPF_REG_7, state + STATE_CAND);
	for (k = 0; k < t->count; k++) {
		const struct symbol *sym = &t->symbols[k];
		int skip = irpc_new_label(c);

		if (!r->uniform) {
			ALU64_REG(c, BPF_MOV, BPF_REG_3, BPF_REG_2);
			ALU64_IMM(c, BPF_AND, BPF_REG_3, (int32_t)(1u << k));
			JUMP_IMM(c, BPF_JEQ, BPF_REG_3, 0, skip);
		}
		raw_match(c, raw_window_of(c, sym->pulse[1], sym->us[1], false), skip);
		run_shift(c, r, k, done);
		ST64(c, BPF_REG_7, state + STATE_POS, (int32_t)r->again);
		emit_next_frames(c, l, raw_window_of(c, sym->pulse[1], sym->us[1], false));
		irpc_place(c, skip);
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
		int skip = irpc_new_label(c);

		if (!first_half_may_start(t, sym->pulse[1]))
			continue;
		JUMP_IMM(c, BPF_JNE, BPF_REG_2, (int32_t)(1u << k), skip);
		raw_longer(c, sym->pulse[1], raw_window_of(c, sym->pulse[1], sym->us[1], false),
			   l->fail);
		run_shift(c, r, k, -1);
		ALU64_IMM(c, BPF_SUB, BPF_REG_8, (int32_t)(sym->us[1] + 0.5));
		GOTO(c, l->raw[r->first]);
		irpc_place(c, skip);
	}
	if (mid_longer || last_longer)
		GOTO(c, l->fail);
	if (last_longer) {
		irpc_place(c, longer_last);
		for (k = 0; k < t->count; k++) {
			const struct symbol *sym = &t->symbols[k];
			int skip = irpc_new_label(c);

			if (!next_may_start(c, f, last, sym->pulse[1]))
				continue;
			JUMP_IMM(c, BPF_JNE, BPF_REG_2, (int32_t)(1u << k), skip);
			raw_longer(c, sym->pulse[1],
				   raw_window_of(c, sym->pulse[1], sym->us[1], false), l->fail);
			run_shift(c, r, k, -1);
			emit_scatter(c, f, r);
			ALU64_IMM(c, BPF_SUB, BPF_REG_8, (int32_t)(sym->us[1] + 0.5));
			GOTO(c, l->raw[r->end]);
			irpc_place(c, skip);
		}
	} else if (mid_longer) {
		irpc_place(c, longer_last);
	}
	GOTO(c, l->fail);
	irpc_place(c, done);
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

	irpc_place(c, l->raw[r->first]);
	if (r->uniform) {
		const struct symbol *sym = &t->symbols[0];

		raw_match(c, raw_window_of(c, sym->pulse[0], sym->us[0], false), l->fail);
	} else {
		ALU64_IMM(c, BPF_MOV, BPF_REG_2, 0);
		for (k = 0; k < t->count; k++) {
			const struct symbol *sym = &t->symbols[k];
			int no = irpc_new_label(c);

			raw_match(c, raw_window_of(c, sym->pulse[0], sym->us[0], false), no);
			ALU64_IMM(c, BPF_OR, BPF_REG_2, (int32_t)(1u << k));
			irpc_place(c, no);
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
		int other_kind = irpc_new_label(c);

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
			struct window w = irpc_window_of(c, child->us, leaf && frame_last && !kind);
			int farther = -1, longer = -1;

			if (!nearest_last) {
				farther = irpc_new_label(c);
				irpc_jump_if(c, BPF_JGT, BPF_REG_8,
					     (uint64_t)((child->us +
							 g->nodes[children[k + 1]].us) / 2),
					     farther);
			}
			irpc_jump_if(c, BPF_JLT, BPF_REG_8, w.lo, l->fail);
			if (!leaf) {
				irpc_jump_if(c, BPF_JGT, BPF_REG_8, w.hi, l->fail);
				ST64(c, BPF_REG_7, (int16_t)(f->state + STATE_CAND),
				     (int32_t)children[k]);
				GOTO(c, l->consumed[i]);
			} else {
				if (w.hi != UINT64_MAX) {
					longer = irpc_new_label(c);
					irpc_jump_if(c, BPF_JGT, BPF_REG_8, w.hi, longer);
				}
				set_bits(c, f, s, (unsigned int)child->symbol);
				if (g->state_count > 1)
					ST64(c, BPF_REG_7, symbol_state_offset(f),
					     (int32_t)child->next_state);
				GOTO(c, l->consumed[symbol_last]);
			}
			if (longer >= 0) {
				irpc_place(c, longer);
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
				irpc_place(c, farther);
		}
		irpc_place(c, other_kind);
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
			int other = irpc_new_label(c);

			JUMP_IMM(c, BPF_JNE, BPF_REG_1, (int32_t)n, other);
			emit_trie_choice(c, f, i, g->root[n], l);
			irpc_place(c, other);
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
		other = irpc_new_label(c);
		JUMP_IMM(c, BPF_JNE, BPF_REG_1, (int32_t)n, other);
		emit_trie_choice(c, f, i, n, l);
		irpc_place(c, other);
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

	irpc_place(c, l->slot[i]);
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
			int no = irpc_new_label(c);

			match(c, t->symbols[k].pulse[0],
			      irpc_window_of(c, t->symbols[k].us[0], false), no);
			ALU64_IMM(c, BPF_OR, BPF_REG_2, (int32_t)(1u << k));
			irpc_place(c, no);
		}
		JUMP_IMM(c, BPF_JEQ, BPF_REG_2, 0, l->fail);
		STX64(c, BPF_REG_7, BPF_REG_2, state + STATE_CAND);
		GOTO(c, l->consumed[i]);
		break;
	case SLOT_BIT_SECOND:
		/* one-duration symbols are all candidates */
		if (t->length == 1)
			irpc_mov_imm(c, BPF_REG_2, irpc_low_mask(t->count));
		else
			LDX64(c, BPF_REG_2, BPF_REG_7, state + STATE_CAND);
		for (k = 0; k < t->count; k++) {
			const struct symbol *sym = &t->symbols[k];
			bool open = last && !sym->pulse[1];
			int skip = irpc_new_label(c);

			ALU64_REG(c, BPF_MOV, BPF_REG_3, BPF_REG_2);
			ALU64_IMM(c, BPF_AND, BPF_REG_3, (int32_t)(1u << k));
			JUMP_IMM(c, BPF_JEQ, BPF_REG_3, 0, skip);
			match(c, sym->pulse[1], irpc_window_of(c, sym->us[1], open), skip);
			set_bits(c, f, s, (unsigned int)k);
			GOTO(c, l->consumed[i]);
			irpc_place(c, skip);
		}
		/* longer than the one symbol left: the rest starts the next slot */
		for (k = 0; k < t->count; k++) {
			const struct symbol *sym = &t->symbols[k];
			int skip = irpc_new_label(c);

			if (!next_may_start(c, f, i, sym->pulse[1]))
				continue;
			if (t->length == 1) {
				/* the kind of the sample tells the symbol */
				JUMP_IMM(c, BPF_JNE, BPF_REG_9, sym->pulse[1] ? 1 : 0, skip);
			} else {
				JUMP_IMM(c, BPF_JNE, BPF_REG_2, (int32_t)(1u << k), skip);
				JUMP_IMM(c, BPF_JNE, BPF_REG_9, sym->pulse[1] ? 1 : 0, l->fail);
			}
			irpc_jump_if(c, BPF_JLE, BPF_REG_8,
				     irpc_window_of(c, sym->us[1], false).hi, l->fail);
			set_bits(c, f, s, (unsigned int)k);
			ALU64_IMM(c, BPF_SUB, BPF_REG_8, (int32_t)(sym->us[1] + 0.5));
			GOTO(c, l->slot[i + 1]);
			irpc_place(c, skip);
		}
		GOTO(c, l->fail);
		break;
	}
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
	upper = irpc_new_label(c);
	JUMP_IMM(c, BPF_JGT, BPF_REG_6, (int32_t)positions[middle], upper);
	dispatch(c, positions, targets, middle + 1, other);
	irpc_place(c, upper);
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
int irpc_find_runs(struct compiler *c, const struct frame *f, struct frame_labels *l,
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
		irpc_mov_imm(c, BPF_REG_2, (uint64_t)1 << (RUN_BITS_MAX - r->bits));
		STX64(c, BPF_REG_7, BPF_REG_2, r->word);
	}
	if (f->stateful_table != NO_PARENT)
		ST64(c, BPF_REG_7, symbol_state_offset(f), 0);
}

/*
 * The raw samples that may start frame f (take its first slot or begin with it), when
 * its first slot is a duration; false when any sample may.
 */
bool irpc_start_window(const struct compiler *c, const struct frame *f, struct window *w)
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
int irpc_emit_frame(struct compiler *c, size_t index, unsigned int *word, int reported)
{
	const struct frame *f = &c->frames[index];
	struct frame_labels l = { .reported = reported, .index = index };
	struct window w;
	int16_t state = (int16_t)f->state;
	int start = irpc_new_label(c), tree = irpc_new_label(c);
	int unknown = irpc_new_label(c), await_label;
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
		l.slot[i] = irpc_new_label(c);
		l.raw[i] = irpc_new_label(c);
		l.consumed[i] = irpc_new_label(c);
	}
	await_label = irpc_new_label(c);
	l.fail = irpc_new_label(c);
	l.reset = irpc_new_label(c);
	l.end = irpc_new_label(c);
	l.emit = irpc_new_label(c);
	ret = irpc_find_runs(c, f, &l, word);
	if (ret < 0)
		goto out;
	longest = l.run_count;
	for (i = 0; i < l.run_count; i++)
		if (longest == l.run_count ||
		    l.runs[i].end - l.runs[i].first > l.runs[longest].end - l.runs[longest].first)
			longest = i;

	l.keeps_sample = keeps_sample(c, f, &l);
	LDX64(c, BPF_REG_6, BPF_REG_7, state + STATE_POS);
	irpc_place(c, c->entries[index].head);
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
	irpc_place(c, c->entries[index].zero);
	if (irpc_start_window(c, f, &w)) {
		/* what the first slot takes, or begins with when the rest may go on */
		JUMP_IMM(c, BPF_JLT, BPF_REG_8, (int32_t)w.lo, l.end);
		if (w.hi < RAW_MAX)
			JUMP_IMM(c, BPF_JGT, BPF_REG_8, (int32_t)w.hi, l.end);
	}
	irpc_place(c, start);
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
		irpc_place(c, l.raw[i]);
		ALU64_REG(c, BPF_MOV, BPF_REG_9, BPF_REG_8);
		ALU64_IMM(c, BPF_RSH, BPF_REG_9, 24);
		ALU64_IMM(c, BPF_AND, BPF_REG_8, (int32_t)RAW_DURATION);
		emit_slot(c, f, i, &l);
	}
	if (f->await_end) {
		/* a space (a timeout: spaces do not follow spaces) ends the signal */
		int16_t await = (int16_t)(state + STATE_FIELD(f->field_count));

		irpc_place(c, await_label);
		JUMP_IMM(c, BPF_JGT, BPF_REG_8, (int32_t)RAW_DURATION, l.fail);
		LDX64(c, BPF_REG_2, BPF_REG_7, await);
		LDX64(c, BPF_REG_3, BPF_REG_7, await + 8);
		LDX64(c, BPF_REG_4, BPF_REG_7, await + 16);
		LDX64(c, BPF_REG_1, BPF_REG_10, STACK_CTX);
		irpc_emit_report_call(c, false);
		GOTO(c, reported);
	}
	irpc_place(c, tree);
	if (n)
		dispatch(c, positions, targets, n, unknown);
	irpc_place(c, unknown);
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
		irpc_place(c, l.slot[i]);
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
		irpc_place(c, l.consumed[i]);
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
	irpc_place(c, l.fail);
	JUMP_IMM(c, BPF_JEQ, BPF_REG_6, 0, l.reset);
	ALU64_IMM(c, BPF_MOV, BPF_REG_6, 0);
	irpc_reload_sample(c);
	GOTO(c, start);

	if (c->context_in_r1 && !f->repeat) {
		struct frame_labels report = l;

		report.reset = irpc_new_label(c);
		ret = irpc_emit_report(c, f, &report);
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
			irpc_place(c, report.reset);
			ALU64_REG(c, BPF_MOV, BPF_REG_1, BPF_REG_6);
		}
	} else {
		ret = irpc_emit_report(c, f, &l);
		if (ret < 0)
			goto out;
	}
	irpc_place(c, l.reset);
	ST64(c, BPF_REG_7, state + STATE_POS, 0);
	/* the first halves of the longest run, the most frequent samples: on to the end */
	if (longest < l.run_count) {
		GOTO(c, l.end);
		emit_run_first(c, f, &l.runs[longest], &l);
	}
	irpc_place(c, l.end);
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
