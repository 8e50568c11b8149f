// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * ir-train: irkit's encoder's train for one scancode (utils/send), as "pulse N" /
 * "space N" lines, every duration including the trailing space, for the VM scenario
 * that compares it with the kernel's encoder (encoders-kernel).
 *
 *	ir-train PROTOCOL SCANCODE
 *
 * Exit status 0, or 1 with the encoder's message on standard error.
 */
#include "config.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>

#include "ir_encode.h"
#include "ir_error.h"
#include "ir_train.h"

int main(int argc, char **argv)
{
	struct ir_error err = { "" };
	struct ir_train train;
	unsigned long long scancode;
	char *end;
	int proto, ret;

	if (argc != 3) {
		fprintf(stderr, "Usage: ir-train PROTOCOL SCANCODE\n");
		return 1;
	}
	proto = ir_encode_proto_from_name(argv[1]);
	if (proto < 0) {
		fprintf(stderr, "ir-train: no encoder for '%s'\n", argv[1]);
		return 1;
	}
	errno = 0;
	scancode = strtoull(argv[2], &end, 0);
	if (errno || end == argv[2] || *end) {
		fprintf(stderr, "ir-train: '%s' is not a scancode\n", argv[2]);
		return 1;
	}
	ir_train_init(&train);
	ret = ir_encode_scancode(&train, (uint32_t)proto, scancode, &err);
	if (!ret)
		ret = ir_train_write_text(stdout, &train);
	ir_train_free(&train);
	if (ret) {
		fprintf(stderr, "ir-train: %s\n", err.message[0] ? err.message : "write error");
		return 1;
	}
	return 0;
}
