/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Decoding with every protocol of the IRP database at once, to identify an unknown
 * remote (ir-keytable --decode=FILE -p irp): each decodable protocol of the database
 * (irp_database.h) that irp_compile() takes, compiled with its tolerances and the
 * generic layout, runs in its own bpf_vm on every sample. Each keydown is a decode, its
 * parameters unpacked with irp_compile_unpack() and reported as the program compiled
 * with the protocol's name would report them (irp_compile_report(): the kernel's
 * layout for the kernel's protocols), if it is a whole message: a program matches its frames
 * wherever they are, where IrpTransmogrifier decodes a whole signal, so a frame found
 * within another protocol's (Matsui's ten bits at the end of NEC's 32, JVC's first 16)
 * would be a decode too. The decode's parameters are rendered (irp_render.h: the first
 * frames, two repeats and the ending), and the samples that led to the report must be,
 * within the protocol's tolerances, that rendering from its start up to one of its
 * frames' end (the report's sample as a last slot: a longer space or a timeout does;
 * a timeout just after a space, as an end frame's report comes, leaves that space the
 * last slot), after a space as long as the one the rendering ends with (10 ms at least), a timeout
 * or the start of the capture. A decode whose parameters cannot be rendered is kept.
 *
 * Prefer-over, as IrpTransmogrifier applies it: the decodes of one message (reported
 * on the same sample) are compared, and a decode is dropped when the protocol of
 * another decode of them lists its protocol in its prefer-over (names compared
 * ignoring case). An entry "EXPR ; NAME" applies only when EXPR, evaluated with the
 * parameters of the preferring decode, is not 0. Every rule is checked against all the
 * decodes of the message, so a protocol dropped by a third one still drops those it
 * prefers over. Those left are the message's decodes, in the order of the database.
 *
 * Before that, a decode must be as long as what its protocol always sends (Kathrein's
 * frame and one repeat, where its frame alone is Dgtec's), where that starts the
 * rendering; and reject-repeatless, as IrpTransmogrifier applies it: a decode of such a
 * protocol (NEC1, NEC2, Roku) is none until the samples it matched go past its intro
 * (for a protocol that is all repeats, such as NEC2, past its first frame), so a lone
 * NEC frame is NEC's, decode-only as that protocol is. A repeat that a program reports
 * after its keydown is that decode again, its message longer (NEC1's ditto). Prefer-over
 * is not applied between protocols whose carriers are more than 2 kHz apart (Emerson,
 * ScAtl-6): a capture has no carrier, and a decoder that knows it never has both. Then
 * one decode of the message is chosen: the one whose rendering matched the most samples,
 * then the one whose parameters take the fewest bits (its frame holds the most checks),
 * then the one closest to the samples' durations, then the first in the database's
 * order; the others are its alternatives (ir-keytable prints them with -v only). A
 * decode again on a repeat, after the same keydown made one, is marked repeat.
 */
#ifndef IRKIT_IRP_IDENTIFY_H
#define IRKIT_IRP_IDENTIFY_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "ir_error.h"
#include "irp.h"
#include "irp_database.h"

struct irp_identify;

struct irp_identify_decode {
	size_t protocol;		/* irp_identify_entry()'s index */
	uint64_t time_ns;		/* the report's, as the VMs' clocks count */
	/* the report of the program compiled with the protocol's name */
	uint32_t rc_protocol;
	uint64_t scancode;
	uint32_t toggle;
	/* the parameters, in the order of the parameter spec (the toggle included) */
	const uint64_t *values;
	size_t value_count;
	/* another decode of the same message is the one chosen (see above) */
	bool alternative;
	/* the same decode again, on a repeat its program reported (a ditto) */
	bool repeat;
};

/*
 * Compile the database. The protocols the compiler refuses are left out (counted by
 * irp_identify_left_out()). Returns 0; -ENOMEM; what bpf_vm_new() returns for a
 * compiled program it does not take, with err naming the protocol.
 */
int irp_identify_new(struct irp_identify **ret_identify, struct ir_error *err);
void irp_identify_free(struct irp_identify *identify);	/* accepts NULL */

size_t irp_identify_protocol_count(const struct irp_identify *identify);
size_t irp_identify_left_out(const struct irp_identify *identify);
const struct irp_database_entry *irp_identify_entry(const struct irp_identify *identify,
						   size_t index);
const struct irp_protocol *irp_identify_protocol(const struct irp_identify *identify,
						 size_t index);

/*
 * One LIRC sample through every protocol: the decodes it completes, prefer-over
 * applied, replace those of the previous sample. Returns 0, or what bpf_vm_run()
 * returns (err names the protocol).
 */
int irp_identify_sample(struct irp_identify *identify, uint32_t sample,
			struct ir_error *err);

/*
 * Whether a decode of protocol preferring, with these parameters (in the order of its
 * parameter spec), drops a decode of protocol other of the same message. 0 or -ENOMEM.
 */
int irp_identify_prefers_over(const struct irp_identify *identify, size_t preferring,
			      const uint64_t *values, size_t other, bool *ret_prefers);

size_t irp_identify_decode_count(const struct irp_identify *identify);
const struct irp_identify_decode *irp_identify_decode_at(const struct irp_identify *identify,
							 size_t index);

#endif
