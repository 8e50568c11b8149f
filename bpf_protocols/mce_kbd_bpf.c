// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * mce_kbd_bpf: the kernel's decoder for the Microsoft MCE remote keyboard and mouse
 * (MCIR-2) as a BPF program, for kernels built without it.
 *
 * MCIR-2 is RC-6-like Manchester code with 333 µs half-bits, a 1 being pulse then
 * space: an 8-unit leader pulse, 5 header bits whose low 4 give the mode (4 keyboard,
 * 1 mouse), then 32 (keyboard) or 29 (mouse) body bits. The scancode is the low 24
 * bits of a keyboard body (two key codes and the modifier mask), or the low 21 bits of
 * a mouse body (y, x, buttons).
 *
 * The kernel turns these into key events itself; a BPF decoder can only report the
 * scancode (protocol mcir2-kbd or mcir2-mse, so a keymap maps it) and, for the mouse,
 * move the pointer. Mouse buttons cannot be reported by any BPF helper.
 */
#include "ir_decoder.h"
#include "ir_pointer.h"

#define MCIR2_UNIT		333	/* µs */
#define MCIR2_HEADER_NBITS	5
#define MCIR2_MOUSE_NBITS	29
#define MCIR2_KEYBOARD_NBITS	32
#define MCIR2_PREFIX_PULSE	(8 * MCIR2_UNIT)
#define MCIR2_MAX_LEN		(3 * MCIR2_UNIT)
#define MCIR2_BIT_END		(1 * MCIR2_UNIT)
#define MCIR2_MODE_MASK		0xf
#define MCIR2_KEYBOARD_HEADER	0x4
#define MCIR2_MOUSE_HEADER	0x1
#define MCIR2_MAX_STEPS		8

enum mce_kbd_state {
	MCE_KBD_STATE_INACTIVE,
	MCE_KBD_STATE_HEADER_BIT_START,
	MCE_KBD_STATE_HEADER_BIT_END,
	MCE_KBD_STATE_BODY_BIT_START,
	MCE_KBD_STATE_BODY_BIT_END,
	MCE_KBD_STATE_FINISHED,
	MCE_KBD_STATE_MAX,
};

struct mce_kbd_decoder {
	unsigned int state;
	unsigned int header;
	unsigned int body;
	unsigned int count;
	unsigned int wanted_bits;
};

/*
 * The tolerance on half-bits: half a unit, as the kernel's. The leader pulse keeps the
 * kernel's own tolerance of a unit.
 */
IR_PARAM(int, margin) = MCIR2_UNIT / 2;

static struct mce_kbd_decoder mce_kbd;

/* Two's complement in 7 bits. */
static __always_inline int mce_kbd_axis(unsigned int v)
{
	return v & 0x40 ? (int)v - 0x80 : (int)v;
}

static __always_inline int mce_kbd_report(unsigned int *sample,
					  const struct mce_kbd_decoder *d)
{
	unsigned int scancode;

	switch (d->wanted_bits) {
	case MCIR2_KEYBOARD_NBITS:
		scancode = d->body & 0xffffff;
		ir_keydown(sample, RC_PROTO_MCIR2_KBD, scancode, 0);
		return 0;
	case MCIR2_MOUSE_NBITS:
		scancode = d->body & 0x1fffff;
		bpf_rc_pointer_rel(sample, mce_kbd_axis(scancode >> 7 & 0x7f),
				   mce_kbd_axis(scancode >> 14 & 0x7f));
		ir_keydown(sample, RC_PROTO_MCIR2_MSE, scancode, 0);
		return 0;
	default:
		return -1;
	}
}

SEC("lirc_mode2/mce_kbd_bpf")
int mce_kbd_bpf(unsigned int *sample)
{
	struct mce_kbd_decoder *d = &mce_kbd;
	unsigned int value = *sample;
	long duration = LIRC_VALUE(value);
	long m = margin;
	enum ir_sample_kind kind = ir_sample_kind(value);
	int pulse = kind == IR_SAMPLE_PULSE;
	int step;

	if (kind == IR_SAMPLE_IGNORE)
		return 0;
	if (kind == IR_SAMPLE_RESET || !ir_geq_margin(duration, MCIR2_UNIT, m))
		goto reset;

	for (step = 0; step < MCIR2_MAX_STEPS; step++) {
		/* What is left of the sample is less than half a unit: used up. */
		if (!ir_geq_margin(duration, MCIR2_UNIT, m))
			return 0;

		switch (d->state) {
		case MCE_KBD_STATE_INACTIVE:
			if (!pulse || !ir_eq_margin(duration, MCIR2_PREFIX_PULSE, MCIR2_UNIT))
				goto reset;
			d->state = MCE_KBD_STATE_HEADER_BIT_START;
			d->count = 0;
			d->header = 0;
			return 0;

		case MCE_KBD_STATE_HEADER_BIT_START:
			if (ir_geq_margin(duration, MCIR2_MAX_LEN, m))
				goto reset;
			d->header = d->header << 1 | pulse;
			d->count++;
			d->state = MCE_KBD_STATE_HEADER_BIT_END;
			return 0;

		case MCE_KBD_STATE_HEADER_BIT_END:
			duration = ir_take(duration, MCIR2_BIT_END);
			if (d->count != MCIR2_HEADER_NBITS) {
				d->state = MCE_KBD_STATE_HEADER_BIT_START;
				break;
			}
			switch (d->header & MCIR2_MODE_MASK) {
			case MCIR2_KEYBOARD_HEADER:
				d->wanted_bits = MCIR2_KEYBOARD_NBITS;
				break;
			case MCIR2_MOUSE_HEADER:
				d->wanted_bits = MCIR2_MOUSE_NBITS;
				break;
			default:
				goto reset;
			}
			d->count = 0;
			d->body = 0;
			d->state = MCE_KBD_STATE_BODY_BIT_START;
			break;

		case MCE_KBD_STATE_BODY_BIT_START:
			if (ir_geq_margin(duration, MCIR2_MAX_LEN, m))
				goto reset;
			d->body = d->body << 1 | pulse;
			d->count++;
			d->state = MCE_KBD_STATE_BODY_BIT_END;
			return 0;

		case MCE_KBD_STATE_BODY_BIT_END:
			d->state = d->count == d->wanted_bits ? MCE_KBD_STATE_FINISHED :
								MCE_KBD_STATE_BODY_BIT_START;
			duration = ir_take(duration, MCIR2_BIT_END);
			break;

		case MCE_KBD_STATE_FINISHED:
			if (pulse || mce_kbd_report(sample, d))
				goto reset;
			d->state = MCE_KBD_STATE_INACTIVE;
			return 0;

		default:
			goto reset;
		}
	}
	return 0;

reset:
	d->state = MCE_KBD_STATE_INACTIVE;
	return 0;
}

char _license[] SEC("license") = "GPL";
