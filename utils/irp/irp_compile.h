/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The IRP compiler: a protocol's tree (irp.h) into a decoder program (bpf_image.h) that
 * follows the decoder contract of docs/ARCHITECTURE.md, its BPF instructions emitted by
 * this module (no compiler at run time).
 *
 * The protocol becomes up to six frames, each a fixed sequence of expected durations
 * (a "slot" per flash, gap or extent, two per symbol of a bitspec): the whole irstream
 * when it repeats as a whole ("(...)*", "(...)+", "((...)2)*"), else what comes before
 * a repeated irstream, that irstream's body and what comes after it ("(A,(B)*)", as
 * NEC1; "(A,(B)+,C)", as NRC16). A
 * repeated body is laid out once per pass, as the renderer sends it: the first, the
 * repeats, and the ending when a variation has a third alternative; each pass takes its
 * alternative of the variations ("[P=0][P=1][P=2]"; an empty one ends the frame there)
 * and the values that constant assignments give ("T=1,(...,T:1,...,T=0)+"); passes that
 * come out the same are one frame. Each
 * frame is matched by its own automaton, all of them on every sample; a frame that
 * sends parameters is a message, one that sends none (or not every parameter) after
 * a message is a repeat (NEC1's ditto: bpf_rc_repeat()), one that sends none before
 * any message is a preamble.
 *
 * Matching a sample against a slot: a duration matches an expected one e when it is
 * within max(absolute tolerance, relative tolerance * e) of it (the protocol's
 * tolerances from the database, else IrpTransmogrifier's defaults, 100 µs and 30%). A
 * sample longer than that when the next slot may start with the same sign is taken as
 * e followed by the next slot's start (a receiver merges a space that ends a symbol with
 * the space that follows; biphase halves merge so). A bit is the one of the two symbols
 * whose halves match; an extent is the space that makes the time since the start of the
 * frame (or the previous extent) what it says, within the tolerance of that space (the
 * extent's rest), not of the whole extent. The last slot of a frame, when it is a
 * space, accepts any longer space and a timeout. A sample that does not match restarts
 * the automaton, and is tried once more as the start of a frame.
 *
 * When a message frame is complete, its bitfields give the parameters: a parameter's
 * bits may come from several bitfields (~F:1:6 and F:6), and bits sent twice (F:8,
 * ~F:8) must agree; a parameter sent only inside computed bitfields is given back from
 * them where the way down to it can be undone modulo the bitfield's width (+, -, ^, ~,
 * negation, a product or shift by a power of two, a bitfield of the low bits: Eufy's
 * CO from its checksum, XMP-1's F from (F*256):16, a parameter whose range is narrower
 * than 2^width from its value modulo 2^width, Yamaha's Y bit by bit from E0 and E7,
 * G.I.4DTV's top bit of D from C0); constant bitfields must have their
 * value, computed ones the value their expression gives; every parameter must lie in
 * its range. A message may come in parts: when the first frame does not give every
 * parameter, it keeps those it gives in the state map (the carry), and the later frame
 * that gives the rest (Pioneer-2Part's repeated half, Epson's and F12x's end frame)
 * takes them from there, the parameters sent in both agreeing; a timeout empties the
 * carry. An end frame that comes after a repeated part reports at the next sample
 * unless that is a pulse (the signal goes on: it was the repeated frame), or at once on
 * a timeout. Then bpf_rc_keydown(ctx, IRP_COMPILE_PROTOCOL, scancode, toggle).
 * A report (keydown or repeat) restarts every frame's automaton and ends the sample's
 * matching: one report per sample, the first frame's in the order above, so that a
 * frame that is the end of another (JVC's repeat, its message without the header)
 * does not report the same message again. Some frames only the context tells apart, as
 * IrpTransmogrifier decodes a signal as a whole: NRC17's end frame is also a message
 * (F=254, D=255), Roku-8bit's repeated frame also a first frame (F with bit 7
 * flipped). A later frame whose durations an earlier reporting frame also takes (no
 * constant bit telling them apart) is tried first, and taken only after a report in
 * the same signal, that is since the last timeout: a receiver whose timeout is
 * shorter than the gaps between frames loses that context.
 *
 * The scancode layout: the parameters of the parameter spec that are not persistent,
 * in the order the spec lists them, the first one in the most significant bits, each
 * one as many bits wide as its maximum needs ("D:0..255,S:0..255,F:0..255" is
 * D << 16 | S << 8 | F; "D:0..31,F:0..127" is D << 7 | F). A persistent parameter (T@,
 * RC5's toggle) is the toggle argument, not part of the scancode. This is the generic
 * layout. Parameters of more than 64 bits in all take the wide path (below,
 * IRP_COMPILE_MESSAGES_MAP): the scancode is the leading ones that fit, and a message
 * in a queue map carries them all. For the database protocols that the kernel decodes, when options->name is
 * their database name, the kernel's protocol number and layout apply instead:
 * NEC, NEC1, NEC2 (NEC: D << 8 | F when S is D's complement, else NECX: D << 16 |
 * S << 8 | F) and their -f16 forms (NEC32: S << 24 | D << 16 | E << 8 | F when E is
 * not F's complement), RC5 and RC6 (mode 0) and JVC and Sharp (D << 8 | F), Sony12
 * and Sony15 (D << 16 | F), Sony20 (D << 16 | S << 8 | F); RC5x (rc-5x-20), StreamZap
 * and StreamZap-57 (rc-5-sz), RC6-M-16 (rc-6-0 when M is 0), RC6-6-20, Replay and
 * RC6-M-24 (when M is 6), RC6-M-32 (when M is 6) and MCE (rc-6-6a-32 or rc-6-mce), Aiwa and Aiwa2 (sanyo), Nokia12, Nokia and Nokia32
 * (rc-mm), MCIR-2-kbd and MCIR-2-mouse (mce_kbd): irp_compile.c says each one's bits.
 *
 * Supported so far, refused otherwise with -EOPNOTSUPP and a message naming the
 * construct and its column: bitspecs of 2, 4, 8 or 16 symbols of one flash and one gap
 * each (pulse distance, pulse width, biphase; Nokia's and XMP's) or of a flash and a
 * gap alone (<-1|1>: runs of equal bits merge into one duration), or of any other
 * sequences of fixed durations (several flashes and gaps, a gap first: Grundig16's,
 * pid-0083's; constants sent with the enclosing bitspec's symbols: Sejin's
 * <8:4|4:4|2:4|1:4>, Zenith's <1:2|2:2>; assignments of constants that change the
 * symbols that follow: B&O's), told apart one duration after the other, a symbol's
 * first and last durations merged with its neighbours' as a receiver merges them,
 * durations and extents of fixed length (or given by a name of a constant value; an
 * extent of a nested irstream when that irstream starts where the frame or its last
 * extent ends, as SonyDSP's do),
 * bitfields of fixed width and chop whose data is a parameter, a parameter plus or
 * minus a constant whose range fits the field (arctech's (D-1):4 for D:1..16: D is
 * the value sent plus one), a constant or an expression of the parameters (a checksum,
 * compiled to instructions with Java's 64-bit rules as irp_eval() has them; ** only
 * between constants; a parameter sent only there must be given back as said above),
 * messages in parts, nested
 * irstreams (with their own bitspec too: RC6's trailer bit; "(...)2" up to 8 times, laid
 * out in the frame), one repeated irstream,
 * variations,
 * assignments of constants (those of the parameters only at the very end, where they
 * concern the next signal).
 *
 * A computed bitfield's && and || evaluate their right operand only when the left one
 * does not decide, as irp_eval() does: a zero divisor in the operand not evaluated does
 * not drop the frame ((D==30||F/(D-30)) with D=30); one that is evaluated does.
 *
 * Limits (hostile input; each refusal says "irp:COL: ..." at the construct):
 *  - at most 24 parameters and 64 definitions (-EOPNOTSUPP);
 *  - a duration (flash, gap, extent, in a frame or a symbol) lasts 0 or from 1 µs,
 *    the resolution of a receiver's samples, to 0xffffff µs, the longest one reports;
 *    a unit of 0 is refused too (-EINVAL);
 *  - the work of one compilation is a budget of 200,000 steps that every step draws on:
 *    each evaluation (constant folding: 8 steps, and one a node), each expression node
 *    walked or emitted, definitions expanded at each use, each item laid out. A definition's
 *    expanded size is counted once, before a use of it is expanded, and a use that the
 *    steps left cannot pay for is refused there (-E2BIG, "too much work to compile"):
 *    definitions that use each other many times (A2=A1+A1+A1, A3=A2+A2+A2...) are
 *    refused in milliseconds, not expanded. The database's protocols take at most
 *    23,340 steps (XMPff-1);
 *  - the program stops growing past 131,072 instructions, where jump offsets no longer
 *    reach (-E2BIG, "the decoder is too long", at the expression being emitted).
 *
 * Tolerances beyond the plain window: above a duration, the window of the larger of the
 * expected and the measured one, where that meets no longer duration's
 * (widest_above()); a frame's last gap ends it from 20 ms on, above another frame's
 * shorter last gap (leadout_floor()). Bits no frame sends are 0 (Zenith5's top 3 of F).
 *
 * Cheap by design: the state is addressed with no lookup, a sample is compared raw (kind
 * and duration in one pair of compares, a frame at rest in two), a bitspec's
 * flash-and-gap symbols are one piece of code shifting into one word; test-irp-cost
 * bounds NEC1, Sony12, RC5 and RC6 against the hand-written ports.
 * irp_compile_unpack() inverts a kernel layout bit by bit and packs the result again to
 * check it. Tests: test-irp-compile and test-irp-unpack (every database protocol; the
 * exceptions in tests/unit/irp-compile-exceptions.txt), the VM scenario
 * irp-kernel-agree (tests/vm/irp-kernel-exceptions.txt, empty).
 */
#ifndef IRKIT_IRP_COMPILE_H
#define IRKIT_IRP_COMPILE_H

#include <stdbool.h>
#include <stdint.h>

#include "bpf_image.h"
#include "ir_error.h"
#include "irp.h"

/* The protocol number of bpf_rc_keydown() for IRP decoders (generic decoders are 64+). */
#define IRP_COMPILE_PROTOCOL 80

/* IrpTransmogrifier's defaults, for protocols whose entry gives no tolerance. */
#define IRP_DEFAULT_ABSOLUTE_TOLERANCE 100.0
#define IRP_DEFAULT_RELATIVE_TOLERANCE 0.3

/* The state map of a compiled program: one element of state_size bytes. */
#define IRP_COMPILE_STATE_MAP "irp_state"
/*
 * Maps 1 and 2 of every compiled image: the pointer buttons and the hold
 * (bpf_protocols/pointer_table.h), filled by the planner as for the embedded decoders.
 */
#define IRP_COMPILE_POINTER_KEYS_MAP_INDEX 1
#define IRP_COMPILE_POINTER_STATE_MAP_INDEX 2

/* The parameters a protocol may have (more are refused). */
#define IRP_COMPILE_PARAMETERS_MAX 24

/*
 * The wide path: a protocol whose parameters (the persistent one aside) take more than
 * 64 bits in all (Fujitsu-128: sixteen 8-bit ones) cannot be given back from the 64-bit
 * scancode of bpf_rc_keydown(). Its program reports the leading parameters that fit in
 * 64 bits whole, in the generic layout (Fujitsu-128: A0 << 56 | A1 << 48 | ... | A7),
 * so that a keymap can still map it, and just before that report pushes every
 * parameter, one struct irp_compile_message, to a queue map of its own, map 3
 * "irp_messages" (BPF_MAP_TYPE_QUEUE, Linux 4.20; no key; the oldest is dropped when it
 * is full). A reader pops one after each report of protocol IRP_COMPILE_PROTOCOL and
 * takes it when its scancode is the report's (an older one is a report that was not
 * made: dropped). The layout is fixed, little-endian as the machine is: this struct.
 */
#define IRP_COMPILE_MESSAGES_MAP "irp_messages"
#define IRP_COMPILE_MESSAGES_MAP_INDEX 3
#define IRP_COMPILE_MESSAGES_MAX 16
#define IRP_COMPILE_MESSAGE_NAME_SIZE 32

struct irp_compile_message {
	/* what identifies the protocol: options->name (its database name), else "irp";
	 * NUL-padded, cut to 31 bytes */
	char name[IRP_COMPILE_MESSAGE_NAME_SIZE];
	uint64_t scancode;		/* the report's */
	uint32_t count;			/* parameters: the protocol's parameter_count */
	uint32_t toggle;		/* the report's */
	uint64_t values[IRP_COMPILE_PARAMETERS_MAX];	/* in the parameter spec's order */
};

/* Whether protocol takes the wide path: more than 64 bits of parameters. */
bool irp_compile_is_wide(const struct irp_protocol *protocol);

struct irp_compile_options {
	double absolute_tolerance;	/* µs */
	double relative_tolerance;	/* fraction of the expected duration */
	/* the protocol's database name ("NEC1"): the program's name (with "_" for
	 * what the kernel does not take in one), and the kernel's
	 * layout for the kernel's protocols; NULL: "irp" and the generic layout */
	const char *name;
};

/* The defaults, then the tolerances of a database entry's parameters column
 * ("prefer-over=X;absolute-tolerance=100;relative-tolerance=0.2"); NULL for none. */
void irp_compile_options_init(struct irp_compile_options *options, const char *parameters);

/* The kernel's scancode layout for a database name, as an IRP expression, or NULL. */
const char *irp_compile_kernel_layout(const char *name);
/* Its protocol number (enum rc_proto), as an IRP expression of the parameters, or NULL. */
const char *irp_compile_kernel_protocol(const char *name);
/* Its toggle, as an IRP expression, or NULL: the persistent parameter, if any. */
const char *irp_compile_kernel_toggle(const char *name);

/*
 * Compile protocol into a new image (freed with bpf_image_free()). Returns 0;
 * -EOPNOTSUPP for a construct outside the supported class, -EINVAL for a protocol that
 * cannot be sent as written (a width that is not a number, a negative duration, one
 * under 1 µs), -E2BIG for a program too long for jump offsets or a compilation past its
 * budget of steps ("Limits" above), each with "irp:COL: ..." in err; -ENOMEM.
 */
int irp_compile(const struct irp_protocol *protocol, const struct irp_compile_options *options,
		struct bpf_image **ret_image, struct ir_error *err);

/*
 * The report that the program irp_compile(protocol, options) makes for these parameter
 * values (protocol->parameter_count of them, in the order of the parameter spec):
 * bpf_rc_keydown()'s protocol, scancode and toggle, in the kernel's layout when
 * options->name has one, else the generic one (utils/irp/irp_unpack.c). Returns 0; -EINVAL
 * when a layout's expression cannot be evaluated; -ENOMEM.
 */
int irp_compile_report(const struct irp_protocol *protocol,
		       const struct irp_compile_options *options, const uint64_t *values,
		       uint32_t *ret_rc_protocol, uint64_t *ret_scancode, uint32_t *ret_toggle);

/*
 * The other way: the parameters of a report that the program irp_compile(protocol,
 * options) makes, from its protocol number, scancode and toggle (utils/irp/irp_unpack.c).
 * values[i] (protocol->parameter_count of them) is the value of parameter i of the
 * parameter spec, the persistent one (the toggle) included. Generic layout: the
 * scancode cut into the parameters' widths, last parameter in the lowest bits (a wide
 * protocol's: the leading parameters it carries, the others their minimums, which
 * irp_compile_unpack_message() gives back instead). Kernel
 * layouts: which bit of the report each bit of each parameter lands in is found by
 * flipping it in a few sets of parameter values (their minimums, their maximums, with
 * or without the defaults, which follow the parameters they depend on: NEC's S is
 * 255-D), and the report's bits are put back; a layout whose branches depend on a
 * value that these sets do not reach (RC6-M-32's MCE customers) may not come back.
 * Either way the parameters must be in range and give back the same report with
 * irp_compile_report(). Returns 0; -EINVAL when they do not (a report this program
 * cannot make), with the cause in err; -ENOMEM.
 */
int irp_compile_unpack(const struct irp_protocol *protocol,
		       const struct irp_compile_options *options, uint32_t rc_protocol,
		       uint64_t scancode, uint32_t toggle, uint64_t *values,
		       struct ir_error *err);

/*
 * A wide protocol's parameters (irp_compile_is_wide()) from the message its program
 * pushed (values as irp_compile_unpack() fills them): the count must be the protocol's,
 * every value in its range, and the values must give the message's scancode and toggle
 * with irp_compile_report(). Returns 0; -EINVAL when they do not, with the cause in err.
 */
int irp_compile_unpack_message(const struct irp_protocol *protocol,
			       const struct irp_compile_options *options,
			       const struct irp_compile_message *message, uint64_t *values,
			       struct ir_error *err);

#endif
