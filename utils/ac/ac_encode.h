/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Sending an A/C state: the state a user asks for into the message the protocol's
 * remote sends (its bytes, checks computed), then into a pulse/space train. The work
 * is done from the protocol's layout (ac_protocol.h), the same descriptor the decoder
 * reads: its fields say where each value goes, its checks what to compute, its
 * sections how to send it. So a protocol added to the table encodes too. What the
 * layout does not say (the bytes a remote sends that the decoder does not check, the
 * gap between sections, how many copies a press sends, a few bits a remote derives
 * from others, the message Samsung's remote sends first when the power changes)
 * comes from small tables of this file's own; a protocol they lack is sent with
 * zeros there, one copy and 20 ms gaps, which the decoder takes.
 *
 * A value not asked for gets the first of its defaults that the protocol can send
 * with the values asked for: power on; mode cool, else auto; 25 °C, else 24, 26;
 * fan auto, else medium, low; swings off, else auto, middle; flags off. A value the
 * protocol cannot send with the others (power off and a mode, for toshiba_ac) is
 * left out when it was not asked for, and an error when it was.
 */
#ifndef IRKIT_AC_ENCODE_H
#define IRKIT_AC_ENCODE_H

#include <stddef.h>
#include <stdint.h>

#include "ac_protocol.h"
#include "ac_state.h"
#include "ir_error.h"
#include "ir_train.h"

/* A state to send: the values in given (1 << enum ac_value) asked for. */
struct ac_request {
	struct ac_state state;
	uint32_t given;
};

/*
 * The request of "power=on,mode=cool,temp=25" (sep ',') or of a state line's
 * "power=on mode=cool temp=25 ..." (sep ' ', where "-" is a value not given). 0, or
 * -EINVAL with err naming the assignment and the values it takes.
 */
int ac_request_parse(const char *text, char sep, struct ac_request *ret_request,
		     struct ir_error *err);

/*
 * The message of protocol for request, in the decoder's byte numbering (ac_table.h),
 * its checks holding: *ret_count bytes into msg (AC_BYTES_MAX of room), and in
 * *ret_sent the state it says (ac_state_pack()'s layout, as the decoder reads it).
 * -EINVAL (err says which value) for a value the protocol cannot send.
 */
int ac_encode_message(const struct ac_protocol_info *protocol,
		      const struct ac_request *request, uint8_t *msg, size_t *ret_count,
		      uint64_t *ret_sent, struct ir_error *err);

/*
 * The message's train, appended: every copy the remote sends for a press, each
 * section framed; then, for repeat (ir-ctl's --repeat), the press repeat more times.
 * Copies and repeats are apart by the protocol's gap. -E2BIG past IR_TRAIN_COUNT_MAX.
 */
int ac_encode_train(const struct ac_protocol_info *protocol, const uint8_t *msg,
		    unsigned int repeat, struct ir_train *train);

/*
 * ir-ctl's -S: "ac:NAME[:FIELD=VALUE,...]" or a state line as ir-keytable -t prints
 * it, "[SECONDS: ]ac protocol(NAME): power=on mode=cool ...", appended to train,
 * and repeat more times (--repeat: the whole press again, at the protocol's gap).
 * 0, -EINVAL with err set, or the train's error (-E2BIG: too many repeats).
 */
int ac_encode_text(const char *text, unsigned int repeat, struct ir_train *train,
		   struct ir_error *err);

/* Whether text is for ac_encode_text(): it starts with "ac:" or a state line's words. */
bool ac_encode_claims(const char *text);

#endif
