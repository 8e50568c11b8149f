// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * IRP notation, the parser: a recursive-descent parser with one token of look-ahead (two
 * where an irstream item starts with a name, and a bracket scan where it starts with
 * '('), over the arena that holds every node of a tree. The printer is in irp_print.c,
 * the evaluator in irp_eval.c. See irp.h for the notation and the limits.
 */
#include "config.h"

#include <errno.h>
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "irp.h"
#include "irp_internal.h"
#include "nls.h"

/* ---- arena: every node of a tree, freed at once ---- */

struct arena_chunk {
	struct arena_chunk *next;
	size_t used, size;
	max_align_t data[];
};

struct irp_arena {
	struct arena_chunk *head;
};

#define ARENA_CHUNK_SIZE 16384

static void *arena_alloc(struct irp_arena *arena, size_t size)
{
	struct arena_chunk *chunk = arena->head;
	size_t aligned = (size + sizeof(max_align_t) - 1) & ~(sizeof(max_align_t) - 1);
	void *mem;

	if (!chunk || chunk->size - chunk->used < aligned) {
		size_t bytes = aligned > ARENA_CHUNK_SIZE ? aligned : ARENA_CHUNK_SIZE;

		chunk = malloc(sizeof(*chunk) + bytes);
		if (!chunk)
			return NULL;
		chunk->used = 0;
		chunk->size = bytes;
		chunk->next = arena->head;
		arena->head = chunk;
	}
	mem = (char *)chunk->data + chunk->used;
	chunk->used += aligned;
	memset(mem, 0, aligned);
	return mem;
}

/*
 * items, an array of count elements of size bytes in the arena, with room for at least
 * one more: the same array, or a copy twice as long (first elements for an empty one).
 * The old array stays in the arena until the tree is freed. NULL when out of memory.
 */
static void *arena_grow(struct irp_arena *arena, void *items, size_t count, size_t *capacity,
			size_t first, size_t size)
{
	size_t wanted;
	void *grown;

	if (count < *capacity)
		return items;
	wanted = *capacity ? *capacity * 2 : first;
	grown = arena_alloc(arena, wanted * size);
	if (!grown)
		return NULL;
	if (count)
		memcpy(grown, items, count * size);
	*capacity = wanted;
	return grown;
}

static void arena_free(struct irp_arena *arena)
{
	struct arena_chunk *chunk, *next;

	if (!arena)
		return;
	for (chunk = arena->head; chunk; chunk = next) {
		next = chunk->next;
		free(chunk);
	}
	free(arena);
}

/* ---- tokens ---- */

enum token_type {
	TOK_END,
	TOK_NAME,
	TOK_INT,		/* 12, 0x1f, 0b101, UINT8_MAX... */
	TOK_DECIMAL,		/* 12.5, .5 */
	TOK_PUNCT,		/* one or two characters, in text */
};

struct token {
	enum token_type type;
	size_t start, end;	/* offsets in the text */
	uint64_t value;		/* TOK_INT */
	struct irp_decimal decimal;	/* TOK_INT written in decimal, TOK_DECIMAL */
	bool has_decimal;
	char punct[3];		/* TOK_PUNCT */
};

struct parser {
	const char *text;
	size_t len;
	struct irp_arena *arena;
	struct ir_error *err;
	struct token tok;
	unsigned int nesting;		/* streams, bitspecs, variations, parentheses */
	unsigned int expr_depth;	/* recursion of prefix operators, **, ?: */
	bool in_bitspec;		/* directly in a bitspec's symbol: | > end it */
	bool in_middle;			/* middle operand of ?:: ':' is not a bitfield */
	size_t column_offset;		/* cache for column_of() */
	unsigned int column_count;
};

static bool is_continuation_byte(unsigned char c)
{
	return (c & 0xc0) == 0x80;
}

/*
 * Characters from the start, counted from the last offset asked for, forward or back
 * (a binary node asks for its operator's column after its right operand's).
 */
static unsigned int column_of(struct parser *p, size_t offset)
{
	size_t i = p->column_offset;
	unsigned int column = p->column_count ? p->column_count : 1;

	if (!p->column_count)
		i = 0;
	if (offset > p->len)
		offset = p->len;
	for (; i < offset; i++)
		column += !is_continuation_byte(p->text[i]);
	for (; i > offset; i--)
		column -= !is_continuation_byte(p->text[i - 1]);
	p->column_offset = offset;
	p->column_count = column;
	return column;
}

__attribute__((format(printf, 4, 5)))
static int fail_at(struct parser *p, int code, size_t offset, const char *fmt, ...)
{
	char message[IR_ERROR_MESSAGE_MAX];
	va_list args;

	va_start(args, fmt);
	vsnprintf(message, sizeof(message), fmt, args);
	va_end(args);
	ir_error_set(p->err, "irp:%u: %s", column_of(p, offset), message);
	return code;
}

/* "expected WHAT, found 'TOKEN'" at the current token. */
static int expected(struct parser *p, const char *what)
{
	const struct token *t = &p->tok;
	size_t n = t->end - t->start;

	if (t->type == TOK_END)
		return fail_at(p, -EINVAL, t->start, _("expected %s, found the end"), _(what));
	if (n > 24)
		n = 24;
	return fail_at(p, -EINVAL, t->start, _("expected %s, found '%.*s'"), _(what), (int)n,
		       p->text + t->start);
}

static bool is_name_start(char c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_';
}

static bool is_digit(char c)
{
	return c >= '0' && c <= '9';
}

static bool is_name_char(char c)
{
	return is_name_start(c) || is_digit(c);
}

/* Skip spaces and comments from *offset. */
static int skip_blanks(struct parser *p, size_t *offset)
{
	size_t i = *offset;

	while (i < p->len) {
		char c = p->text[i];

		if (c == ' ' || c == '\t' || c == '\r' || c == '\n' || c == '\f') {
			i++;
		} else if (c == '/' && i + 1 < p->len && p->text[i + 1] == '*') {
			size_t start = i;

			i += 2;
			while (i + 1 < p->len && !(p->text[i] == '*' && p->text[i + 1] == '/'))
				i++;
			if (i + 1 >= p->len)
				return fail_at(p, -EINVAL, start, _("unterminated comment"));
			i += 2;
		} else if (c == '/' && i + 1 < p->len && p->text[i + 1] == '/') {
			while (i < p->len && p->text[i] != '\n')
				i++;
		} else {
			break;
		}
	}
	*offset = i;
	return 0;
}

static const struct {
	const char *name;
	uint64_t value;
} named_numbers[] = {
	{ "UINT8_MAX", 0xff },
	{ "UINT16_MAX", 0xffff },
	{ "UINT24_MAX", 0xffffff },
	{ "UINT32_MAX", 0xffffffff },
	{ "UINT48_MAX", 0xffffffffffffULL },
	{ "UINT64_MAX", UINT64_MAX },
};

/* Digits in base (2, 10 or 16) from text[*i]; -EINVAL past UINT64_MAX. */
static int lex_digits(struct parser *p, size_t start, size_t *i, unsigned int base,
		      uint64_t *ret_value, unsigned int *ret_count)
{
	uint64_t value = 0;
	unsigned int count = 0;

	for (; *i < p->len; (*i)++) {
		char c = p->text[*i];
		unsigned int digit;

		if (is_digit(c))
			digit = c - '0';
		else if (base == 16 && c >= 'a' && c <= 'f')
			digit = c - 'a' + 10;
		else if (base == 16 && c >= 'A' && c <= 'F')
			digit = c - 'A' + 10;
		else
			break;
		if (digit >= base)
			break;
		if (value > (UINT64_MAX - digit) / base)
			return fail_at(p, -EINVAL, start, _("number too large"));
		value = value * base + digit;
		count++;
	}
	*ret_value = value;
	*ret_count = count;
	return 0;
}

static int lex_number(struct parser *p, size_t i, struct token *t)
{
	uint64_t whole = 0, fraction = 0;
	unsigned int count = 0, scale = 0, k;
	int ret;

	t->type = TOK_INT;
	if (p->text[i] == '0' && i + 1 < p->len &&
	    (p->text[i + 1] == 'x' || p->text[i + 1] == 'b')) {
		unsigned int base = p->text[i + 1] == 'x' ? 16 : 2;

		i += 2;
		ret = lex_digits(p, t->start, &i, base, &t->value, &count);
		if (ret < 0)
			return ret;
		if (count == 0)
			return fail_at(p, -EINVAL, t->start, _("expected digits after '0%c'"),
				       base == 16 ? 'x' : 'b');
		t->decimal.digits = t->value;
		t->has_decimal = true;
		t->end = i;
		return 0;
	}
	ret = lex_digits(p, t->start, &i, 10, &whole, &count);
	if (ret < 0)
		return ret;
	if (i + 1 < p->len && p->text[i] == '.' && is_digit(p->text[i + 1])) {
		size_t fraction_start = ++i;

		ret = lex_digits(p, t->start, &i, 10, &fraction, &scale);
		if (ret < 0)
			return ret;
		if (i - fraction_start > 19)
			return fail_at(p, -EINVAL, t->start, _("too many decimals"));
		t->type = TOK_DECIMAL;
	}
	t->value = whole;
	t->decimal.digits = whole;
	for (k = 0; k < scale; k++) {
		if (t->decimal.digits > UINT64_MAX / 10)
			return fail_at(p, -EINVAL, t->start, _("number too large"));
		t->decimal.digits *= 10;
	}
	if (t->decimal.digits > UINT64_MAX - fraction)
		return fail_at(p, -EINVAL, t->start, _("number too large"));
	t->decimal.digits += fraction;
	t->decimal.scale = scale;
	t->has_decimal = true;
	t->end = i;
	return 0;
}

static const char *const two_char_puncts[] = {
	"**", "<<", ">>", "<=", ">=", "==", "!=", "&&", "||", "::", "..",
};

/* The token at offset (after blanks) into *t. */
static int lex_at(struct parser *p, size_t offset, struct token *t)
{
	size_t i = offset, k;
	int ret;
	char c;

	ret = skip_blanks(p, &i);
	if (ret < 0)
		return ret;
	memset(t, 0, sizeof(*t));
	t->start = i;
	t->end = i;
	if (i >= p->len) {
		t->type = TOK_END;
		return 0;
	}
	c = p->text[i];
	if (is_name_start(c)) {
		while (i < p->len && is_name_char(p->text[i]))
			i++;
		t->type = TOK_NAME;
		t->end = i;
		for (k = 0; k < sizeof(named_numbers) / sizeof(named_numbers[0]); k++) {
			if (strlen(named_numbers[k].name) == i - t->start &&
			    memcmp(named_numbers[k].name, p->text + t->start, i - t->start) == 0) {
				t->type = TOK_INT;
				t->value = named_numbers[k].value;
				t->decimal.digits = t->value;
				t->has_decimal = true;
			}
		}
		return 0;
	}
	if (is_digit(c) || (c == '.' && i + 1 < p->len && is_digit(p->text[i + 1])))
		return lex_number(p, i, t);
	t->type = TOK_PUNCT;
	if (i + 1 < p->len) {
		for (k = 0; k < sizeof(two_char_puncts) / sizeof(two_char_puncts[0]); k++) {
			if (two_char_puncts[k][0] == c && two_char_puncts[k][1] == p->text[i + 1]) {
				memcpy(t->punct, two_char_puncts[k], 2);
				t->end = i + 2;
				return 0;
			}
		}
	}
	if (!strchr("{}()[]<>|,:=-+*/%^~!#?&@.", c) || c == '\0') {
		if ((unsigned char)c >= 0x20 && (unsigned char)c < 0x7f)
			return fail_at(p, -EINVAL, i, _("unexpected character '%c'"), c);
		return fail_at(p, -EINVAL, i, _("unexpected byte 0x%02x"), (unsigned char)c);
	}
	t->punct[0] = c;
	t->end = i + 1;
	return 0;
}

static int advance(struct parser *p)
{
	return lex_at(p, p->tok.end, &p->tok);
}

static bool is_punct(const struct token *t, const char *punct)
{
	return t->type == TOK_PUNCT && strcmp(t->punct, punct) == 0;
}

static bool at(const struct parser *p, const char *punct)
{
	return is_punct(&p->tok, punct);
}

static bool at_name(const struct parser *p, const char *name)
{
	size_t n = strlen(name);

	return p->tok.type == TOK_NAME && p->tok.end - p->tok.start == n &&
	       memcmp(p->text + p->tok.start, name, n) == 0;
}

static int expect(struct parser *p, const char *punct, const char *what)
{
	if (!at(p, punct))
		return expected(p, what);
	return advance(p);
}

static int peek(struct parser *p, struct token *next)
{
	return lex_at(p, p->tok.end, next);
}

static int enter(struct parser *p)
{
	if (++p->nesting > IRP_NESTING_MAX)
		return fail_at(p, -E2BIG, p->tok.start, _("nested more than %d deep"),
			       IRP_NESTING_MAX);
	return 0;
}

static const char *copy_name(struct parser *p)
{
	size_t n = p->tok.end - p->tok.start;
	char *name = arena_alloc(p->arena, n + 1);

	if (name)
		memcpy(name, p->text + p->tok.start, n);
	return name;
}

/* ---- expressions ---- */

static unsigned int expr_height(const struct irp_expr *e)
{
	return e ? e->height : 0;
}

static int new_expr(struct parser *p, enum irp_expr_kind kind, size_t offset,
		    const struct irp_expr *a, const struct irp_expr *b,
		    const struct irp_expr *c, struct irp_expr **ret)
{
	struct irp_expr *e;
	unsigned int height = expr_height(a);

	if (expr_height(b) > height)
		height = expr_height(b);
	if (expr_height(c) > height)
		height = expr_height(c);
	if (height + 1 > IRP_EXPR_DEPTH_MAX)
		return fail_at(p, -E2BIG, offset, _("expression deeper than %d"),
			       IRP_EXPR_DEPTH_MAX);
	e = arena_alloc(p->arena, sizeof(*e));
	if (!e)
		return -ENOMEM;
	e->kind = kind;
	e->column = column_of(p, offset);
	e->height = height + 1;
	e->a = a;
	e->b = b;
	e->c = c;
	*ret = e;
	return 0;
}

static int parse_expr(struct parser *p, const struct irp_expr **ret);

static bool starts_primary(const struct parser *p)
{
	return p->tok.type == TOK_NAME || p->tok.type == TOK_INT || at(p, "(");
}

/* name | number | ( expression ) */
static int parse_primary(struct parser *p, const struct irp_expr **ret)
{
	size_t start = p->tok.start;
	struct irp_expr *e;
	int ret_code;

	if (p->tok.type == TOK_NAME) {
		ret_code = new_expr(p, IRP_EXPR_NAME, start, NULL, NULL, NULL, &e);
		if (ret_code < 0)
			return ret_code;
		e->name = copy_name(p);
		if (!e->name)
			return -ENOMEM;
		*ret = e;
		return advance(p);
	}
	if (p->tok.type == TOK_INT) {
		ret_code = new_expr(p, IRP_EXPR_NUMBER, start, NULL, NULL, NULL, &e);
		if (ret_code < 0)
			return ret_code;
		e->number = p->tok.value;
		*ret = e;
		return advance(p);
	}
	if (p->tok.type == TOK_DECIMAL)
		return fail_at(p, -EINVAL, start, _("expected an integer, found a decimal"));
	if (at(p, "(")) {
		bool in_bitspec = p->in_bitspec, in_middle = p->in_middle;

		ret_code = enter(p);
		if (ret_code < 0)
			return ret_code;
		ret_code = advance(p);
		if (ret_code < 0)
			return ret_code;
		p->in_bitspec = false;
		p->in_middle = false;
		ret_code = parse_expr(p, ret);
		if (ret_code < 0)
			return ret_code;
		p->in_bitspec = in_bitspec;
		p->in_middle = in_middle;
		p->nesting--;
		return expect(p, ")", N_("')'"));
	}
	return expected(p, N_("a name, a number or '('"));
}

/* After data: ":width", ":-width", ":width:chop" or "::chop". */
static int parse_bitfield_tail(struct parser *p, const struct irp_expr *data, bool complement,
			       size_t start, const struct irp_expr **ret)
{
	const struct irp_expr *width = NULL, *chop = NULL;
	bool infinite = at(p, "::"), reverse = false;
	size_t width_start;
	struct irp_expr *e;
	int ret_code;

	ret_code = advance(p);
	if (ret_code < 0)
		return ret_code;
	if (!infinite) {
		if (at(p, "-")) {
			reverse = true;
			ret_code = advance(p);
			if (ret_code < 0)
				return ret_code;
		}
		width_start = p->tok.start;
		ret_code = parse_primary(p, &width);
		if (ret_code < 0)
			return ret_code;
		if (width->kind == IRP_EXPR_NUMBER && width->number > 64)
			return fail_at(p, -EINVAL, width_start, _("bitfield width %llu is more than 64"),
				       (unsigned long long)width->number);
		if (at(p, ":") && !p->in_middle) {
			ret_code = advance(p);
			if (ret_code < 0)
				return ret_code;
			ret_code = parse_primary(p, &chop);
		}
	} else {
		ret_code = parse_primary(p, &chop);
	}
	if (ret_code < 0)
		return ret_code;
	ret_code = new_expr(p, IRP_EXPR_BITFIELD, start, data, width, chop, &e);
	if (ret_code < 0)
		return ret_code;
	e->complement = complement;
	e->reverse = reverse;
	e->infinite = infinite;
	*ret = e;
	return 0;
}

static bool at_bitfield_colon(const struct parser *p)
{
	return at(p, "::") || (at(p, ":") && !p->in_middle);
}

static int parse_unary(struct parser *p, const struct irp_expr **ret)
{
	static const struct {
		const char *punct;
		enum irp_op op;
	} prefixes[] = {
		{ "-", IRP_OP_NEG }, { "~", IRP_OP_COMPLEMENT }, { "!", IRP_OP_NOT },
		{ "#", IRP_OP_BITCOUNT },
	};
	const struct irp_expr *operand;
	size_t start = p->tok.start, k;
	struct irp_expr *e;
	int ret_code;

	for (k = 0; k < sizeof(prefixes) / sizeof(prefixes[0]); k++)
		if (at(p, prefixes[k].punct))
			break;
	if (k == sizeof(prefixes) / sizeof(prefixes[0])) {
		ret_code = parse_primary(p, &operand);
		if (ret_code < 0)
			return ret_code;
		if (at_bitfield_colon(p))
			return parse_bitfield_tail(p, operand, false, start, ret);
		*ret = operand;
		return 0;
	}
	if (++p->expr_depth > IRP_EXPR_DEPTH_MAX)
		return fail_at(p, -E2BIG, start, _("expression deeper than %d"), IRP_EXPR_DEPTH_MAX);
	ret_code = advance(p);
	if (ret_code < 0)
		return ret_code;
	if (prefixes[k].op == IRP_OP_COMPLEMENT && starts_primary(p)) {
		/* "~D:8" is a complemented bitfield; "~D" is ~ of D. */
		ret_code = parse_primary(p, &operand);
		if (ret_code < 0)
			return ret_code;
		if (at_bitfield_colon(p)) {
			p->expr_depth--;
			return parse_bitfield_tail(p, operand, true, start, ret);
		}
	} else {
		ret_code = parse_unary(p, &operand);
		if (ret_code < 0)
			return ret_code;
	}
	p->expr_depth--;
	ret_code = new_expr(p, IRP_EXPR_UNARY, start, operand, NULL, NULL, &e);
	if (ret_code < 0)
		return ret_code;
	e->op = prefixes[k].op;
	*ret = e;
	return 0;
}

static const struct {
	const char *punct;
	enum irp_op op;
	int level;
} binary_ops[] = {
	{ "||", IRP_OP_LOR, 1 }, { "&&", IRP_OP_LAND, 2 }, { "|", IRP_OP_OR, 3 },
	{ "^", IRP_OP_XOR, 4 }, { "&", IRP_OP_AND, 5 }, { "==", IRP_OP_EQ, 6 },
	{ "!=", IRP_OP_NE, 6 }, { "<", IRP_OP_LT, 7 }, { "<=", IRP_OP_LE, 7 },
	{ ">", IRP_OP_GT, 7 }, { ">=", IRP_OP_GE, 7 }, { "<<", IRP_OP_SHL, 8 },
	{ ">>", IRP_OP_SHR, 8 }, { "+", IRP_OP_ADD, 9 }, { "-", IRP_OP_SUB, 9 },
	{ "*", IRP_OP_MUL, 10 }, { "/", IRP_OP_DIV, 10 }, { "%", IRP_OP_MOD, 10 },
	{ "**", IRP_OP_POW, 11 },
};

int irp_op_level(enum irp_op op)
{
	size_t k;

	for (k = 0; k < sizeof(binary_ops) / sizeof(binary_ops[0]); k++)
		if (binary_ops[k].op == op)
			return binary_ops[k].level;
	return LEVEL_UNARY;
}

/* Operators that end a symbol or the bitspec when not in parentheses. */
static bool ends_bitspec(enum irp_op op)
{
	return op == IRP_OP_OR || op == IRP_OP_LOR || op == IRP_OP_GT || op == IRP_OP_GE ||
	       op == IRP_OP_SHR;
}

static int binary_op_here(const struct parser *p, int min_level)
{
	size_t k;

	if (p->tok.type != TOK_PUNCT)
		return -1;
	for (k = 0; k < sizeof(binary_ops) / sizeof(binary_ops[0]); k++) {
		if (strcmp(binary_ops[k].punct, p->tok.punct) != 0)
			continue;
		if (binary_ops[k].level < min_level)
			return -1;
		if (p->in_bitspec && ends_bitspec(binary_ops[k].op))
			return -1;
		return (int)k;
	}
	return -1;
}

/* Precedence climbing: operators of at least min_level. */
static int parse_binary(struct parser *p, int min_level, const struct irp_expr **ret)
{
	const struct irp_expr *left, *right;
	int ret_code, k;

	ret_code = parse_unary(p, &left);
	if (ret_code < 0)
		return ret_code;
	while ((k = binary_op_here(p, min_level)) >= 0) {
		size_t op_start = p->tok.start;
		int level = binary_ops[k].level;
		struct irp_expr *e;

		ret_code = advance(p);
		if (ret_code < 0)
			return ret_code;
		if (++p->expr_depth > IRP_EXPR_DEPTH_MAX)
			return fail_at(p, -E2BIG, op_start, _("expression deeper than %d"),
				       IRP_EXPR_DEPTH_MAX);
		/* ** groups right to left, the others left to right. */
		ret_code = parse_binary(p, level == LEVEL_POW ? level : level + 1, &right);
		if (ret_code < 0)
			return ret_code;
		p->expr_depth--;
		ret_code = new_expr(p, IRP_EXPR_BINARY, op_start, left, right, NULL, &e);
		if (ret_code < 0)
			return ret_code;
		e->op = binary_ops[k].op;
		left = e;
	}
	*ret = left;
	return 0;
}

static int parse_expr(struct parser *p, const struct irp_expr **ret)
{
	const struct irp_expr *cond, *then, *otherwise;
	struct irp_expr *e;
	size_t start;
	bool in_middle;
	int ret_code;

	ret_code = parse_binary(p, 1, &cond);
	if (ret_code < 0 || !at(p, "?")) {
		*ret = cond;
		return ret_code;
	}
	start = p->tok.start;
	if (++p->expr_depth > IRP_EXPR_DEPTH_MAX)
		return fail_at(p, -E2BIG, start, _("expression deeper than %d"), IRP_EXPR_DEPTH_MAX);
	ret_code = advance(p);
	if (ret_code < 0)
		return ret_code;
	in_middle = p->in_middle;
	p->in_middle = true;
	ret_code = parse_expr(p, &then);
	if (ret_code < 0)
		return ret_code;
	p->in_middle = in_middle;
	ret_code = expect(p, ":", N_("':'"));
	if (ret_code < 0)
		return ret_code;
	ret_code = parse_expr(p, &otherwise);
	if (ret_code < 0)
		return ret_code;
	p->expr_depth--;
	ret_code = new_expr(p, IRP_EXPR_TERNARY, start, cond, then, otherwise, &e);
	if (ret_code < 0)
		return ret_code;
	*ret = e;
	return 0;
}

/* ---- irstreams ---- */

struct item_list {
	struct irp_item *items;
	size_t count, capacity;
};

static int item_append(struct parser *p, struct item_list *list, struct irp_item **ret)
{
	list->items = arena_grow(p->arena, list->items, list->count, &list->capacity, 4,
				 sizeof(*list->items));
	if (!list->items)
		return -ENOMEM;
	*ret = &list->items[list->count++];
	return 0;
}

static int parse_sequence(struct parser *p, const char *closers, struct irp_sequence *ret);
static int parse_stream(struct parser *p, const struct irp_bitspec *bitspec,
			const struct irp_stream **ret);

/* name_or_number, then an optional unit m, u or p. */
static int parse_duration(struct parser *p, enum irp_duration_kind kind,
			  struct irp_duration *d)
{
	int ret;

	d->kind = kind;
	if (p->tok.type == TOK_NAME) {
		d->name = copy_name(p);
		if (!d->name)
			return -ENOMEM;
	} else if ((p->tok.type == TOK_INT || p->tok.type == TOK_DECIMAL) &&
		   p->tok.has_decimal) {
		d->value = p->tok.decimal;
	} else {
		return expected(p, N_("a duration (a number or a name)"));
	}
	ret = advance(p);
	if (ret < 0)
		return ret;
	if (at_name(p, "m"))
		d->unit = IRP_TIME_MILLISECONDS;
	else if (at_name(p, "u"))
		d->unit = IRP_TIME_MICROSECONDS;
	else if (at_name(p, "p"))
		d->unit = IRP_TIME_PERIODS;
	else
		return 0;
	return advance(p);
}

/* Whether the '(' at the current token closes on a ')' followed by ':' (a bitfield). */
static bool paren_starts_bitfield(struct parser *p)
{
	struct ir_error *err = p->err;
	size_t column_offset = p->column_offset;
	unsigned int column_count = p->column_count;
	struct token t = p->tok;
	unsigned long depth = 0;
	bool bitfield = false;

	p->err = NULL;	/* a lexical error is reported by the parse that follows */
	for (;;) {
		if (is_punct(&t, "("))
			depth++;
		else if (is_punct(&t, ")"))
			depth--;
		if (lex_at(p, t.end, &t) < 0 || t.type == TOK_END)
			break;
		if (depth == 0) {
			bitfield = is_punct(&t, ":") || is_punct(&t, "::");
			break;
		}
	}
	p->err = err;
	p->column_offset = column_offset;
	p->column_count = column_count;
	return bitfield;
}

static int parse_variation(struct parser *p, struct irp_item *item)
{
	bool in_bitspec = p->in_bitspec;
	int ret;

	item->kind = IRP_ITEM_VARIATION;
	p->in_bitspec = false;
	while (at(p, "[") && item->alternative_count < 3) {
		ret = enter(p);
		if (ret < 0)
			return ret;
		ret = advance(p);
		if (ret < 0)
			return ret;
		ret = parse_sequence(p, "]", &item->alternatives[item->alternative_count]);
		if (ret < 0)
			return ret;
		ret = expect(p, "]", N_("',' or ']'"));
		if (ret < 0)
			return ret;
		p->nesting--;
		item->alternative_count++;
	}
	p->in_bitspec = in_bitspec;
	if (item->alternative_count < 2)
		return expected(p, N_("a second alternative '['"));
	return 0;
}

/* '<' symbol ('|' symbol)* '>' */
static int parse_bitspec(struct parser *p, const struct irp_bitspec **ret)
{
	struct irp_sequence *symbols = NULL;
	size_t count = 0, capacity = 0;
	struct irp_bitspec *bitspec;
	bool in_bitspec = p->in_bitspec;
	int ret_code;

	bitspec = arena_alloc(p->arena, sizeof(*bitspec));
	if (!bitspec)
		return -ENOMEM;
	bitspec->column = column_of(p, p->tok.start);
	ret_code = enter(p);
	if (ret_code < 0)
		return ret_code;
	do {
		ret_code = advance(p);	/* '<' or '|' */
		if (ret_code < 0)
			return ret_code;
		symbols = arena_grow(p->arena, symbols, count, &capacity, 4, sizeof(*symbols));
		if (!symbols)
			return -ENOMEM;
		p->in_bitspec = true;
		ret_code = parse_sequence(p, "|>", &symbols[count++]);
		p->in_bitspec = in_bitspec;
		if (ret_code < 0)
			return ret_code;
	} while (at(p, "|"));
	ret_code = expect(p, ">", N_("',', '|' or '>'"));
	if (ret_code < 0)
		return ret_code;
	p->nesting--;
	bitspec->symbols = symbols;
	bitspec->count = count;
	*ret = bitspec;
	return 0;
}

/* A bitfield item: "~" or "(" start one, or a name or number followed by ':' or '::'. */
static int parse_bitfield_item(struct parser *p, struct irp_item *item)
{
	bool complement = at(p, "~");
	size_t start = p->tok.start;
	const struct irp_expr *data;
	int ret;

	item->kind = IRP_ITEM_BITFIELD;
	if (complement) {
		ret = advance(p);
		if (ret < 0)
			return ret;
	}
	ret = parse_primary(p, &data);
	if (ret < 0)
		return ret;
	if (!at(p, ":") && !at(p, "::"))
		return expected(p, N_("':' of a bitfield"));
	return parse_bitfield_tail(p, data, complement, start, &item->bitfield);
}

static int parse_assignment(struct parser *p, struct irp_item *item)
{
	int ret;

	item->kind = IRP_ITEM_ASSIGNMENT;
	item->name = copy_name(p);
	if (!item->name)
		return -ENOMEM;
	ret = advance(p);
	if (ret < 0)
		return ret;
	ret = advance(p);	/* '=' */
	if (ret < 0)
		return ret;
	return parse_expr(p, &item->value);
}

static int parse_item(struct parser *p, struct irp_item *item)
{
	size_t start = p->tok.start;
	struct token next;
	int ret;

	item->column = column_of(p, start);
	if (at(p, "["))
		return parse_variation(p, item);
	if (at(p, "<")) {
		const struct irp_bitspec *bitspec;

		item->kind = IRP_ITEM_STREAM;
		ret = parse_bitspec(p, &bitspec);
		if (ret < 0)
			return ret;
		if (!at(p, "("))
			return expected(p, N_("'(' after the bitspec"));
		return parse_stream(p, bitspec, &item->stream);
	}
	if (at(p, "(") && !paren_starts_bitfield(p)) {
		item->kind = IRP_ITEM_STREAM;
		return parse_stream(p, NULL, &item->stream);
	}
	if (at(p, "-") || at(p, "^")) {
		item->kind = IRP_ITEM_DURATION;
		ret = advance(p);
		if (ret < 0)
			return ret;
		return parse_duration(p, p->text[start] == '-' ? IRP_GAP : IRP_EXTENT,
				      &item->duration);
	}
	if (at(p, "~") || at(p, "("))
		return parse_bitfield_item(p, item);
	ret = peek(p, &next);
	if (ret < 0)
		return ret;
	if (p->tok.type == TOK_NAME && is_punct(&next, "="))
		return parse_assignment(p, item);
	if ((p->tok.type == TOK_NAME || p->tok.type == TOK_INT) &&
	    (is_punct(&next, ":") || is_punct(&next, "::")))
		return parse_bitfield_item(p, item);
	if (p->tok.type == TOK_NAME || p->tok.type == TOK_INT || p->tok.type == TOK_DECIMAL) {
		item->kind = IRP_ITEM_DURATION;
		return parse_duration(p, IRP_FLASH, &item->duration);
	}
	return expected(p, N_("a duration, a bitfield, an assignment, '(', '<' or '['"));
}

/* Items separated by commas, up to one of closers (not consumed). */
static int parse_sequence(struct parser *p, const char *closers, struct irp_sequence *ret)
{
	struct item_list list = { NULL, 0, 0 };
	struct irp_item *item;
	int code;

	if (!(p->tok.type == TOK_PUNCT && p->tok.punct[1] == '\0' &&
	      strchr(closers, p->tok.punct[0]))) {
		for (;;) {
			code = item_append(p, &list, &item);
			if (code < 0)
				return code;
			code = parse_item(p, item);
			if (code < 0)
				return code;
			if (!at(p, ","))
				break;
			code = advance(p);
			if (code < 0)
				return code;
		}
	}
	ret->items = list.items;
	ret->count = list.count;
	return 0;
}

/* '(' items ')' repeat-marker? */
static int parse_stream(struct parser *p, const struct irp_bitspec *bitspec,
			const struct irp_stream **ret)
{
	bool in_bitspec = p->in_bitspec;
	struct irp_stream *stream;
	int code;

	stream = arena_alloc(p->arena, sizeof(*stream));
	if (!stream)
		return -ENOMEM;
	stream->bitspec = bitspec;
	stream->column = column_of(p, p->tok.start);
	code = enter(p);
	if (code < 0)
		return code;
	code = advance(p);
	if (code < 0)
		return code;
	p->in_bitspec = false;
	code = parse_sequence(p, ")", &stream->body);
	if (code < 0)
		return code;
	p->in_bitspec = in_bitspec;
	code = expect(p, ")", N_("',' or ')'"));
	if (code < 0)
		return code;
	p->nesting--;
	if (at(p, "*") || at(p, "+")) {
		stream->repeat = at(p, "*") ? IRP_REPEAT_ANY : IRP_REPEAT_SOME;
		code = advance(p);
	} else if (p->tok.type == TOK_INT) {
		stream->repeat = IRP_REPEAT_COUNT;
		stream->count = p->tok.value;
		code = advance(p);
		if (code == 0 && at(p, "+")) {
			stream->repeat = IRP_REPEAT_AT_LEAST;
			code = advance(p);
		}
	}
	if (code < 0)
		return code;
	*ret = stream;
	return 0;
}

/* ---- the protocol ---- */

static int parse_general(struct parser *p, struct irp_general *g)
{
	int ret = expect(p, "{", N_("'{' (the general spec)"));

	if (ret < 0)
		return ret;
	if (at(p, "}"))
		return advance(p);
	for (;;) {
		if (at_name(p, "lsb") || at_name(p, "msb")) {
			g->has_order = true;
			g->msb = at_name(p, "msb");
			ret = advance(p);
		} else if ((p->tok.type == TOK_INT || p->tok.type == TOK_DECIMAL) &&
			   p->tok.has_decimal) {
			struct irp_decimal value = p->tok.decimal;
			unsigned int column = column_of(p, p->tok.start);

			ret = advance(p);
			if (ret < 0)
				return ret;
			if (at_name(p, "k")) {
				g->has_frequency = true;
				g->frequency = value;
				g->frequency_column = column;
				ret = advance(p);
			} else if (at(p, "%")) {
				g->has_duty_cycle = true;
				g->duty_cycle = value;
				ret = advance(p);
			} else {
				g->has_unit = true;
				g->unit = value;
				g->unit_column = column;
				g->unit_in_periods = at_name(p, "p");
				if (at_name(p, "u") || at_name(p, "p"))
					ret = advance(p);
			}
		} else {
			return expected(p, N_("a frequency, a unit, lsb, msb or a duty cycle"));
		}
		if (ret < 0)
			return ret;
		if (!at(p, ","))
			break;
		ret = advance(p);
		if (ret < 0)
			return ret;
	}
	return expect(p, "}", N_("',' or '}'"));
}

struct definition_list {
	struct irp_definition *items;
	size_t count, capacity;
};

static int parse_definitions(struct parser *p, struct definition_list *list)
{
	int ret = advance(p);	/* '{' */

	if (ret < 0)
		return ret;
	if (at(p, "}"))
		return advance(p);
	for (;;) {
		struct irp_definition *d;

		list->items = arena_grow(p->arena, list->items, list->count, &list->capacity, 4,
					 sizeof(*list->items));
		if (!list->items)
			return -ENOMEM;
		d = &list->items[list->count++];
		if (p->tok.type != TOK_NAME)
			return expected(p, N_("a name to define"));
		d->column = column_of(p, p->tok.start);
		d->name = copy_name(p);
		if (!d->name)
			return -ENOMEM;
		ret = advance(p);
		if (ret < 0)
			return ret;
		ret = expect(p, "=", N_("'='"));
		if (ret < 0)
			return ret;
		ret = parse_expr(p, &d->value);
		if (ret < 0)
			return ret;
		if (!at(p, ","))
			break;
		ret = advance(p);
		if (ret < 0)
			return ret;
	}
	return expect(p, "}", N_("',' or '}'"));
}

static int parse_integer(struct parser *p, uint64_t *ret_value)
{
	if (p->tok.type != TOK_INT)
		return expected(p, N_("an integer"));
	*ret_value = p->tok.value;
	return advance(p);
}

static int parse_parameter(struct parser *p, struct irp_parameter *param,
			   const struct irp_parameter *before, size_t before_count)
{
	char quoted[IRP_QUOTED_NAME_SIZE];
	size_t start = p->tok.start, k;
	int ret;

	if (p->tok.type != TOK_NAME)
		return expected(p, N_("a parameter name"));
	param->column = column_of(p, start);
	param->name = copy_name(p);
	if (!param->name)
		return -ENOMEM;
	for (k = 0; k < before_count; k++)
		if (strcmp(before[k].name, param->name) == 0)
			return fail_at(p, -EINVAL, start, _("parameter '%s' is given twice"),
				       irp_quoted_name(param->name, quoted));
	ret = advance(p);
	if (ret == 0 && at(p, "@")) {
		param->persistent = true;
		ret = advance(p);
	}
	if (ret == 0)
		ret = expect(p, ":", N_("':'"));
	if (ret == 0)
		ret = parse_integer(p, &param->min);
	if (ret == 0)
		ret = expect(p, "..", N_("'..'"));
	if (ret == 0)
		ret = parse_integer(p, &param->max);
	if (ret < 0)
		return ret;
	if (param->min > param->max)
		return fail_at(p, -EINVAL, start, _("the range of '%s' is empty"),
			       irp_quoted_name(param->name, quoted));
	if (!at(p, "=")) {
		if (param->persistent)
			return expected(p, N_("'=' and the initial value of a persistent parameter"));
		return 0;
	}
	ret = advance(p);
	if (ret < 0)
		return ret;
	return parse_expr(p, &param->default_value);
}

static int parse_parameters(struct parser *p, struct irp_protocol *protocol)
{
	struct irp_parameter *params = NULL;
	size_t count = 0, capacity = 0;
	int ret = advance(p);	/* '[' */

	if (ret < 0)
		return ret;
	protocol->has_parameter_specs = true;
	if (!at(p, "]")) {
		for (;;) {
			params = arena_grow(p->arena, params, count, &capacity, 8, sizeof(*params));
			if (!params)
				return -ENOMEM;
			ret = parse_parameter(p, &params[count], params, count);
			if (ret < 0)
				return ret;
			count++;
			if (!at(p, ","))
				break;
			ret = advance(p);
			if (ret < 0)
				return ret;
		}
	}
	protocol->parameters = params;
	protocol->parameter_count = count;
	return expect(p, "]", N_("',' or ']'"));
}

static int parse_protocol(struct parser *p, struct irp_protocol *protocol)
{
	struct definition_list definitions = { NULL, 0, 0 };
	const struct irp_bitspec *bitspec;
	int ret;

	ret = parse_general(p, &protocol->general);
	if (ret < 0)
		return ret;
	if (!at(p, "<"))
		return expected(p, N_("'<' (the bitspec)"));
	ret = parse_bitspec(p, &bitspec);
	if (ret < 0)
		return ret;
	if (!at(p, "("))
		return expected(p, N_("'(' after the bitspec"));
	ret = parse_stream(p, bitspec, &protocol->stream);
	if (ret < 0)
		return ret;
	while (at(p, "{")) {
		ret = parse_definitions(p, &definitions);
		if (ret < 0)
			return ret;
	}
	protocol->definitions = definitions.items;
	protocol->definition_count = definitions.count;
	if (at(p, "[")) {
		ret = parse_parameters(p, protocol);
		if (ret < 0)
			return ret;
	}
	if (p->tok.type != TOK_END)
		return expected(p, N_("the end"));
	return 0;
}

static int parse_text(const char *text, size_t len, struct irp_protocol **ret_protocol,
		      const struct irp_expr **ret_expr, struct ir_error *err)
{
	struct parser p = { .text = text, .len = len, .err = err };
	struct irp_protocol *protocol;
	int ret;

	if (len > IRP_TEXT_MAX) {
		ir_error_set(err, _("irp: longer than %d bytes"), IRP_TEXT_MAX);
		return -E2BIG;
	}
	if (memchr(text, '\0', len))
		return fail_at(&p, -EINVAL, (const char *)memchr(text, '\0', len) - text,
			       _("unexpected byte 0x00"));
	p.arena = calloc(1, sizeof(*p.arena));
	if (!p.arena)
		return -ENOMEM;
	protocol = arena_alloc(p.arena, sizeof(*protocol));
	if (!protocol) {
		ret = -ENOMEM;
		goto out;
	}
	protocol->arena = p.arena;
	ret = lex_at(&p, 0, &p.tok);
	if (ret < 0)
		goto out;
	if (ret_expr) {
		ret = parse_expr(&p, ret_expr);
		if (ret == 0 && p.tok.type != TOK_END)
			ret = expected(&p, "an operator or the end");
	} else {
		ret = parse_protocol(&p, protocol);
	}
out:
	if (ret < 0) {
		if (ret == -ENOMEM)
			ir_error_set(err, _("irp: out of memory"));
		arena_free(p.arena);
		return ret;
	}
	*ret_protocol = protocol;
	return 0;
}

int irp_parse(const char *text, size_t len, struct irp_protocol **ret_protocol,
	      struct ir_error *err)
{
	return parse_text(text, len, ret_protocol, NULL, err);
}

int irp_parse_expression(const char *text, size_t len, struct irp_protocol **ret_holder,
			 const struct irp_expr **ret_expr, struct ir_error *err)
{
	const struct irp_expr *expr;
	int ret = parse_text(text, len, ret_holder, &expr, err);

	if (ret == 0)
		*ret_expr = expr;
	return ret;
}

void irp_protocol_free(struct irp_protocol *protocol)
{
	if (protocol)
		arena_free(protocol->arena);
}

double irp_decimal_value(struct irp_decimal number)
{
	double value = (double)number.digits;
	unsigned int k;

	for (k = 0; k < number.scale; k++)
		value /= 10;
	return value;
}
