/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Random renderings of database protocols for the tests of the IRP modules: the
 * parameters drawn across their ranges, rendered by irp_render (the encoder the
 * compiler does not share), so that each test checks a decoder against a signal it
 * did not make.
 */
#ifndef IRKIT_TEST_IRP_RANDOM_H
#define IRKIT_TEST_IRP_RANDOM_H

#include <stdbool.h>
#include <stdint.h>

#include "irp.h"
#include "irp_render.h"

/* At most this many parameters in a protocol the tests render. */
#define IRP_RANDOM_PARAMETERS_MAX 64

/* xorshift64*: the same sequence on every machine, from a non-zero state. */
uint64_t irp_random_next(uint64_t *state);

/*
 * Draws each parameter of p within its range into values[] (in the order of the
 * parameter spec) and renders p with them, two repeats and the ending when asked, into
 * signal (freed with irp_signal_free()). A bit of a value that the signal does not
 * carry (the rendering is the same without it: Zenith5 sends 5 bits of its F:0..255)
 * is left 0, as a decoder gives it. A Check assertion fails when p cannot be rendered.
 */
void irp_random_render(const struct irp_protocol *p, uint64_t *state, bool ending,
		       uint64_t values[IRP_RANDOM_PARAMETERS_MAX], struct irp_signal *signal);

#endif
