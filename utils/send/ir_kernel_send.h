/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * A kernel protocol's scancode as a remote sends it for a held button: the frame of
 * ir_encode.h, then `repeat` repeats. NEC, NEC-X and NEC-32 repeat with NEC's repeat
 * code (a 9 ms pulse, a 2.25 ms space, a 562.5 µs pulse), which the kernel's NEC
 * decoder reports as a repeat of the last key; every other protocol sends its frame
 * again. A frame, and a repeat code, starts IR_KERNEL_PERIOD of the protocol after the
 * one before where the protocol has a period (NEC and Sanyo 108 ms, RC-5 114 ms,
 * RC-6 107 ms, Sony 45 ms): its trailing space is lengthened to it; the others
 * follow each other after the kernel encoder's own trailing space.
 *
 * A keymap's protocol name that stands for several of the kernel's protocols ("nec",
 * "rc5", "rc6", "sony", "rc_mm", "mce_kbd", and the BPF ports' names, "nec_bpf") is
 * sent in the first of them that carries the scancode (nec, then necx, then nec32):
 * the one the kernel's decoder reports the scancode in. A keymap's variant is tried
 * first: the kernel's decoders report every variant whatever a keymap says (the
 * kernel's ct-90405 table is NEC with NEC-X scancodes in it).
 */
#ifndef IRKIT_IR_KERNEL_SEND_H
#define IRKIT_IR_KERNEL_SEND_H

#include <stdint.h>

#include "ir_error.h"
#include "ir_train.h"

/*
 * Append scancode in rc_proto, and repeat repeats, to train. Returns 0 or
 * ir_encode_scancode()'s errors. The train may have part of the frames on error.
 */
int ir_kernel_send(struct ir_train *train, uint32_t rc_proto, uint64_t scancode,
		   unsigned int repeat, struct ir_error *err);

/*
 * The same for a keymap's protocol name and variant (NULL for none). Returns 0; -ENOENT
 * (err untouched) when neither is a kernel protocol we encode; ir_kernel_send()'s
 * errors, -EINVAL with the first candidate's message when none carries the scancode.
 */
int ir_kernel_send_name(struct ir_train *train, const char *protocol, const char *variant,
			uint64_t scancode, unsigned int repeat, struct ir_error *err);

#endif
