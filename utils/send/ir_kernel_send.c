// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The periods are the extents of the protocols' IRP (NEC1's ^108m, RC5's ^114m, RC6's
 * ^107m, Sony12's ^45m); the repeat code is the one the kernel's ir-nec-decoder.c takes
 * after a header pulse (a 4-unit space, then the trailer).
 */
#include "config.h"

#include <ctype.h>
#include <errno.h>
#include <string.h>
#include <linux/lirc.h>

#include "ir_encode.h"
#include "ir_kernel_send.h"

#define NEC_UNIT		563
#define NEC_PERIOD		108000
#define RC5_PERIOD		114000
#define RC6_PERIOD		107000
#define SONY_PERIOD		45000
/* An XMP remote's toggle nibble on the frames after a key's first (JP1 wiki). */
#define XMP_REPEAT_TOGGLE	8

/* Where a frame starts after the one before, in µs; 0: right after its trailing space. */
static uint32_t period(uint32_t rc_proto)
{
	switch (rc_proto) {
	case RC_PROTO_NEC:
	case RC_PROTO_NECX:
	case RC_PROTO_NEC32:
	case RC_PROTO_SANYO:
		return NEC_PERIOD;
	case RC_PROTO_RC5:
	case RC_PROTO_RC5X_20:
	case RC_PROTO_RC5_SZ:
		return RC5_PERIOD;
	case RC_PROTO_RC6_0:
	case RC_PROTO_RC6_6A_20:
	case RC_PROTO_RC6_6A_24:
	case RC_PROTO_RC6_6A_32:
	case RC_PROTO_RC6_MCE:
		return RC6_PERIOD;
	case RC_PROTO_SONY12:
	case RC_PROTO_SONY15:
	case RC_PROTO_SONY20:
		return SONY_PERIOD;
	default:
		return 0;
	}
}

static bool is_nec(uint32_t rc_proto)
{
	return rc_proto == RC_PROTO_NEC || rc_proto == RC_PROTO_NECX ||
	       rc_proto == RC_PROTO_NEC32;
}

/* The space after what started at start lengthened to the protocol's period. */
static int pad(struct ir_train *train, uint64_t start, uint32_t rc_proto)
{
	uint64_t sent = ir_train_duration(train) - start;

	if (sent >= period(rc_proto))
		return 0;
	return ir_train_space(train, (uint32_t)(period(rc_proto) - sent));
}

static int nec_repeat_code(struct ir_train *train)
{
	int ret;

	if ((ret = ir_train_pulse(train, 16 * NEC_UNIT)) < 0 ||
	    (ret = ir_train_space(train, 4 * NEC_UNIT)) < 0 ||
	    (ret = ir_train_pulse(train, NEC_UNIT)) < 0)
		return ret;
	return ir_train_space(train, 10 * NEC_UNIT);
}

int ir_kernel_send(struct ir_train *train, uint32_t rc_proto, uint64_t scancode,
		   unsigned int repeat, struct ir_error *err)
{
	uint64_t start = ir_train_duration(train);
	unsigned int i;
	int ret;

	ret = ir_encode_scancode(train, rc_proto, scancode, err);
	for (i = 0; ret == 0 && i < repeat; i++) {
		ret = pad(train, start, rc_proto);
		start = ir_train_duration(train);
		if (ret < 0)
			break;
		if (is_nec(rc_proto))
			ret = nec_repeat_code(train);
		else if (rc_proto == RC_PROTO_XMP)
			ret = ir_encode_xmp(train, (uint32_t)scancode, XMP_REPEAT_TOGGLE);
		else
			ret = ir_encode_scancode(train, rc_proto, scancode, err);
	}
	if (ret == 0 && repeat)
		ret = pad(train, start, rc_proto);
	return ret;
}

/* The names of several kernel protocols, tried in order. */
static const struct {
	const char *name;	/* lower case, no '-' or '_' */
	uint32_t protocols[5];
	unsigned int count;
} families[] = {
	{ "nec", { RC_PROTO_NEC, RC_PROTO_NECX, RC_PROTO_NEC32 }, 3 },
	{ "rc5", { RC_PROTO_RC5, RC_PROTO_RC5X_20 }, 2 },
	{ "rc6", { RC_PROTO_RC6_0, RC_PROTO_RC6_6A_20, RC_PROTO_RC6_6A_24, RC_PROTO_RC6_MCE,
		   RC_PROTO_RC6_6A_32 }, 5 },
	{ "sony", { RC_PROTO_SONY12, RC_PROTO_SONY15, RC_PROTO_SONY20 }, 3 },
	{ "rcmm", { RC_PROTO_RCMM12, RC_PROTO_RCMM24, RC_PROTO_RCMM32 }, 3 },
	{ "mcekbd", { RC_PROTO_MCIR2_KBD, RC_PROTO_MCIR2_MSE }, 2 },
};

/* name lower case, without '-', '_' and a BPF port's "bpf" suffix, into buf. */
static void normalize(const char *name, char *buf, size_t size)
{
	size_t n = 0, len;

	for (; *name && n + 1 < size; name++)
		if (*name != '-' && *name != '_')
			buf[n++] = (char)tolower((unsigned char)*name);
	buf[n] = '\0';
	len = strlen(buf);
	if (len > 3 && strcmp(buf + len - 3, "bpf") == 0)
		buf[len - 3] = '\0';
}

/* Try the candidates in order: the first that carries the scancode; else the first's error. */
static int send_first(struct ir_train *train, const uint32_t *protocols, size_t count,
		      uint64_t scancode, unsigned int repeat, struct ir_error *err)
{
	struct ir_error later = { "" };
	size_t i;
	int ret = -ENOENT;

	for (i = 0; i < count; i++) {
		ret = ir_kernel_send(train, protocols[i], scancode, repeat, i ? &later : err);
		if (ret != -EINVAL)
			return ret;
	}
	return count ? -EINVAL : ret;
}

int ir_kernel_send_name(struct ir_train *train, const char *protocol, const char *variant,
			uint64_t scancode, unsigned int repeat, struct ir_error *err)
{
	uint32_t candidates[1 + 5];
	size_t count = 0, i, j;
	char name[32];
	int proto;

	if (variant && (proto = ir_encode_proto_from_name(variant)) >= 0)
		candidates[count++] = (uint32_t)proto;
	normalize(protocol, name, sizeof(name));
	for (i = 0; i < sizeof(families) / sizeof(families[0]); i++) {
		if (strcmp(families[i].name, name) != 0)
			continue;
		for (j = 0; j < families[i].count; j++)
			if (!count || families[i].protocols[j] != candidates[0])
				candidates[count++] = families[i].protocols[j];
		break;
	}
	if (i == sizeof(families) / sizeof(families[0]) &&
	    (proto = ir_encode_proto_from_name(name)) >= 0 &&
	    (!count || (uint32_t)proto != candidates[0]))
		candidates[count++] = (uint32_t)proto;
	if (!count)
		return -ENOENT;
	return send_first(train, candidates, count, scancode, repeat, err);
}
