// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * ac: one decoder for the air conditioners' protocols whose layouts the host puts in
 * the map "ac_protocols" (ac_table.h, which says how a message is read): their framing,
 * checks and fields are data, so one program serves every protocol loaded.
 *
 * While bits come, the decoder knows no protocol: it keeps each bit's pulse and space
 * as they came (two stores a bit), each section's header, bit count and last pulse.
 * At the end of each section it compares the sections so far with each descriptor (no
 * more than a few numbers each); a descriptor whose sections are all there has the
 * bits read with its own timings and its checks run, and the first of them (up to
 * AC_CANDIDATES_MAX tried) that passes has its fields packed into the normalized
 * state, which is reported, its bytes queued in "ac_messages" just before. Sections
 * that begin no descriptor's message are dropped.
 */
#include "ir_decoder.h"
#include "ac_table.h"

#define AC_BYTE_MASK		(AC_BYTES_MAX - 1)
#define AC_SECTION_MASK		(AC_SECTIONS_MAX - 1)
#define AC_BITS_MAX		(AC_BYTES_MAX * 8)

/* All zero (as .bss starts) is the state between messages. */
struct ac_decoder {
	unsigned int pulse;		/* the pulse of the pair in progress; 0: none */
	unsigned int bit;		/* the next bit's position in pulses and spaces */
	unsigned int start;		/* where the section in progress began */
	unsigned int sections;		/* sections ended */
	unsigned int open_header_pulse, open_header_space;	/* 0 0: no header */
	unsigned int header_pulse[AC_SECTIONS_MAX], header_space[AC_SECTIONS_MAX];
	unsigned int bits[AC_SECTIONS_MAX];
	/* Each section's last pulse, before its gap; 0 when a header came instead. */
	unsigned int trail[AC_SECTIONS_MAX];
	/*
	 * While the descriptors are compared: what the sections are to them (bit 0: the
	 * start of one, bit 1: the whole of one), and the first few they are the whole
	 * of. Kept here, not in registers: the verifier does not follow a value read back
	 * from a map, so each descriptor's comparison ends in one state, where registers
	 * would make it follow every combination of the earlier descriptors' outcomes.
	 */
	unsigned int begun, candidates, candidate[AC_CANDIDATES_MAX];
	/*
	 * What the sample that ends a section begins once it is ended: a header (its
	 * durations), nothing (a gap: 0 0), or the end of the message (a leader's long
	 * space, a timeout). In memory, so that the paths to the end of a section leave
	 * nothing different in registers for the verifier.
	 */
	unsigned int next_header_pulse, next_header_space, next_reset;
	/*
	 * Each bit's pulse and space as they came, in µs (below AC_HEADER_PULSE_MIN and
	 * AC_GAP_MIN: they fit), read only once a descriptor is chosen; a section's bits
	 * end at a whole byte, the positions up to it marked by a pulse and a space of 0.
	 * Twice the bits a message holds: the marks are written past its end without a
	 * test (ac_end_section).
	 */
	unsigned short pulses[2 * AC_BITS_MAX], spaces[2 * AC_BITS_MAX];
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
	d->start = 0;
	d->sections = 0;
	d->open_header_pulse = 0;
	d->open_header_space = 0;
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
	return n < r->sections ? 1 : 2;
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

/*
 * The bits into buf, each space a 1 from midway between r's zero_space and one_space
 * on: what the checks read. Their timings are verified after the checks hold
 * (ac_bits_near), so that a descriptor whose checks fail costs no more than this. A
 * byte's bits unrolled, without a branch (the 1 is the sign of a difference; a
 * padding's space, 0, is a 0), so that the verifier walks each byte once.
 */
static __always_inline void ac_bits_read(struct ac_decoder *d, const struct ac_protocol *r)
{
	unsigned int below = (r->zero_space + r->one_space) / 2 - 1;
	unsigned int i, k, byte;
	const unsigned short *s;

	for (i = 0; i < AC_BYTES_MAX; i++) {
		if (i >= r->bytes)
			break;
		s = &d->spaces[ir_bound(i, AC_BYTE_MASK) * 8];
		byte = 0;
#pragma unroll
		for (k = 0; k < 8; k++)
			byte |= (below - s[k]) >> 31 << k;
		d->buf[ir_bound(i, AC_BYTE_MASK)] = byte;
	}
}

/*
 * r's first fixed byte (its first AC_CHECK_EQUAL check's) read alone, from its 8 spaces
 * with r's threshold: 0 when it differs. Where two protocols share a framing, a
 * message is most often told from the other's by its first signature byte: the wrong
 * candidate is then dropped for a byte's reading, not all its bits' and its sums; and
 * a message that passes pays one byte read twice. Which check that is, the loop finds
 * (the kind, read from the map, is not live after it: its ways meet for the
 * verifier); the bit order is chosen by a mask, not by a branch whose two ways both go
 * on.
 */
static __always_inline int ac_fixed_hold(const struct ac_decoder *d,
					 const struct ac_protocol *r)
{
	unsigned int below = (r->zero_space + r->one_space) / 2 - 1;
	unsigned int msb = -(r->flags & AC_MSB_FIRST);	/* all ones when MSB first */
	unsigned int i, k, bit, lsb_byte = 0, msb_byte = 0;
	const struct ac_check *c = NULL;
	const unsigned short *s;

	for (i = 0; i < AC_CHECKS_MAX; i++) {
		c = &r->checks[i];
		if (c->kind == AC_CHECK_EQUAL)
			break;
	}
	if (i >= AC_CHECKS_MAX || !c)
		return 1;
	s = &d->spaces[ir_bound(c->at, AC_BYTE_MASK) * 8];
#pragma unroll
	for (k = 0; k < 8; k++) {
		bit = (below - s[k]) >> 31;
		lsb_byte |= bit << k;
		msb_byte |= bit << (7 - k);
	}
	lsb_byte ^= (lsb_byte ^ msb_byte) & msb;
	return (lsb_byte & c->first) == c->count;
}

/*
 * 1 when d lies within the window of width from low (ir_eq_margin() with low =
 * expected - margin + 1, width = 2 * margin - 1), without a branch: d - low is not
 * negative and d - low - width is. Durations and windows are below 2^24.
 */
static __always_inline unsigned int ac_within(unsigned int d, unsigned int low,
					      unsigned int width)
{
	unsigned int x = d - low;

	return (~x & (x - width)) >> 31;
}

/*
 * Each bit's pulse and space (and each section's last pulse) within margin of r's: 1.
 * A padding's pulse and space are both 0, a pair no receiver reports; a section's
 * last pulse 0 when a header came instead. No branch but one per byte (a failure's):
 * a branch whose two ways both go on is, for the verifier, every path after it
 * twice, where it keeps no state to prune one with.
 */
static __always_inline int ac_bits_near(const struct ac_decoder *d, const struct ac_protocol *r)
{
	unsigned int margin = r->margin;
	unsigned int width = 2 * margin - 1, pulse_low = r->bit_pulse - margin + 1;
	unsigned int zero_low = r->zero_space - margin + 1;
	unsigned int one_low = r->one_space - margin + 1;
	unsigned int i, k, p, s, none, ok;
	const unsigned short *pulses, *spaces;

	ok = 1;
#pragma unroll
	for (i = 0; i < AC_SECTIONS_MAX; i++) {
		p = d->trail[i];
		/* Past the sections, or no last pulse: nothing to check. */
		none = ((p - 1) >> 31) | ((i - d->sections) >> 31 ^ 1);
		ok &= ac_within(p, pulse_low, width) | none;
	}
	if (!ok)
		return 0;
	for (i = 0; i < AC_BYTES_MAX; i++) {
		if (i >= r->bytes)
			break;
		pulses = &d->pulses[ir_bound(i, AC_BYTE_MASK) * 8];
		spaces = &d->spaces[ir_bound(i, AC_BYTE_MASK) * 8];
#pragma unroll
		for (k = 0; k < 8; k++) {
			p = pulses[k];
			s = spaces[k];
			none = ((p | s) - 1) >> 31;
			ok &= (ac_within(p, pulse_low, width) &
			       (ac_within(s, zero_low, width) | ac_within(s, one_low, width))) |
			      none;
		}
		if (!ok)
			return 0;
	}
	return 1;
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
 * The sections so far compared with the descriptors from the from'th on: d->begun
 * gathers what they are to each (the caller clears it), d->candidate the first
 * AC_CANDIDATES_MAX they are the whole of. With stop the loop ends at the first: a
 * message is most often reported, and the descriptors after it cost nothing then
 * (ac_end_section compares those after it when its checks fail: the ones before it,
 * already compared, are not walked twice). The loop counts from 0 and the key is from
 * past it, so that no branch skips the first few (two ways that both go on). A
 * subprogram, not inlined at both calls. It returns d->candidates, and the caller uses
 * it: the kernel reads r0 at every exit, a subprogram's too, and a value no caller used
 * would be dropped.
 */
static __attribute__((noinline)) int ac_compare(struct ac_decoder *d, unsigned int from,
						int stop)
{
	const struct ac_protocol *r;
	unsigned int i, key, n;
	int match;

	d->candidates = 0;
	for (i = 0; i < AC_PROTOCOLS_MAX; i++) {
		key = from + i;
		if (key >= (unsigned int)IR_IMM(protocols))
			break;
		r = bpf_map_lookup_elem(&ac_protocols, &key);
		if (!r)
			break;
		match = ac_sections_match(d, r);
		d->begun |= match;
		n = d->candidates;
		if (match == 2 && n < AC_CANDIDATES_MAX) {
			d->candidate[ir_bound(n, AC_CANDIDATES_MAX - 1)] = key;
			d->candidates = n + 1;
			if (stop)
				break;
		}
		/* Stored, not carried in a register to the next descriptor. */
		asm volatile("" : : : "memory");
	}
	return d->candidates;
}

/*
 * The message read with descriptor key's timings and checked; reported when its checks
 * hold (1). A subprogram: the verifier walks it at each call, the program holds it once.
 */
static __attribute__((noinline)) int ac_try(unsigned int *sample, struct ac_decoder *d,
					    unsigned int key)
{
	const struct ac_protocol *r = bpf_map_lookup_elem(&ac_protocols, &key);

	if (!r || !ac_fixed_hold(d, r))
		return 0;
	ac_bits_read(d, r);
	if (!ac_checks_hold(d, r) || !ac_bits_near(d, r))
		return 0;
	/* The bytes first: a reader of the report finds them queued. */
	d->out.id = r->id;
	d->out.length = r->bytes;
	bpf_map_push_elem(&ac_messages, &d->out, BPF_EXIST);
	bpf_rc_keydown(sample, AC_RC_PROTOCOL_BASE + r->id, ac_state(d, r), 0);
	return 1;
}

/*
 * A section ended, its last pulse trail (0: none): the descriptors it may belong to
 * compared, and the message reported when one whose sections are all there (the
 * first, then up to AC_CANDIDATES_MAX in the table's order) passes its checks.
 */
static __always_inline void ac_end_section(unsigned int *sample, struct ac_decoder *d,
					   unsigned int trail)
{
	unsigned int n = d->sections, bit = d->bit, i;

	/* Past AC_BITS_MAX the bits wrapped over the first (ac_decoder()): too long. */
	if (bit == d->start || bit > AC_BITS_MAX || n >= AC_SECTIONS_MAX) {
		ac_reset(d);
		return;
	}
	n = ir_bound(n, AC_SECTION_MASK);
	d->bits[n] = bit - d->start;
	d->header_pulse[n] = d->open_header_pulse;
	d->header_space[n] = d->open_header_space;
	d->trail[n] = trail;
	d->sections = n + 1;
	/*
	 * The next section from a whole byte on: the positions skipped, 0 bits, marked.
	 * The 8 from bit on, without a loop (a loop's exits would each be a path for the
	 * verifier through all that follows): those past the whole byte are the next
	 * section's, written again as its bits come.
	 */
#pragma unroll
	for (i = 0; i < 8; i++) {
		d->pulses[ir_bound(bit + i, 2 * AC_BITS_MAX - 1)] = 0;
		d->spaces[ir_bound(bit + i, 2 * AC_BITS_MAX - 1)] = 0;
	}
	bit = (bit + 7) & ~7U;
	d->bit = bit;
	d->start = bit;
	d->open_header_pulse = 0;
	d->open_header_space = 0;
	d->begun = 0;
	if (ac_compare(d, 0, 1)) {
		if (ac_try(sample, d, d->candidate[0])) {
			ac_reset(d);
			return;
		}
		/* The first whole match failed: the others after it, and what they begin. */
		ac_compare(d, d->candidate[0] + 1, 0);
		for (i = 0; i < AC_CANDIDATES_MAX - 1; i++) {
			if (i >= d->candidates)
				break;
			if (ac_try(sample, d, d->candidate[i])) {
				ac_reset(d);
				return;
			}
		}
	}
	/*
	 * The start of nothing loaded: dropped. Whole to a descriptor but wrong, yet the
	 * start of another (coolix's 48 bits are the first section of midea's): kept for
	 * the other, as the next section will tell.
	 */
	if (!(d->begun & 1))
		ac_reset(d);
}

/*
 * Any sample but a bit's space: pulses, headers, gaps, timeouts and the rest. p is the
 * pulse before the sample (0: none).
 */
static __always_inline int ac_sample(unsigned int *sample, struct ac_decoder *d,
				     unsigned int value, unsigned int p)
{
	unsigned int s = LIRC_VALUE(value);
	enum ir_sample_kind kind = ir_sample_kind(value);

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
	/*
	 * A header ends the section in progress (with no last pulse of its own) and
	 * begins one; a header's pulse with a longer space (a leader's) or a timeout
	 * ends the message. Otherwise this is the section's last pulse, and its gap (a
	 * bit's space took the other path). A receiver's timeout is a gap too:
	 * ac_end_section() keeps the sections only while they begin a loaded protocol's
	 * message, which a receiver whose timeout is shorter than the protocol's gaps (or
	 * rc-loopback, which ends each write with a timeout) cuts. One call for both,
	 * which the verifier walks once.
	 */
	if (p < AC_HEADER_PULSE_MIN) {
		d->next_header_pulse = 0;
		d->next_header_space = 0;
		d->next_reset = 0;
	} else {
		d->next_header_pulse = p;
		d->next_header_space = s;
		d->next_reset = LIRC_IS_TIMEOUT(value) || s >= AC_HEADER_SPACE_MAX;
		if (d->bit == d->start)
			goto next;
		p = d->pulse;	/* 0: no last pulse, read back so that no path knows it */
	}
	ac_end_section(sample, d, p);
next:
	if (d->next_reset) {
		ac_reset(d);
		return 0;
	}
	d->open_header_pulse = d->next_header_pulse;
	d->open_header_space = d->next_header_space;
	return 0;

reset:
	d->pulse = 0;
	ac_reset(d);
	return 0;
}

SEC("lirc_mode2/ac")
int ac_decoder(unsigned int *sample)
{
	struct ac_decoder *d = ir_state_base(&ac);
	unsigned int value = *sample, p = d->pulse, bit, j;

	/*
	 * A bit's space, half the samples: its pair stored, nothing more. A space's mode
	 * bits are 0, so one comparison tells a space shorter than a gap. The bit count
	 * is bounded where the section ends (the index is masked here).
	 */
	if (value < AC_GAP_MIN && p && p < AC_HEADER_PULSE_MIN) {
		bit = d->bit;
		j = ir_bound(bit, AC_BITS_MAX - 1);
		d->pulse = 0;
		d->pulses[j] = p;
		d->spaces[j] = value;
		d->bit = bit + 1;
		return 0;
	}
	return ac_sample(sample, d, value, p);
}

char _license[] SEC("license") = "GPL";
