/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The tables of the lircd_biphase decoder (bpf_protocols/lircd_biphase_table.h): a
 * remote's descriptor from a keymap entry's parameters, the descriptors of many
 * remotes merged where one decodes them alike, and the index of first pairs, so that
 * the decoder finds a frame's few candidates from its first pulse and space. The host
 * builds them before it touches any device, and writes them into the maps that
 * bpf_image_host_map() found with the layouts of that header.
 *
 * A remote's descriptor comes from a keymap entry's parameters here
 * (lircd_biphase_remote_set()), so the planner only collects them. Merged descriptors
 * take several frame lengths (the scancode's marker bit above the bits received keeps
 * them apart), and the merged margin covers each remote's distance from the merged
 * durations as many times as one sample may hold it (two halves, each double). The
 * index holds every first pulse and space a descriptor's frames may start with (with
 * and without header, each value of the first three bits), to at most
 * LIRCD_SPACE_CANDIDATES (4) descriptors; the planner puts a fifth into the next
 * program whose index takes it. The decoder reads each candidate's frame as parts
 * (header, plead, two halves a bit, a sample covering one part or two of one kind),
 * so its work per sample is bounded by the candidates: tests/unit/test-lircd-biphase
 * measures the same instructions per sample with 1, 10 and 100 remotes.
 */
#ifndef IRKIT_LIRCD_BIPHASE_INDEX_H
#define IRKIT_LIRCD_BIPHASE_INDEX_H

#include <stddef.h>
#include <stdint.h>
#include <linux/bpf.h>

#include "ir_error.h"
#include "lircd_space_index.h"
#include "../bpf_protocols/lircd_biphase_table.h"

/*
 * Sets the field of a keymap parameter (header_pulse, header_space, plead, one_space,
 * one_pulse, zero_pulse, zero_space, margin, end_space, bits, double_bits (the 64-bit
 * mask), lengths (the 64-bit mask), header_optional, first_one). Returns 0; -ENOENT,
 * err untouched, for a name of no field; -ERANGE with err set for a value out of the
 * field's range.
 */
int lircd_biphase_remote_set(struct lircd_biphase_remote *r, const char *name,
			     int64_t value, struct ir_error *err);

/*
 * The space that ends r's frames: longer, by the margin, than any space within one
 * (a half, or two of neighbouring bits, or the header space and a first 1's).
 */
unsigned int lircd_biphase_end_space(const struct lircd_biphase_remote *r);

/*
 * One descriptor: bits 1 to 64, no longer lengths, double bits within bits, margin at
 * least 1, a header of both a pulse and a space or none, every half of a bit longer
 * than 0, durations below 2^24, flags known, LIRCD_BIPHASE_FIRST_ONE only with no
 * plead. Returns 0, or -EINVAL with err set.
 */
int lircd_biphase_remote_check(const struct lircd_biphase_remote *r, struct ir_error *err);

/*
 * Whether one descriptor can decode other's frames as other would, into the same
 * scancodes: the same flags, double bits and parts (header, plead), every duration's
 * window overlapping other's. Then into becomes a descriptor of both: each duration
 * the middle of the two windows together, the margin what the widest needs and what
 * a sample of two halves, each double, needs of each remote's distance from it, the
 * lengths of both, end_space past every space of both. Refused (0, into unchanged)
 * when the margin would reach half the shortest half (one half and two would mix).
 * Returns 1 or 0.
 */
int lircd_biphase_remote_merge(struct lircd_biphase_remote *into,
			       const struct lircd_biphase_remote *other);

/*
 * Adds the first pairs of r's frames to fp as remote number remote
 * (lircd_first_pairs_keys() then gives its keys). 0 or -ENOMEM.
 */
int lircd_biphase_remote_pairs(struct lircd_first_pairs *fp,
			       const struct lircd_biphase_remote *r, unsigned int remote);

/*
 * Checks the descriptors (count at most LIRCD_BIPHASE_REMOTES_MAX) and builds the
 * index: *ret_count entries sorted by key in *ret_entries (free() it). A first pair
 * that more than LIRCD_SPACE_CANDIDATES descriptors may start, or more than
 * LIRCD_BIPHASE_INDEX_MAX entries, is refused. Returns 0, -EINVAL or -E2BIG with err
 * set (naming the descriptor by its index), or -ENOMEM.
 */
int lircd_biphase_index_build(const struct lircd_biphase_remote *remotes, size_t count,
			      struct lircd_space_index_entry **ret_entries, size_t *ret_count,
			      struct ir_error *err);

/*
 * The tables of one program from the descriptors of every keymap entry: each merged
 * into the first earlier one that takes it (lircd_biphase_remote_merge()), then the
 * index built. *ret_remotes (*ret_remote_count) and *ret_entries (*ret_entry_count)
 * are the caller's to free(). Returns 0, -EINVAL or -E2BIG with err set, or -ENOMEM.
 */
int lircd_biphase_tables_build(const struct lircd_biphase_remote *requests, size_t count,
			       struct lircd_biphase_remote **ret_remotes,
			       size_t *ret_remote_count,
			       struct lircd_space_index_entry **ret_entries,
			       size_t *ret_entry_count, struct ir_error *err);

#endif
