/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The maps through which the lircd_biphase decoder (lircd_biphase.c) gets its remotes:
 * shared by the decoder and by the host that fills them from a lircd.conf's bi-phase
 * remotes (SHIFT_ENC, RC5, RC6). Plain C types only: the layout is the same for the
 * BPF target and the host (4-byte unsigned int, no padding).
 *
 * Map "lircd_biphase_remotes": an array of LIRCD_BIPHASE_REMOTES_MAX descriptors, key
 * = index, one per remote (struct lircd_biphase_remote), durations in µs. A frame is
 *
 *	[header pulse, header space] [plead pulse] bits
 *
 * each bit two halves, as lircd sends them: a 1 is a space of one_space then a pulse
 * of one_pulse, a 0 a pulse of zero_pulse then a space of zero_space (RC-6's own
 * values are the other way round: its remotes' codes in lircd.conf are so written).
 * A bit whose place (0 = the first sent) is set in double_bits has halves twice as
 * long (RC-6's trailer bit). Neighbouring halves of one kind are one sample: the
 * header space and a first 1's space, the plead and a first 0's pulse, a 1's pulse
 * and the next 0's. The last half of a 0 runs into the gap: a space of at least
 * end_space (or a timeout) ends a frame. With no header and no plead, the first bit's
 * first half may be a space no receiver sees: LIRCD_BIPHASE_FIRST_ONE says that bit is
 * always a 1, and a frame that starts with a pulse then starts at that 1's pulse.
 * LIRCD_BIPHASE_HEADER_OPTIONAL (lircd's NO_HEAD_REP): a frame may also come without
 * its header. "Within margin" is strictly |d - expected| < margin, for a sample of one
 * half or two halves alike.
 *
 * Map "lircd_biphase_index": a hash map from the first pulse and space of a frame,
 * quantized as lircd_space_bucket() and keyed as lircd_space_index_key()
 * (lircd_space_table.h), to the at most LIRCD_SPACE_CANDIDATES descriptors whose frame
 * may start with such a pair, as index + 1, in order of priority, 0 past the last
 * (struct lircd_space_candidates). The host enters every bucket pair of every way a
 * descriptor's frames may start. The decoder looks that pair up once per frame and
 * follows only those candidates: the work per sample does not grow with the remotes.
 *
 * Parameter rc_protocol: the protocol number of the reports (default 71).
 * Reports: bpf_rc_keydown(protocol, (1 << n) | the n bits received, MSB first as sent
 * (no marker when n is 64), toggle 0) at the space that ends the frame. The marker bit
 * keeps the scancodes of frames of different lengths apart. A held button's frames
 * sent again are keydowns of the same scancode: rc-core's repeats.
 */
#ifndef IRKIT_LIRCD_BIPHASE_TABLE_H
#define IRKIT_LIRCD_BIPHASE_TABLE_H

#include "lircd_space_table.h"

#define LIRCD_BIPHASE_REMOTES_MAP	"lircd_biphase_remotes"
#define LIRCD_BIPHASE_INDEX_MAP		"lircd_biphase_index"
#define LIRCD_BIPHASE_REMOTES_MAX	256
#define LIRCD_BIPHASE_INDEX_MAX		65536
#define LIRCD_BIPHASE_BITS_MAX		64

enum lircd_biphase_flags {
	LIRCD_BIPHASE_HEADER_OPTIONAL = 1 << 0,	/* a frame may start without its header */
	LIRCD_BIPHASE_FIRST_ONE = 1 << 1,	/* the first bit is a 1 (its space unseen) */
	LIRCD_BIPHASE_FLAGS_MAX = 1 << 2,
};

struct lircd_biphase_remote {
	unsigned int header_pulse;	/* 0 0: no header */
	unsigned int header_space;
	unsigned int plead;		/* a pulse before the first bit; 0: none */
	unsigned int one_space;		/* a 1: space, then pulse */
	unsigned int one_pulse;
	unsigned int zero_pulse;	/* a 0: pulse, then space */
	unsigned int zero_space;
	unsigned int margin;		/* at least 1 */
	unsigned int end_space;		/* a space at least this long ends a frame */
	unsigned int bits;		/* 1 to LIRCD_BIPHASE_BITS_MAX */
	unsigned int flags;		/* enum lircd_biphase_flags */
	unsigned int double_bits[2];	/* bit i of the 64-bit mask: bit i's halves are doubled */
	/* Shorter frames also taken, as lircd_space_remote's lengths (n - 1 set: n bits). */
	unsigned int lengths[2];
};

/* Whether descriptor r takes frames of n bits (n from 0 to LIRCD_BIPHASE_BITS_MAX). */
static inline int lircd_biphase_takes_length(const struct lircd_biphase_remote *r,
					     unsigned int n)
{
	unsigned int half = n > 32 ? r->lengths[1] : r->lengths[0];

	if (n == r->bits)
		return 1;
	return n >= 1 && n < r->bits && (half >> ((n - 1) & 31) & 1);
}

/* Whether bit i (0 = the first sent) of r's frames has halves twice as long. */
static inline int lircd_biphase_double(const struct lircd_biphase_remote *r, unsigned int i)
{
	unsigned int half = i >= 32 ? r->double_bits[1] : r->double_bits[0];

	return half >> (i & 31) & 1;
}

/* The maps as the host fills them, for bpf_image_host_map() (bpf_image.h). */
#define LIRCD_BIPHASE_REMOTES_MAP_LAYOUT { LIRCD_BIPHASE_REMOTES_MAP, BPF_MAP_TYPE_ARRAY,	\
					   sizeof(unsigned int),			\
					   sizeof(struct lircd_biphase_remote),		\
					   LIRCD_BIPHASE_REMOTES_MAX }
#define LIRCD_BIPHASE_INDEX_MAP_LAYOUT { LIRCD_BIPHASE_INDEX_MAP, BPF_MAP_TYPE_HASH,	\
					 sizeof(unsigned int),				\
					 sizeof(struct lircd_space_candidates),		\
					 LIRCD_BIPHASE_INDEX_MAX }

#endif
