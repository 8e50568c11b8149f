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
#define REJECT_REPEATLESS_KEY "reject-repeatless=true"
/*
 * Carriers further apart than this (Hz) tell two protocols apart where a capture has
 * its carrier; a mode2 capture has none, so prefer-over between them does not apply.
 */
#define CARRIER_APART_HZ 2000.0
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
/*
 * A gap this long (µs) ends a message whatever longer one its rendering has, before it
 * and after it: real remotes repeat sooner than their IRP says, and the compiled
 * programs take it as the end of a frame too.
 */
#define LEADOUT_MIN 20000

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
	bool reject_repeatless;	/* a decode must take in a repeat of its frame */
	/*
	 * The program's last keydown: a repeat it reports next (NEC1's ditto) is that
	 * decode again, with the repeat's samples as part of its message (then
	 * reject-repeatless holds).
	 */
	bool has_keydown;
	bool reported;		/* that keydown made a decode */
	struct bpf_vm_event keydown;
	unsigned int parameter_bits;	/* of all its parameters: how much a frame says */
	/* the wide path (irp_compile.h): the queue's index, -1 for none; the parameters
	 * of the last keydown's message, which a repeat reports again */
	int messages_map;
	bool has_message;
	uint64_t message_values[IRP_COMPILE_PARAMETERS_MAX];
};

struct decode_slot {
	struct irp_identify_decode decode;
	uint64_t values[IDENTIFY_VALUES_MAX];
	size_t matched;		/* samples of the message that its rendering matched */
	double misfit;		/* their mean relative distance from the rendering */
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

/* Whether the ';'-separated parameters of a database entry hold key=value exactly. */
static bool has_key(const char *parameters, const char *pair)
{
	size_t n = strlen(pair);
	const char *p = parameters;

	while (p) {
		if (strncmp(p, pair, n) == 0 && (p[n] == ';' || p[n] == '\0'))
			return true;
		p = strchr(p, ';');
		if (p)
			p++;
	}
	return false;
}

/* The bits that a protocol's parameters take, each its range's. */
static unsigned int parameter_bits(const struct irp_protocol *protocol)
{
	unsigned int bits = 0;
	size_t i;

	for (i = 0; i < protocol->parameter_count; i++) {
		uint64_t span = protocol->parameters[i].max - protocol->parameters[i].min;

		for (; span; span >>= 1)
			bits++;
	}
	return bits;
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
	m->messages_map = bpf_vm_map_find(m->vm, IRP_COMPILE_MESSAGES_MAP);
	m->reject_repeatless = has_key(entry->parameters, REJECT_REPEATLESS_KEY);
	m->parameter_bits = parameter_bits(m->protocol);
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

/*
 * Within the tolerances: the relative one of the larger of the two durations, as
 * IrpTransmogrifier takes it (the compiled programs too, where windows do not meet).
 */
static bool near(const struct member *m, int32_t got, int32_t want)
{
	double off = (double)got - (double)want, slack;

	if ((got > 0) != (want > 0) || got == HISTORY_TIMEOUT)
		return false;
	slack = m->options.relative_tolerance * (abs(got) > abs(want) ? abs(got) : abs(want));
	if (slack < m->options.absolute_tolerance)
		slack = m->options.absolute_tolerance;
	return (off < 0 ? -off : off) <= slack;
}

/* |got - want| relative to the larger of the two (both of one sign, not 0) */
static double distance(int32_t got, int32_t want)
{
	double a = got < 0 ? -(double)got : got, b = want < 0 ? -(double)want : want;

	return (a > b ? a - b : b - a) / (a > b ? a : b);
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
		      const struct irp_signal *r, size_t end, double *ret_misfit)
{
	uint64_t last = identify->history_count - 1, back;
	int32_t want_gap = r->durations[r->count - 1], before;
	double misfit = 0;

	/*
	 * A report at the receiver's timeout after a frame's last space (an end frame's,
	 * Epson's): that space is the last slot, the timeout only says nothing follows.
	 */
	if (last && history_at(identify, last) == HISTORY_TIMEOUT &&
	    history_at(identify, last - 1) < 0 &&
	    history_at(identify, last - 1) != HISTORY_TIMEOUT)
		last--;
	if (end > last || end + 1 >= IDENTIFY_HISTORY)
		return false;
	if (!near(m, history_at(identify, last), r->durations[end]) &&
	    !long_enough(m, history_at(identify, last), r->durations[end] < -LEADOUT_MIN ?
			 -LEADOUT_MIN : r->durations[end]))
		return false;
	for (back = 1; back <= end; back++) {
		int32_t got = history_at(identify, last - back), want = r->durations[end - back];

		if (!near(m, got, want))
			return false;
		misfit += distance(got, want);
	}
	/* the last slot is open (a longer space ends it too): it does not count */
	*ret_misfit = end ? misfit / (double)end : 0;
	if (end == last)
		return true;
	before = history_at(identify, last - end - 1);
	if (want_gap > -GAP_BEFORE_MIN)
		want_gap = -GAP_BEFORE_MIN;
	if (want_gap < -LEADOUT_MIN)
		want_gap = -LEADOUT_MIN;
	return long_enough(m, before, want_gap);
}

/* The decode's parameters into a new environment, ready to render. */
static int decode_env(const struct member *m, const uint64_t *values, struct irp_env **ret_env)
{
	struct ir_error ignored = { "" };
	struct irp_env *env;
	size_t i;
	int ret;

	ret = irp_env_new(&env);
	if (ret < 0)
		return ret;
	for (i = 0; ret == 0 && i < m->protocol->parameter_count; i++)
		ret = irp_env_set(env, m->protocol->parameters[i].name, (int64_t)values[i]);
	if (ret == 0)
		ret = irp_env_prepare(env, m->protocol, &ignored);
	if (ret < 0) {
		irp_env_free(env);
		return ret;
	}
	*ret_env = env;
	return 0;
}

/* The decode's rendering with so many repeats and no ending; its length, 0 if none. */
static size_t render_count(const struct member *m, const uint64_t *values,
			   unsigned int repeats, struct irp_signal *ret_signal)
{
	struct irp_render_options options = { .repeats = repeats, .ending = false };
	struct ir_error ignored = { "" };
	struct irp_env *env;
	size_t count = 0;

	if (decode_env(m, values, &env) < 0)
		return 0;
	if (irp_render(m->protocol, env, &options, ret_signal, &ignored) == 0)
		count = ret_signal->count;
	irp_env_free(env);
	return count;
}

/*
 * The durations of the decode's message with no repeats: what its IRP sends every time
 * (Kathrein's "+" repeat once). With intro set, those before its first repeat: for a
 * protocol that is all repeats (NEC2's "(...)*"), its first frame stands for the
 * intro. 0 when it cannot be rendered.
 */
static size_t shortest_message(const struct member *m, const uint64_t *values, bool intro)
{
	struct irp_signal shortest = { 0 }, longer = { 0 };
	size_t count = render_count(m, values, 0, &shortest);

	if (intro && count == 0)
		count = render_count(m, values, 1, &shortest);
	/*
	 * Only where it starts what the protocol sends when held: Epson's "(A)*,(B)" sends
	 * B alone, but A first when it repeats.
	 */
	if (!intro && count && (render_count(m, values, 2, &longer) < count ||
				memcmp(shortest.durations, longer.durations,
				       count * sizeof(*shortest.durations))))
		count = 0;
	irp_signal_free(&shortest);
	irp_signal_free(&longer);
	return count;
}

/*
 * Whether a decode is a whole message, as IrpTransmogrifier decodes a whole signal: a
 * program matches frames wherever they are, so a protocol whose frame is the tail of
 * another's (Matsui's ten bits at the end of NEC's 32) or that ends on a short space
 * (JVC's 16 bits at the start of NEC's) decodes too. The decode's parameters rendered
 * (first frames, repeats and ending) must end, at some frame of the rendering, with
 * the samples that led to the report, all the way back to the rendering's start, after
 * a gap. *ret_matched is how many samples matched: 0 when none, SIZE_MAX when the
 * decode cannot be rendered (it is kept, repeats and all); *ret_misfit how far they
 * are from the rendering.
 */
static int whole_message(const struct irp_identify *identify, const struct member *m,
			 const uint64_t *values, size_t *ret_matched, double *ret_misfit)
{
	struct irp_render_options options = { .repeats = 2, .ending = true };
	struct irp_signal signal = { 0 };
	struct ir_error ignored = { "" };
	struct irp_env *env = NULL;
	size_t i;
	int ret;

	*ret_matched = SIZE_MAX;
	*ret_misfit = 0;
	ret = decode_env(m, values, &env);
	if (ret == 0)
		ret = irp_render(m->protocol, env, &options, &signal, &ignored);
	if (ret == 0 && signal.count) {
		/* the longest match: the frame and the repeats that came before it */
		*ret_matched = 0;
		for (i = signal.count; i > 0 && !*ret_matched; i--)
			if (ends_with(identify, m, &signal, i - 1, ret_misfit))
				*ret_matched = i;
	}
	irp_signal_free(&signal);
	irp_env_free(env);
	return ret == -ENOMEM ? ret : 0;
}

/*
 * A wide protocol's parameters (irp_compile.h): a keydown's from the message its program
 * queued with it (older ones, of reports not made, dropped); a repeat's, the last
 * keydown's again. -EINVAL when there is none.
 */
static int unpack_message(struct member *m, const struct irp_compile_options options,
			  const struct bpf_vm_event *event, uint64_t *values)
{
	struct irp_compile_message message;
	struct ir_error ignored = { "" };
	bool found = false;
	int ret = -EINVAL;

	if (event->type == BPF_VM_EVENT_KEYDOWN) {
		m->has_message = false;
		while (!found &&
		       bpf_vm_map_pop(m->vm, (size_t)m->messages_map, &message) == 0)
			found = message.scancode == event->scancode;
		if (found)
			ret = irp_compile_unpack_message(m->protocol, &options, &message,
							 m->message_values, &ignored);
		m->has_message = ret == 0;
	}
	if (!m->has_message)
		return -EINVAL;
	memcpy(values, m->message_values, m->protocol->parameter_count * sizeof(*values));
	return 0;
}

/*
 * A keydown of member index, or a repeat after its keydown (the same parameters, its
 * message longer): a decode, unless it does not unpack, is not a whole message, is
 * shorter than its protocol's shortest or, reject-repeatless, has no repeat (then none).
 */
static int add_decode(struct irp_identify *identify, size_t index,
		      const struct bpf_vm_event *event)
{
	struct member *m = &identify->members[index];
	struct ir_error ignored = { "" };
	struct irp_compile_options generic = m->options;
	struct decode_slot *slot = new_slot(identify);
	const struct bpf_vm_event *keydown = event;
	size_t matched;
	double misfit;
	int ret;

	generic.name = NULL;

	if (!slot)
		return -ENOMEM;
	if (event->type == BPF_VM_EVENT_REPEAT) {
		if (!m->has_keydown)
			return 0;
		keydown = &m->keydown;
	} else {
		m->keydown = *event;
		m->has_keydown = true;
		m->reported = false;
	}
	if (m->protocol->parameter_count > IDENTIFY_VALUES_MAX)
		return 0;
	if (m->messages_map >= 0)
		ret = unpack_message(m, generic, event, slot->values);
	else
		ret = irp_compile_unpack(m->protocol, &generic, keydown->protocol,
					 keydown->scancode, keydown->toggle, slot->values,
					 &ignored);
	if (ret == -ENOMEM)
		return ret;
	if (ret < 0)
		return 0;
	ret = whole_message(identify, m, slot->values, &matched, &misfit);
	if (ret < 0 || !matched)
		return ret;
	/* a message is at least what its IRP always sends (Kathrein's frame is Dgtec's) */
	if (matched != SIZE_MAX && matched < shortest_message(m, slot->values, false))
		return 0;
	/* reject-repeatless: the frame alone is another protocol's (NEC1's is NEC's) */
	if (m->reject_repeatless && matched != SIZE_MAX &&
	    matched <= shortest_message(m, slot->values, true))
		return 0;
	ret = irp_compile_report(m->protocol, &m->options, slot->values,
				 &slot->decode.rc_protocol, &slot->decode.scancode,
				 &slot->decode.toggle);
	if (ret < 0)
		return ret == -ENOMEM ? ret : 0;
	slot->decode.protocol = index;
	slot->decode.time_ns = event->time_ns;
	slot->decode.value_count = m->protocol->parameter_count;
	slot->matched = matched;
	slot->misfit = misfit;
	slot->decode.repeat = m->reported;
	m->reported = true;
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

/* The protocol's carrier in Hz; 0 when it has none or does not say. */
static double carrier_hz(const struct member *m)
{
	const struct irp_general *g = &m->protocol->general;

	return g->has_frequency ? irp_decimal_value(g->frequency) * 1000 : 0;
}

/*
 * Whether the carriers of two protocols tell them apart (Emerson's 36.7 kHz and
 * ScAtl-6's 57.6 kHz): then their decodes cannot both be a signal's where its carrier
 * is known, and a rule between them is for a decoder that knows it.
 */
static bool carriers_apart(const struct irp_identify *identify, size_t a, size_t b)
{
	double fa = carrier_hz(&identify->members[a]), fb = carrier_hz(&identify->members[b]);

	return fa > 0 && fb > 0 && (fa > fb ? fa - fb : fb - fa) > CARRIER_APART_HZ;
}

static int apply_prefer_over(struct irp_identify *identify)
{
	size_t a, b, kept = 0;
	int ret;

	for (a = 0; a < identify->slot_count; a++) {
		for (b = 0; b < identify->slot_count; b++) {
			bool prefers;

			if (b == a || identify->slots[b].dropped ||
			    carriers_apart(identify, identify->slots[a].decode.protocol,
					   identify->slots[b].decode.protocol))
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

/* The slot's samples matched, for comparing: a decode not rendered matched none. */
static size_t slot_matched(const struct decode_slot *slot)
{
	return slot->matched == SIZE_MAX ? 0 : slot->matched;
}

/* Whether decode a is before b in the choice of choose_one(). */
static bool chosen_before(const struct irp_identify *identify, const struct decode_slot *a,
			  const struct decode_slot *b)
{
	unsigned int bits_a = identify->members[a->decode.protocol].parameter_bits;
	unsigned int bits_b = identify->members[b->decode.protocol].parameter_bits;

	if (slot_matched(a) != slot_matched(b))
		return slot_matched(a) > slot_matched(b);
	if (bits_a != bits_b)
		return bits_a < bits_b;
	return a->misfit < b->misfit;
}

/*
 * The one decode of the message that is printed: the one whose rendering matched the
 * most samples (NEC1's frame and ditto); of those, the one whose parameters say the
 * least (NEC1-rnc's 24 bits, where NEC-f16's 32 take any frame), so that the most
 * checks held; then the one closest to the samples (Proton's 63 ms extent against
 * Audiovox's 20 ms gap); then the first in the database's order. The others are its
 * alternatives.
 */
static void choose_one(struct irp_identify *identify)
{
	size_t i, best = 0;

	for (i = 1; i < identify->slot_count; i++)
		if (chosen_before(identify, &identify->slots[i], &identify->slots[best]))
			best = i;
	for (i = 0; i < identify->slot_count; i++)
		identify->slots[i].decode.alternative = i != best;
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

			if (event->type != BPF_VM_EVENT_KEYDOWN &&
			    event->type != BPF_VM_EVENT_REPEAT)
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
	choose_one(identify);
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
