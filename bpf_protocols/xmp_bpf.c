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
 *    division truncates, so a space a little short reads one step low. Here the
 *    excess over 760 is clamped at 0 and both the unit and each nibble are rounded to
 *    the nearest step: a nibble reads v for spaces from 68 µs under to 67 µs over its
 *    nominal length (at a unit of 136 µs), so the correction is not needed at all.
 */
#include "ir_decoder.h"

#define XMP_UNIT		136	/* µs */
#define XMP_LEADER		210
#define XMP_NIBBLE_PREFIX	760
#define XMP_HALFFRAME_SPACE	13800
#define XMP_TRAILER_SPACE	20000	/* at least; really 80 ms */
#define XMP_NIBBLES		16
#define XMP_MIN_DIVIDER		50

enum xmp_state {
	XMP_STATE_INACTIVE,
	XMP_STATE_LEADER_PULSE,
	XMP_STATE_NIBBLE_SPACE,
	XMP_STATE_MAX,
};

struct xmp_decoder {
	unsigned int state;
	unsigned int count;
	unsigned int durations[XMP_NIBBLES];
};

/*
 * The tolerance on the leader pulse: half a unit, as the kernel's. Spaces are told
 * apart by their minimum lengths, less a unit (nibbles) or a nibble prefix.
 */
IR_PARAM(int, margin) = XMP_UNIT / 2;

static struct xmp_decoder xmp;

/* How far a space lies past the nibble prefix, 0 for one shorter (no wrap round). */
static __always_inline unsigned int xmp_excess(unsigned int space)
{
	return space > XMP_NIBBLE_PREFIX ? space - XMP_NIBBLE_PREFIX : 0;
}

/*
 * All 16 nibbles and the trailer are in: check and report. The kernel's checks, but
 * each nibble rounded to the nearest step of the unit, not truncated, and a space
 * under the prefix read as 0 (the kernel wraps round: see the top of the file).
 */
static __always_inline int xmp_report(unsigned int *sample, const struct xmp_decoder *d)
{
	unsigned int n[XMP_NIBBLES];
	unsigned int sum1 = 15, sum2 = 15;
	unsigned int subaddr, subaddr2, scancode;
	int divider;
	int i;

	/* The fourth nibble is 15 units: the unit, rounded to the nearest µs. */
	divider = (int)((xmp_excess(d->durations[3]) + 7) / 15);
	if (divider < XMP_MIN_DIVIDER)
		return -1;

#pragma unroll
	for (i = 0; i < XMP_NIBBLES; i++) {
		n[i] = (xmp_excess(d->durations[i]) + (unsigned int)divider / 2) /
		       (unsigned int)divider;
		/*
		 * A nibble is at most 15: the kernel takes any longer space below the
		 * half-frame space, and 16 units pass the checksum as a 0 would.
		 */
		if (n[i] > 15)
			return -1;
		if (i < 8)
			sum1 += n[i];
		else
			sum2 += n[i];
	}
	if (sum1 % 16 != 15 || sum2 % 16 != 15)
		return -1;

	subaddr = (n[0] << 4 | n[2]) & 0xff;
	subaddr2 = (n[8] << 4 | n[11]) & 0xff;
	if (subaddr != subaddr2)
		return -1;

	if (n[10] & 0xff) {
		bpf_rc_repeat(sample);
		return 0;
	}
	scancode = (n[6] << 4 | n[7]) << 24 | subaddr << 16 |
		   ((n[12] << 4 | n[13]) & 0xff) << 8 | ((n[14] << 4 | n[15]) & 0xff);
	bpf_rc_keydown(sample, RC_PROTO_XMP, scancode, 0);
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
			d->state = XMP_STATE_NIBBLE_SPACE;
		}
		return 0;

	case XMP_STATE_LEADER_PULSE:
		if (!pulse)
			break;
		if (ir_eq_margin(duration, XMP_LEADER, m))
			d->state = XMP_STATE_NIBBLE_SPACE;
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
		if (ir_geq_margin(duration, XMP_HALFFRAME_SPACE, XMP_NIBBLE_PREFIX)) {
			/* A second frame after a complete one: go on from its middle. */
			if (count == XMP_NIBBLES)
				d->count = 8;
			d->state = XMP_STATE_LEADER_PULSE;
			return 0;
		}
		if (ir_geq_margin(duration, XMP_NIBBLE_PREFIX, XMP_UNIT)) {
			if (count >= XMP_NIBBLES)
				break;
			/* Decoded after the trailer, when the unit is known. */
			d->durations[count] = duration;
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
