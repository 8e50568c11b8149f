/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The maps through which the lircd_space decoder (lircd_space.c) gets its remotes:
 * shared by the decoder and by the host that fills them from a lircd.conf's
 * space-coded remotes (SPACE_ENC). Plain C types only: the layout is the same for the
 * BPF target and the host (4-byte unsigned int, 2-byte unsigned short, no padding).
 *
 * Map "lircd_space_remotes": an array of LIRCD_SPACE_REMOTES_MAX descriptors, key =
 * index. One descriptor per remote (struct lircd_space_remote): its durations in µs
 * and how its frames and repeat codes are built. A frame is
 *
 *	[header] bits x (pulse space) [trailer_pulse] space >= end_space
 *
 * the bits MSB first as received (LIRCD_SPACE_REVERSE: LSB first). A bit is a 1 when
 * its pulse and space lie within margin of one_pulse and one_space, else a 0 when they
 * lie within margin of zero_pulse and zero_space (one is tried first). With no
 * trailer_pulse the last bit's space runs into the gap: that bit is told by its pulse
 * alone (pulse-length remotes); a pulse-distance remote with no pulse after its last
 * bit is described by the host with that bit's pulse as the trailer and one bit less.
 * A repeat code is
 *
 *	[header (LIRCD_SPACE_REPEAT_HEADER)] repeat_pulse repeat_space [repeat_trailer]
 *	space >= end_space
 *
 * and with no repeat_trailer the repeat space runs into the gap: any space from
 * repeat_space on that ends a frame. A descriptor with repeat_pulse 0 has no repeat
 * code. "Within margin" is strictly: |d - expected| < margin.
 *
 * Map "lircd_space_index": a hash map from the first pulse and space of a frame,
 * each quantized by lircd_space_bucket(), as lircd_space_index_key(), to the
 * descriptors whose frame or repeat code may start with such a pair: at most
 * LIRCD_SPACE_CANDIDATES of them, as index + 1, in order of priority (the first that
 * decodes a frame reports it), 0 past the last. The host enters every bucket pair
 * that a descriptor's windows touch: its header, its first bit (no header, or
 * LIRCD_SPACE_HEADER_OPTIONAL), its repeat code (buckets from repeat_space -
 * margin to LIRCD_SPACE_BUCKET_LONG when the repeat space runs into the gap). The
 * decoder looks up the first pair of each frame once and then follows only those
 * candidates, so the work per sample does not grow with the number of remotes.
 *
 * Parameter rc_protocol: the protocol number of the reports (default 70).
 * Reports: bpf_rc_keydown(protocol, the frame's bits as received, as many as the
 * frame had (bits, or a shorter length of lengths), the smaller of them and them
 * with flip_mask inverted, toggle 0) at the space that ends a frame; bpf_rc_repeat() at the end of a repeat code of the remote whose key
 * was reported last.
 */
#ifndef IRKIT_LIRCD_SPACE_TABLE_H
#define IRKIT_LIRCD_SPACE_TABLE_H

#define LIRCD_SPACE_REMOTES_MAP		"lircd_space_remotes"
#define LIRCD_SPACE_INDEX_MAP		"lircd_space_index"
#define LIRCD_SPACE_REMOTES_MAX		256
/* Candidates of one first pair: the bound of the work per sample. */
#define LIRCD_SPACE_CANDIDATES		4
/*
 * Entries of the index: with 100 µs buckets a descriptor whose margin is 300 µs
 * covers 7 x 7 bucket pairs per window pair; 65536 leaves room for 256 remotes of
 * generous margins. The kernel allocates them as they are filled (BPF_F_NO_PREALLOC).
 */
#define LIRCD_SPACE_INDEX_MAX		65536
#define LIRCD_SPACE_BUCKET_US		100
/* The bucket of every space from LIRCD_SPACE_BUCKET_LONG buckets on, and of timeouts. */
#define LIRCD_SPACE_BUCKET_LONG		256
#define LIRCD_SPACE_BITS_MAX		64

enum lircd_space_flags {
	LIRCD_SPACE_REVERSE = 1 << 0,		/* bits sent LSB first */
	LIRCD_SPACE_HEADER_OPTIONAL = 1 << 1,	/* a frame may start with its first bit */
	LIRCD_SPACE_REPEAT_HEADER = 1 << 2,	/* the header comes before the repeat code */
	LIRCD_SPACE_FLAGS_MAX = 1 << 3,
};

struct lircd_space_remote {
	unsigned int header_pulse;	/* 0 0: no header */
	unsigned int header_space;
	unsigned int one_pulse;
	unsigned int one_space;
	unsigned int zero_pulse;
	unsigned int zero_space;
	unsigned int trailer_pulse;	/* after the last bit; 0: none */
	unsigned int repeat_pulse;	/* 0: no repeat code */
	unsigned int repeat_space;
	unsigned int repeat_trailer;	/* after the repeat space; 0: none */
	unsigned int margin;		/* at least 1 */
	unsigned int end_space;		/* a space at least this long ends a frame */
	unsigned int bits;		/* 1 to LIRCD_SPACE_BITS_MAX */
	unsigned int flags;		/* enum lircd_space_flags */
	/*
	 * Shorter frames also taken: bit n - 1 of the 64-bit mask (lengths[0] its low
	 * half) set takes frames of n < bits bits, read as the longest would be until
	 * their trailer (or last bit) ends them early; 0 0: only frames of bits bits.
	 */
	unsigned int lengths[2];
	/*
	 * lircd.conf's toggle_mask as a scancode (flip_mask[0] its low half; 0 0: none):
	 * such a remote sends a press's frames with those bits inverted in every other
	 * one, and lircd takes both as the button. Of a frame's scancode and that
	 * scancode with the mask inverted, the smaller is reported, so that every frame
	 * of a press gives one scancode (a key held, not pressed again).
	 */
	unsigned int flip_mask[2];
};

struct lircd_space_candidates {
	unsigned short remote[LIRCD_SPACE_CANDIDATES];	/* index + 1; 0: none */
};

/* The bucket of a duration in µs (a timeout: LIRCD_SPACE_BUCKET_LONG). */
static inline unsigned int lircd_space_bucket(unsigned int us)
{
	unsigned int bucket = us / LIRCD_SPACE_BUCKET_US;

	return bucket < LIRCD_SPACE_BUCKET_LONG ? bucket : LIRCD_SPACE_BUCKET_LONG;
}

/* Whether descriptor r takes frames of n bits (n from 0 to LIRCD_SPACE_BITS_MAX). */
static inline int lircd_space_takes_length(const struct lircd_space_remote *r, unsigned int n)
{
	unsigned int half = n > 32 ? r->lengths[1] : r->lengths[0];

	if (n == r->bits)
		return 1;
	return n >= 1 && n < r->bits && (half >> ((n - 1) & 31) & 1);
}

/* The index key of a first pair's buckets. */
static inline unsigned int lircd_space_index_key(unsigned int pulse_bucket,
						 unsigned int space_bucket)
{
	return pulse_bucket << 16 | space_bucket;
}

/* The maps as the host fills them, for bpf_image_host_map() (bpf_image.h). */
#define LIRCD_SPACE_REMOTES_MAP_LAYOUT { LIRCD_SPACE_REMOTES_MAP, BPF_MAP_TYPE_ARRAY,	\
					 sizeof(unsigned int),				\
					 sizeof(struct lircd_space_remote),		\
					 LIRCD_SPACE_REMOTES_MAX }
#define LIRCD_SPACE_INDEX_MAP_LAYOUT { LIRCD_SPACE_INDEX_MAP, BPF_MAP_TYPE_HASH,		\
				       sizeof(unsigned int),				\
				       sizeof(struct lircd_space_candidates),		\
				       LIRCD_SPACE_INDEX_MAX }

#endif
