/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The map through which the raw decoder (raw.c) gets its patterns: shared by the
 * decoder and by the program that fills the map from a keymap's [[protocols.raw]]
 * entries. Plain C types only: the layout is the same for the BPF target and the
 * host (4-byte unsigned int, 2-byte unsigned short, no padding).
 *
 * Map "raw_patterns": an array of RAW_MAX_PATTERNS entries, key = index. Entry i holds
 * a scancode and the pattern's durations in µs, pulse first and alternating, ending
 * with a pulse; the rest of the array is 0. The first entry whose durations[0] is 0
 * ends the list, so fill entries from index 0 without holes. The keymap maps each
 * scancode (for instance the index) to the pattern's key.
 *
 * Parameter trail_space: a space at least this long ends a pattern. It must exceed
 * every space inside the patterns (the loader sets it from them: the longest space plus
 * twice the margin is a good choice).
 */
#ifndef IRKIT_RAW_PATTERN_H
#define IRKIT_RAW_PATTERN_H

#define RAW_MAP_NAME		"raw_patterns"
/*
 * The kernel's verifier walks every iteration of the decoder's loop over the patterns:
 * 512 keeps it far within its limit of a million instructions.
 */
#define RAW_MAX_PATTERNS	512
#define RAW_MAX_DURATIONS	127	/* pulses and spaces of one pattern; 2^n - 1 */

struct raw_pattern {
	unsigned int scancode;
	unsigned short durations[RAW_MAX_DURATIONS + 1];	/* ends with a 0 */
};

/*
 * The map as the host fills it, for bpf_image_host_map() (bpf_image.h): a decoder
 * whose "raw_patterns" map has another layout is refused, never written.
 */
#define RAW_MAP_LAYOUT { RAW_MAP_NAME, BPF_MAP_TYPE_ARRAY, sizeof(unsigned int), \
			 sizeof(struct raw_pattern), RAW_MAX_PATTERNS }

#endif
