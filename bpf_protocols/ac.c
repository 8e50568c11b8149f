// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * ac: one decoder for the air conditioners' protocols whose layouts the host puts in
 * the map "ac_protocols" (ac_table.h, which says how a message is read): their framing,
 * checks and fields are data, so one program serves every protocol loaded.
 *
 * While bits come, the decoder knows no protocol: it keeps the bits, each section's
 * header and bit count, and the extremes of the bits' durations. At the end of each
 * section it compares the sections so far with each descriptor (no more than a few
 * numbers each); the first descriptor whose sections are all there and whose checks
 * hold has its fields packed into the normalized state, which is reported, its bytes
 * queued in "ac_messages" just before. Sections that begin no descriptor's message are
 * dropped.
 */
#include "ir_decoder.h"
#include "ac_table.h"

#define AC_BYTE_MASK		(AC_BYTES_MAX - 1)
#define AC_SECTION_MASK		(AC_SECTIONS_MAX - 1)
#define AC_BITS_MAX		(AC_BYTES_MAX * 8)

/* All zero (as .bss starts) is the state between messages. */
struct ac_decoder {
	unsigned int pulse;		/* the pulse of the pair in progress; 0: none */
	unsigned int bit;		/* the next bit's position in buf */
	unsigned int sections;		/* sections ended */
	unsigned int open_bits;		/* bits of the section in progress */
	unsigned int open_header_pulse, open_header_space;	/* 0 0: no header */
	unsigned int header_pulse[AC_SECTIONS_MAX], header_space[AC_SECTIONS_MAX];
	unsigned int bits[AC_SECTIONS_MAX];
	/*
	 * The extremes of the bits' durations; the shortest kept complemented, so that 0
	 * (as .bss starts, and as a reset leaves it) is "none yet".
	 */
	unsigned int pulse_nmin, pulse_max, zero_nmin, zero_max, one_nmin, one_max;
	/*
	 * While the descriptors are compared: what the sections are to them (bit 0: the
	 * start of one, bit 1: the whole of one), and the first they are the whole of.
	 * Kept here, not in registers: the verifier does not follow a value read back
	 * from a map, so each descriptor's comparison ends in one state, where registers
	 * would make it follow every combination of the earlier descriptors' outcomes.
	 */
	unsigned int begun, found;
	unsigned char buf[AC_BYTES_MAX];	/* as received: LSB first in each byte */
	union {
		/* The message reported, as it is queued (ac_table.h): msg's first half. */
		struct ac_message out;
		struct {
			unsigned int out_header[2];	/* out.id, out.length */
			/* In the protocol's bit order; then the number of set bits of each. */
			unsigned char msg[2 * AC_BYTES_MAX];
		};
	};
};

struct bpf_map_def SEC("maps") ac_protocols = {
	.type = BPF_MAP_TYPE_ARRAY,
	.key_size = sizeof(unsigned int),
	.value_size = sizeof(struct ac_protocol),
	.max_entries = AC_PROTOCOLS_MAX,
};

/* The bytes of each message reported, for the host (ac_table.h). */
struct bpf_map_def SEC("maps") ac_messages = {
	.type = BPF_MAP_TYPE_QUEUE,
	.key_size = 0,
	.value_size = sizeof(struct ac_message),
	.max_entries = AC_MESSAGES_MAX,
};

/* The descriptors filled: set by the loader to the number given. */
IR_IMM_PARAM(protocols) = AC_PROTOCOLS_MAX;

static struct ac_decoder ac;

static __always_inline void ac_reset(struct ac_decoder *d)
{
	d->bit = 0;
	d->sections = 0;
	d->open_bits = 0;
	d->open_header_pulse = 0;
	d->open_header_space = 0;
	d->pulse_nmin = 0;
	d->pulse_max = 0;
	d->zero_nmin = 0;
	d->zero_max = 0;
	d->one_nmin = 0;
	d->one_max = 0;
}

/* d joins the extremes *nmin (complemented) and *max. */
static __always_inline void ac_extremes_add(unsigned int *nmin, unsigned int *max,
					    unsigned int d)
{
	if (~d > *nmin)
		*nmin = ~d;
	if (d > *max)
		*max = d;
}

/* The extremes lie within margin of expected (none seen: nmin 0). */
static __always_inline int ac_extremes_near(unsigned int nmin, unsigned int max,
					    unsigned int expected, unsigned int margin)
{
	if (!nmin)
		return 1;
	return ir_eq_margin(~nmin, expected, margin) && ir_eq_margin(max, expected, margin);
}

/*
 * Whether the sections ended so far begin r's message (1), are the whole of it (2),
 * or neither (0).
 */
static __always_inline int ac_sections_match(const struct ac_decoder *d,
					     const struct ac_protocol *r)
{
	unsigned int j, n = d->sections;

	if (n > r->sections || n > AC_SECTIONS_MAX)
		return 0;
	for (j = 0; j < AC_SECTIONS_MAX; j++) {
		if (j >= n)
			break;
		if (d->bits[j] != r->section_bits[j])
			return 0;
		if (r->header_mask >> j & 1) {
			if (!ir_eq_margin(d->header_pulse[j], r->header_pulse, r->header_margin) ||
			    !ir_eq_margin(d->header_space[j], r->header_space, r->header_margin))
				return 0;
		} else if (d->header_pulse[j]) {
			return 0;
		}
	}
	if (n < r->sections)
		return 1;
	if (!ac_extremes_near(d->pulse_nmin, d->pulse_max, r->bit_pulse, r->margin) ||
	    !ac_extremes_near(d->zero_nmin, d->zero_max, r->zero_space, r->margin) ||
	    !ac_extremes_near(d->one_nmin, d->one_max, r->one_space, r->margin))
		return 0;
	return 2;
}

/* The set bits of b, a byte: pairs, then nibbles, then the byte added up. */
static __always_inline unsigned int ac_bits_set(unsigned int b)
{
	b = b - (b >> 1 & 0x55);
	b = (b & 0x33) + (b >> 2 & 0x33);
	return (b + (b >> 4)) & 0x0f;
}

static __always_inline unsigned int ac_byte(const struct ac_decoder *d, unsigned int i)
{
	return d->msg[ir_bound(i, AC_BYTE_MASK)];
}

/*
 * One check of the message; 1 when it holds. One loop per kind, chosen before it runs:
 * the verifier follows each loop's iterations on one path only.
 */
static __always_inline int ac_check(const struct ac_decoder *d, const struct ac_check *c)
{
	unsigned int kind = c->kind, first = c->first, count = c->count, at = c->at;
	unsigned int i, sum, xor, value, from;

	switch (kind) {
	case AC_CHECK_NONE:
		return 1;
	case AC_CHECK_EQUAL:
		return (ac_byte(d, at) & first) == count;
	case AC_CHECK_SUM8:
	case AC_CHECK_NEG_SUM8:
	case AC_CHECK_XOR8:
	case AC_CHECK_BIT_COUNT:
		/*
		 * One loop, no branch in it: the kind chooses the bytes (the message's, or
		 * their counts of set bits) before and the result after. Where the bytes
		 * start is hidden from the verifier, so that it follows the loop once.
		 */
		from = ir_bound(kind == AC_CHECK_BIT_COUNT ? AC_BYTES_MAX : 0, AC_BYTES_MAX);
		for (i = 0, sum = 0, xor = 0; i < AC_BYTES_MAX; i++) {
			if (i >= count)
				break;
			value = d->msg[from + ir_bound(first + i, AC_BYTE_MASK)];
			sum += value;
			xor ^= value;
		}
		if (kind == AC_CHECK_BIT_COUNT) {
			value = (ac_byte(d, at) | ac_byte(d, at + 1) << 8) >> (c->first2 & 7) & 0xff;
			/* The check's own bits lie among those counted. */
			sum = c->init ^ (sum - ac_bits_set(value));
			return (sum & 0xff) == value;
		}
		if (kind == AC_CHECK_NEG_SUM8)
			sum = c->init - sum;
		else if (kind == AC_CHECK_XOR8)
			sum = xor;
		return (sum & 0xff) == ac_byte(d, at);
	case AC_CHECK_INVERTED_PAIRS:
		for (i = 0; i < AC_BYTES_MAX / 2; i++) {
			if (i >= count)
				break;
			if ((ac_byte(d, first + 2 * i) ^ ac_byte(d, first + 2 * i + 1)) != 0xff)
				return 0;
		}
		return 1;
	case AC_CHECK_INVERTED_COPY:
		for (i = 0; i < AC_BYTES_MAX; i++) {
			if (i >= count)
				break;
			if ((ac_byte(d, first + i) ^ ac_byte(d, at + i)) != 0xff)
				return 0;
		}
		return 1;
	case AC_CHECK_NIBBLE_SUM:
	case AC_CHECK_NIBBLE_SUM_LOW:
	case AC_CHECK_NIBBLE_SUM8:
	case AC_CHECK_NIBBLE_XOR:
		/* The same loops for the four: the kind chooses the result after them. */
		for (i = 0, sum = c->init, xor = c->init; i < AC_BYTES_MAX; i++) {
			if (i >= count)
				break;
			value = ac_byte(d, first + i) & 0xf;
			sum += value;
			xor ^= value;
		}
		first = c->first2;
		count = c->count2;
		for (i = 0; i < AC_BYTES_MAX; i++) {
			if (i >= count)
				break;
			value = ac_byte(d, first + i) >> 4;
			sum += value;
			xor ^= value;
		}
		value = ac_byte(d, at);
		if (kind == AC_CHECK_NIBBLE_SUM8)
			return (sum & 0xff) == value;
		if (kind == AC_CHECK_NIBBLE_XOR)
			sum = xor;
		value = kind == AC_CHECK_NIBBLE_SUM_LOW ? value & 0xf : value >> 4;
		return (sum & 0xf) == value;
	default:
		return 0;
	}
}

/* The message's bytes in r's bit order, then r's checks. */
static __always_inline int ac_checks_hold(struct ac_decoder *d, const struct ac_protocol *r)
{
	unsigned int i, b, msb = r->flags & AC_MSB_FIRST, counts = 0;

	/* The bytes' set bits are counted only for a protocol that checks them. */
	for (i = 0; i < AC_CHECKS_MAX; i++)
		counts |= r->checks[i].kind == AC_CHECK_BIT_COUNT;
	for (i = 0; i < AC_BYTES_MAX; i++) {
		if (i >= r->bytes)
			break;
		b = d->buf[ir_bound(i, AC_BYTE_MASK)];
		d->msg[ir_bound(i, AC_BYTE_MASK)] = msb ? ir_bitrev8(b) : b;
		if (counts)
			d->msg[AC_BYTES_MAX + ir_bound(i, AC_BYTE_MASK)] = ac_bits_set(b);
	}
	for (i = 0; i < AC_CHECKS_MAX; i++)
		if (!ac_check(d, &r->checks[i]))
			return 0;
	return 1;
}

/* r's fields of the message, packed into the state (ac_table.h). */
static __always_inline unsigned long long ac_state(const struct ac_decoder *d,
						   const struct ac_protocol *r)
{
	unsigned long long state = 0;
	unsigned int i, raw, value;
	const struct ac_field *f;

	for (i = 0; i < AC_FIELDS_MAX; i++) {
		f = &r->fields[i];
		if (f->kind == AC_FIELD_NONE)
			break;
		raw = ac_byte(d, f->byte) >> (f->shift & 7) & ((1U << (f->width & 15)) - 1);
		if (f->kind == AC_FIELD_MAP)
			value = raw < AC_FIELD_MAP_SIZE ? f->map[ir_bound(raw, 15)] : 0;
		else
			value = raw * f->mul + f->add;
		value &= (1U << (f->state_width & 15)) - 1;
		state |= (unsigned long long)value << (f->state_shift & 63);
	}
	return state;
}

/*
 * The sections so far compared with the descriptors: d->begun gathers what they are to
 * each, d->found the first they are the whole of. With stop the loop ends there: a
 * message is most often reported, and the descriptors after it cost nothing then
 * (ac_end_section compares them all when its checks fail). A subprogram, not inlined
 * at both calls. It returns d->found, and the caller uses it: the kernel reads r0 at
 * every exit, a subprogram's too, and a value no caller used would be dropped.
 */
static __attribute__((noinline)) int ac_compare(struct ac_decoder *d, int stop)
{
	const struct ac_protocol *r;
	unsigned int i, key;
	int match;

	for (i = 0; i < AC_PROTOCOLS_MAX; i++) {
		if (i >= (unsigned int)IR_IMM(protocols))
			break;
		key = i;
		r = bpf_map_lookup_elem(&ac_protocols, &key);
		if (!r)
			break;
		match = ac_sections_match(d, r);
		d->begun |= match;
		if (match == 2 && d->found == AC_PROTOCOLS_MAX) {
			d->found = i;
			if (stop)
				break;
		}
		/* Stored, not carried in a register to the next descriptor. */
		asm volatile("" : : : "memory");
	}
	return d->found;
}

/*
 * A section ended: the descriptors it may belong to compared, and the message reported
 * when the first whose sections are all there passes its checks. The comparison loop
 * only notes that descriptor: the checks run once, after it, so that the verifier does
 * not follow them at every descriptor.
 */
static __always_inline void ac_end_section(unsigned int *sample, struct ac_decoder *d)
{
	unsigned int n = d->sections, key;
	const struct ac_protocol *r;

	if (!d->open_bits || n >= AC_SECTIONS_MAX) {
		ac_reset(d);
		return;
	}
	n = ir_bound(n, AC_SECTION_MASK);
	d->bits[n] = d->open_bits;
	d->header_pulse[n] = d->open_header_pulse;
	d->header_space[n] = d->open_header_space;
	d->sections = n + 1;
	d->bit = (d->bit + 7) & ~7U;
	d->open_bits = 0;
	d->open_header_pulse = 0;
	d->open_header_space = 0;
	d->begun = 0;
	d->found = AC_PROTOCOLS_MAX;
	key = ac_compare(d, 1);
	if (key < AC_PROTOCOLS_MAX) {
		r = bpf_map_lookup_elem(&ac_protocols, &key);
		if (r && ac_checks_hold(d, r)) {
			/* The bytes first: a reader of the report finds them queued. */
			d->out.id = r->id;
			d->out.length = r->bytes;
			bpf_map_push_elem(&ac_messages, &d->out, BPF_EXIST);
			bpf_rc_keydown(sample, AC_RC_PROTOCOL_BASE + r->id, ac_state(d, r), 0);
			ac_reset(d);
			return;
		}
	}
	/* The first whole match failed: the descriptors after it, not compared, may begin. */
	if (key < AC_PROTOCOLS_MAX)
		ac_compare(d, 0);
	/*
	 * The start of nothing loaded: dropped. Whole to one descriptor but wrong, yet the
	 * start of another (coolix's 48 bits are the first section of midea's): kept for
	 * the other, as the next section will tell.
	 */
	if (!(d->begun & 1))
		ac_reset(d);
}

/* A bit: its pair's durations kept among the extremes, the bit in buf. */
static __always_inline void ac_bit(struct ac_decoder *d, unsigned int p, unsigned int s)
{
	unsigned int bit = d->bit, one = s >= AC_ONE_SPACE_MIN;
	unsigned char *byte;

	if (bit >= AC_BITS_MAX) {
		ac_reset(d);
		return;
	}
	byte = &d->buf[ir_bound(bit >> 3, AC_BYTE_MASK)];
	if (!(bit & 7))
		*byte = 0;
	*byte |= one << (bit & 7);
	d->bit = bit + 1;
	d->open_bits++;
	ac_extremes_add(&d->pulse_nmin, &d->pulse_max, p);
	if (one)
		ac_extremes_add(&d->one_nmin, &d->one_max, s);
	else
		ac_extremes_add(&d->zero_nmin, &d->zero_max, s);
}

SEC("lirc_mode2/ac")
int ac_decoder(unsigned int *sample)
{
	struct ac_decoder *d = ir_state_base(&ac);
	unsigned int value = *sample;
	unsigned int s = LIRC_VALUE(value);
	enum ir_sample_kind kind = ir_sample_kind(value);
	unsigned int p = d->pulse;

	if (kind == IR_SAMPLE_IGNORE)
		return 0;
	if (kind == IR_SAMPLE_RESET)
		goto reset;
	if (kind == IR_SAMPLE_PULSE) {
		/* Two pulses in a row (a space lost): the message is broken. */
		if (p)
			ac_reset(d);
		d->pulse = s;
		return 0;
	}
	if (!p) {
		/* A space after a space: only a timeout says something (the end). */
		if (LIRC_IS_TIMEOUT(value))
			ac_reset(d);
		return 0;
	}
	d->pulse = 0;
	if (p >= AC_HEADER_PULSE_MIN) {
		/* A header: it ends the section in progress, and begins one. */
		if (d->open_bits)
			ac_end_section(sample, d);
		if (LIRC_IS_TIMEOUT(value) || s >= AC_HEADER_SPACE_MAX)
			goto reset;
		d->open_bits = 0;
		d->open_header_pulse = p;
		d->open_header_space = s;
		return 0;
	}
	if (LIRC_IS_TIMEOUT(value) || s >= AC_GAP_MIN) {
		/*
		 * The section's last pulse, and its gap. A receiver's timeout is a gap too:
		 * ac_end_section() keeps the sections only while they begin a loaded
		 * protocol's message, which a receiver whose timeout is shorter than the
		 * protocol's gaps (or rc-loopback, which ends each write with a timeout) cuts.
		 */
		ac_extremes_add(&d->pulse_nmin, &d->pulse_max, p);
		ac_end_section(sample, d);
		return 0;
	}
	ac_bit(d, p, s);
	return 0;

reset:
	d->pulse = 0;
	ac_reset(d);
	return 0;
}

char _license[] SEC("license") = "GPL";
