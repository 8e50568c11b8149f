/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The map through which the A/C decoder (ac.c) gets the layouts of the air
 * conditioners' protocols it decodes: shared by the decoder and by the host that fills
 * it (utils/ac/ac_protocol.h). Plain C types only: the layout is the same for the BPF
 * target and the host (4-byte unsigned int, 2-byte unsigned short, no padding).
 *
 * Map "ac_protocols": an array of AC_PROTOCOLS_MAX descriptors (struct ac_protocol),
 * key = index; the parameter "protocols" says how many are filled (the decoder looks at
 * no more). An A/C remote sends its whole state in one message of pulse-distance bits
 * (a bit is bit_pulse then one_space or zero_space), in 1 to AC_SECTIONS_MAX sections:
 *
 *	[header_pulse header_space] bits x (pulse space) ... pulse gap   (each section)
 *
 * section i has a header when bit i of header_mask is set, and section_bits[i] bits.
 * The bits of each section fill bytes from the next whole byte on, LSB first in each
 * byte unless AC_MSB_FIRST: those bytes are the message (at most AC_BYTES_MAX). A
 * message is reported only when each of its checks holds (struct ac_check) and its
 * durations lie within margin (header_margin for the header) of the descriptor's.
 *
 * The decoder does not know the protocol while the bits come: every pair of a short
 * pulse and a space shorter than AC_GAP_MIN is a bit, kept as its two durations; a
 * pulse from AC_HEADER_PULSE_MIN on, its space shorter than AC_HEADER_SPACE_MAX,
 * starts a section with a header (a longer space, a leader's, ends the message); a
 * space from AC_GAP_MIN on (or a timeout: the sections that begin a loaded protocol's
 * message are kept across it, for receivers whose timeout is shorter than the gaps)
 * ends a section. At the end of each section the descriptors are compared with the
 * sections so far (their count, bits and headers: a few numbers each, so that the
 * work per sample does not grow with the number of protocols loaded). When they are
 * the whole of a descriptor's message, the byte its first AC_CHECK_EQUAL check looks
 * at is read first, alone (a candidate whose signature differs is dropped there, before
 * the rest costs anything), then its bits with its own threshold (a
 * space is a 1 from midway between zero_space and one_space on), its checks run, and
 * every pulse (each section's last too) and space must lie within margin of the
 * descriptor's. When that fails, the next descriptors whose framing the sections are
 * the whole of are tried in the table's order, up to AC_CANDIDATES_MAX in all.
 * A descriptor's windows need not lie on either side of any fixed duration: only
 * zero_space + margin <= one_space - margin, within AC_GAP_MIN.
 *
 * Reports: bpf_rc_keydown(AC_RC_PROTOCOL_BASE + id, the normalized state, toggle 0),
 * once per message whose checks hold; a remote that sends its message twice is
 * reported twice (rc-core takes the second as the key held). The state is 64 bits,
 * each field 0 when the protocol does not have it (or sent a value not in its map):
 *
 *	bits  0-3	power: 1 off, 2 on
 *	bits  4-7	mode: 1 auto, 2 cool, 3 heat, 4 dry, 5 fan
 *	bits  8-15	target temperature in half degrees Celsius (50: 25 °C)
 *	bits 16-19	fan: 1 auto, 2 min, 3 low, 4 medium, 5 high, 6 max
 *	bits 20-23	vertical swing: 1 off, 2 auto, 3 highest, 4 high, 5 middle, 6 low,
 *			7 lowest
 *	bits 24-27	horizontal swing: 1 off, 2 auto, 3 leftmost, 4 left, 5 middle,
 *			6 right, 7 rightmost
 *	bits 28-31	0
 *	bits 32-47	flags, 2 bits each (1 off, 2 on): quiet 32, turbo 34, econo 36,
 *			light 38, filter 40, clean 42, beep 44, sleep 46
 *	bits 48-63	0
 *
 * Kernels before 5.7 keep only the low 32 bits of a scancode: the flags are lost there.
 *
 * Map "ac_messages": a queue (BPF_MAP_TYPE_QUEUE, Linux 4.20; no key) of the messages
 * reported, one struct ac_message each, pushed just before the report: the message's
 * bytes as its checks read them (in the protocol's bit order, numbered as the
 * descriptors number them), for ir-keytable -v and for states that do not fit 64
 * bits. When it is full the oldest is dropped (BPF_EXIST). A reader pops one after
 * each report of an A/C protocol (BPF_MAP_LOOKUP_AND_DELETE_ELEM), and knows it by its
 * id.
 * The protocol numbers are past enum rc_proto: rc-core passes them through to
 * LIRC_MODE_SCANCODE readers (struct lirc_scancode.rc_proto), and takes the default
 * repeat period (100 ms) for a number it does not know.
 */
#ifndef IRKIT_AC_TABLE_H
#define IRKIT_AC_TABLE_H

#define AC_PROTOCOLS_MAP	"ac_protocols"
#define AC_PROTOCOLS_MAX	48
#define AC_SECTIONS_MAX		4
#define AC_BYTES_MAX		64
#define AC_CHECKS_MAX		6
#define AC_FIELDS_MAX		16
#define AC_FIELD_MAP_SIZE	16
/* The protocol number of A/C protocol id: past every enum rc_proto and generic one. */
#define AC_RC_PROTOCOL_BASE	128
/* A pulse this long is a header's; a space this long ends a section (µs). */
#define AC_HEADER_PULSE_MIN	1500
#define AC_GAP_MIN		2500
/* A header's space shorter than this (µs); a longer one after a long pulse is a leader. */
#define AC_HEADER_SPACE_MAX	12500
/* The descriptors whose framing a message has that are tried, in the table's order. */
#define AC_CANDIDATES_MAX	2

/* Where each value goes in the state: the shift and width of the fields above. */
#define AC_STATE_POWER_SHIFT	0
#define AC_STATE_POWER_WIDTH	4
#define AC_STATE_MODE_SHIFT	4
#define AC_STATE_MODE_WIDTH	4
#define AC_STATE_TEMP_SHIFT	8
#define AC_STATE_TEMP_WIDTH	8
#define AC_STATE_FAN_SHIFT	16
#define AC_STATE_FAN_WIDTH	4
#define AC_STATE_SWING_V_SHIFT	20
#define AC_STATE_SWING_V_WIDTH	4
#define AC_STATE_SWING_H_SHIFT	24
#define AC_STATE_SWING_H_WIDTH	4
#define AC_STATE_FLAGS_SHIFT	32	/* flag i at AC_STATE_FLAGS_SHIFT + 2 * i */
#define AC_STATE_FLAG_WIDTH	2

enum ac_flags {
	AC_MSB_FIRST = 1 << 0,		/* the bits of each byte sent highest first */
	AC_FLAGS_MAX = 1 << 1,
};

enum ac_check_kind {
	AC_CHECK_NONE,
	/* byte[at] is the sum of bytes first .. first + count - 1, modulo 256 */
	AC_CHECK_SUM8,
	/* bytes first, first + 2, ... (count of them) each followed by its complement */
	AC_CHECK_INVERTED_PAIRS,
	/* bytes at .. at + count - 1 are the complements of first .. first + count - 1 */
	AC_CHECK_INVERTED_COPY,
	/*
	 * The high nibble of byte[at] is init + the low nibbles of first .. first +
	 * count - 1 + the high nibbles of first2 .. first2 + count2 - 1, modulo 16
	 */
	AC_CHECK_NIBBLE_SUM,
	/* byte[at] & first == count: fixed bits (a signature, a footer) */
	AC_CHECK_EQUAL,
	/* byte[at] is init minus the sum of bytes first .. first + count - 1, modulo 256 */
	AC_CHECK_NEG_SUM8,
	/* byte[at] is the exclusive or of bytes first .. first + count - 1 */
	AC_CHECK_XOR8,
	/*
	 * The 8 bits from bit first2 of bytes at and at + 1 (at's bits first), a number,
	 * are init exclusive-or the count of the set bits of bytes first .. first + count
	 * - 1 other than those 8 (Samsung's: the bits of a section, inverted)
	 */
	AC_CHECK_BIT_COUNT,
	/* As AC_CHECK_NIBBLE_SUM, the sum in the low nibble of byte[at] (Carrier's) */
	AC_CHECK_NIBBLE_SUM_LOW,
	/* As AC_CHECK_NIBBLE_SUM, the sum modulo 256 the whole of byte[at] (Sanyo's) */
	AC_CHECK_NIBBLE_SUM8,
	/*
	 * As AC_CHECK_NIBBLE_SUM, the nibbles and init joined by exclusive or, not added
	 * (Sharp's: the check's own byte's low nibble among them)
	 */
	AC_CHECK_NIBBLE_XOR,
	AC_CHECK_KIND_MAX,
};

struct ac_check {
	unsigned char kind;		/* enum ac_check_kind */
	unsigned char first, count, at;
	unsigned char first2, count2, init, unused;
};

enum ac_field_kind {
	AC_FIELD_NONE,
	AC_FIELD_MAP,			/* value map[raw]; raw below AC_FIELD_MAP_SIZE */
	AC_FIELD_LINEAR,		/* value raw * mul + add */
	AC_FIELD_KIND_MAX,
};

/* One field of the message into the state: raw = byte[byte] >> shift, width bits. */
struct ac_field {
	unsigned char kind;		/* enum ac_field_kind */
	unsigned char byte, shift, width;	/* width 1 to 8 */
	unsigned char state_shift, state_width;	/* where the value goes in the state */
	unsigned char mul, add;
	unsigned char map[AC_FIELD_MAP_SIZE];	/* 0: not a value the state has */
};

struct ac_protocol {
	unsigned int id;		/* the report's protocol: AC_RC_PROTOCOL_BASE + id */
	unsigned int flags;		/* enum ac_flags */
	unsigned int header_pulse, header_space, header_margin;
	unsigned int bit_pulse, one_space, zero_space, margin;
	unsigned int sections;		/* 1 to AC_SECTIONS_MAX */
	unsigned int header_mask;	/* bit i: section i starts with the header */
	unsigned int bytes;		/* of the message, the sections' bytes together */
	unsigned short section_bits[AC_SECTIONS_MAX];
	struct ac_check checks[AC_CHECKS_MAX];
	struct ac_field fields[AC_FIELDS_MAX];
};

#define AC_MESSAGES_MAP		"ac_messages"
#define AC_MESSAGES_MAX		16

struct ac_message {
	unsigned int id;		/* the protocol's: its report's is AC_RC_PROTOCOL_BASE + id */
	unsigned int length;		/* the bytes of the message, the descriptor's bytes */
	unsigned char bytes[AC_BYTES_MAX];
};

/* The map as the host fills it, for bpf_image_host_map() (bpf_image.h). */
#define AC_PROTOCOLS_MAP_LAYOUT { AC_PROTOCOLS_MAP, BPF_MAP_TYPE_ARRAY,			\
				  sizeof(unsigned int), sizeof(struct ac_protocol),	\
				  AC_PROTOCOLS_MAX }

#endif
