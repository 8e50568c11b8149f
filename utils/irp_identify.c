// SPDX-License-Identifier: GPL-2.0-or-later
#include "config.h"

#include <errno.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include <linux/lirc.h>

#include "bpf_vm.h"
#include "irp_compile.h"
#include "irp_identify.h"
#include "irp_render.h"

/* Reports kept per sample and program: a compiled decoder makes one at most. */
#define IDENTIFY_EVENTS_PER_SAMPLE 16
#define PREFER_OVER_KEY "prefer-over="
/* A decode's parameters: irp_compile() takes 24 at most. */
#define IDENTIFY_VALUES_MAX 64
/* The samples kept for checking decodes against their renderings (see whole_message()). */
#define IDENTIFY_HISTORY 4096
/* A timeout in the history: longer than any space. */
#define HISTORY_TIMEOUT INT32_MIN
/*
 * The space before a message, at least (µs), less the tolerance: the one its
 * rendering ends with when longer (a signal's end), but a frame of bits that ends with a
 * short space (GwtS) must not start in the middle of another's.
 */
#define GAP_BEFORE_MIN 10000

/* "NAME" or "EXPR ; NAME" of a prefer-over entry. */
struct prefer_rule {
	char *target;
	struct irp_protocol *holder;		/* owns condition */
	const struct irp_expr *condition;	/* NULL: always */
};

struct member {
	const struct irp_database_entry *entry;
	struct irp_protocol *protocol;
	struct irp_compile_options options;
	struct bpf_vm *vm;
	struct prefer_rule *rules;
	size_t rule_count;
};

struct decode_slot {
	struct irp_identify_decode decode;
	uint64_t values[IDENTIFY_VALUES_MAX];
	bool dropped;
};

struct irp_identify {
	struct member *members;
	size_t count, left_out;
	struct decode_slot *slots;
	size_t slot_count, slot_capacity;
	/* the last samples, + pulse, - space (µs), a ring; history_count ever seen */
	int32_t history[IDENTIFY_HISTORY];
	uint64_t history_count;
};

static bool is_space(char c)
{
	return c == ' ' || c == '\t';
}

/* Whether text starts a "key=value" pair: lower-case letters and '-', then one '='. */
static bool starts_pair(const char *text)
{
	size_t n = strspn(text, "abcdefghijklmnopqrstuvwxyz-");

	return n > 0 && text[n] == '=' && text[n + 1] != '=';
}

/*
 * The prefer-over value of a database entry's parameters, which conditions make hard
 * to split: its ';' may be a condition's ("EXPR ; NAME"). The value ends at the ';'
 * that starts the next key=value pair. NULL when there is none.
 */
static const char *prefer_over_value(const char *parameters, size_t *ret_len)
{
	const char *p = parameters, *end;

	while (p && strncmp(p, PREFER_OVER_KEY, strlen(PREFER_OVER_KEY)) != 0) {
		p = strchr(p, ';');
		if (p)
			p++;
	}
	if (!p)
		return NULL;
	p += strlen(PREFER_OVER_KEY);
	for (end = p; *end && !(*end == ';' && starts_pair(end + 1)); end++)
		;
	*ret_len = (size_t)(end - p);
	return p;
}

static char *trimmed_copy(const char *text, size_t len)
{
	while (len && is_space(*text)) {
		text++;
		len--;
	}
	while (len && is_space(text[len - 1]))
		len--;
	return strndup(text, len);
}

/* One comma-separated item of a prefer-over value. */
static int add_rule(struct member *m, const char *item, size_t len, struct ir_error *err)
{
	struct prefer_rule *rule = &m->rules[m->rule_count];
	const char *semicolon = memchr(item, ';', len);
	int ret;

	memset(rule, 0, sizeof(*rule));
	if (semicolon) {
		ret = irp_parse_expression(item, (size_t)(semicolon - item), &rule->holder,
					   &rule->condition, err);
		if (ret < 0) {
			ir_error_prefix(err, "%s", m->entry->name);
			return ret;
		}
		len -= (size_t)(semicolon + 1 - item);
		item = semicolon + 1;
	}
	rule->target = trimmed_copy(item, len);
	m->rule_count++;
	return rule->target ? 0 : -ENOMEM;
}

static int read_rules(struct member *m, struct ir_error *err)
{
	size_t len, n, items = 1, i;
	const char *value = prefer_over_value(m->entry->parameters, &len);
	int ret;

	if (!value)
		return 0;
	for (i = 0; i < len; i++)
		items += value[i] == ',';
	m->rules = calloc(items, sizeof(*m->rules));
	if (!m->rules)
		return -ENOMEM;
	for (;;) {
		const char *comma = memchr(value, ',', len);

		n = comma ? (size_t)(comma - value) : len;
		ret = add_rule(m, value, n, err);
		if (ret < 0 || !comma)
			return ret;
		value += n + 1;
		len -= n + 1;
	}
}

/* The entry compiled into m; -EOPNOTSUPP and the like when the compiler refuses it. */
static int add_member(struct member *m, const struct irp_database_entry *entry,
		      struct ir_error *err)
{
	struct bpf_image *image = NULL;
	struct ir_error ignored = { "" };
	int ret;

	m->entry = entry;
	ret = irp_parse(entry->irp, strlen(entry->irp), &m->protocol, &ignored);
	if (ret < 0)
		return ret == -ENOMEM ? ret : -EOPNOTSUPP;
	/* compiled with the generic layout, which unpacks exactly; reported in the
	 * kernel's where the protocol has one (irp_compile_report()) */
	irp_compile_options_init(&m->options, entry->parameters);
	ret = irp_compile(m->protocol, &m->options, &image, &ignored);
	m->options.name = entry->name;
	if (ret < 0)
		return ret == -ENOMEM ? ret : -EOPNOTSUPP;
	ret = bpf_vm_new(image, &m->vm, err);
	bpf_image_free(image);
	if (ret < 0) {
		ir_error_prefix(err, "%s", entry->name);
		return ret;
	}
	bpf_vm_set_event_limit(m->vm, IDENTIFY_EVENTS_PER_SAMPLE);
	return read_rules(m, err);
}

static void member_clear(struct member *m)
{
	size_t i;

	for (i = 0; i < m->rule_count; i++) {
		free(m->rules[i].target);
		irp_protocol_free(m->rules[i].holder);
	}
	free(m->rules);
	bpf_vm_free(m->vm);
	irp_protocol_free(m->protocol);
	memset(m, 0, sizeof(*m));
}

void irp_identify_free(struct irp_identify *identify)
{
	size_t i;

	if (!identify)
		return;
	for (i = 0; i < identify->count; i++)
		member_clear(&identify->members[i]);
	free(identify->members);
	free(identify->slots);
	free(identify);
}

int irp_identify_new(struct irp_identify **ret_identify, struct ir_error *err)
{
	struct irp_identify *identify = calloc(1, sizeof(*identify));
	size_t i, total = irp_database_count();
	int ret = 0;

	if (identify)
		identify->members = calloc(total ? total : 1, sizeof(*identify->members));
	if (!identify || !identify->members) {
		ret = -ENOMEM;
		goto out;
	}
	for (i = 0; i < total; i++) {
		const struct irp_database_entry *entry = irp_database_at(i);
		struct member *m = &identify->members[identify->count];

		if (!irp_database_decodable(entry))
			continue;
		ret = add_member(m, entry, err);
		if (ret == -EOPNOTSUPP || ret == -EINVAL || ret == -E2BIG) {
			member_clear(m);
			identify->left_out++;
			ret = 0;
			continue;
		}
		identify->count++;
		if (ret < 0)
			goto out;
	}
	*ret_identify = identify;
	identify = NULL;
out:
	irp_identify_free(identify);
	return ret;
}

size_t irp_identify_protocol_count(const struct irp_identify *identify)
{
	return identify->count;
}

size_t irp_identify_left_out(const struct irp_identify *identify)
{
	return identify->left_out;
}

const struct irp_database_entry *irp_identify_entry(const struct irp_identify *identify,
						   size_t index)
{
	return index < identify->count ? identify->members[index].entry : NULL;
}

const struct irp_protocol *irp_identify_protocol(const struct irp_identify *identify,
						 size_t index)
{
	return index < identify->count ? identify->members[index].protocol : NULL;
}

static struct decode_slot *new_slot(struct irp_identify *identify)
{
	if (identify->slot_count == identify->slot_capacity) {
		size_t capacity = identify->slot_capacity ? 2 * identify->slot_capacity : 8;
		struct decode_slot *slots = realloc(identify->slots, capacity * sizeof(*slots));

		if (!slots)
			return NULL;
		identify->slots = slots;
		identify->slot_capacity = capacity;
	}
	return &identify->slots[identify->slot_count];
}

/* Sample i (counted from the start) of the history, which must still be there. */
static int32_t history_at(const struct irp_identify *identify, uint64_t i)
{
	return identify->history[i % IDENTIFY_HISTORY];
}

static bool near(const struct member *m, int32_t got, int32_t want)
{
	double slack = m->options.relative_tolerance * abs(want);
	double off = (double)got - (double)want;

	if (slack < m->options.absolute_tolerance)
		slack = m->options.absolute_tolerance;
	if ((got > 0) != (want > 0) || got == HISTORY_TIMEOUT)
		return false;
	return (off < 0 ? -off : off) <= slack;
}

/* A space at least as long as want, less the tolerance, or a timeout. */
static bool long_enough(const struct member *m, int32_t got, int32_t want)
{
	if (got == HISTORY_TIMEOUT)
		return true;
	if (got > 0 || want > 0)
		return false;
	return -(double)got >= -(double)want * (1 - m->options.relative_tolerance) -
			       m->options.absolute_tolerance;
}

/*
 * Whether the samples up to the one just taken end with the rendering's durations
 * up to index end, from its start: that one as the last slot of a frame (a longer space
 * or a timeout does), and each before it within the tolerances; and whether what comes
 * before is a gap as long as the one the rendering ends with (a signal's end; at least
 * GAP_BEFORE_MIN), or the start of the capture.
 */
static bool ends_with(const struct irp_identify *identify, const struct member *m,
		      const struct irp_signal *r, size_t end)
{
	uint64_t last = identify->history_count - 1, back;
	int32_t want_gap = r->durations[r->count - 1], before;

	if (end + 1 > identify->history_count || end + 1 >= IDENTIFY_HISTORY)
		return false;
	if (!near(m, history_at(identify, last), r->durations[end]) &&
	    !long_enough(m, history_at(identify, last), r->durations[end]))
		return false;
	for (back = 1; back <= end; back++)
		if (!near(m, history_at(identify, last - back), r->durations[end - back]))
			return false;
	if (end + 1 == identify->history_count)
		return true;
	before = history_at(identify, last - end - 1);
	return long_enough(m, before, want_gap > -GAP_BEFORE_MIN ? -GAP_BEFORE_MIN : want_gap);
}

/*
 * Whether a decode is a whole message, as IrpTransmogrifier decodes a whole signal: a
 * program matches frames wherever they are, so a protocol whose frame is the tail of
 * another's (Matsui's ten bits at the end of NEC's 32) or that ends on a short space
 * (JVC's 16 bits at the start of NEC's) decodes too. The decode's parameters rendered
 * (first frames, repeats and ending) must end, at some frame of the rendering, with
 * the samples that led to the report, all the way back to the rendering's start, after
 * a gap. One that cannot be rendered is kept.
 */
static int whole_message(const struct irp_identify *identify, const struct member *m,
			 const uint64_t *values, bool *ret_whole)
{
	struct irp_render_options options = { .repeats = 2, .ending = true };
	struct irp_signal signal = { 0 };
	struct ir_error ignored = { "" };
	struct irp_env *env;
	size_t i;
	int ret;

	*ret_whole = true;
	ret = irp_env_new(&env);
	for (i = 0; ret == 0 && i < m->protocol->parameter_count; i++)
		ret = irp_env_set(env, m->protocol->parameters[i].name, (int64_t)values[i]);
	if (ret == 0)
		ret = irp_env_prepare(env, m->protocol, &ignored);
	if (ret == 0)
		ret = irp_render(m->protocol, env, &options, &signal, &ignored);
	if (ret == 0 && signal.count) {
		*ret_whole = false;
		for (i = 0; i < signal.count && !*ret_whole; i++)
			*ret_whole = ends_with(identify, m, &signal, i);
	}
	irp_signal_free(&signal);
	irp_env_free(env);
	return ret == -ENOMEM ? ret : 0;
}

/* A keydown of member index: a decode, unless it does not unpack (then none). */
static int add_decode(struct irp_identify *identify, size_t index,
		      const struct bpf_vm_event *event)
{
	const struct member *m = &identify->members[index];
	struct ir_error ignored = { "" };
	struct irp_compile_options generic = m->options;
	struct decode_slot *slot = new_slot(identify);
	bool whole;
	int ret;

	generic.name = NULL;

	if (!slot)
		return -ENOMEM;
	if (m->protocol->parameter_count > IDENTIFY_VALUES_MAX)
		return 0;
	ret = irp_compile_unpack(m->protocol, &generic, event->protocol, event->scancode,
				 event->toggle, slot->values, &ignored);
	if (ret == -ENOMEM)
		return ret;
	if (ret < 0)
		return 0;
	ret = whole_message(identify, m, slot->values, &whole);
	if (ret < 0 || !whole)
		return ret;
	ret = irp_compile_report(m->protocol, &m->options, slot->values,
				 &slot->decode.rc_protocol, &slot->decode.scancode,
				 &slot->decode.toggle);
	if (ret < 0)
		return ret == -ENOMEM ? ret : 0;
	slot->decode.protocol = index;
	slot->decode.time_ns = event->time_ns;
	slot->decode.value_count = m->protocol->parameter_count;
	slot->dropped = false;
	identify->slot_count++;
	return 0;
}

/* Whether rule applies to a decode of m with these parameters (its condition). */
static int rule_holds(const struct member *m, const struct prefer_rule *rule,
		      const uint64_t *values, bool *ret_holds)
{
	struct ir_error ignored = { "" };
	struct irp_env *env;
	int64_t value = 0;
	size_t i;
	int ret;

	*ret_holds = true;
	if (!rule->condition)
		return 0;
	ret = irp_env_new(&env);
	for (i = 0; ret == 0 && i < m->protocol->parameter_count; i++)
		ret = irp_env_set(env, m->protocol->parameters[i].name,
				  (int64_t)values[i]);
	if (ret == 0)
		ret = irp_eval(rule->condition, env, &value, &ignored);
	irp_env_free(env);
	if (ret == -ENOMEM)
		return ret;
	/* a condition that cannot be worked out does not prefer */
	*ret_holds = ret == 0 && value != 0;
	return 0;
}

int irp_identify_prefers_over(const struct irp_identify *identify, size_t preferring,
			      const uint64_t *values, size_t other, bool *ret_prefers)
{
	const struct member *m = &identify->members[preferring];
	const char *name = identify->members[other].entry->name;
	size_t r;
	int ret;

	*ret_prefers = false;
	for (r = 0; r < m->rule_count && !*ret_prefers; r++) {
		if (strcasecmp(name, m->rules[r].target))
			continue;
		ret = rule_holds(m, &m->rules[r], values, ret_prefers);
		if (ret < 0)
			return ret;
	}
	return 0;
}

static int apply_prefer_over(struct irp_identify *identify)
{
	size_t a, b, kept = 0;
	int ret;

	for (a = 0; a < identify->slot_count; a++) {
		for (b = 0; b < identify->slot_count; b++) {
			bool prefers;

			if (b == a || identify->slots[b].dropped)
				continue;
			ret = irp_identify_prefers_over(identify, identify->slots[a].decode.protocol,
							identify->slots[a].values,
							identify->slots[b].decode.protocol,
							&prefers);
			if (ret < 0)
				return ret;
			identify->slots[b].dropped = prefers;
		}
	}
	for (a = 0; a < identify->slot_count; a++)
		if (!identify->slots[a].dropped)
			identify->slots[kept++] = identify->slots[a];
	identify->slot_count = kept;
	return 0;
}

int irp_identify_sample(struct irp_identify *identify, uint32_t sample,
			struct ir_error *err)
{
	size_t i, k;
	int ret;

	identify->slot_count = 0;
	switch (sample & LIRC_MODE2_MASK) {
	case LIRC_MODE2_PULSE:
		identify->history[identify->history_count++ % IDENTIFY_HISTORY] =
			(int32_t)(sample & LIRC_VALUE_MASK);
		break;
	case LIRC_MODE2_SPACE:
		identify->history[identify->history_count++ % IDENTIFY_HISTORY] =
			-(int32_t)(sample & LIRC_VALUE_MASK);
		break;
	case LIRC_MODE2_TIMEOUT:
		identify->history[identify->history_count++ % IDENTIFY_HISTORY] =
			HISTORY_TIMEOUT;
		break;
	default:
		break;
	}
	for (i = 0; i < identify->count; i++) {
		struct bpf_vm *vm = identify->members[i].vm;

		ret = bpf_vm_run(vm, sample, err);
		if (ret < 0) {
			ir_error_prefix(err, "%s", identify->members[i].entry->name);
			return ret;
		}
		for (k = 0; k < bpf_vm_event_count(vm); k++) {
			const struct bpf_vm_event *event = bpf_vm_event_at(vm, k);

			if (event->type != BPF_VM_EVENT_KEYDOWN)
				continue;
			ret = add_decode(identify, i, event);
			if (ret < 0)
				break;
		}
		bpf_vm_events_clear(vm);
		if (ret < 0)
			return ret;
	}
	ret = identify->slot_count > 1 ? apply_prefer_over(identify) : 0;
	/* the slots no longer move: the values can be pointed at */
	for (i = 0; i < identify->slot_count; i++)
		identify->slots[i].decode.values = identify->slots[i].values;
	return ret;
}

size_t irp_identify_decode_count(const struct irp_identify *identify)
{
	return identify->slot_count;
}

const struct irp_identify_decode *irp_identify_decode_at(const struct irp_identify *identify,
							 size_t index)
{
	return index < identify->slot_count ? &identify->slots[index].decode : NULL;
}
