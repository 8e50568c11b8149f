/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * ir-ctl's device side: a train of pulses and spaces sent whole to a lirc device
 * (LIRC_MODE_PULSE), and a lirc device's receiver set up and read in LIRC_MODE_MODE2.
 *
 * Both check everything before the device is changed: the train is split into writes
 * the kernel takes, the device's features (LIRC_GET_FEATURES) are checked against
 * every setting asked for, the timeout against the device's range; only then are the
 * settings made, in an order where the only refusal left to the kernel (an emitter
 * mask past the device's emitters) comes first. An error names the device and the
 * option whose feature is missing ("/dev/lirc0: the device cannot ... (--wideband)").
 *
 * Devices are opened under a root prefix (rc_device_open_char_node()), so that the
 * golden tests run on a fake tree. Functions return 0 or a negative errno, err set.
 */
#ifndef IRKIT_LIRC_IO_H
#define IRKIT_LIRC_IO_H

#include <stddef.h>
#include <stdint.h>

#include "ir_error.h"

/*
 * What lirc_dev.c takes in one write(): at most LIRCBUF_SIZE values, adding up to at
 * most IR_MAX_DURATION (500 ms); more is EINVAL.
 */
#define LIRC_IO_WRITE_VALUES_MAX 1024
#define LIRC_IO_WRITE_DURATION_MAX 500000

/* One write(): count values of the train from start, then pause µs of silence. */
struct lirc_io_part {
	size_t start;
	size_t count;
	uint32_t pause;
};

/*
 * Split durations (count values, pulse first, ending on a pulse) into writes of at
 * most values_max values and duration_max µs, each ending on a pulse; the space where
 * it is cut becomes the pause after a part. -EINVAL when one pulse alone is longer
 * than duration_max (err says which). *ret_parts is the caller's to free.
 */
int lirc_io_split(const uint32_t *durations, size_t count, size_t values_max,
		  uint32_t duration_max, struct lirc_io_part **ret_parts,
		  size_t *ret_part_count, struct ir_error *err);

/* Send settings; 0 leaves the device's own. */
struct lirc_send_settings {
	uint32_t carrier;	/* Hz (--carrier) */
	uint32_t duty_cycle;	/* percent (--duty-cycle) */
	uint32_t emitters;	/* a mask, bit 0 is emitter 1 (--emitters) */
};

/*
 * Send durations (count values, pulse first, ending on a pulse) to device (a path
 * under root, which may be NULL) with settings: split, checked, then written part by
 * part, the cut spaces waited out.
 */
int lirc_io_send(const char *root, const char *device, const struct lirc_send_settings *settings,
		 const uint32_t *durations, size_t count, struct ir_error *err);

enum lirc_switch {
	LIRC_SWITCH_KEEP,	/* not asked for: the device's setting stays */
	LIRC_SWITCH_OFF,
	LIRC_SWITCH_ON,
	LIRC_SWITCH_MAX,
};

/* Receive settings; 0 and LIRC_SWITCH_KEEP leave the device's own. */
struct lirc_receive_settings {
	enum lirc_switch wideband;		/* --wideband, --narrowband */
	enum lirc_switch measure_carrier;	/* --measure-carrier, --no-measure-carrier */
	uint32_t carrier_low, carrier_high;	/* Hz (--carrier-range); both or neither */
	uint32_t timeout;			/* µs (--timeout) */
};

/*
 * Open device (under root) for receiving when receive is set (it must receive raw IR:
 * LIRC_CAN_REC_MODE2; the descriptor is put in LIRC_MODE_MODE2), or just for the
 * settings otherwise; check every setting against its features and range, then make
 * them. *ret_fd is the caller's to close, and to read samples from with
 * lirc_read_samples() (lirc.h) when receive is set.
 */
int lirc_io_receive_open(const char *root, const char *device,
			 const struct lirc_receive_settings *settings, int receive,
			 int *ret_fd, struct ir_error *err);

/*
 * Open device (under root) read-only and ask what it can do: LIRC_CAN_* bits; the
 * receiver's timeout range and current timeout in µs when it can set one, else 0.
 */
struct lirc_io_features {
	uint32_t features;
	uint32_t timeout_min, timeout_max, timeout;
};

int lirc_io_features(const char *root, const char *device, struct lirc_io_features *ret,
		     struct ir_error *err);

#endif
