/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The lines of test mode (-t), shared by --decode so that an offline decode prints
 * exactly what a live device would.
 */
#ifndef IRKIT_KEYTABLE_EVENT_PRINT_H
#define IRKIT_KEYTABLE_EVENT_PRINT_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <linux/lirc.h>

/*
 * "855.168999: lirc protocol(nec): scancode = 0x1234 repeat toggle=1"; protocol_name
 * NULL prints the number, as for BPF decoders' own protocols ("protocol(64)").
 */
void event_print_lirc(FILE *out, uint64_t time_ns, const struct lirc_scancode *scancode,
		      const char *protocol_name);

/*
 * After the lirc line of an A/C protocol's report (bpf_protocols/ac_table.h), its state:
 * "855.168999: ac protocol(daikin): power=on mode=cool temp=25 fan=auto swing_v=auto
 * swing_h=off quiet=off turbo=on econo=off", the flags those the protocol has. Returns
 * whether the scancode was an A/C protocol's (nothing printed otherwise).
 */
bool event_print_ac(FILE *out, uint64_t time_ns, const struct lirc_scancode *scancode);

/*
 * "855.169009: event type EV_KEY(0x01) key_down: KEY_VOLUMEUP(0x0073)" and the other
 * event kinds. key_name is the name of code for EV_KEY events (NULL if unknown).
 */
void event_print_input(FILE *out, uint64_t time_ns, uint16_t type, uint16_t code,
		       int32_t value, const char *key_name);

#endif
