/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * ir_decoder.h: the one header an infrared decoder written in BPF includes.
 *
 * A decoder is a BPF_PROG_TYPE_LIRC_MODE2 program: the kernel (or irkit's userspace
 * VM) calls it once for every LIRC mode2 sample a receiver produces: a pulse, a
 * space, a timeout. It keeps its state between calls in a map or in a global, and
 * reports what it decoded with bpf_rc_keydown(), bpf_rc_repeat() and
 * bpf_rc_pointer_rel().
 *
 * The header needs no other header, kernel or libbpf, so that
 *
 *	clang --target=bpf -O2 -c decoder.c
 *
 * builds a decoder anywhere (clang's BPF target cannot see the host's <asm/types.h>,
 * which <linux/bpf.h> wants). Include it instead of <linux/lirc.h>, <linux/bpf.h> and
 * libbpf's <bpf/bpf_helpers.h>. The numbers below are the kernel's ABI: they never
 * change.
 */
#ifndef IRKIT_IR_DECODER_H
#define IRKIT_IR_DECODER_H

/* Placement of programs, maps and the license in ELF sections. */
#ifndef SEC
#define SEC(name) __attribute__((section(name), used))
#endif

#ifndef __always_inline
#define __always_inline inline __attribute__((always_inline))
#endif

#ifndef NULL
#define NULL ((void *)0)
#endif

/* LIRC mode2 samples, as <linux/lirc.h> defines them. */
#ifndef LIRC_MODE2_SPACE
#define LIRC_MODE2_SPACE	0x00000000
#define LIRC_MODE2_PULSE	0x01000000
#define LIRC_MODE2_FREQUENCY	0x02000000
#define LIRC_MODE2_TIMEOUT	0x03000000
#define LIRC_MODE2_OVERFLOW	0x04000000
#define LIRC_VALUE_MASK		0x00ffffff
#define LIRC_MODE2_MASK		0xff000000
#define LIRC_VALUE(val)		((val) & LIRC_VALUE_MASK)
#define LIRC_MODE2(val)		((val) & LIRC_MODE2_MASK)
#define LIRC_IS_SPACE(val)	(LIRC_MODE2(val) == LIRC_MODE2_SPACE)
#define LIRC_IS_PULSE(val)	(LIRC_MODE2(val) == LIRC_MODE2_PULSE)
#define LIRC_IS_FREQUENCY(val)	(LIRC_MODE2(val) == LIRC_MODE2_FREQUENCY)
#define LIRC_IS_TIMEOUT(val)	(LIRC_MODE2(val) == LIRC_MODE2_TIMEOUT)
#define LIRC_IS_OVERFLOW(val)	(LIRC_MODE2(val) == LIRC_MODE2_OVERFLOW)
#endif

/*
 * Map types and flags, as <linux/bpf.h> defines them: the ones a lirc_mode2 program
 * can use. Skipped when <linux/bpf.h> came first.
 */
#ifndef __LINUX_BPF_H__
enum {
	BPF_MAP_TYPE_HASH = 1,
	BPF_MAP_TYPE_ARRAY = 2,
	BPF_MAP_TYPE_PERCPU_HASH = 5,
	BPF_MAP_TYPE_PERCPU_ARRAY = 6,
	BPF_MAP_TYPE_LRU_HASH = 9,
	BPF_MAP_TYPE_QUEUE = 22,
	BPF_MAP_TYPE_STACK = 23,
};

enum {
	BPF_ANY = 0,		/* bpf_map_update_elem(): create or replace */
	BPF_NOEXIST = 1,	/* create only */
	BPF_EXIST = 2,		/* replace only */
};

#define BPF_F_NO_PREALLOC	(1U << 0)
#define BPF_F_RDONLY_PROG	(1U << 7)
#endif

/*
 * A map in the legacy style, in section "maps" (or "lirc_mode2/maps" as v4l-utils
 * names it): the form the founding article uses.
 */
struct bpf_map_def {
	unsigned int type;
	unsigned int key_size;
	unsigned int value_size;
	unsigned int max_entries;
	unsigned int map_flags;
};

/*
 * A map in the BTF style, in section ".maps" (build with -g so that clang emits BTF):
 *
 *	struct {
 *		__uint(type, BPF_MAP_TYPE_ARRAY);
 *		__uint(max_entries, 1);
 *		__type(key, unsigned int);
 *		__type(value, struct my_state);
 *	} state SEC(".maps");
 */
#ifndef __uint
#define __uint(name, val) int (*name)[val]
#define __type(name, val) __typeof__(val) *name
#define __array(name, val) __typeof__(val) *name[]
#endif

/*
 * A decoder parameter: a constant the loader can change before the program runs.
 *
 *	IR_PARAM(int, margin) = 200;
 *
 * declares a `const volatile` global in .rodata. The loader finds parameters by their
 * symbol names in .rodata, takes their defaults from there, and writes the values of a
 * keymap (`margin = 300`) or of `-e margin=300` before loading. `volatile` stops the
 * compiler from folding the default into the code; once the kernel freezes .rodata, its
 * verifier knows the values and can prune the branches they rule out.
 * Only global (not static) variables are parameters; read each one once per call into
 * a local, since every mention of a volatile is a load.
 */
#define IR_PARAM(type, name) const volatile type name

/*
 * The v4l-utils convention, accepted for existing decoders: `int margin = 200;` as an
 * ordinary global, read through BPF_PARAM(margin), whose address the loader replaces
 * by the value. New decoders should use IR_PARAM().
 */
#ifndef BPF_PARAM
#define BPF_PARAM(x) ((int)(long)&(x))
#endif

/*
 * Helpers allowed in lirc_mode2 programs (drivers/media/rc/bpf-lirc.c), with their
 * numbers from enum bpf_func_id in <linux/bpf.h>.
 */
static void *(*bpf_map_lookup_elem)(void *map, const void *key) = (void *)1;
static long (*bpf_map_update_elem)(void *map, const void *key, const void *value,
				   unsigned long long flags) = (void *)2;
static long (*bpf_map_delete_elem)(void *map, const void *key) = (void *)3;
/* Monotonic time in ns; in irkit's VM, the sum of the durations seen so far. */
static unsigned long long (*bpf_ktime_get_ns)(void) = (void *)5;
/* Needs CAP_PERFMON in the kernel; irkit's VM prints it with -v. */
static long (*bpf_trace_printk)(const char *fmt, unsigned int fmt_size, ...) = (void *)6;
static unsigned int (*bpf_get_prandom_u32)(void) = (void *)7;
/* Repeat the last key reported (keeps it pressed). */
static long (*bpf_rc_repeat)(void *ctx) = (void *)77;
/*
 * Report a decoded message: protocol (the kernel's enum rc_proto, or 64 and up for
 * protocols the kernel does not know), scancode, toggle (flips when a key is released
 * and pressed again, for the protocols that carry one).
 */
static long (*bpf_rc_keydown)(void *ctx, unsigned int protocol, unsigned long long scancode,
			      unsigned int toggle) = (void *)78;
static long (*bpf_map_push_elem)(void *map, const void *value,
				 unsigned long long flags) = (void *)87;
static long (*bpf_map_pop_elem)(void *map, void *value) = (void *)88;
static long (*bpf_map_peek_elem)(void *map, void *value) = (void *)89;
/* Move the pointer of the rc device's input device. */
static long (*bpf_rc_pointer_rel)(void *ctx, int rel_x, int rel_y) = (void *)92;
static unsigned long long (*bpf_ktime_get_boot_ns)(void) = (void *)125;

/*
 * Protocol numbers of the kernel's enum rc_proto (<linux/lirc.h>), for decoders that
 * report what a kernel decoder reports.
 */
#ifndef _LINUX_LIRC_H
enum rc_proto {
	RC_PROTO_UNKNOWN = 0,
	RC_PROTO_OTHER = 1,
	RC_PROTO_RC5 = 2,
	RC_PROTO_RC5X_20 = 3,
	RC_PROTO_RC5_SZ = 4,
	RC_PROTO_JVC = 5,
	RC_PROTO_SONY12 = 6,
	RC_PROTO_SONY15 = 7,
	RC_PROTO_SONY20 = 8,
	RC_PROTO_NEC = 9,
	RC_PROTO_NECX = 10,
	RC_PROTO_NEC32 = 11,
	RC_PROTO_SANYO = 12,
	RC_PROTO_MCIR2_KBD = 13,
	RC_PROTO_MCIR2_MSE = 14,
	RC_PROTO_RC6_0 = 15,
	RC_PROTO_RC6_6A_20 = 16,
	RC_PROTO_RC6_6A_24 = 17,
	RC_PROTO_RC6_6A_32 = 18,
	RC_PROTO_RC6_MCE = 19,
	RC_PROTO_SHARP = 20,
	RC_PROTO_XMP = 21,
	RC_PROTO_CEC = 22,
	RC_PROTO_IMON = 23,
	RC_PROTO_RCMM12 = 24,
	RC_PROTO_RCMM24 = 25,
	RC_PROTO_RCMM32 = 26,
	RC_PROTO_XBOX_DVD = 27,
};
#endif

/*
 * What a sample means to a decoder. A timeout is the end of a space that lasted past
 * the receiver's timeout: decoders treat it as a space, as the kernel's decoders do.
 * An overflow means samples were lost: start again. Carrier reports carry no timing.
 */
enum ir_sample_kind {
	IR_SAMPLE_SPACE,
	IR_SAMPLE_PULSE,
	IR_SAMPLE_RESET,
	IR_SAMPLE_IGNORE,
	IR_SAMPLE_KIND_MAX,
};

static __always_inline enum ir_sample_kind ir_sample_kind(unsigned int sample)
{
	switch (LIRC_MODE2(sample)) {
	case LIRC_MODE2_PULSE:
		return IR_SAMPLE_PULSE;
	case LIRC_MODE2_SPACE:
	case LIRC_MODE2_TIMEOUT:
		return IR_SAMPLE_SPACE;
	case LIRC_MODE2_OVERFLOW:
		return IR_SAMPLE_RESET;
	default:
		return IR_SAMPLE_IGNORE;
	}
}

/*
 * Timing comparisons with the kernel decoders' semantics: a duration d matches an
 * expected length when it lies strictly within margin of it. Signed arithmetic, so
 * a margin larger than the expected length accepts anything short.
 */
static __always_inline int ir_eq_margin(long d, long expected, long margin)
{
	return d > expected - margin && d < expected + margin;
}

/* d is at least about expected: strictly more than expected - margin. */
static __always_inline int ir_geq_margin(long d, long expected, long margin)
{
	return d > expected - margin;
}

/*
 * A window of samples: the raw LIRC mode2 values (kind in the top byte, duration
 * below) that match one expected pulse or space, first to last inclusive. A decoder
 * whose parameters are fixed once it is loaded sets its windows up on its first sample
 * and keeps them in its state; then each comparison on the path of every sample is two
 * loads and two jumps, and tells the kind of the sample as well as its duration (a
 * space window holds no pulse, a pulse window no space).
 *
 * The bounds are longs and samples are compared with them as longs, so that a window
 * is cut only where a sample of the other kind could fall into it: a pulse window
 * starts at LIRC_MODE2_PULSE at the earliest (spaces lie below), a space window ends
 * at LIRC_VALUE_MASK at the latest (pulses lie above). Its other end may run past
 * where samples are: below 0 no sample lies, above the pulses only the rare samples,
 * which decoders sort out before they compare (and a timeout becomes a space). A
 * window whose first is past its last matches nothing.
 */
struct ir_window {
	long first;
	long last;
};

/*
 * All ones when x < 0, else 0, and the compiler may not turn what is done with it into
 * a comparison: BPF has no conditional move, so clang would compile it as a branch.
 * Setup code made of these has no branch: the kernel's verifier walks it once, and
 * marks no register precise (each branch it can decide from the known parameters
 * costs it a walk back to where the value came from).
 */
static __always_inline long ir_sign_mask(long x)
{
	asm("" : "+r"(x));
	x >>= 63;
	asm("" : "+r"(x));
	return x;
}

/* All ones when x != 0, else 0, without a branch (x an int: -x cannot overflow). */
static __always_inline long ir_nonzero_mask(long x)
{
	return ir_sign_mask(x | -x);
}

/* All ones when x > 0, else 0, without a branch (x an int). */
static __always_inline long ir_positive_mask(long x)
{
	return ir_sign_mask(-x);
}

/* The smaller of a and b, without a branch (no overflow: |a - b| < 2^63). */
static __always_inline long ir_min(long a, long b)
{
	long d = a - b;

	return b + (d & ir_sign_mask(d));
}

/* The larger of a and b, without a branch. */
static __always_inline long ir_max(long a, long b)
{
	long d = a - b;

	return a - (d & ir_sign_mask(d));
}

/*
 * Samples of this kind whose duration d matches ir_eq_margin(d, expected, margin),
 * when on is all ones; none when on is 0. No branch (see ir_sign_mask()): a decoder
 * sets each of its windows up with this on its first sample.
 */
static __always_inline void ir_window_set_if(struct ir_window *w, unsigned int kind,
					     long expected, long margin, long on)
{
	long first = expected - margin + 1;
	long last = expected + margin - 1;

	if (kind == LIRC_MODE2_PULSE)
		first = ir_max(first, 0);
	else
		last = ir_min(last, LIRC_VALUE_MASK);
	/* Off: first 0, last -1. */
	w->first = (kind + first) & on;
	w->last = (kind + last) | ~on;
}

/* Samples of this kind whose duration d matches ir_eq_margin(d, expected, margin). */
static __always_inline void ir_window_set(struct ir_window *w, unsigned int kind,
					  long expected, long margin)
{
	ir_window_set_if(w, kind, expected, margin, -1);
}

/* src when on is all ones, else a window that matches nothing; no branch. */
static __always_inline void ir_window_copy_if(struct ir_window *w,
					      const struct ir_window *src, long on)
{
	w->first = src->first & on;
	w->last = src->last | ~on;
}

/* A window no sample matches, for an optional part of a frame that is absent. */
static __always_inline void ir_window_none(struct ir_window *w)
{
	w->first = 1;
	w->last = 0;
}

static __always_inline int ir_in_window(unsigned long sample, const struct ir_window *w)
{
	return (long)sample >= w->first && (long)sample <= w->last;
}

/*
 * The one test on the path of every sample that sorts out the rare ones: spaces and
 * pulses lie below LIRC_MODE2_FREQUENCY; a timeout (a space, to decoders), an overflow
 * or a carrier report lies at or above it.
 */
static __always_inline int ir_sample_is_rare(unsigned int sample)
{
	return sample >= LIRC_MODE2_FREQUENCY;
}

/*
 * v (below 2^32), where the kernel's verifier no longer knows what v holds: two byte
 * swaps of its 32 bits, each of which the verifier takes to make any value. The
 * rare-sample path below hands a timeout on as a space of its duration, a value the
 * verifier would know to be a space: it would decide the decoder's "is it a pulse?"
 * tests on that path without trying both ways, mark the sample precise for that, and
 * then find no path of an ordinary sample equal to one it has checked, walking the
 * decoder twice. Forgotten, the timeout's path covers the ordinary samples' one, which
 * is cut short where the two meet.
 *
 * Decoders keep the sample in an unsigned long for this: clang cannot see that the
 * asm leaves the upper half 0, and would clear it again on every sample's path for an
 * unsigned int compared as a long (ir_in_window()).
 */
static __always_inline unsigned long ir_verifier_forget(unsigned long v)
{
	asm("%0 = be32 %0\n\t%0 = be32 %0" : "+r"(v));
	return v;
}

/*
 * state is setup, the state of a decoder just loaded: 0, where a zeroed .bss starts
 * (no other state lies below it). Tested as "at most", not "equal": the verifier of
 * Linux 6.1 decides an equality test only for a value it knows exactly, a comparison
 * also from a range. A path on which this was false then never reaches a decoder's
 * setup in the verifier's eyes, when the decoder tests for it this way too.
 */
static __always_inline int ir_state_is_setup(unsigned int state, unsigned int setup)
{
	return (int)state <= (int)setup;
}

/*
 * A rare sample, for a decoder that keeps its windows in its state, in state (read
 * from *state_field): a timeout is a space of its duration (*sample becomes that space,
 * returns 0: decode it); an overflow loses the frame (*state_field becomes idle); the
 * rest is ignored. Returns 1 when there is nothing to decode.
 *
 * Before the windows are set up (state is setup) a timeout is ignored too: set up, the
 * decoder would be idle, where a space starts nothing. That way only the ordinary
 * samples' path leads to the setup, and the verifier walks it once, not once for each
 * path. Dispatch on the same state afterwards (not read again), so that the verifier
 * knows that a timeout's path never reaches the setup.
 */
static __always_inline int ir_rare_sample_skip(unsigned long *sample, unsigned int *state_field,
					       unsigned int state, unsigned int setup,
					       unsigned int idle)
{
	if (ir_state_is_setup(state, setup))
		return 1;
	if (LIRC_IS_TIMEOUT(*sample)) {
		*sample = ir_verifier_forget(LIRC_VALUE(*sample));
		return 0;
	}
	if (LIRC_IS_OVERFLOW(*sample))
		*state_field = idle;
	return 1;
}

/*
 * The value of x, which the compiler may no longer take for what it knows x is. Two
 * uses in a decoder's path of every sample, each costing no instruction:
 *  - the pointer to the state: clang otherwise loads the address again (ld_imm64)
 *    before every use of it, where the register holding it could serve;
 *  - the state, once tested for the most frequent state: clang otherwise merges
 *    that test into the switch that follows and dispatches on a tree of comparisons
 *    in which the frequent state is as far as any other.
 */
#define ir_opaque(x) ({						\
	__typeof__(x) ir_opaque_value = (x);			\
	asm volatile("" : "+r"(ir_opaque_value));		\
	ir_opaque_value;					\
})

/*
 * A parameter in the v4l-utils convention (see BPF_PARAM) read as a long: the loader
 * writes the value, sign-extended to 64 bits, into the immediate of each ld_imm64
 * that takes the variable's address, so a use costs one instruction where an
 * IR_PARAM() costs a load and a sign extension more. Declare with
 *
 *	IR_IMM_PARAM(margin) = 200;
 *
 * and read with IR_IMM(margin). The empty asm keeps the compiler from deducing
 * anything from the value being an address (not null, aligned). The loader writes
 * 2^31 and up as they are: read as (int)IR_IMM(name) where the decoder must see
 * them as an int does (a .rodata int would). The variable goes to .data even with a
 * default of 0, so that parameters are listed in the order they are declared.
 */
#define IR_IMM_PARAM(name) int name __attribute__((section(".data")))
#define IR_IMM(name) ir_imm_value((long)&(name))

static __always_inline long ir_imm_value(long v)
{
	asm("" : "+r"(v));
	return v;
}

/*
 * ir_eq_margin() and ir_geq_margin() in one comparison each, for a margin m > 0,
 * on d1 = d + m - 1 (the duration moved by the margin once per sample) and
 * width = 2 * m - 1: d lies strictly within m of expected exactly when
 * 0 <= d1 - expected < width, and d > expected - m exactly when d1 >= expected.
 * Values stay far from overflowing a long (durations < 2^24, parameters ints).
 */
static __always_inline int ir_eq_window(long d1, long expected, long width)
{
	return (unsigned long)(d1 - expected) < (unsigned long)width;
}

static __always_inline int ir_geq_window(long d1, long expected)
{
	return d1 >= expected;
}

/*
 * p, with the compiler no longer knowing which global it points to: a decoder's
 * state is then addressed by one ld_imm64 and offsets from it, not by an ld_imm64
 * per field.
 */
static __always_inline void *ir_state_base(void *p)
{
	asm("" : "+r"(p));
	return p;
}

/*
 * v & mask, where the verifier can see it. Use it for an index that is in range
 * already: the compiler, knowing that, drops a plain mask, and the verifier of older
 * kernels (6.1) may not have followed the check that made it so (a 32-bit comparison
 * of a copy, then a 64-bit index).
 */
static __always_inline unsigned int ir_bound(unsigned int v, unsigned int mask)
{
	asm volatile("" : "+r"(v));
	return v & mask;
}

/*
 * What is left of a duration once an expected part of it is taken, never below 0: the
 * bi-phase decoders (rc5_bpf, rc6_bpf, mce_kbd_bpf) take a sample that holds several
 * halves of bits half by half.
 */
static __always_inline long ir_take(long duration, long part)
{
	return duration > part ? duration - part : 0;
}

/*
 * One bit, told by which of two windows holds the sample: a 1 (tried first) or a 0,
 * taken in at the bottom of *bits. The pulse-distance decoders (pulse_distance,
 * samsung36, xbox_dvd: the bit is in the space) and pulse_length (in the pulse) share
 * it. Returns 0, or -1 when neither window holds the sample.
 */
static __always_inline int ir_take_bit(unsigned long long *bits, unsigned long s,
				       const struct ir_window *one, const struct ir_window *zero)
{
	if (ir_in_window(s, one)) {
		*bits = *bits << 1 | 1;
		return 0;
	}
	if (ir_in_window(s, zero)) {
		*bits <<= 1;
		return 0;
	}
	return -1;
}

/* The 8 bits of b in the opposite order (protocols that send LSB first). */
static __always_inline unsigned int ir_bitrev8(unsigned int b)
{
	b = ((b & 0xf0) >> 4) | ((b & 0x0f) << 4);
	b = ((b & 0xcc) >> 2) | ((b & 0x33) << 2);
	b = ((b & 0xaa) >> 1) | ((b & 0x55) << 1);
	return b & 0xff;
}

/*
 * The 64 bits of b in the opposite order: a decoder of a protocol sent LSB first can
 * take each bit in at the bottom, as for MSB first, and turn the word round once per
 * frame instead of testing the bit order on every bit.
 */
static __always_inline unsigned long long ir_bitrev64(unsigned long long b)
{
	b = (b & 0x00000000ffffffffULL) << 32 | b >> 32;
	b = (b & 0x0000ffff0000ffffULL) << 16 | (b >> 16 & 0x0000ffff0000ffffULL);
	b = (b & 0x00ff00ff00ff00ffULL) << 8 | (b >> 8 & 0x00ff00ff00ff00ffULL);
	b = (b & 0x0f0f0f0f0f0f0f0fULL) << 4 | (b >> 4 & 0x0f0f0f0f0f0f0f0fULL);
	b = (b & 0x3333333333333333ULL) << 2 | (b >> 2 & 0x3333333333333333ULL);
	b = (b & 0x5555555555555555ULL) << 1 | (b >> 1 & 0x5555555555555555ULL);
	return b;
}

#endif
