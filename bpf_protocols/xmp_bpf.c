// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * xmp_bpf: the kernel's XMP decoder as a BPF program, for kernels built without it.
 *
 * XMP (version 1) sends 16 nibbles, each a 210 µs pulse and a space of 760 µs plus
 * 136 µs per unit of the nibble's value, in two halves of 8 separated by a 13.8 ms
 * space, and ends with a long space. The fourth nibble is always 15; it calibrates the
 * unit. The first half carries sub-address, a checksum, the OEM code and the address;
 * the second the sub-address again, a checksum, the toggle and the 16-bit command
 * (OBC). A toggle nibble other than 0 marks a repeat. The scancode is
 * address << 24 | sub-address << 16 | command.
 *
 * Deliberate differences from the kernel (bpf_protocols/README.md lists them all):
 *  - kernels since 5.10 count durations in µs but kept the 2000 (ns) correction of the
 *    unit, so their XMP decoder rejects every frame;
 *  - the kernel takes a nibble as (space - 760) / unit in unsigned arithmetic: a zero
 *    nibble's space a little under 760 µs (real remotes send 747-759) wraps round to a
 *    huge value and fails the checksum, although the space was accepted; and the
 *    division truncates, so a space a little short reads one step low. Here a nibble
 *    is read from its pulse and space together, 970 µs plus 136 per unit, whose sum a
 *    receiver's stretching of pulses (50-150 µs, at the expense of the spaces) does
 *    not change, scaled by the fourth nibble's (15 units, 3010 µs: a remote whose
 *    clock is off by some % is read right), rounded to the nearest unit and clamped at
 *    0; a nibble reads v from 68 µs under to 67 µs over its nominal length;
 *  - the leader pulse is taken within a unit (136 µs), not half: its length carries
 *    nothing, and a receiver stretches or shortens it by up to 150 µs;
 *  - a nibble over 15 and a fourth nibble more than 25% off are refused (the kernel
 *    takes any unit of 50 µs and more).
 */
#include "ir_decoder.h"
#include "ir_pointer.h"

#define XMP_UNIT		136	/* µs */
#define XMP_LEADER		210
#define XMP_NIBBLE_PREFIX	760
#define XMP_HALFFRAME_SPACE	13800
#define XMP_TRAILER_SPACE	20000	/* at least; really 80 ms */
/*
 * The longest nibble space (15 units) and the shortest half-frame space, each 25% off:
 * the kernel takes every space of 625 µs to 13 ms as a nibble, and a remote 10%
 * fast sends a half-frame space of 12.4 ms.
 */
#define XMP_NIBBLE_SPACE_MAX	((XMP_NIBBLE_PREFIX + 15 * XMP_UNIT) * 5 / 4)
#define XMP_HALFFRAME_SPACE_MIN	(XMP_HALFFRAME_SPACE * 3 / 4)
#define XMP_NIBBLES		16
#define XMP_SYMBOL_BASE		(XMP_LEADER + XMP_NIBBLE_PREFIX)	/* pulse and space of a 0 */
#define XMP_CALIBRATION		(XMP_SYMBOL_BASE + 15 * XMP_UNIT)	/* the fourth nibble */

enum xmp_state {
	XMP_STATE_INACTIVE,
	XMP_STATE_LEADER_PULSE,
	XMP_STATE_NIBBLE_SPACE,
	XMP_STATE_MAX,
};

struct xmp_decoder {
	unsigned int state;
	unsigned int count;
	unsigned int pulse;		/* the last leader pulse */
	unsigned int symbols[XMP_NIBBLES];	/* each nibble's pulse and space */
};

/*
 * The tolerance on the leader pulse: a unit (the kernel's is half of one). Spaces are
 * told apart by their minimum lengths, less a unit (nibbles) or a nibble prefix.
 */
IR_PARAM(int, margin) = XMP_UNIT;

static struct xmp_decoder xmp;

/*
 * All 16 nibbles and the trailer are in: check and report, with the kernel's checks;
 * each nibble read as the top of the file says.
 */
static __always_inline int xmp_report(unsigned int *sample, const struct xmp_decoder *d)
{
	unsigned long calibration = d->symbols[3];
	unsigned long step = XMP_UNIT * calibration;
	/*
	 * symbol * 3010 / calibration = 970 + 136 * n, n rounded: n is the quotient of
	 * symbol * 3010 - 902 * calibration by step (a unit, scaled), taken as 0 when that
	 * is negative. offset adds 7 steps to the dividend, which keeps it positive (a
	 * symbol is never negative) and adds exactly 7 to the quotient.
	 */
	unsigned long offset = (XMP_UNIT * 7 + XMP_UNIT / 2 - XMP_SYMBOL_BASE) * calibration;
	unsigned int n[XMP_NIBBLES];
	unsigned long over = 0;
	unsigned int sum1 = 15, sum2 = 15;
	unsigned int subaddr, subaddr2, scancode;
	int i;

	/* The fourth nibble, 15, within 25% of its length: a unit of 102 to 170 µs. */
	if (calibration * 4 < XMP_CALIBRATION * 3 || calibration * 4 > XMP_CALIBRATION * 5)
		return -1;

	/*
	 * No branch per nibble: with one, the verifier of Linux 6.1 walked every mix of
	 * the 16 nibbles' outcomes (714,873 instructions, 71% of its limit). The clamp at
	 * 0 is a sign mask, and the check of each nibble is one test of all of them.
	 */
#pragma unroll
	for (i = 0; i < XMP_NIBBLES; i++) {
		long q = (long)(((unsigned long)d->symbols[i] * XMP_CALIBRATION + offset) /
				step) - 7;

		n[i] = (unsigned int)(q & ~ir_sign_mask(q));
		over |= n[i];
		if (i < 8)
			sum1 += n[i];
		else
			sum2 += n[i];
	}
	/*
	 * A nibble is at most 15: the kernel takes any longer space below the half-frame
	 * space, and 16 units pass the checksum as a 0 would.
	 */
	if (over > 15)
		return -1;
	if (sum1 % 16 != 15 || sum2 % 16 != 15)
		return -1;

	subaddr = (n[0] << 4 | n[2]) & 0xff;
	subaddr2 = (n[8] << 4 | n[11]) & 0xff;
	if (subaddr != subaddr2)
		return -1;

	if (n[10] & 0xff) {
		ir_repeat(sample);
		return 0;
	}
	scancode = (n[6] << 4 | n[7]) << 24 | subaddr << 16 |
		   ((n[12] << 4 | n[13]) & 0xff) << 8 | ((n[14] << 4 | n[15]) & 0xff);
	ir_keydown(sample, RC_PROTO_XMP, scancode, 0);
	return 0;
}

SEC("lirc_mode2/xmp_bpf")
int xmp_bpf(unsigned int *sample)
{
	struct xmp_decoder *d = &xmp;
	unsigned int value = *sample;
	long duration = LIRC_VALUE(value);
	long m = margin;
	enum ir_sample_kind kind = ir_sample_kind(value);
	int pulse = kind == IR_SAMPLE_PULSE;
	unsigned int count;

	if (kind == IR_SAMPLE_IGNORE)
		return 0;
	if (kind == IR_SAMPLE_RESET)
		goto reset;

	switch (d->state) {
	case XMP_STATE_INACTIVE:
		if (!pulse)
			break;
		/* Other pulses are ignored: no reset, as in the kernel. */
		if (ir_eq_margin(duration, XMP_LEADER, m)) {
			d->count = 0;
			d->pulse = duration;
			d->state = XMP_STATE_NIBBLE_SPACE;
		}
		return 0;

	case XMP_STATE_LEADER_PULSE:
		if (!pulse)
			break;
		if (ir_eq_margin(duration, XMP_LEADER, m)) {
			d->pulse = duration;
			d->state = XMP_STATE_NIBBLE_SPACE;
		}
		return 0;

	case XMP_STATE_NIBBLE_SPACE:
		if (pulse)
			break;
		count = d->count;
		if (ir_geq_margin(duration, XMP_TRAILER_SPACE, XMP_NIBBLE_PREFIX)) {
			if (count != XMP_NIBBLES || xmp_report(sample, d))
				break;
			d->state = XMP_STATE_INACTIVE;
			return 0;
		}
		if (duration > XMP_HALFFRAME_SPACE_MIN) {
			/* A second frame after a complete one: go on from its middle. */
			if (count == XMP_NIBBLES)
				d->count = 8;
			d->state = XMP_STATE_LEADER_PULSE;
			return 0;
		}
		if (ir_geq_margin(duration, XMP_NIBBLE_PREFIX, XMP_UNIT) &&
		    duration < XMP_NIBBLE_SPACE_MAX) {
			if (count >= XMP_NIBBLES)
				break;
			/* Decoded after the trailer, when the unit is known. */
			d->symbols[count] = d->pulse + duration;
			d->count = count + 1;
			d->state = XMP_STATE_LEADER_PULSE;
			return 0;
		}
		break;
	}

reset:
	d->state = XMP_STATE_INACTIVE;
	return 0;
}

char _license[] SEC("license") = "GPL";
