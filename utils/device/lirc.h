/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The LIRC character device (/dev/lircN) of an rc device, and the kernel's protocol
 * names.
 *
 * Receiving: LIRC_MODE_SCANCODE gives one struct lirc_scancode per decoded message (by
 * a kernel decoder or a BPF program's bpf_rc_keydown/bpf_rc_repeat): timestamp in ns of
 * CLOCK_MONOTONIC, flags LIRC_SCANCODE_FLAG_TOGGLE / _REPEAT, rc_proto, scancode and
 * the keycode the keytable gave it; LIRC_MODE_MODE2 gives one 32-bit sample per pulse,
 * space or timeout (LIRC_MODE2_* in the top byte, microseconds below).
 * Sending: LIRC_MODE_PULSE takes an odd number of durations (pulse, space, ..., pulse);
 * LIRC_MODE_SCANCODE takes one struct lirc_scancode with only rc_proto and scancode
 * set, which the kernel encodes (for protocols it has an encoder for). rc-loopback
 * sends what is written back to its own receiver.
 *
 * Functions take an open descriptor and return 0 or a negative errno.
 */
#ifndef IRKIT_LIRC_H
#define IRKIT_LIRC_H

#include <stddef.h>
#include <stdint.h>
#include <linux/lirc.h>

#include "ir_error.h"

int lirc_get_features(int fd, uint32_t *ret_features);	/* LIRC_CAN_* bits */
int lirc_get_rec_mode(int fd, uint32_t *ret_mode);
/* LIRC_MODE_SCANCODE or LIRC_MODE_MODE2; -ENOTTY on a device that cannot receive. */
int lirc_set_rec_mode(int fd, uint32_t mode);
/* LIRC_MODE_PULSE or LIRC_MODE_SCANCODE; -ENOTTY on a device that cannot send. */
int lirc_set_send_mode(int fd, uint32_t mode);

/* The receiver's timeout in microseconds (LIRC_GET_REC_TIMEOUT: Linux 5.4 and later). */
int lirc_get_rec_timeout(int fd, uint32_t *ret_timeout_us);
int lirc_set_rec_timeout(int fd, uint32_t timeout_us);
int lirc_get_rec_timeout_range(int fd, uint32_t *ret_min_us, uint32_t *ret_max_us);

/*
 * Read up to max records (at least one, unless the descriptor is non-blocking and
 * there is nothing: -EAGAIN). *ret_count is 0 at end of file; -ENODEV when the device
 * has gone away; -EIO for a partial record.
 */
int lirc_read_scancodes(int fd, struct lirc_scancode *scancodes, size_t max,
			size_t *ret_count);
int lirc_read_samples(int fd, uint32_t *samples, size_t max, size_t *ret_count);

/*
 * Send pulses and spaces (LIRC_MODE_PULSE, the default send mode): count odd, starting
 * and ending with a pulse, every duration 1 to LIRC_VALUE_MASK microseconds (-EINVAL
 * otherwise, before anything is written). The kernel limits how many it takes at once
 * and their total length (-EINVAL, err says so).
 */
int lirc_write_pulses(int fd, const uint32_t *durations, size_t count,
		      struct ir_error *err);

/*
 * Send one scancode (after lirc_set_send_mode(fd, LIRC_MODE_SCANCODE)). -EINVAL from
 * the kernel for a protocol it cannot encode or a scancode invalid for it.
 */
int lirc_write_scancode(int fd, uint32_t rc_proto, uint64_t scancode,
			struct ir_error *err);

/*
 * The kernel's names for enum rc_proto (rc-main.c's protocol table, the names of the
 * keymaps' "variant" field): "nec", "nec-x", "nec-32", "rc-5", "rc-6-mce", "sony-12",
 * ... NULL for a number outside the enum (BPF decoders use 64 and up).
 */
const char *lirc_proto_name(uint32_t rc_proto);

/*
 * The protocols-file name of the kernel decoder that produces rc_proto, which groups
 * variants: "nec" for nec, nec-x and nec-32; "rc-6" for all rc-6 variants; "sony";
 * "rc-mm"; "mce_kbd" for mcir2-kbd and mcir2-mse. NULL outside the enum.
 */
const char *lirc_proto_sysfs_name(uint32_t rc_proto);

/*
 * The enum's own name of rc_proto, lower case, without RC_PROTO_: "nec32", "rc5x_20",
 * "rc6_mce", "rcmm12", "xbox_dvd". ir-keytable's test mode names protocols this way
 * ("lirc protocol(nec32): scancode = ..."), so scripts that read its output expect
 * them. NULL outside the enum.
 */
const char *lirc_proto_enum_name(uint32_t rc_proto);

/* The enum rc_proto value of a kernel name (case-insensitive), or -ENOENT. */
int lirc_proto_from_name(const char *name);

#endif
