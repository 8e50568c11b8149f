/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The index of the lircd_space decoder (bpf_protocols/lircd_space_table.h): from a
 * table of remote descriptors, every entry of the map "lircd_space_index", so that the
 * decoder finds a frame's few candidates from its first pulse and space. The host
 * builds it before it touches any device, and writes the entries, as the descriptors,
 * into the maps that bpf_image_host_map() found with the layouts of that header.
 *
 * A remote's descriptor comes from a keymap entry's parameters here
 * (lircd_space_remote_set()), so the planner only collects them. Descriptors are
 * checked and every overflow of the maps refused before any map is written.
 * lircd_space_remote_merge() makes one descriptor of two remotes that decode alike:
 * sent MSB first, of different lengths too (the descriptor then takes a set of frame
 * lengths, a 64-bit mask beside its longest, and reports the bits received, which is
 * each remote's own scancode); sent LSB first, pre_data and post_data are reversed
 * apart, so remotes of different lengths stay apart. The decoder's work per sample is
 * bounded by a first pair's candidates, not by the remotes: tests/unit/
 * test-lircd-space measures it with 1, 10 and 100 remotes.
 */
#ifndef IRKIT_LIRCD_SPACE_INDEX_H
#define IRKIT_LIRCD_SPACE_INDEX_H

#include <stddef.h>
#include <stdint.h>
#include <linux/bpf.h>

#include "ir_error.h"
#include "lircd_first_pairs.h"
#include "../bpf_protocols/lircd_space_table.h"

struct lircd_space_index_entry {
	unsigned int key;			/* lircd_space_index_key() */
	struct lircd_space_candidates value;
};

/*
 * Sets the field of a keymap parameter (header_pulse, header_space, one_pulse,
 * one_space, zero_pulse, zero_space, trailer_pulse, repeat_pulse, repeat_space,
 * repeat_trailer, margin, end_space, bits, and the flags reverse, header_optional,
 * repeat_header). Returns 0; -ENOENT, err untouched, for a name of no field; -ERANGE
 * with err set for a value out of the field's range.
 */
int lircd_space_remote_set(struct lircd_space_remote *r, const char *name, int64_t value,
			   struct ir_error *err);

/*
 * One descriptor: bits 1 to 64, margin at least 1, durations below 2^24, flags known.
 * Returns 0, or -EINVAL with err set.
 */
int lircd_space_remote_check(const struct lircd_space_remote *r, struct ir_error *err);

/*
 * Adds the first pairs of r's frames and repeat codes to fp as remote number remote
 * (lircd_first_pairs_keys() then gives its keys). 0 or -ENOMEM.
 */
int lircd_space_remote_pairs(struct lircd_first_pairs *fp, const struct lircd_space_remote *r,
			     unsigned int remote);

/*
 * Whether one descriptor can decode other's frames and repeat codes as other would,
 * into the same scancodes: the same flags and parts (header, trailer, repeat code,
 * its trailer, each there in both or in neither), every duration's window
 * overlapping other's, the same bits or, not REVERSE, any (the scancode is then the
 * bits received, whichever the length). Then into becomes a descriptor of both: each
 * expected duration the middle of the two windows together, the margin what the
 * widest of them needs (no narrower than before), end_space the longer, bits the
 * longer and lengths the others of both. Refused (0, into unchanged) when that
 * margin would let a 0 pass for a 1. Returns 1 or 0.
 */
int lircd_space_remote_merge(struct lircd_space_remote *into,
			     const struct lircd_space_remote *other);

/*
 * Checks the descriptors (count at most LIRCD_SPACE_REMOTES_MAX; bits 1 to 64, margin
 * at least 1, durations below 2^24, flags known) and builds the index: an array of
 * *ret_count entries, sorted by key, in *ret_entries (free() it). A first pair that
 * more than LIRCD_SPACE_CANDIDATES descriptors may start, or more than
 * LIRCD_SPACE_INDEX_MAX entries, is refused. Returns 0, -EINVAL or -E2BIG with err
 * set (naming the descriptor by its index), or -ENOMEM.
 */
/*
 * The first pairs of a table-driven decoder's remotes (family names the decoder in
 * messages; remotes numbered index + 1) as the entries of an index of struct
 * lircd_space_candidates: sorted by key, each key's remotes once each, in order; an
 * array of *ret_count entries in *ret_entries (free() it). fp is sorted on the way.
 * More than LIRCD_SPACE_CANDIDATES remotes under one key, or more than entries_max
 * entries, is refused. Returns 0, -E2BIG with err set, or -ENOMEM. The lircd_biphase
 * index has the same entries.
 */
int lircd_space_index_entries(struct lircd_first_pairs *fp, const char *family,
			      size_t entries_max, struct lircd_space_index_entry **ret_entries,
			      size_t *ret_count, struct ir_error *err);

int lircd_space_index_build(const struct lircd_space_remote *remotes, size_t count,
			    struct lircd_space_index_entry **ret_entries, size_t *ret_count,
			    struct ir_error *err);

#endif
