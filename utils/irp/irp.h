/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * IRP notation: a parser into a tree, a canonical printer, and the evaluation of
 * expressions and bitfields over an environment of names.
 *
 * The notation is read as IrpTransmogrifier reads it (Graham Dixon's IRP with that
 * program's extensions): a general spec, a bitspec and its irstream, any number of
 * definition blocks, and optional parameter specs:
 *
 *   {38.4k,564}<1,-1|1,-3>(16,-8,D:8,S:8,F:8,~F:8,1,^108m)*[D:0..255,S:0..255=255-D,F:0..255]
 *
 * The tree keeps what the text says (the general spec's items as given, numbers with
 * their decimals, repeat markers, variations) and nothing of its spelling: parentheses,
 * spaces, comments and the base of a number are not kept, and several definition blocks
 * become one list. irp_print() writes the tree back in one canonical form; parsing that
 * text gives the same tree. Both the decoder compiler and the renderer (encoder) read
 * this tree: this header is the whole contract.
 *
 * Syntax details, where IrpTransmogrifier's grammar decides:
 *  - Names are C identifiers; "k", "u", "p", "m", "lsb" and "msb" are names too where a
 *    unit or a bit order cannot stand. UINT8_MAX, UINT16_MAX, UINT24_MAX, UINT32_MAX,
 *    UINT48_MAX and UINT64_MAX are numbers. Integers are decimal, 0x hexadecimal or 0b
 *    binary, at most UINT64_MAX. Durations and the general spec also take decimals
 *    (2.6, .5); expressions do not.
 *  - Comments: slash-star to star-slash, and // to the end of the line.
 *  - Expression precedence, loosest first: ?: (right to left), ||, &&, |, ^, &, == !=,
 *    < <= > >=, << >>, + -, * / %, ** (right to left), the prefix operators - ~ ! #,
 *    then bitfields and primaries (names, numbers, parenthesised expressions). The
 *    prefix operators bind tighter than **, as in IrpTransmogrifier's grammar:
 *    -2**2 is 4. "~D:8" is the complemented bitfield, not ~ of D:8.
 *  - Where the grammar is ambiguous for a one-token look-ahead, parentheses decide:
 *    inside a bitspec, an expression not in parentheses does not take the operators
 *    | || > >= >> (they end the symbol or the bitspec), and in the middle operand of
 *    ?: a colon is the ?: colon, so a bitfield there is written in parentheses:
 *    "C ? (D:8) : 0". The canonical printer writes these parentheses.
 *  - The irstream's ?: extension and $names are not part of the notation read here.
 *
 * Limits (hostile input): the text is at most IRP_TEXT_MAX bytes; streams, bitspecs,
 * variations and parentheses nest at most IRP_NESTING_MAX deep, and an expression tree is
 * at most IRP_EXPR_DEPTH_MAX deep; a bitfield width written as a number is at most 64.
 * Everything else is bounded by the length of the text.
 *
 * test-irp parses every protocol of utils/irp/protocols.tsv (the exceptions, none today,
 * in tests/unit/irp-exceptions.txt).
 */
#ifndef IRKIT_IRP_H
#define IRKIT_IRP_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "ir_error.h"

#define IRP_TEXT_MAX 65536
#define IRP_NESTING_MAX 32
#define IRP_EXPR_DEPTH_MAX 64

/*
 * A number written with decimals, kept exactly: digits / 10^scale. "38.40" is
 * { 3840, 2 }, "564" is { 564, 0 }. scale is at most 19.
 */
struct irp_decimal {
	uint64_t digits;
	unsigned int scale;
};

enum irp_expr_kind {
	IRP_EXPR_NUMBER,	/* number */
	IRP_EXPR_NAME,		/* name */
	IRP_EXPR_BITFIELD,	/* data, width (NULL if infinite), chop (NULL if none) */
	IRP_EXPR_UNARY,		/* op, a */
	IRP_EXPR_BINARY,	/* op, a, b */
	IRP_EXPR_TERNARY,	/* a ? b : c */
	IRP_EXPR_KIND_MAX
};

enum irp_op {
	IRP_OP_NEG,		/* -a */
	IRP_OP_COMPLEMENT,	/* ~a */
	IRP_OP_NOT,		/* !a: 1 if a is 0, else 0 */
	IRP_OP_BITCOUNT,	/* #a: number of one bits of the 64-bit value */
	IRP_OP_POW,		/* a ** b */
	IRP_OP_MUL,
	IRP_OP_DIV,
	IRP_OP_MOD,
	IRP_OP_ADD,
	IRP_OP_SUB,
	IRP_OP_SHL,
	IRP_OP_SHR,
	IRP_OP_LT,
	IRP_OP_LE,
	IRP_OP_GT,
	IRP_OP_GE,
	IRP_OP_EQ,
	IRP_OP_NE,
	IRP_OP_AND,		/* & */
	IRP_OP_XOR,		/* ^ */
	IRP_OP_OR,		/* | */
	IRP_OP_LAND,		/* && */
	IRP_OP_LOR,		/* || */
	IRP_OP_MAX
};

/*
 * An expression node. A bitfield is an expression (it is one wherever an expression
 * stands) and also an irstream item: data:width:chop, ~data:width (complement),
 * data:-width (bits reversed), data::chop (infinite: everything above chop).
 */
struct irp_expr {
	enum irp_expr_kind kind;
	unsigned int column;		/* 1-based: the first character, or the operator's
					 * of a binary or ?: node */
	enum irp_op op;			/* UNARY, BINARY */
	uint64_t number;		/* NUMBER: the literal, read as int64_t by eval */
	const char *name;		/* NAME */
	bool complement;		/* BITFIELD: ~ */
	bool reverse;			/* BITFIELD: negative width */
	bool infinite;			/* BITFIELD: data::chop */
	const struct irp_expr *a, *b, *c;
	unsigned int height;		/* of this subtree: 1 for a leaf */
};

enum irp_duration_kind {
	IRP_FLASH,		/* 1 */
	IRP_GAP,		/* -1 */
	IRP_EXTENT,		/* ^108m: a gap lasting until the stream has lasted that long */
	IRP_DURATION_KIND_MAX
};

enum irp_time_unit {
	IRP_TIME_UNITS,		/* no suffix: multiples of the general spec's unit */
	IRP_TIME_MICROSECONDS,	/* u */
	IRP_TIME_MILLISECONDS,	/* m */
	IRP_TIME_PERIODS,	/* p: periods of the carrier */
	IRP_TIME_UNIT_MAX
};

struct irp_duration {
	enum irp_duration_kind kind;
	enum irp_time_unit unit;
	const char *name;		/* "-zeroGap": a name, else NULL and value is set */
	struct irp_decimal value;
};

enum irp_item_kind {
	IRP_ITEM_DURATION,
	IRP_ITEM_BITFIELD,		/* bitfield: an IRP_EXPR_BITFIELD */
	IRP_ITEM_ASSIGNMENT,		/* name = value */
	IRP_ITEM_STREAM,		/* a nested irstream, perhaps with its own bitspec */
	IRP_ITEM_VARIATION,		/* [..][..] or [..][..][..] */
	IRP_ITEM_KIND_MAX
};

/* A bare irstream: items separated by commas; may be empty. */
struct irp_sequence {
	const struct irp_item *items;
	size_t count;
};

enum irp_repeat {
	IRP_REPEAT_ONCE,		/* no marker */
	IRP_REPEAT_ANY,			/* "*": zero or more times */
	IRP_REPEAT_SOME,		/* "+": one or more times */
	IRP_REPEAT_COUNT,		/* "3": count times */
	IRP_REPEAT_AT_LEAST,		/* "3+": count or more times */
	IRP_REPEAT_MAX
};

/* A bitspec: its symbols, symbol i being the bits of value i (2, 4, 8... or any number). */
struct irp_bitspec {
	const struct irp_sequence *symbols;
	size_t count;
	unsigned int column;
};

/* "(items)repeat", or "<bitspec>(items)repeat" when bitspec is set. */
struct irp_stream {
	const struct irp_bitspec *bitspec;
	struct irp_sequence body;
	enum irp_repeat repeat;
	uint64_t count;			/* REPEAT_COUNT, REPEAT_AT_LEAST */
	unsigned int column;
};

struct irp_item {
	enum irp_item_kind kind;
	unsigned int column;
	struct irp_duration duration;		/* DURATION */
	const struct irp_expr *bitfield;	/* BITFIELD */
	const char *name;			/* ASSIGNMENT */
	const struct irp_expr *value;		/* ASSIGNMENT */
	const struct irp_stream *stream;	/* STREAM */
	struct irp_sequence alternatives[3];	/* VARIATION */
	unsigned int alternative_count;		/* VARIATION: 2 or 3 */
};

/* The general spec as written; has_* tells which items were there (the last one wins). */
struct irp_general {
	bool has_frequency, has_unit, has_order, has_duty_cycle;
	struct irp_decimal frequency;	/* kHz: "38.4k" */
	struct irp_decimal unit;	/* microseconds, or carrier periods if unit_in_periods */
	bool unit_in_periods;
	bool msb;			/* bit order: false = lsb, the default */
	struct irp_decimal duty_cycle;	/* percent */
	unsigned int frequency_column, unit_column;	/* of the item that won, or 0 */
};

struct irp_definition {
	const char *name;
	const struct irp_expr *value;
	unsigned int column;
};

/* "D:0..255=default" and, persistent (its value kept from one signal to the next), "T@:0..1=0". */
struct irp_parameter {
	const char *name;
	uint64_t min, max;
	const struct irp_expr *default_value;	/* NULL if none (never for persistent ones) */
	bool persistent;
	unsigned int column;
};

struct irp_protocol {
	struct irp_general general;
	const struct irp_stream *stream;	/* the top bitspec_irstream: bitspec set */
	const struct irp_definition *definitions;
	size_t definition_count;
	bool has_parameter_specs;		/* "[...]" was written, perhaps empty */
	const struct irp_parameter *parameters;
	size_t parameter_count;
	struct irp_arena *arena;		/* owns every node, name and array above */
};

/*
 * Parse an IRP string (len bytes; NUL bytes are an error). Returns 0 and sets *ret_protocol,
 * to be freed with irp_protocol_free(); -EINVAL with "irp:COL: expected ..." in err (COL
 * counts characters from 1 at the start of the text, newlines included); -E2BIG past a
 * limit, with the column; -ENOMEM.
 */
int irp_parse(const char *text, size_t len, struct irp_protocol **ret_protocol,
	      struct ir_error *err);

/* Parse an expression alone (as the database's prefer-over conditions); same errors. */
int irp_parse_expression(const char *text, size_t len, struct irp_protocol **ret_holder,
			 const struct irp_expr **ret_expr, struct ir_error *err);

void irp_protocol_free(struct irp_protocol *protocol);

/* The canonical text of a protocol or an expression, malloc'ed. 0 or -ENOMEM. */
int irp_print(const struct irp_protocol *protocol, char **ret_text);
int irp_print_expression(const struct irp_expr *expr, char **ret_text);

const char *irp_op_name(enum irp_op op);	/* "**", "-" (NEG and SUB), ... */

/*
 * A name as the messages quote it: whole up to IRP_QUOTED_NAME_MAX bytes, else its
 * start and "..." written in buf (IRP_QUOTED_NAME_SIZE bytes), so that a long name (the
 * text bounds it, not the notation) does not push the rest of a message out of it.
 */
#define IRP_QUOTED_NAME_MAX 40
#define IRP_QUOTED_NAME_SIZE (IRP_QUOTED_NAME_MAX + 4)
const char *irp_quoted_name(const char *name, char *buf);

/* The value of a decimal: { 253, 1 } is 25.3. */
double irp_decimal_value(struct irp_decimal number);

/*
 * Evaluation. Values are 64-bit two's complement, as IrpTransmogrifier's Java longs:
 * + - * and << wrap; / and % truncate toward zero (INT64_MIN / -1 wraps to INT64_MIN,
 * INT64_MIN % -1 is 0) and refuse a zero divisor; << and >> take the count modulo 64,
 * >> copies the sign; a ** b is repeated multiplication (wrapping), b must not be
 * negative; comparisons, !, && and || give 0 or 1 (&& and || do not evaluate their right
 * operand when the left one decides). A bitfield data:width:chop is
 * ((data >> chop, logical) complemented if ~, then its low width bits), reversed within
 * width if the width was negative; width must be 0..64, chop must not be negative (64 or
 * more gives 0 before the complement). data::chop is data >> chop (logical), then
 * complemented if ~.
 *
 * A name is looked up in the environment: its value if it has one, else its definition
 * is evaluated (definitions may use names defined later, and loops are refused). Errors:
 * -ENOENT unknown name, -EDOM zero divisor or negative exponent, -ERANGE bad bitfield
 * width or chop, -ELOOP definitions that refer to each other (or nest more than 64 deep),
 * -E2BIG more than IRP_EVAL_BUDGET nodes evaluated for one expression; each with
 * "irp:COL: ..." naming the node's column in err (NULL: no message is made, for a
 * caller that tries many evaluations and wants none).
 */
#define IRP_EVAL_BUDGET 1000000

struct irp_env;

int irp_env_new(struct irp_env **ret_env);
void irp_env_free(struct irp_env *env);
/* Give a name a value (an assignment; a parameter's value). The name is copied. */
int irp_env_set(struct irp_env *env, const char *name, int64_t value);
/* Give a name a definition, evaluated when the name is used (the tree must outlive env). */
int irp_env_define(struct irp_env *env, const char *name, const struct irp_expr *value);
/* Forget a name's value, keeping its definition if any. */
void irp_env_unset(struct irp_env *env, const char *name);
bool irp_env_has_value(const struct irp_env *env, const char *name);

/*
 * Bound the work of all the evaluations to come in env together (the renderer evaluates
 * many): past steps nodes, irp_eval() returns -E2BIG. irp_env_unlimit() lifts it.
 */
void irp_env_limit(struct irp_env *env, unsigned long steps);
void irp_env_unlimit(struct irp_env *env);
/* The steps left under irp_env_limit() (0 once it is reached), ULONG_MAX when unlimited. */
unsigned long irp_env_steps_left(const struct irp_env *env);

int irp_eval(const struct irp_expr *expr, struct irp_env *env, int64_t *ret_value,
	     struct ir_error *err);

/*
 * Prepare env for a protocol: its definitions, then, in the order of the parameter specs,
 * each parameter that has no value yet gets its default (evaluated in env as it is at
 * that point). Then every parameter must have a value within its range: -EINVAL "parameter
 * 'S' is not given" or -ERANGE "parameter 'D' = 300 is out of 0..255". Names set before
 * the call (the caller's parameters) are kept.
 */
int irp_env_prepare(struct irp_env *env, const struct irp_protocol *protocol,
		    struct ir_error *err);

#endif
