/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The lines of test mode (-t), shared by --decode so that an offline decode prints
 * exactly what a live device would.
 */
#ifndef IRKIT_KEYTABLE_EVENT_PRINT_H
#define IRKIT_KEYTABLE_EVENT_PRINT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <linux/lirc.h>

#include "irp_compile.h"

/*
 * "855.168999: lirc protocol(nec): scancode = 0x1234 repeat toggle=1"; protocol_name
 * NULL prints the number, as for BPF decoders' own protocols ("protocol(64)").
 */
void event_print_lirc(FILE *out, uint64_t time_ns, const struct lirc_scancode *scancode,
		      const char *protocol_name);

/*
 * After the lirc line of an A/C protocol's report (bpf_protocols/ac_table.h), its state:
 * "855.168999: ac protocol(daikin): power=on mode=cool temp=25 fan=auto swing_v=auto
 * swing_h=off quiet=off turbo=on econo=off clean=off", the flags those the protocol
 * has. Returns whether the scancode was an A/C protocol's (nothing printed otherwise).
 */
bool event_print_ac(FILE *out, uint64_t time_ns, const struct lirc_scancode *scancode);

/*
 * With -v, after the A/C line: the message's bytes as the decoder checked them
 * (bpf_protocols/ac_table.h), "855.168999: ac bytes(daikin): 00 11 da 27 00 c5 ...".
 */
void event_print_ac_bytes(FILE *out, uint64_t time_ns, const struct lirc_scancode *scancode,
			  const uint8_t *bytes, size_t size);

/*
 * After the lirc line of a report of an IRP protocol of the wide path (irp_compile.h:
 * more than 64 bits of parameters), every parameter from the message its decoder
 * queued: "855.168999: irp protocol(Fujitsu-128): A0=20 A1=99 ... A15=0", the names
 * those of the IRP database's protocol the message names; of an IRP string's protocol
 * ("irp"), the parameters' indexes in its spec ("0=20 1=99 ...").
 */
void event_print_irp_message(FILE *out, uint64_t time_ns, const struct irp_compile_message *m);

/*
 * "855.169009: event type EV_KEY(0x01) key_down: KEY_VOLUMEUP(0x0073)" and the other
 * event kinds. key_name is the name of code for EV_KEY events (NULL if unknown).
 */
void event_print_input(FILE *out, uint64_t time_ns, uint16_t type, uint16_t code,
		       int32_t value, const char *key_name);

/*
 * --json: the same events as one JSON object a line (ir-keytable(1), "JSON OUTPUT").
 * The lirc record: {"time":855.168999,"event":"lirc","protocol":"nec","rc_proto":2,
 * "scancode":"0x1234","repeat":false,"toggle":false} (protocol null when it has no
 * name); then, for an A/C protocol's, {"time":...,"event":"ac","protocol":"daikin",
 * "power":"on",...,"temp":25.5,...} with the fields of event_print_ac()'s line (null
 * for "-"), and "bytes" when bytes is not NULL. 0, or -ENOMEM.
 */
int event_print_json_lirc(FILE *out, uint64_t time_ns, const struct lirc_scancode *scancode,
			  const char *protocol_name, const uint8_t *bytes, size_t size);

/*
 * --json: that line as {"time":...,"event":"irp","protocol":"Fujitsu-128","A0":20,...},
 * as --decode -p irp prints its decodes. 0, or -ENOMEM.
 */
int event_print_json_irp_message(FILE *out, uint64_t time_ns,
				 const struct irp_compile_message *m);

/*
 * An input event: {"time":...,"event":"key","key":"KEY_ENTER","code":28,"value":"down"}
 * (value "up", "down", "repeat" or a number), "msc" with its "scancode", "rel" with its
 * "axis" ("REL_X") and "value"; EV_SYN prints nothing, any other event "input" with
 * "type", "code" and "value". 0, or -ENOMEM.
 */
int event_print_json_input(FILE *out, uint64_t time_ns, uint16_t type, uint16_t code,
			   int32_t value, const char *key_name);

#endif
