/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * A lircd.conf(5) as a keymap: each remote of the file (struct lircd_conf) becomes one
 * protocol entry of a struct keymap, with its own scancodes. Space-coded remotes are
 * entries of the table-driven lircd_space decoder (bpf_protocols/lircd_space_table.h),
 * whose parameters describe the remote: the planner (utils/plan/plan.c) puts every such
 * entry, of every keymap, into the maps of one lircd_space program (of a few, when
 * more than 4 remotes start their frames alike); bi-phase remotes likewise are entries of
 * lircd_biphase (bpf_protocols/lircd_biphase_table.h), all in one program, and raw-coded remotes
 * of lircd_raw (bpf_protocols/lircd_raw_table.h) in the same way. The others are
 * decoded by one of the embedded generic decoders with the remote's own timings as
 * parameters. A remote those decoders cannot decode exactly as lircd would is refused,
 * with its file, line and the reason; nothing is dropped in silence. rc_keymap(5),
 * "LIRCD.CONF KEYMAPS", is the user's description. keymap_load_file() calls this
 * module for a file that lircd_conf_detect() recognises, so -w, rc_maps.cfg, --decode
 * and --test-keymap all take lircd.conf files.
 *
 * Tested against LIRC itself: tests/lircd-keymap-corpus.py sends every key-named
 * button of Debian's LIRC remotes, encoded by LIRC's irsimsend, through
 * `ir-keytable --decode -w`; with IRKIT_LIRCD_REMOTES=DIR, the remotes of another
 * folder (LIRC's whole remotes database: what fails there is listed with its reason
 * in tests/data/lircd/database-failures.txt).
 *
 * Which decoder:
 *  - SPACE_ENC (and no protocol flag) whose `one` and `zero` pulses or spaces are
 *    equal: lircd_space. header (or none, then header_optional), one and zero,
 *    ptrail plus the foot's pulse as trailer_pulse, the repeat code as
 *    repeat_pulse/repeat_space with ptrail as repeat_trailer (0: the repeat space runs
 *    into the gap), end_space the longest space of a frame plus the margin, REVERSE as
 *    reverse. A pulse-distance frame with no pulse after its last bit: that bit's
 *    space runs into the gap, so the bit cannot be seen; its pulse is the trailer and
 *    the bit is left out of the scancode.
 *    Refused: plead, pre or post pairs, a header with only a pulse or only a space,
 *    one and zero differing in both pulse and space, a repeat code with a foot,
 *    NO_FOOT_REP with a foot. REPEAT_HEADER with a header: repeat_header (the header
 *    comes before the repeat code too).
 *  - RC5 / SHIFT_ENC with RC-5's timings (halves and plead of 889 µs within 20%) and
 *    13 bits after the plead: the kernel's rc-5, scancode system << 8 | command, plus
 *    0x40 when the field bit is 0 (the kernel's RC-5 scancode).
 *  - RC6 with RC-6's timings, mode 0 (16 data bits) or 6A (20, 24, 32), the fifth bit
 *    double, every code of that mode: the kernel's rc-6, scancode the data bits
 *    inverted (lircd's RC-6 bits are RC-6's inverted), MCE's toggle (0x8000 of
 *    0x800fxxxx) cleared as the kernel does.
 *  - every other RC5 / SHIFT_ENC / RC6: lircd_biphase (bpf_protocols/
 *    lircd_biphase_table.h), every entry of every keymap one remote of one program:
 *    header, plead, one and zero, rc6_mask as double_bits counted from the first bit
 *    sent, NO_HEAD_REP as header_optional, end_space the longest space of a frame
 *    plus the margin; with no header and no plead, first_one when every code starts
 *    with a 1, else refused. Refused: pre, post, ptrail, foot, a repeat code,
 *    REVERSE.
 *  - RAW_CODES: the table-driven lircd_raw (bpf_protocols/lircd_raw_table.h), each
 *    button's durations a raw entry (at most KEYMAP_RAW_DURATIONS_MAX durations of at
 *    most 65535 µs), margin and trail_space (the space that ends a frame) as the
 *    entry's parameters; the planner puts every such entry, of every keymap, into
 *    the maps of one lircd_raw program.
 *  - RCMM and XMP: lircd_raw too, each button's frame as lircd sends it (header,
 *    pre_data, pre, code, post, post_data, ptrail; RC-MM two bits a symbol of zero,
 *    one, two, three, XMP a nibble n as zero's pulse and zero's space + n * one's
 *    space) a raw entry, one per combination of the free bits, margin at most half
 *    what tells two symbols apart. A remote of no button gives a warning and an
 *    entry of no raw entry (the planner loads nothing for it). Refused: odd field lengths, no ptrail, plead, foot, a repeat code,
 *    REVERSE, NO_HEAD_REP with a header, repeat_mask, more than
 *    LIRCD_KEYMAP_SYMBOL_FRAMES_MAX frames.
 *  - every other encoding (SPACE_FIRST, GOLDSTAR, GRUNDIG, BO, SERIAL, and
 *    driver-decoded codes) is refused.
 *
 * Scancodes, as the decoder reports them: the frame's value, pre_data, code and
 * post_data concatenated MSB first (lircd_remote_frame_value()); with REVERSE (bits
 * sent LSB first, each field on its own), pre_data in the low bits, then the code,
 * then post_data: pre_data | code << pre_data_bits | post_data << (pre_data_bits +
 * bits); without a pulse after the last bit, that bit (the lowest without REVERSE,
 * the highest with it) left out. For lircd_biphase, a 1 above the frame's bits
 * (1 << bits | value), which keeps frames of different lengths apart. The
 * masks as lircd matches them: toggle_bit_mask and repeat_mask each inverted whole or
 * not, however wide (toggle_bit_mask from lircd's first toggle state: the code with
 * the mask's bits that are set in the remote's first code inverted), the ignore_mask bits (at most LIRCD_KEYMAP_FREE_BITS_MAX) either
 * way: each button gets one scancode per combination. toggle_mask (inverted in every
 * other frame of a press) likewise, but on lircd_space its descriptor's flip_mask (the
 * mask as a scancode) folds each frame into the smaller of it and its twin, and the
 * button gets that one scancode. (RC-MM and XMP take every value of all the masks'
 * bits, at most LIRCD_KEYMAP_FREE_BITS_MAX of them.) A button of several codes answers to its
 * first (lircd sends the others after it). Two buttons of one scancode: the first one
 * keeps it, as lircd decodes it, and the other gets a warning. So across the remotes
 * of a file: the kernel keeps one key per scancode whatever the protocol, so the
 * earlier remote keeps a scancode that two share, and the later button gets a warning
 * (pressing it gives the earlier remote's key).
 *
 * margin: the larger of aeps and eps percent of the shortest bit duration, at most
 * half what tells a 0 from a 1 (half the shortest half for lircd_biphase) so that the
 * windows never overlap.
 *
 * Keys: a button named as an input key (KEY_POWER, key_power, BTN_LEFT) is that key;
 * other names go through lircd_keymap_button_keycode()'s table of LIRC's common names
 * ("power", "vol+", "1", ...), case ignored; any other name keeps its scancodes with
 * KEY_UNKNOWN, and one warning for the name.
 */
#ifndef IRKIT_LIRCD_KEYMAP_H
#define IRKIT_LIRCD_KEYMAP_H

#include <stdint.h>

#include "ir_error.h"
#include "keymap.h"
#include "lircd_conf.h"

/* The bits of a frame that lircd ignores, beyond which a remote is refused (2^N codes). */
#define LIRCD_KEYMAP_FREE_BITS_MAX 4

/*
 * The frames of an RC-MM or XMP remote at most (buttons times the combinations of
 * their free bits): lircd_raw's candidates for frames that start alike.
 */
#define LIRCD_KEYMAP_SYMBOL_FRAMES_MAX 256

/*
 * The keymap of a lircd.conf read by lircd_conf_load_file(); filename names the keymap
 * (its errors name each remote's own file). Returns 0, -EINVAL with err set
 * ("FILE:LINE: remote 'NAME': reason"), or -ENOMEM.
 */
int lircd_keymap_from_conf(const struct lircd_conf *conf, const char *filename,
			   struct keymap **ret_keymap, struct ir_error *err);

/* lircd_conf_load_file() then lircd_keymap_from_conf(). */
int lircd_keymap_load_file(const char *path, struct keymap **ret_keymap,
			   struct ir_error *err);

/*
 * The key of a button name: a KEY_ or BTN_ name (any case), or one of LIRC's common
 * names in the table (rc_keymap(5)). 0, or -ENOENT.
 */
int lircd_keymap_button_keycode(const char *name, uint32_t *ret_keycode);

#endif
