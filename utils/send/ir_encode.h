/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Scancode to pulse/space train for the protocols of the kernel's enum rc_proto
 * (<linux/lirc.h>), the same train, duration by duration, as the kernel's own encoder
 * of the protocol makes (ir_raw_encode_scancode(), which lirc_dev uses for a
 * LIRC_MODE_SCANCODE write): same timings, same bit order, same trailing space.
 * The kernel has no encoder for XMP, CEC, XBox DVD, "unknown" and "other". For XMP
 * ours sends what the kernel's decoder (ir-xmp-decoder.c) reads, in its scancode
 * layout, with the timings, OEM code and toggles of the JP1 wiki's XMP IRP; for the
 * others we have none.
 *
 * Where the kernel ignores the bits of a scancode its protocol cannot carry, we refuse
 * them (-EINVAL), as we refuse what the kernel refuses (rc_validate_scancode(): an
 * NEC-X address or NEC-32 command that would be read as a shorter NEC, an RC-6-MCE
 * customer code other than 0x800f, an RC-6-6A-32 one that is 0x800f).
 *
 * Protocols are named as ir-ctl names them ("nec", "necx", "rc6_mce", "rc-mm-12",
 * "mcir2-kbd"); a name is found ignoring case, '-' and '_', so the kernel's names
 * ("nec-x", "rc-6-mce", "sony-12") and enum names ("rcmm12") are found too.
 */
#ifndef IRKIT_IR_ENCODE_H
#define IRKIT_IR_ENCODE_H

#include <stdbool.h>
#include <stdint.h>

#include "ir_error.h"
#include "ir_train.h"

/* The enum rc_proto of a protocol we can encode, by name; -ENOENT if none. */
int ir_encode_proto_from_name(const char *name);

/* The name of rc_proto, if we can encode it; NULL otherwise. */
const char *ir_encode_proto_name(uint32_t rc_proto);

/* The scancode bits the protocol carries (the kernel's), 0 if we cannot encode it. */
uint32_t ir_encode_scancode_bits(uint32_t rc_proto);

/* The carrier the kernel sends the protocol on, in Hz; 0 if we cannot encode it. */
uint32_t ir_encode_carrier(uint32_t rc_proto);

/*
 * Append one frame of scancode in rc_proto to train (empty or not). Returns 0;
 * -EOPNOTSUPP for a protocol with no encoder; -EINVAL for a scancode the protocol
 * cannot carry, err naming the protocol and the bits that do not fit; -ENOMEM. On
 * error the train is as it was.
 */
int ir_encode_scancode(struct ir_train *train, uint32_t rc_proto, uint64_t scancode,
		       struct ir_error *err);

/*
 * Append one XMP frame of scancode with toggle nibble toggle (0 on a key's first
 * frame, 8 on its repeats). Returns 0 or -ENOMEM.
 */
int ir_encode_xmp(struct ir_train *train, uint32_t scancode, unsigned int toggle);

#endif
