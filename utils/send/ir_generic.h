/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Encoders for irkit's generic decoders (bpf_protocols/: pulse_distance, pulse_length,
 * manchester, rc_mm_generic, xbox_dvd, samsung36, grundig, raw), with a keymap entry's
 * parameters: each makes the train that the decoder, given the same parameters, reports
 * the scancode for. A parameter the entry does not set has the decoder's default.
 *
 * Every frame ends in a gap: IR_GENERIC_GAP µs, or three times the frame's longest
 * duration when that is longer, so that the decoder sees the frame end (raw: at least
 * its trail_space too). A repeat (repeat > 0) is the entry's repeat frame where the
 * decoder has one (pulse_distance and pulse_length with a repeat_pulse: repeat_pulse,
 * repeat_space, the trailer pulse), else the frame again, with the same toggle.
 */
#ifndef IRKIT_IR_GENERIC_H
#define IRKIT_IR_GENERIC_H

#include <stdbool.h>
#include <stdint.h>

#include "ir_error.h"
#include "ir_train.h"
#include "keymap.h"

#define IR_GENERIC_GAP 40000

/*
 * Whether protocol (a keymap's protocol name) is one of those decoders, by their names
 * and aliases, ignoring case, '-' and '_' ("rc_mm" is the kernel's RC-MM: the generic
 * one is "rc_mm_generic").
 */
bool ir_generic_claims(const char *protocol);

/*
 * Append scancode (one of entry's) in entry's protocol (one ir_generic_claims() takes),
 * and repeat repeats, to train. file names the keymap in messages. Returns 0; -EINVAL for a
 * scancode the decoder cannot report with these parameters or a parameter out of
 * range (err: "FILE:LINE: ..."); -EOPNOTSUPP for raw, which has patterns, not
 * scancodes (ir_generic_encode_raw()); -E2BIG, -ERANGE, -ENOMEM from the train. The
 * train may have part of the frames on error.
 */
int ir_generic_encode(const struct keymap_protocol *entry, const char *file,
		      const struct keymap_scancode *scancode, unsigned int repeat,
		      struct ir_train *train, struct ir_error *err);

/* A raw pattern of entry (protocol raw), its gap, and repeat times again. */
int ir_generic_encode_raw(const struct keymap_protocol *entry, const char *file,
			  const struct keymap_raw *raw, unsigned int repeat,
			  struct ir_train *train, struct ir_error *err);

#endif
