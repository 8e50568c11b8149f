/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The maps through which the lircd_raw decoder (lircd_raw.c) gets its patterns:
 * shared by the decoder and by the host that fills them from a lircd.conf's
 * RAW_CODES remotes. Plain C types only: the layout is the same for the BPF target
 * and the host (4-byte unsigned int, 2-byte unsigned short, no padding).
 *
 * Map "lircd_raw_patterns": an array of LIRCD_RAW_PATTERNS_MAX patterns, key = index.
 * A pattern is one button of one remote: its scancode, its durations in µs (pulse
 * first and alternating, ending with a pulse, then 0), the remote's margin (a sample
 * matches an expected duration when |d - expected| < margin) and the remote's
 * end_space: after the pattern's last pulse, a space at least that long (or a
 * timeout) ends the frame. The patterns of one remote are consecutive entries.
 *
 * Map "lircd_raw_index": a hash map from a frame's first pulse and space, each
 * quantized by lircd_raw_bucket(), as lircd_raw_index_key(), to the remotes whose
 * patterns may start with such a pair: at most LIRCD_RAW_REMOTES of them, each as the
 * range of its patterns (first entry, count; count 0 past the last remote), in order
 * of priority (the first pattern, in that order, that a frame matches is reported).
 * The patterns of one index entry are at most LIRCD_RAW_ALIVE_MAX. The decoder looks
 * up a frame's first pair once and compares the later samples only with the patterns
 * still matching among those: the work per sample is bounded by the buttons of the
 * few remotes that start alike, never by the number of remotes.
 *
 * Parameters: rc_protocol, the protocol number of the reports (default 72);
 * sync_space, the shortest end_space of the patterns (a frame no pattern matches is
 * ignored up to a space that long); candidates, the most patterns one index entry
 * gives (the loop bound the kernel's verifier walks; at most LIRCD_RAW_ALIVE_MAX).
 * Reports: bpf_rc_keydown(protocol, the pattern's scancode, toggle 0) at the space
 * that ends a frame; a held button repeats its frame, which rc-core takes as a repeat.
 */
#ifndef IRKIT_LIRCD_RAW_TABLE_H
#define IRKIT_LIRCD_RAW_TABLE_H

#define LIRCD_RAW_PATTERNS_MAP		"lircd_raw_patterns"
#define LIRCD_RAW_INDEX_MAP		"lircd_raw_index"
#define LIRCD_RAW_PATTERNS_MAX		4096
/* Pulses and spaces of one pattern; 2^n - 1. */
#define LIRCD_RAW_DURATIONS_MAX		127
/* Remotes of one first pair. */
#define LIRCD_RAW_REMOTES		4
/* Patterns followed at once: the buttons of the remotes of one first pair; 2^n. */
#define LIRCD_RAW_ALIVE_MAX		256
#define LIRCD_RAW_INDEX_MAX		65536
#define LIRCD_RAW_BUCKET_US		100
/* The bucket of every space from LIRCD_RAW_BUCKET_LONG buckets on, and of timeouts. */
#define LIRCD_RAW_BUCKET_LONG		256

struct lircd_raw_pattern {
	unsigned int scancode;
	unsigned int margin;		/* at least 1 */
	unsigned int end_space;		/* a space at least this long ends the frame */
	unsigned short durations[LIRCD_RAW_DURATIONS_MAX + 1];	/* ends with a 0 */
};

struct lircd_raw_remotes {
	unsigned short first[LIRCD_RAW_REMOTES];	/* a remote's first pattern */
	unsigned short count[LIRCD_RAW_REMOTES];	/* its patterns; 0: no remote */
};

/* The bucket of a duration in µs (a timeout: LIRCD_RAW_BUCKET_LONG). */
static inline unsigned int lircd_raw_bucket(unsigned int us)
{
	unsigned int bucket = us / LIRCD_RAW_BUCKET_US;

	return bucket < LIRCD_RAW_BUCKET_LONG ? bucket : LIRCD_RAW_BUCKET_LONG;
}

/* The index key of a first pair's buckets. */
static inline unsigned int lircd_raw_index_key(unsigned int pulse_bucket,
					       unsigned int space_bucket)
{
	return pulse_bucket << 16 | space_bucket;
}

/* The maps as the host fills them, for bpf_image_host_map() (bpf_image.h). */
#define LIRCD_RAW_PATTERNS_MAP_LAYOUT { LIRCD_RAW_PATTERNS_MAP, BPF_MAP_TYPE_ARRAY,	\
					sizeof(unsigned int),				\
					sizeof(struct lircd_raw_pattern),		\
					LIRCD_RAW_PATTERNS_MAX }
#define LIRCD_RAW_INDEX_MAP_LAYOUT { LIRCD_RAW_INDEX_MAP, BPF_MAP_TYPE_HASH,		\
				     sizeof(unsigned int),				\
				     sizeof(struct lircd_raw_remotes),			\
				     LIRCD_RAW_INDEX_MAX }

#endif
