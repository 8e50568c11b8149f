/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * What the parts of the IRP notation module share, and nothing else includes.
 *
 * irp.c        the lexer and the recursive-descent parser, the tree's arena
 * irp_print.c  the canonical printer
 * irp_eval.c   the environment of names and the evaluator
 *
 * The printer puts parentheses where the parser's precedence needs them, so both read
 * the operators' levels from the parser's table.
 */
#ifndef IRKIT_IRP_INTERNAL_H
#define IRKIT_IRP_INTERNAL_H

#include "irp.h"

#define LEVEL_TERNARY 0
#define LEVEL_POW 11
#define LEVEL_UNARY 12
#define LEVEL_PRIMARY 13

/* A binary operator's precedence: 1 for ||, up to LEVEL_POW for **; LEVEL_UNARY otherwise. */
int irp_op_level(enum irp_op op);

#endif
