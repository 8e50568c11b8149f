/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Infrared encoders for tests: each turns a scancode into the pulses and spaces a remote
 * sends, written from the protocols' published descriptions (sbprojects.net for NEC,
 * RC-5, RC-6, SIRC, JVC, Sharp and RC-MM; the LC7461 data sheet for Sanyo; DecodeIR
 * for Samsung36; the kernel's rc-protos documentation for the scancode layouts), not
 * from any decoder. Every encoder appends one frame, including the space that follows
 * it up to the protocol's repeat period, so frames can be chained.
 *
 * Protocol numbers are the kernel's enum rc_proto (<linux/lirc.h>).
 */
#ifndef IRKIT_TESTS_ENCODERS_H
#define IRKIT_TESTS_ENCODERS_H

#include <stdbool.h>
#include <stdint.h>

#include "ir_signal.h"

/* NEC, NEC-X, NEC-32 with the usual 9 ms header pulse; 108 ms period. */
int encode_nec(struct ir_signal *s, unsigned int protocol, uint32_t scancode);
/* The same with another header pulse (4.5 ms on some NEC-X remotes). */
int encode_nec_header(struct ir_signal *s, unsigned int protocol, uint32_t scancode,
		      unsigned int header_pulse);
/* A repeat frame: 9 ms pulse, 2.25 ms space, a bit pulse; 108 ms period. */
int encode_nec_repeat(struct ir_signal *s);
/* The repeat of 4.5 ms-header NEC-X remotes: header, one bit, long space. */
int encode_necx_short_repeat(struct ir_signal *s);

/* RC-5, RC-5X-20, RC-5-SZ; 113.8 ms period. */
int encode_rc5(struct ir_signal *s, unsigned int protocol, uint32_t scancode, bool toggle);
/* RC-6-0-16, RC-6-6A-20/24/32, RC-6-MCE (toggle in body bit 15). */
int encode_rc6(struct ir_signal *s, unsigned int protocol, uint32_t scancode, bool toggle);
/* Sony SIRC 12, 15, 20; 45 ms period. */
int encode_sony(struct ir_signal *s, unsigned int protocol, uint32_t scancode);
/* JVC; without header for a repeat. */
int encode_jvc(struct ir_signal *s, uint32_t scancode, bool header);
/* Sanyo and its repeat frame. */
int encode_sanyo(struct ir_signal *s, uint32_t scancode);
int encode_sanyo_repeat(struct ir_signal *s);
/* Sharp: message, 40 ms, inverted echo. */
int encode_sharp(struct ir_signal *s, uint32_t scancode);
/* RC-MM 12, 24, 32 (toggle in bit 15 of 32-bit frames whose mode allows it). */
int encode_rcmm(struct ir_signal *s, unsigned int protocol, uint32_t scancode, bool toggle);
/* XMP-1, toggle nibble 0 for a press, other values for repeats. */
int encode_xmp(struct ir_signal *s, uint32_t scancode, unsigned int toggle);
/* iMON PAD: 31 bits. */
int encode_imon(struct ir_signal *s, uint32_t scancode);
/* MCIR-2 keyboard (24-bit scancode) and mouse (21-bit scancode). */
int encode_mcir2(struct ir_signal *s, unsigned int protocol, uint32_t scancode);

/* Generic pulse-distance frame: `bits` bits of value, MSB first unless reverse. */
struct pulse_distance_timings {
	unsigned int header_pulse, header_space;	/* 0: none */
	unsigned int bit_pulse, bit_0_space, bit_1_space;
	unsigned int trailer_pulse;			/* 0: none */
	unsigned int bits;
	bool reverse;
	unsigned int gap;				/* space after the frame */
};
int encode_pulse_distance(struct ir_signal *s, const struct pulse_distance_timings *t,
			  uint64_t value);

struct pulse_length_timings {
	unsigned int header_pulse, header_space;	/* 0: none */
	unsigned int bit_space, bit_0_pulse, bit_1_pulse;
	unsigned int trailer_pulse;			/* 0: none */
	unsigned int bits;
	bool reverse;
	unsigned int gap;
};
int encode_pulse_length(struct ir_signal *s, const struct pulse_length_timings *t,
			uint64_t value);

/* A header pulse and space (either may be 0), a trailer pulse (may be 0), a gap. */
int encode_repeat_frame(struct ir_signal *s, unsigned int pulse, unsigned int space,
			unsigned int trailer_pulse, unsigned int gap);

/*
 * Bi-phase: a 1 is one_space then one_pulse, a 0 zero_pulse then zero_space. The value's
 * `bits` bits are sent MSB first; without a header, the first bit must be 1 (its space
 * is the idle line).
 */
struct manchester_timings {
	unsigned int header_pulse, header_space;
	unsigned int zero_pulse, zero_space, one_pulse, one_space;
	unsigned int bits;
	unsigned int gap;
};
int encode_manchester(struct ir_signal *s, const struct manchester_timings *t,
		      uint64_t value);

/* RC-MM-like: header, two bits per pulse (four spaces), trailer. */
struct rc_mm_timings {
	unsigned int header_pulse, header_space, bit_pulse;
	unsigned int bit_space[4];
	unsigned int trailer_pulse;
	unsigned int bits;
	unsigned int gap;
};
int encode_rc_mm_generic(struct ir_signal *s, const struct rc_mm_timings *t, uint64_t value);

/* Old Grundig remotes: 16 bits as 8 two-bit symbols. */
int encode_grundig(struct ir_signal *s, uint32_t value);
/* The same with another header pulse, header space and leader pulse (a keymap's). */
int encode_grundig_header(struct ir_signal *s, uint32_t value, unsigned int header_pulse,
			  unsigned int header_space, unsigned int leader_pulse);
/* iMON RSC stick: a direction code of 4 or 5 bits. */
int encode_imon_rsc(struct ir_signal *s, unsigned int code, unsigned int bits,
		    bool long_header);
/* Samsung36: 36 bits in the order sent. */
int encode_samsung36(struct ir_signal *s, uint64_t value);
/* XBox DVD remote: a 12-bit code, sent inverted then plain. */
int encode_xbox_dvd(struct ir_signal *s, uint32_t code);

#endif
