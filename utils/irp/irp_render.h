/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The IRP renderer: a protocol's tree (irp.h) and its parameters' values into the pulses
 * and spaces that a remote sends. It shares the parser and the evaluator with the decoder
 * compiler and nothing else, so that each checks the other.
 *
 * What a rendering does, item by item:
 *  - durations: a number (or a name's value) times the general spec's unit (1 µs when
 *    none; "p" units are periods of the carrier, 38 kHz when none is given), or times
 *    1 µs (u), 1000 µs (m), one carrier period (p). A flash is a pulse, a gap a space; an
 *    extent is a space that lasts until the time since the start of the innermost
 *    irstream (or its repetition, or the previous extent there) equals the extent;
 *  - bitfields: their bits, the most significant first under msb, the least first under
 *    lsb; the bits of consecutive bitfields are one stream, cut into symbols of the
 *    innermost bitspec of 2^k symbols, k bits each, a symbol being the value of its k
 *    bits in the general spec's order: the first bit sent is the symbol's most
 *    significant under msb, its least significant under lsb (Epson's D:8 = 98, lsb,
 *    4 symbols, goes out as symbols 2, 0, 2, 1, as its remotes send it). A duration,
 *    an irstream or the end of one must not leave bits short of a symbol. A symbol is rendered with
 *    the bitspec that encloses its bitspec;
 *  - assignments set a name's value in the environment, which keeps it after the
 *    rendering (persistent variables such as RC5's toggle T);
 *  - irstreams: once; "n" n times; "*" `repeats` times; "+" at least once, else
 *    `repeats` times; "n+" at least n times, else `repeats` times;
 *  - variations: in a "*", "+" or "n+" irstream, the first rendering of its body takes
 *    the first alternative, the others the second, and with `ending` set the body is
 *    rendered once more with the third one (if the body has a variation as a direct
 *    item; a two-alternative variation has an empty third). Elsewhere the enclosing
 *    repeating irstream decides, or the first alternative outside any. An empty
 *    alternative ends that rendering of the body there.
 *
 * The output is a list of durations in µs, positive for a pulse and negative for a space,
 * adjacent ones of a sign merged, each rounded to the microsecond from the exact sum
 * (one that rounds to 0 is left out, and its neighbours merge).
 * Limits (-E2BIG): IRP_RENDER_STEPS_MAX items, repetitions and symbols rendered, and
 * IRP_RENDER_EVAL_STEPS_MAX expression nodes evaluated in all, per rendering.
 */
#ifndef IRKIT_IRP_RENDER_H
#define IRKIT_IRP_RENDER_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "ir_error.h"
#include "irp.h"

#define IRP_RENDER_STEPS_MAX 1000000
#define IRP_RENDER_EVAL_STEPS_MAX 10000000

struct irp_signal {
	int32_t *durations;
	size_t count, capacity;
	double frequency;	/* Hz: the carrier (0: none) */
	double duty_cycle;	/* percent, 0 when the protocol does not say */
};

struct irp_render_options {
	unsigned int repeats;	/* renderings of "*" irstreams, see above */
	bool ending;		/* the variations' ending after the repeats */
};

/*
 * Render protocol with the names of env (the caller sets the parameters and calls
 * irp_env_prepare() first; assignments change env). Appends to *signal (zeroed or earlier
 * rendered). Returns 0; -ENOENT, -EDOM, -ERANGE... from the evaluation, -EINVAL for
 * what cannot be rendered (a bitfield outside a bitspec, a bitspec whose size is not a
 * power of two, bits left short of a symbol, an infinite bitfield, a negative duration,
 * an extent shorter than what precedes it, "p" durations with no carrier), -E2BIG,
 * -ENOMEM; each with a message in err.
 */
int irp_render(const struct irp_protocol *protocol, struct irp_env *env,
	       const struct irp_render_options *options, struct irp_signal *signal,
	       struct ir_error *err);

void irp_signal_free(struct irp_signal *signal);	/* back to empty; accepts NULL */

#endif
