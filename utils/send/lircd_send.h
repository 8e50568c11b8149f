/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * A button of a lircd.conf(5) remote into the train LIRC sends for it: what lircd
 * writes for "SEND_ONCE REMOTE BUTTON" with a repeat count, and what LIRC's irsimsend
 * writes to simsend.out for the same button and count (tests/lircd-send-corpus.py
 * compares the two over LIRC's remotes database).
 *
 * The button: a remote's button by its LIRC name (case ignored, as lircd does), else
 * the first button whose name lircd_keymap_button_keycode() maps to the same key as
 * `key` (KEY_POWER finds a button "power" or "KEY_POWER"); in the first remote of the
 * file that has it, or with "REMOTE:BUTTON" in the remote of that name (its case
 * counts).
 *
 * The train, frame by frame, as LIRC's transmitter builds it:
 *   header | plead | pre_data | pre | code | post | post_data | ptrail | foot (a space
 *   then a pulse) | gap
 * each field most significant bit first (REVERSE: least significant bit first, but
 * of a button's codes only the first, as lircd), a bit as its pulse and space
 * (SPACE_FIRST: space then pulse; RC5 and RC6: a one is its space then its pulse, a
 * zero its pulse then its space, rc6_mask's bits of double length; RC-MM two bits a
 * symbol of zero, one, two, three; XMP a nibble n as zero's pulse and zero's space
 * plus n times one's space). A RAW_CODES button is its durations. Adjacent pulses (or
 * spaces) are one; a space at a frame's start is not sent, nor the space at its end
 * (nor counted in the frame's length), and the gap follows: gap (the smaller of "gap
 * A B"), with CONST_LENGTH the gap less the frame's length (NO_HEAD_REP: less its
 * header too), repeat_gap after a repeat code.
 *
 * repeat more frames follow the first, at least min_repeat of them (lircd sends
 * those whatever the count): the repeat code where the remote has one (the header
 * before it with REPEAT_HEADER), else the frame again, without header or foot under
 * NO_HEAD_REP or NO_FOOT_REP, its repeat_mask bits inverted. toggle_bit_mask is
 * applied as on lircd's first press after it starts (no state is kept between two
 * runs): a one-bit mask sets its bit; a wider one inverts the bits of the mask that are
 * set in the remote's first code, or the whole mask when none is. toggle_mask inverts
 * its bits in every other frame, from the second. A button of several codes sends them in
 * turn, one a frame, and all of them in one go when the gap is under 10 ms, as lircd
 * does. suppress_repeat and min_code_repeat concern receiving, and change nothing here.
 *
 * Refused with the file and line of the remote: GOLDSTAR, GRUNDIG, BO and SERIAL
 * remotes and driver-decoded codes (lircd cannot send them either), a CONST_LENGTH gap
 * shorter than the frame.
 */
#ifndef IRKIT_LIRCD_SEND_H
#define IRKIT_LIRCD_SEND_H

#include "ir_error.h"
#include "ir_train.h"

/* A gap below which lircd sends a button's codes in one go (LIRC's exact-gap limit). */
#define LIRCD_SEND_GAP_CONCAT_MAX 10000

/*
 * Append the train of key (a button, or "REMOTE:BUTTON") of the lircd.conf at path,
 * with repeat repeats, to train, its last duration the gap. Returns 0; -ENOENT for a
 * button (or remote) the file does not have; -EOPNOTSUPP for a remote LIRC cannot
 * send; -EINVAL for a remote it refuses to send this way, or the file's own errors
 * (lircd_conf_load_file()); -E2BIG, -ERANGE past ir_train's limits; -ENOMEM. err says
 * which; the train is as it was on error.
 */
int lircd_send_key(const char *path, const char *key, unsigned int repeat,
		   struct ir_train *train, struct ir_error *err);

#endif
