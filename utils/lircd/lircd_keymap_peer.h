/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * A keymap's lircd_space entries in the names and parameters of v4l-utils' generic
 * decoders, for a keymap printed to be edited and reused by either ir-keytable
 * (`ir-keytable -v --test-keymap`). lircd_space is ours alone: v4l-utils has no
 * decoder of that name. A space-coded remote becomes a `pulse_distance` entry (one and
 * zero told by the space after a pulse of one length) or a `pulse_length` entry (told
 * by the pulse) when v4l-utils' decoder of that name, as Debian's ir-keytable 1.22.1
 * ships it, gives the same keys and the same repeats; otherwise it stays lircd_space,
 * with a comment (keymap_protocol.comment) that says why. A lircd_biphase entry (our
 * table-driven bi-phase decoder) gets a comment that v4l-utils cannot load it. The
 * other entries a lircd.conf gives (raw, rc-5, rc-6) already carry v4l-utils' names.
 *
 * What v4l-utils' decoders do, which decides it (rc_keymap(5), "LIRCD.CONF KEYMAPS"):
 *  - the same tolerance: a duration matches within margin, exclusive, as lircd_space;
 *  - pulse_distance reports a frame at a trailer pulse after its bits, and a repeat
 *    (repeat_pulse, repeat_space) at that same trailer pulse; pulse_length reports a
 *    frame at its last bit's pulse, and a repeat at trailer_pulse;
 *  - both take a pulse within the header's window for a header before anything else
 *    (a header_pulse of 0 too: its window holds every pulse shorter than margin),
 *    so a repeat pulse of the header's length (NEC's) never gives a repeat;
 *  - neither has lircd_space's end_space (the frame is reported without waiting for
 *    the space after it) or repeat_header.
 * Reading the printed keymap back gives one pulse_distance or pulse_length program per
 * entry (the planner puts only lircd_space entries in the table-driven program's maps):
 * to load many remotes as one program, load the lircd.conf itself.
 *
 * tests/lircd-keymap-corpus.py reads the printed keymap back and runs it on
 * v4l-utils' own decoder objects in the VM (downloaded when not cached): the same keys
 * and held buttons, and no parameter that the object lacks.
 */
#ifndef IRKIT_LIRCD_KEYMAP_PEER_H
#define IRKIT_LIRCD_KEYMAP_PEER_H

#include "keymap.h"

/*
 * Rewrite every lircd_space entry of keymap that v4l-utils' pulse_distance or
 * pulse_length decodes alike into that protocol and its parameters; give the others a
 * comment with the reason. Entries of other protocols are left as they are. 0, or
 * -ENOMEM (the keymap is then still whole, some entries rewritten).
 */
int lircd_keymap_peer_form(struct keymap *keymap);

#endif
