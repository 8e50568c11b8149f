// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The IRP parser, printer and evaluator (utils/irp/irp.h). Trees are asserted field by field
 * or through sexpr() below, a prefix form written here and independent of irp_print();
 * expected values are worked out by hand in the comments.
 */
#include "config.h"

#include <check.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "irp.h"
#include "exception-list.h"
#include "test-main.h"

#define PROTOCOLS_TSV TOP_SRCDIR "/utils/irp/protocols.tsv"
#define EXCEPTIONS_TXT TOP_SRCDIR "/tests/unit/irp-exceptions.txt"

static struct irp_protocol *parse_ok(const char *text)
{
	struct irp_protocol *protocol = NULL;
	struct ir_error err = { "" };
	int ret = irp_parse(text, strlen(text), &protocol, &err);

	ck_assert_msg(ret == 0, "'%s': %d %s", text, ret, err.message);
	return protocol;
}

/* Parse must fail with code and exactly message. */
static void parse_fails(const char *text, int code, const char *message)
{
	struct irp_protocol *protocol = (struct irp_protocol *)&protocol;
	struct ir_error err = { "" };
	int ret = irp_parse(text, strlen(text), &protocol, &err);

	ck_assert_msg(ret == code, "'%s': %d, not %d (%s)", text, ret, code, err.message);
	ck_assert_str_eq(err.message, message);
	ck_assert_ptr_eq(protocol, (struct irp_protocol *)&protocol);
}

/* ---- prefix form of an expression ---- */

static void sexpr_put(char *buf, size_t size, const struct irp_expr *e)
{
	size_t n = strlen(buf);

	switch (e->kind) {
	case IRP_EXPR_NUMBER:
		snprintf(buf + n, size - n, "%llu", (unsigned long long)e->number);
		break;
	case IRP_EXPR_NAME:
		snprintf(buf + n, size - n, "%s", e->name);
		break;
	case IRP_EXPR_BITFIELD:
		snprintf(buf + n, size - n, "(bf%s%s%s ", e->complement ? "~" : "",
			 e->reverse ? "-r" : "", e->infinite ? ".inf" : "");
		sexpr_put(buf, size, e->a);
		if (e->b) {
			strncat(buf, " ", size - strlen(buf) - 1);
			sexpr_put(buf, size, e->b);
		}
		if (e->c) {
			strncat(buf, " ", size - strlen(buf) - 1);
			sexpr_put(buf, size, e->c);
		}
		strncat(buf, ")", size - strlen(buf) - 1);
		break;
	case IRP_EXPR_UNARY:
	case IRP_EXPR_BINARY:
	case IRP_EXPR_TERNARY:
		snprintf(buf + n, size - n, "(%s ",
			 e->kind == IRP_EXPR_TERNARY ? "?" : irp_op_name(e->op));
		sexpr_put(buf, size, e->a);
		if (e->b) {
			strncat(buf, " ", size - strlen(buf) - 1);
			sexpr_put(buf, size, e->b);
		}
		if (e->c) {
			strncat(buf, " ", size - strlen(buf) - 1);
			sexpr_put(buf, size, e->c);
		}
		strncat(buf, ")", size - strlen(buf) - 1);
		break;
	default:
		ck_abort_msg("kind %d", e->kind);
	}
}

static const char *sexpr(const struct irp_expr *e)
{
	static char buf[1024];

	buf[0] = '\0';
	sexpr_put(buf, sizeof(buf), e);
	return buf;
}

static void expr_is(const char *text, const char *expected)
{
	struct irp_protocol *holder;
	const struct irp_expr *e;
	struct ir_error err = { "" };
	int ret = irp_parse_expression(text, strlen(text), &holder, &e, &err);

	ck_assert_msg(ret == 0, "'%s': %s", text, err.message);
	ck_assert_msg(strcmp(sexpr(e), expected) == 0, "'%s' is %s, not %s", text, sexpr(e),
		      expected);
	irp_protocol_free(holder);
}

/* Evaluate text with names given as "A=1,B=2" (values only). */
static int eval_text(const char *text, const char *names, int64_t *ret_value,
		     struct ir_error *err)
{
	struct irp_protocol *holder;
	const struct irp_expr *e;
	struct irp_env *env;
	char copy[256], *name, *save;
	int ret;

	ck_assert_int_eq(irp_parse_expression(text, strlen(text), &holder, &e, err), 0);
	ck_assert_int_eq(irp_env_new(&env), 0);
	snprintf(copy, sizeof(copy), "%s", names);
	for (name = strtok_r(copy, ",", &save); name; name = strtok_r(NULL, ",", &save)) {
		char *eq = strchr(name, '=');

		*eq = '\0';
		ck_assert_int_eq(irp_env_set(env, name, strtoll(eq + 1, NULL, 0)), 0);
	}
	ret = irp_eval(e, env, ret_value, err);
	irp_env_free(env);
	irp_protocol_free(holder);
	return ret;
}

static void eval_is(const char *text, const char *names, int64_t expected)
{
	struct ir_error err = { "" };
	int64_t value = 0;

	ck_assert_msg(eval_text(text, names, &value, &err) == 0, "'%s': %s", text, err.message);
	ck_assert_msg(value == expected, "'%s' = %lld, not %lld", text, (long long)value,
		      (long long)expected);
}

static void eval_fails(const char *text, const char *names, int code, const char *message)
{
	struct ir_error err = { "" };
	int64_t value = 12345;

	ck_assert_int_eq(eval_text(text, names, &value, &err), code);
	ck_assert_str_eq(err.message, message);
	ck_assert_int_eq(value, 12345);
}

static void print_is(const char *text, const char *expected)
{
	struct irp_protocol *protocol = parse_ok(text), *again;
	char *printed, *reprinted;

	ck_assert_int_eq(irp_print(protocol, &printed), 0);
	ck_assert_str_eq(printed, expected);
	again = parse_ok(printed);
	ck_assert_int_eq(irp_print(again, &reprinted), 0);
	ck_assert_str_eq(reprinted, printed);
	free(printed);
	free(reprinted);
	irp_protocol_free(again);
	irp_protocol_free(protocol);
}

/* ---- general spec ---- */

START_TEST(test_general_spec)
{
	struct irp_protocol *p;

	p = parse_ok("{38.4k,564}<1,-1|1,-3>(1)");
	ck_assert(p->general.has_frequency && p->general.has_unit);
	ck_assert(!p->general.has_order && !p->general.has_duty_cycle);
	ck_assert_uint_eq(p->general.frequency.digits, 384);
	ck_assert_uint_eq(p->general.frequency.scale, 1);
	ck_assert_uint_eq(p->general.unit.digits, 564);
	ck_assert_uint_eq(p->general.unit.scale, 0);
	ck_assert(!p->general.unit_in_periods);
	irp_protocol_free(p);

	p = parse_ok("{36k,1p,msb}<1|2>(1)");
	ck_assert_uint_eq(p->general.frequency.digits, 36);
	ck_assert(p->general.unit_in_periods && p->general.msb && p->general.has_order);
	irp_protocol_free(p);

	/* any order; duty cycle; unit with u; the last of two orders wins */
	p = parse_ok("{33%, 15u, lsb, 0k, msb}<1|2>(1)");
	ck_assert_uint_eq(p->general.duty_cycle.digits, 33);
	ck_assert(p->general.has_duty_cycle);
	ck_assert_uint_eq(p->general.unit.digits, 15);
	ck_assert(!p->general.unit_in_periods);
	ck_assert_uint_eq(p->general.frequency.digits, 0);
	ck_assert(p->general.msb);
	irp_protocol_free(p);

	p = parse_ok("{}<1|2>(1)");
	ck_assert(!p->general.has_frequency && !p->general.has_unit);
	irp_protocol_free(p);

	p = parse_ok("{38.005k,.5}<1|2>(1)");
	ck_assert_uint_eq(p->general.frequency.digits, 38005);
	ck_assert_uint_eq(p->general.frequency.scale, 3);
	ck_assert_uint_eq(p->general.unit.digits, 5);
	ck_assert_uint_eq(p->general.unit.scale, 1);
	ck_assert(irp_decimal_value(p->general.unit) == 0.5);
	irp_protocol_free(p);
}
END_TEST

/* ---- bitspecs, durations, streams ---- */

static const struct irp_item *item(const struct irp_sequence *s, size_t i)
{
	ck_assert_uint_lt(i, s->count);
	return &s->items[i];
}

static void duration_is(const struct irp_item *it, enum irp_duration_kind kind,
			const char *name, uint64_t digits, unsigned int scale,
			enum irp_time_unit unit)
{
	ck_assert_int_eq(it->kind, IRP_ITEM_DURATION);
	ck_assert_int_eq(it->duration.kind, kind);
	ck_assert_int_eq(it->duration.unit, unit);
	if (name) {
		ck_assert_str_eq(it->duration.name, name);
	} else {
		ck_assert_ptr_null(it->duration.name);
		ck_assert_uint_eq(it->duration.value.digits, digits);
		ck_assert_uint_eq(it->duration.value.scale, scale);
	}
}

START_TEST(test_bitspec_and_durations)
{
	struct irp_protocol *p;
	const struct irp_bitspec *b;

	p = parse_ok("{38k,289}<1,-2.6|1,-6.3>(16,-8,^108m,10u,-.5p,zeroGap, -oneGap u,^T m)");
	b = p->stream->bitspec;
	ck_assert_ptr_nonnull(b);
	ck_assert_uint_eq(b->count, 2);
	ck_assert_uint_eq(b->column, 10);
	duration_is(item(&b->symbols[0], 0), IRP_FLASH, NULL, 1, 0, IRP_TIME_UNITS);
	duration_is(item(&b->symbols[0], 1), IRP_GAP, NULL, 26, 1, IRP_TIME_UNITS);
	duration_is(item(&b->symbols[1], 1), IRP_GAP, NULL, 63, 1, IRP_TIME_UNITS);
	ck_assert_uint_eq(p->stream->body.count, 8);
	duration_is(item(&p->stream->body, 0), IRP_FLASH, NULL, 16, 0, IRP_TIME_UNITS);
	duration_is(item(&p->stream->body, 1), IRP_GAP, NULL, 8, 0, IRP_TIME_UNITS);
	duration_is(item(&p->stream->body, 2), IRP_EXTENT, NULL, 108, 0, IRP_TIME_MILLISECONDS);
	duration_is(item(&p->stream->body, 3), IRP_FLASH, NULL, 10, 0, IRP_TIME_MICROSECONDS);
	duration_is(item(&p->stream->body, 4), IRP_GAP, NULL, 5, 1, IRP_TIME_PERIODS);
	duration_is(item(&p->stream->body, 5), IRP_FLASH, "zeroGap", 0, 0, IRP_TIME_UNITS);
	duration_is(item(&p->stream->body, 6), IRP_GAP, "oneGap", 0, 0, IRP_TIME_MICROSECONDS);
	duration_is(item(&p->stream->body, 7), IRP_EXTENT, "T", 0, 0, IRP_TIME_MILLISECONDS);
	ck_assert_uint_eq(item(&p->stream->body, 6)->column, 56);
	ck_assert_int_eq(p->stream->repeat, IRP_REPEAT_ONCE);
	irp_protocol_free(p);

	/* four symbols; an empty one */
	p = parse_ok("{}<1,-1|1,-2|2,-1|>(D:8)");
	ck_assert_uint_eq(p->stream->bitspec->count, 4);
	ck_assert_uint_eq(p->stream->bitspec->symbols[2].count, 2);
	ck_assert_uint_eq(p->stream->bitspec->symbols[3].count, 0);
	irp_protocol_free(p);
}
END_TEST

START_TEST(test_nested_bitspecs_and_repeats)
{
	struct irp_protocol *p;
	const struct irp_stream *s;

	/* arctech and RC6's nested bitspecs; repeat markers of every kind */
	p = parse_ok("{0k,388}<1,-3|3,-1>(<0:2|2:2>((D-1):4,(S-1):4),<-2,2|2,-2>(T:1)*,"
		     "(1)+,(2)3,(3)3+,(4)0)*");
	ck_assert_int_eq(p->stream->repeat, IRP_REPEAT_ANY);
	ck_assert_uint_eq(p->stream->body.count, 6);
	s = item(&p->stream->body, 0)->stream;
	ck_assert_int_eq(item(&p->stream->body, 0)->kind, IRP_ITEM_STREAM);
	ck_assert_uint_eq(s->bitspec->count, 2);
	ck_assert_str_eq(sexpr(item(&s->bitspec->symbols[1], 0)->bitfield), "(bf 2 2)");
	ck_assert_str_eq(sexpr(item(&s->body, 0)->bitfield), "(bf (- D 1) 4)");
	ck_assert_str_eq(sexpr(item(&s->body, 1)->bitfield), "(bf (- S 1) 4)");
	ck_assert_int_eq(s->repeat, IRP_REPEAT_ONCE);
	ck_assert_int_eq(item(&p->stream->body, 1)->stream->repeat, IRP_REPEAT_ANY);
	ck_assert_int_eq(item(&p->stream->body, 2)->stream->repeat, IRP_REPEAT_SOME);
	ck_assert_int_eq(item(&p->stream->body, 3)->stream->repeat, IRP_REPEAT_COUNT);
	ck_assert_uint_eq(item(&p->stream->body, 3)->stream->count, 3);
	ck_assert_int_eq(item(&p->stream->body, 4)->stream->repeat, IRP_REPEAT_AT_LEAST);
	ck_assert_uint_eq(item(&p->stream->body, 4)->stream->count, 3);
	ck_assert_int_eq(item(&p->stream->body, 5)->stream->repeat, IRP_REPEAT_COUNT);
	ck_assert_uint_eq(item(&p->stream->body, 5)->stream->count, 0);
	irp_protocol_free(p);

	/* a bitspec as the first item of a bitspec's symbol, written with a space */
	p = parse_ok("{}< <1|2>(A:1),3|4>(B:1)");
	s = item(&p->stream->bitspec->symbols[0], 0)->stream;
	ck_assert_ptr_nonnull(s->bitspec);
	irp_protocol_free(p);
}
END_TEST

START_TEST(test_bitfields)
{
	struct irp_protocol *p;
	const struct irp_sequence *body;

	p = parse_ok("{}<1|2>(D:8,D:8:2,~D:8,D:-8,D::2,~D::2,~F:1:6,(D^S):8,~(D+S):8,F:D,"
		     "0xE6:44,1:1,T:-2,F:(W-1):(C+1))");
	body = &p->stream->body;
	ck_assert_str_eq(sexpr(item(body, 0)->bitfield), "(bf D 8)");
	ck_assert_str_eq(sexpr(item(body, 1)->bitfield), "(bf D 8 2)");
	ck_assert_str_eq(sexpr(item(body, 2)->bitfield), "(bf~ D 8)");
	ck_assert_str_eq(sexpr(item(body, 3)->bitfield), "(bf-r D 8)");
	ck_assert_str_eq(sexpr(item(body, 4)->bitfield), "(bf.inf D 2)");
	ck_assert_str_eq(sexpr(item(body, 5)->bitfield), "(bf~.inf D 2)");
	ck_assert_str_eq(sexpr(item(body, 6)->bitfield), "(bf~ F 1 6)");
	ck_assert_str_eq(sexpr(item(body, 7)->bitfield), "(bf (^ D S) 8)");
	ck_assert_str_eq(sexpr(item(body, 8)->bitfield), "(bf~ (+ D S) 8)");
	ck_assert_str_eq(sexpr(item(body, 9)->bitfield), "(bf F D)");
	ck_assert_str_eq(sexpr(item(body, 10)->bitfield), "(bf 230 44)");
	ck_assert_str_eq(sexpr(item(body, 11)->bitfield), "(bf 1 1)");
	ck_assert_str_eq(sexpr(item(body, 12)->bitfield), "(bf-r T 2)");
	ck_assert_str_eq(sexpr(item(body, 13)->bitfield), "(bf F (- W 1) (+ C 1))");
	ck_assert_int_eq(item(body, 0)->kind, IRP_ITEM_BITFIELD);
	ck_assert_uint_eq(item(body, 1)->column, 13);
	ck_assert_uint_eq(item(body, 1)->bitfield->column, 13);
	irp_protocol_free(p);
}
END_TEST

START_TEST(test_assignments_variations_definitions)
{
	struct irp_protocol *p;
	const struct irp_sequence *body;
	const struct irp_item *it;

	p = parse_ok("{38k,600,msb}<1,-1|1,-2|2,-1|2,-2>([10][5],T=T+1,"
		     "([][T=0][T=1],1,[-80.4m][-80.4m][-13.8m]),-2)+"
		     "{C=7*(F:2:6)+F:2,X=0}{}{Y=C}[D:0..15,F:0..255=3,T@:0..1=0,U:1..UINT8_MAX]");
	body = &p->stream->body;
	it = item(body, 0);
	ck_assert_int_eq(it->kind, IRP_ITEM_VARIATION);
	ck_assert_uint_eq(it->alternative_count, 2);
	duration_is(item(&it->alternatives[0], 0), IRP_FLASH, NULL, 10, 0, IRP_TIME_UNITS);
	duration_is(item(&it->alternatives[1], 0), IRP_FLASH, NULL, 5, 0, IRP_TIME_UNITS);
	it = item(body, 1);
	ck_assert_int_eq(it->kind, IRP_ITEM_ASSIGNMENT);
	ck_assert_str_eq(it->name, "T");
	ck_assert_str_eq(sexpr(it->value), "(+ T 1)");
	it = item(&item(body, 2)->stream->body, 0);
	ck_assert_uint_eq(it->alternative_count, 3);
	ck_assert_uint_eq(it->alternatives[0].count, 0);
	ck_assert_str_eq(item(&it->alternatives[2], 0)->name, "T");
	it = item(&item(body, 2)->stream->body, 2);
	duration_is(item(&it->alternatives[2], 0), IRP_GAP, NULL, 138, 1, IRP_TIME_MILLISECONDS);
	ck_assert_int_eq(p->stream->repeat, IRP_REPEAT_SOME);

	/* definition blocks become one list */
	ck_assert_uint_eq(p->definition_count, 3);
	ck_assert_str_eq(p->definitions[0].name, "C");
	ck_assert_str_eq(sexpr(p->definitions[0].value), "(+ (* 7 (bf F 2 6)) (bf F 2))");
	ck_assert_str_eq(p->definitions[2].name, "Y");

	ck_assert(p->has_parameter_specs);
	ck_assert_uint_eq(p->parameter_count, 4);
	ck_assert_str_eq(p->parameters[0].name, "D");
	ck_assert_uint_eq(p->parameters[0].min, 0);
	ck_assert_uint_eq(p->parameters[0].max, 15);
	ck_assert_ptr_null(p->parameters[0].default_value);
	ck_assert(!p->parameters[0].persistent);
	ck_assert_str_eq(sexpr(p->parameters[1].default_value), "3");
	ck_assert(p->parameters[2].persistent);
	ck_assert_str_eq(sexpr(p->parameters[2].default_value), "0");
	ck_assert_uint_eq(p->parameters[3].min, 1);
	ck_assert_uint_eq(p->parameters[3].max, 255);
	irp_protocol_free(p);

	p = parse_ok("{}<1|2>(1)[]");
	ck_assert(p->has_parameter_specs);
	ck_assert_uint_eq(p->parameter_count, 0);
	irp_protocol_free(p);
	p = parse_ok("{}<1|2>(1)");
	ck_assert(!p->has_parameter_specs);
	irp_protocol_free(p);
}
END_TEST

START_TEST(test_bitspec_expressions_stop_at_bar_and_angle)
{
	struct irp_protocol *p;
	const struct irp_bitspec *b;

	/* B&O: "oneGap=3 | 200u" is the end of a symbol, not 3|200 */
	p = parse_ok("{455k,3125,msb}<200u,-zeroGap,zeroGap=2,oneGap=3 | 200u,-oneGap,"
		     "zeroGap=1,oneGap=2> (200u)");
	b = p->stream->bitspec;
	ck_assert_uint_eq(b->count, 2);
	ck_assert_str_eq(sexpr(item(&b->symbols[0], 3)->value), "3");
	ck_assert_str_eq(sexpr(item(&b->symbols[1], 3)->value), "2");
	irp_protocol_free(p);

	/* in parentheses, | and > are operators */
	p = parse_ok("{}<A=(1|2),B=(3>2)|C=1>(1)");
	b = p->stream->bitspec;
	ck_assert_str_eq(sexpr(item(&b->symbols[0], 0)->value), "(| 1 2)");
	ck_assert_str_eq(sexpr(item(&b->symbols[0], 1)->value), "(> 3 2)");
	irp_protocol_free(p);
}
END_TEST

/* ---- expressions ---- */

START_TEST(test_precedence_table)
{
	/* loosest first: ?: || && | ^ & == != < <= > >= << >> + - * / % ** prefix primary */
	expr_is("1+2*3", "(+ 1 (* 2 3))");
	expr_is("1*2+3", "(+ (* 1 2) 3)");
	expr_is("1-2-3", "(- (- 1 2) 3)");
	expr_is("a%b*c/d", "(/ (* (% a b) c) d)");
	expr_is("2**3**2", "(** 2 (** 3 2))");
	expr_is("2*3**2", "(* 2 (** 3 2))");
	expr_is("-2**2", "(** (- 2) 2)");
	expr_is("2**-1", "(** 2 (- 1))");
	expr_is("#D%2", "(% (# D) 2)");
	expr_is("1<<2+3", "(<< 1 (+ 2 3))");
	expr_is("1<2<<3", "(< 1 (<< 2 3))");
	expr_is("a>>1>2", "(> (>> a 1) 2)");
	expr_is("1>=2!=3<=4", "(!= (>= 1 2) (<= 3 4))");
	expr_is("1==2<3", "(== 1 (< 2 3))");
	expr_is("1&2==3", "(& 1 (== 2 3))");
	expr_is("1^2&3", "(^ 1 (& 2 3))");
	expr_is("1|2^3", "(| 1 (^ 2 3))");
	expr_is("1&&2|3", "(&& 1 (| 2 3))");
	expr_is("1||2&&3", "(|| 1 (&& 2 3))");
	expr_is("1||2?3:4", "(? (|| 1 2) 3 4)");
	expr_is("1?2:3||4", "(? 1 2 (|| 3 4))");
	expr_is("1?2:3?4:5", "(? 1 2 (? 3 4 5))");
	expr_is("a ? b ? c : d : e", "(? a (? b c d) e)");
	expr_is("a ? (D:8) : 0", "(? a (bf D 8) 0)");
	expr_is("a ? D::8 : 0", "(? a (bf.inf D 8) 0)");
	expr_is("(1+2)*3", "(* (+ 1 2) 3)");
	expr_is("~D:8", "(bf~ D 8)");
	expr_is("~D", "(~ D)");
	expr_is("~D+1", "(+ (~ D) 1)");
	expr_is("~-D", "(~ (- D))");
	expr_is("-D:8:2", "(- (bf D 8 2))");
	expr_is("D::2+1", "(+ (bf.inf D 2) 1)");
	expr_is("D:8*2", "(* (bf D 8) 2)");
	expr_is("!a&&b", "(&& (! a) b)");
	expr_is("#(F&25)", "(# (& F 25))");
	expr_is("0x10+0b11+UINT8_MAX+UINT64_MAX", "(+ (+ (+ 16 3) 255) 18446744073709551615)");
	expr_is("k+u+p+m+lsb+msb", "(+ (+ (+ (+ (+ k u) p) m) lsb) msb)");
	expr_is(" 1 /* c */ + // line\n 2", "(+ 1 2)");
}
END_TEST

START_TEST(test_evaluation_java_rules)
{
	eval_is("-2**2", "", 4);
	eval_is("-(2**2)", "", -4);
	eval_is("2**3**2", "", 512);
	eval_is("2**64", "", 0);
	eval_is("3**0", "", 1);
	eval_is("7/2", "", 3);
	eval_is("-7/2", "", -3);
	eval_is("7%-3", "", 1);
	eval_is("-7%3", "", -1);
	eval_is("X/-1", "X=-9223372036854775808", INT64_MIN);
	eval_is("X%-1", "X=-9223372036854775808", 0);
	eval_is("X*2", "X=9223372036854775807", -2);
	eval_is("X+1", "X=9223372036854775807", INT64_MIN);
	eval_is("1<<64", "", 1);
	eval_is("1<<63", "", INT64_MIN);
	eval_is("-8>>1", "", -4);
	eval_is("1>>65", "", 0);
	eval_is("#(0-1)", "", 64);
	eval_is("#0b1011", "", 3);
	eval_is("!5", "", 0);
	eval_is("!0", "", 1);
	eval_is("~0", "", -1);
	eval_is("3&&0", "", 0);
	eval_is("3&&4", "", 1);
	eval_is("0||7", "", 1);
	eval_is("0||0", "", 0);
	eval_is("0&&1/0", "", 0);	/* the right side is not evaluated */
	eval_is("1||1/0", "", 1);
	eval_is("2<3", "", 1);
	eval_is("3<=2", "", 0);
	eval_is("1?2:3", "", 2);
	eval_is("0?2:3", "", 3);
	eval_is("6&3|8^1", "", 11);	/* (6&3)|(8^1) = 2|9 */
	eval_is("UINT64_MAX", "", -1);
}
END_TEST

START_TEST(test_evaluation_bitfields)
{
	/* RC5's ~F:1:6: bit 6 of F, complemented. F = 69 = 0b1000101 has bit 6 set. */
	eval_is("~F:1:6", "F=69", 0);
	eval_is("~F:1:6", "F=5", 1);
	eval_is("D:8", "D=0x1234", 0x34);
	eval_is("D:8:8", "D=0x1234", 0x12);
	eval_is("~D:8", "D=0x1234", 0xcb);
	/* reversed: 1 in 8 bits is 0b10000000; Dyson's T:-2 with T = 1 is 0b10 */
	eval_is("D:-8", "D=1", 128);
	eval_is("T:-2", "T=1", 2);
	eval_is("D:-4:4", "D=0x30", 12);	/* 0b0011 reversed is 0b1100 */
	/* infinite: everything above the chop; complemented, it is negative */
	eval_is("D::4", "D=0xf5", 15);
	eval_is("~D::4", "D=0xf5", -16);
	eval_is("D:64", "D=-1", -1);
	eval_is("D:0", "D=-1", 0);
	eval_is("D:1:64", "D=-1", 0);
	/* the data is shifted as unsigned: the top bit of -1 chopped by 63 is 1 */
	eval_is("D::63", "D=-1", 1);
	/* TCL_AC: ~temp is ~ of temp (temp = 5 gives -6); modesw:-3 with modesw = 1 is 4 */
	eval_is("~temp", "temp=5", -6);
	eval_is("modesw:-3", "modesw=1", 4);
	/* G.I.Cable's C = -(D + F:4 + F:4:4): D = 1, F = 0x23 give -(1+3+2) = -6, C:4 = 10 */
	eval_is("(-(D + F:4 + F:4:4)):4", "D=1,F=0x23", 10);
	eval_is("-(D + F:4 + F:4:4)", "D=1,F=0x23", -6);
}
END_TEST

START_TEST(test_prefer_over_condition)
{
	/* The database's condition for preferring Pioneer over NEC2 is an expression too. */
	static const char condition[] = "(160<=D && D<=165) || D==168 || D==170 || D==171 "
					 "|| D==173 || D==175 ";

	eval_is(condition, "D=160", 1);
	eval_is(condition, "D=165", 1);
	eval_is(condition, "D=166", 0);
	eval_is(condition, "D=171", 1);
	eval_is(condition, "D=172", 0);
	eval_is(condition, "D=159", 0);
}
END_TEST

START_TEST(test_evaluation_errors)
{
	eval_fails("1+1/(2-2)", "", -EDOM, "irp:4: division by zero");
	eval_fails("5%0", "", -EDOM, "irp:2: division by zero");
	eval_fails("2**-1", "", -EDOM, "irp:2: negative exponent -1");
	eval_fails("Q+1", "", -ENOENT, "irp:1: 'Q' has no value");
	eval_fails("D:W", "D=1,W=65", -ERANGE, "irp:1: bitfield width 65 is not within 0..64");
	eval_fails("D:W", "D=1,W=-1", -ERANGE, "irp:1: bitfield width -1 is not within 0..64");
	eval_fails("D:8:C", "D=1,C=-1", -ERANGE, "irp:1: bitfield chop -1 is negative");
}
END_TEST

static void prepare(const char *text, const char *names, struct irp_env **ret_env,
		    struct irp_protocol **ret_protocol, int expected, const char *message)
{
	struct irp_protocol *p = parse_ok(text);
	struct ir_error err = { "" };
	struct irp_env *env;
	char copy[256], *name, *save;

	ck_assert_int_eq(irp_env_new(&env), 0);
	snprintf(copy, sizeof(copy), "%s", names);
	for (name = strtok_r(copy, ",", &save); name; name = strtok_r(NULL, ",", &save)) {
		char *eq = strchr(name, '=');

		*eq = '\0';
		ck_assert_int_eq(irp_env_set(env, name, strtoll(eq + 1, NULL, 0)), 0);
	}
	ck_assert_int_eq(irp_env_prepare(env, p, &err), expected);
	if (message)
		ck_assert_str_eq(err.message, message);
	*ret_env = env;
	*ret_protocol = p;
}

static int64_t value_of(struct irp_env *env, const char *name)
{
	struct irp_protocol *holder;
	const struct irp_expr *e;
	struct ir_error err = { "" };
	int64_t value;

	ck_assert_int_eq(irp_parse_expression(name, strlen(name), &holder, &e, &err), 0);
	ck_assert_msg(irp_eval(e, env, &value, &err) == 0, "%s: %s", name, err.message);
	irp_protocol_free(holder);
	return value;
}

#define NEC1 "{38.4k,564}<1,-1|1,-3>(16,-8,D:8,S:8,F:8,~F:8,1,^108m,(16,-4,1,^108m)*)" \
	"[D:0..255,S:0..255=255-D,F:0..255]"
#define APPLE "{38.4k,564}<1,-1|1,-3>(16,-8,D:8,S:8,C:1,F:7,PairID:8,1,^108m," \
	"(16,-4,1,^108m)*){C=1-(#D+#S+#F+#PairID)%2,S=135}[D:0..255=238,F:0..127," \
	"PairID:0..255]"
#define KASEIKYO "{37k,432}<1,-1|1,-3>(8,-4,M:8,N:8,X:4,D:4,S:8,F:8,E:4,C:4,1,-173)* " \
	"{X=((M^N)::4)^(M^N), chksum=D^S^F^(E*16), C=chksum::4 ^ chksum}" \
	"[D:0..15,S:0..255,F:0..255,E:0..15,M:0..255,N:0..255]"

START_TEST(test_database_defaults_by_hand)
{
	struct irp_protocol *p;
	struct irp_env *env;

	/* NEC1: S defaults to 255-D: D = 4 gives 251; a given S is kept */
	prepare(NEC1, "D=4,F=1", &env, &p, 0, NULL);
	ck_assert_int_eq(value_of(env, "S"), 251);
	irp_env_free(env);
	irp_protocol_free(p);
	prepare(NEC1, "D=4,S=7,F=1", &env, &p, 0, NULL);
	ck_assert_int_eq(value_of(env, "S"), 7);
	irp_env_free(env);
	irp_protocol_free(p);

	/*
	 * Apple: D defaults to 238 = 0b11101110 (6 ones), S is defined as 135 = 0b10000111
	 * (4 ones). F = 5 = 0b101 (2 ones), PairID = 3 (2 ones): 6+4+2+2 = 14, even, so
	 * C = 1 - 0 = 1. F = 1 (1 one) makes it 13, odd: C = 0.
	 */
	prepare(APPLE, "F=5,PairID=3", &env, &p, 0, NULL);
	ck_assert_int_eq(value_of(env, "D"), 238);
	ck_assert_int_eq(value_of(env, "S"), 135);
	ck_assert_int_eq(value_of(env, "C"), 1);
	ck_assert_int_eq(irp_env_set(env, "F", 1), 0);
	ck_assert_int_eq(value_of(env, "C"), 0);
	irp_env_free(env);
	irp_protocol_free(p);

	/*
	 * Kaseikyo (Panasonic's M = 2, N = 32): M^N = 34 = 0x22, 34::4 = 2, X = 2^34 = 32
	 * (X:4 = 0). D = 3, S = 16, F = 61, E = 0: chksum = 3^16^61 = 19^61 = 46 (0b101110),
	 * C = 46::4 ^ 46 = 2^46 = 44, whose low 4 bits (C:4) are 12.
	 */
	prepare(KASEIKYO, "M=2,N=32,D=3,S=16,F=61,E=0", &env, &p, 0, NULL);
	ck_assert_int_eq(value_of(env, "X"), 32);
	ck_assert_int_eq(value_of(env, "chksum"), 46);
	ck_assert_int_eq(value_of(env, "C"), 44);
	ck_assert_int_eq(value_of(env, "C:4"), 12);
	irp_env_free(env);
	irp_protocol_free(p);

	/* a missing parameter, and one out of range */
	prepare(NEC1, "D=4", &env, &p, -EINVAL, "irp: parameter 'F' is not given");
	irp_env_free(env);
	irp_protocol_free(p);
	prepare(NEC1, "D=256,F=0", &env, &p, -ERANGE, "irp: parameter 'D' = 256 is out of 0..255");
	irp_env_free(env);
	irp_protocol_free(p);
	/* a default that is out of range: D = 0 makes S = 255 - 0 = 255, in range; F = -1 not */
	prepare(NEC1, "D=0,F=-1", &env, &p, -ERANGE, "irp: parameter 'F' = -1 is out of 0..255");
	irp_env_free(env);
	irp_protocol_free(p);
}
END_TEST

START_TEST(test_definitions_loop_and_budget)
{
	struct irp_protocol *p;
	struct irp_env *env;
	struct ir_error err = { "" };
	int64_t value;

	/* {A=B+1,B=A}: A needs itself */
	prepare("{}<1|2>(A:8){A=B+1,B=A}", "", &env, &p, 0, NULL);
	ck_assert_int_eq(irp_eval(p->stream->body.items[0].bitfield, env, &value, &err), -ELOOP);
	ck_assert(strstr(err.message, "refers to itself") != NULL);
	irp_env_free(env);
	irp_protocol_free(p);

	/* each definition uses the next one twice: 2^40 steps, refused past the budget */
	prepare("{}<1|2>(A0:8){A0=A1+A1,A1=A2+A2,A2=A3+A3,A3=A4+A4,A4=A5+A5,A5=A6+A6,"
		"A6=A7+A7,A7=A8+A8,A8=A9+A9,A9=A10+A10,A10=A11+A11,A11=A12+A12,A12=A13+A13,"
		"A13=A14+A14,A14=A15+A15,A15=A16+A16,A16=A17+A17,A17=A18+A18,A18=A19+A19,"
		"A19=A20+A20,A20=A21+A21,A21=A22+A22,A22=A23+A23,A23=A24+A24,A24=1}", "", &env,
		&p, 0, NULL);
	ck_assert_int_eq(irp_eval(p->stream->body.items[0].bitfield, env, &value, &err), -E2BIG);
	irp_env_free(env);
	irp_protocol_free(p);
}
END_TEST

START_TEST(test_env_limit)
{
	struct irp_protocol *holder;
	const struct irp_expr *e;
	struct ir_error err = { "" };
	struct irp_env *env;
	int64_t value;

	/* 1+2+3 is five nodes: two evaluations fit in 10 steps, the third does not */
	ck_assert_int_eq(irp_parse_expression("1+2+3", 5, &holder, &e, &err), 0);
	ck_assert_int_eq(irp_env_new(&env), 0);
	irp_env_limit(env, 10);
	ck_assert_int_eq(irp_eval(e, env, &value, &err), 0);
	ck_assert_int_eq(value, 6);
	ck_assert_int_eq(irp_eval(e, env, &value, &err), 0);
	ck_assert_int_eq(irp_eval(e, env, &value, &err), -E2BIG);
	/* the first node reached is the outer +, at column 4 */
	ck_assert_str_eq(err.message, "irp:4: the evaluations' limit is reached");
	ck_assert_int_eq(irp_eval(e, env, &value, &err), -E2BIG);
	irp_env_unlimit(env);
	ck_assert_int_eq(irp_eval(e, env, &value, &err), 0);
	irp_env_free(env);
	irp_protocol_free(holder);
}
END_TEST

/* ---- errors at their column ---- */

START_TEST(test_errors_at_column)
{
	parse_fails("{38x}<1|2>(1)", -EINVAL, "irp:4: expected ',' or '}', found 'x'");
	parse_fails("{}<1|2>(D:8,)", -EINVAL,
		    "irp:13: expected a duration, a bitfield, an assignment, '(', '<' or '[', "
		    "found ')'");
	parse_fails("{}<1|2>(D:8,S:8", -EINVAL, "irp:16: expected ',' or ')', found the end");
	parse_fails("{}<1|2>(D:65)", -EINVAL, "irp:11: bitfield width 65 is more than 64");
	parse_fails("{}<1|2>(1)[D:5..3]", -EINVAL, "irp:12: the range of 'D' is empty");
	parse_fails("{}<1|2>(1)[D:0..3,D:0..1]", -EINVAL,
		    "irp:19: parameter 'D' is given twice");
	parse_fails("{}<1|2>(1)[T@:0..1]", -EINVAL,
		    "irp:19: expected '=' and the initial value of a persistent parameter, "
		    "found ']'");
	parse_fails("{} /* x", -EINVAL, "irp:4: unterminated comment");
	parse_fails("{}<1|2>($)", -EINVAL, "irp:9: unexpected character '$'");
	parse_fails("{}<1|2>(\x01)", -EINVAL, "irp:9: unexpected byte 0x01");
	parse_fails("{}<1|2>(99999999999999999999)", -EINVAL, "irp:9: number too large");
	parse_fails("{}<1|2>([1],2)", -EINVAL,
		    "irp:12: expected a second alternative '[', found ','");
	parse_fails("{}<1|2>(1)x", -EINVAL, "irp:11: expected the end, found 'x'");
	parse_fails("{}(1)", -EINVAL, "irp:3: expected '<' (the bitspec), found '('");
	parse_fails("<1|2>(1)", -EINVAL, "irp:1: expected '{' (the general spec), found '<'");
	parse_fails("", -EINVAL, "irp:1: expected '{' (the general spec), found the end");
	parse_fails("{}<1|2>", -EINVAL, "irp:8: expected '(' after the bitspec, found the end");
	parse_fails("{}<1|2>(D:2.5)", -EINVAL, "irp:11: expected an integer, found a decimal");
	parse_fails("{}<1|2>(~D)", -EINVAL, "irp:11: expected ':' of a bitfield, found ')'");
	parse_fails("{}<1|2>(T=1?2)", -EINVAL, "irp:14: expected ':', found ')'");
	parse_fails("{}<1|2>(0x)", -EINVAL, "irp:9: expected digits after '0x'");
	parse_fails("{}<1|2>(1){A}", -EINVAL, "irp:13: expected '=', found '}'");
	/* columns count characters, newlines included, not bytes */
	parse_fails("{}\n<1|2>(D:8,)", -EINVAL,
		    "irp:14: expected a duration, a bitfield, an assignment, '(', '<' or '[', "
		    "found ')'");
	parse_fails("{} /* \xc3\xa9 */ <1|2>(D:8,)", -EINVAL,
		    "irp:22: expected a duration, a bitfield, an assignment, '(', '<' or '[', "
		    "found ')'");
	/* a NUL byte is refused where it is */
	{
		struct irp_protocol *p;
		struct ir_error err = { "" };

		ck_assert_int_eq(irp_parse("{}<1|2>(1\0)", 11, &p, &err), -EINVAL);
		ck_assert_str_eq(err.message, "irp:10: unexpected byte 0x00");
	}
}
END_TEST

/*
 * A name is bounded by the text only: quoted whole, a long one pushed the rest of the
 * message (what is wrong with it) out of the 512 bytes of a message. The messages
 * quote its first 40 bytes and "...".
 */
START_TEST(test_long_names_quoted)
{
	char name[601], text[1400], expected[700];
	struct ir_error err = { "" };
	int64_t value;

	memset(name, 'N', 600);
	name[600] = '\0';
	snprintf(text, sizeof(text), "{}<1|2>(1)[%s:0..3,%s:0..1]", name, name);
	snprintf(expected, sizeof(expected), "irp:618: parameter '%.40s...' is given twice",
		 name);
	parse_fails(text, -EINVAL, expected);
	snprintf(text, sizeof(text), "{}<1|2>(1)[%s:5..3]", name);
	snprintf(expected, sizeof(expected), "irp:12: the range of '%.40s...' is empty", name);
	parse_fails(text, -EINVAL, expected);
	ck_assert_int_eq(eval_text(name, "", &value, &err), -ENOENT);
	snprintf(expected, sizeof(expected), "irp:1: '%.40s...' has no value", name);
	ck_assert_str_eq(err.message, expected);
	/* up to 40 bytes, whole */
	name[40] = '\0';
	snprintf(text, sizeof(text), "{}<1|2>(1)[%s:5..3]", name);
	snprintf(expected, sizeof(expected), "irp:12: the range of '%s' is empty", name);
	parse_fails(text, -EINVAL, expected);
}
END_TEST

START_TEST(test_limits)
{
	char *text = malloc(IRP_TEXT_MAX + 2);
	struct irp_protocol *p;
	struct ir_error err = { "" };
	char buf[512];
	int i;

	/* length */
	memset(text, ' ', IRP_TEXT_MAX + 1);
	memcpy(text, "{}<1|2>(1)", 10);
	ck_assert_int_eq(irp_parse(text, IRP_TEXT_MAX + 1, &p, &err), -E2BIG);
	ck_assert_str_eq(err.message, "irp: longer than 65536 bytes");
	ck_assert_int_eq(irp_parse(text, IRP_TEXT_MAX, &p, &err), 0);
	irp_protocol_free(p);
	free(text);

	/* nesting: the top stream and 31 more are 32 levels, one more is too many */
	strcpy(buf, "{}<1|2>");
	for (i = 0; i < 32; i++)
		strcat(buf, "(");
	strcat(buf, "1");
	for (i = 0; i < 32; i++)
		strcat(buf, ")");
	p = parse_ok(buf);
	irp_protocol_free(p);
	strcpy(buf, "{}<1|2>");
	for (i = 0; i < 33; i++)
		strcat(buf, "(");
	strcat(buf, "1");
	for (i = 0; i < 33; i++)
		strcat(buf, ")");
	parse_fails(buf, -E2BIG, "irp:40: nested more than 32 deep");

	/* expression height: 64 nodes deep is allowed, 65 is not */
	strcpy(buf, "{}<1|2>(1){A=");
	for (i = 0; i < 63; i++)
		strcat(buf, "-");
	strcat(buf, "1}");
	p = parse_ok(buf);
	irp_protocol_free(p);
	strcpy(buf, "{}<1|2>(1){A=");
	for (i = 0; i < 64; i++)
		strcat(buf, "-");
	strcat(buf, "1}");
	parse_fails(buf, -E2BIG, "irp:14: expression deeper than 64");
	/* a long left-to-right chain is as deep as it is long */
	strcpy(buf, "{}<1|2>(1){A=1");
	for (i = 0; i < 64; i++)
		strcat(buf, "+1");
	strcat(buf, "}");
	parse_fails(buf, -E2BIG, "irp:141: expression deeper than 64");
}
END_TEST

/* ---- printer ---- */

START_TEST(test_canonical_print)
{
	print_is(NEC1, NEC1);
	print_is("{ 38.40k , 564 , msb, 25 % }<1,-1|1,-3>( 16 , -8 , D:8 , ^108m )*  [ ]",
		 "{38.40k,564,msb,25%}<1,-1|1,-3>(16,-8,D:8,^108m)*[]");
	print_is("{36k,1p}<1|2>(0x10:8,.5m,-zeroGap u,^T m,(1)3+){}{A=B}{C=UINT8_MAX}",
		 "{36k,1p}<1|2>(16:8,0.5m,-zeroGap u,^T m,(1)3+){A=B,C=255}");
	/* parentheses only where the tree needs them */
	print_is("{}<1|2>(1){A=(1+2)*3,B=1+(2*3),C=(1-2)-3,D=1-(2-3),E=(2**3)**2,F=-(2**2),"
		 "G=(-2)**2,H=~(D:8),I=(~D):8,J=a?(D:8):0,K=(a?b:c)?d:e,L=a?b:(c?d:e),"
		 "M=(a||b)&&c,N=#(F&25)}",
		 "{}<1|2>(1){A=(1+2)*3,B=1+2*3,C=1-2-3,D=1-(2-3),E=(2**3)**2,F=-(2**2),"
		 "G=-2**2,H=~(D:8),I=(~D):8,J=a?(D:8):0,K=(a?b:c)?d:e,L=a?b:c?d:e,"
		 "M=(a||b)&&c,N=#(F&25)}");
}
END_TEST

START_TEST(test_canonical_print_in_bitspecs)
{
	/* in a bitspec's symbol, an operator expression is written in parentheses */
	print_is("{}<A=(1|2),B=1+2|C=3>(1)", "{}<A=(1|2),B=(1+2)|C=3>(1)");
	/* an empty symbol and a leading nested bitspec keep apart from their neighbours */
	print_is("{}<1| |2>(1)", "{}<1| |2>(1)");
	print_is("{}< <1|2>(A:1)|3>(1)", "{}< <1|2>(A:1)|3>(1)");
	print_is("{}<|>(1)", "{}< | >(1)");
}
END_TEST

/* ---- the database ---- */

/* Parse, print, parse again: the same text each time. */
static void round_trip(const struct irp_protocol *p, const char *name)
{
	struct irp_protocol *again;
	struct ir_error err = { "" };
	char *printed, *reprinted;

	ck_assert_int_eq(irp_print(p, &printed), 0);
	ck_assert_msg(irp_parse(printed, strlen(printed), &again, &err) == 0, "%s: %s: %s",
		      name, printed, err.message);
	ck_assert_int_eq(irp_print(again, &reprinted), 0);
	ck_assert_msg(strcmp(printed, reprinted) == 0, "%s: %s then %s", name, printed,
		      reprinted);
	free(printed);
	free(reprinted);
	irp_protocol_free(again);
}

/* Every parameter without a default at its minimum, then the defaults and definitions. */
static void evaluate_defaults(const struct irp_protocol *p, const char *name)
{
	struct ir_error err = { "" };
	struct irp_env *env;
	size_t i;

	ck_assert_int_eq(irp_env_new(&env), 0);
	for (i = 0; i < p->parameter_count; i++)
		if (!p->parameters[i].default_value)
			ck_assert_int_eq(irp_env_set(env, p->parameters[i].name,
						     (int64_t)p->parameters[i].min), 0);
	ck_assert_msg(irp_env_prepare(env, p, &err) == 0, "%s: %s", name, err.message);
	irp_env_free(env);
}

START_TEST(test_every_database_protocol_parses)
{
	struct exception_list exceptions;
	FILE *f = fopen(PROTOCOLS_TSV, "r");
	unsigned int count = 0, parsed = 0;
	char line[8192];

	ck_assert_msg(f != NULL, "%s", PROTOCOLS_TSV);
	exception_list_read(EXCEPTIONS_TXT, &exceptions);
	while (fgets(line, sizeof(line), f)) {
		struct irp_protocol *p;
		struct ir_error err = { "" };
		char *name = line, *irp, *end;
		int ret;

		if (line[0] == '#' || strncmp(line, "name\t", 5) == 0)
			continue;
		irp = strchr(line, '\t');
		ck_assert_ptr_nonnull(irp);
		*irp++ = '\0';
		end = strchr(irp, '\t');
		ck_assert_ptr_nonnull(end);
		*end = '\0';
		count++;
		ret = irp_parse(irp, strlen(irp), &p, &err);
		if (exception_list_has(&exceptions, name)) {
			ck_assert_msg(ret < 0, "%s parses now: take it off %s", name,
				      EXCEPTIONS_TXT);
			continue;
		}
		ck_assert_msg(ret == 0, "%s: %s", name, err.message);
		parsed++;
		round_trip(p, name);
		evaluate_defaults(p, name);
		irp_protocol_free(p);
	}
	fclose(f);
	ck_assert_uint_eq(count, 219);
	ck_assert_uint_eq(parsed + exceptions.count, count);
}
END_TEST

static Suite *irp_suite(void)
{
	Suite *s = suite_create("irp");
	TCase *tc;

	tc = tcase_create("syntax");
	tcase_add_test(tc, test_general_spec);
	tcase_add_test(tc, test_bitspec_and_durations);
	tcase_add_test(tc, test_nested_bitspecs_and_repeats);
	tcase_add_test(tc, test_bitfields);
	tcase_add_test(tc, test_assignments_variations_definitions);
	tcase_add_test(tc, test_bitspec_expressions_stop_at_bar_and_angle);
	tcase_add_test(tc, test_precedence_table);
	suite_add_tcase(s, tc);

	tc = tcase_create("evaluation");
	tcase_add_test(tc, test_evaluation_java_rules);
	tcase_add_test(tc, test_evaluation_bitfields);
	tcase_add_test(tc, test_evaluation_errors);
	tcase_add_test(tc, test_prefer_over_condition);
	tcase_add_test(tc, test_database_defaults_by_hand);
	tcase_add_test(tc, test_definitions_loop_and_budget);
	tcase_add_test(tc, test_env_limit);
	suite_add_tcase(s, tc);

	tc = tcase_create("errors");
	tcase_add_test(tc, test_errors_at_column);
	tcase_add_test(tc, test_limits);
	tcase_add_test(tc, test_long_names_quoted);
	suite_add_tcase(s, tc);

	tc = tcase_create("printer");
	tcase_add_test(tc, test_canonical_print);
	tcase_add_test(tc, test_canonical_print_in_bitspecs);
	suite_add_tcase(s, tc);

	tc = tcase_create("database");
	tcase_add_test(tc, test_every_database_protocol_parses);
	tcase_set_timeout(tc, 60);
	suite_add_tcase(s, tc);
	return s;
}

UNIT_TEST(.suite = irp_suite);
