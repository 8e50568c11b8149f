// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * --decode=CAPTURE: the plan of -w/-p/-e made with no device, its decoders run in the
 * userspace VM on the capture's samples, and what rc-core would make of their reports
 * printed as -t prints it, stamped with the capture's running time. --decode-kernel
 * chooses the rc-core modelled (the newest by default; see keydown_repeat_unflagged()).
 *
 * With -p irp, every protocol of the IRP database runs too (irp_identify.h), after the
 * plan's decoders on each sample: the decode chosen for a message (reject-repeatless
 * and prefer-over applied) is reported to rc-core as its program reports it, and its
 * lirc line is followed by "SECONDS: irp protocol(NAME): P=V ...", the protocol's
 * parameters in the order of its parameter spec; with -v, each other decode of the
 * message follows as such a line that ends with "(alternative)".
 */
#include "config.h"

#include <errno.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <linux/input-event-codes.h>

#include "bpf_lint.h"
#include "bpf_vm.h"
#include "capture.h"
#include "ac_protocol.h"
#include "event_print.h"
#include "json_writer.h"
#include "ir_replay.h"
#include "irp_identify.h"
#include "keycodes.h"
#include "lirc.h"
#include "nls.h"
#include "prepare.h"
#include "rc_input.h"
#include "steps.h"

/* Samples replayed between two printings of rc_input's records, at most. */
#define REPLAY_BATCH 256
/*
 * What a decoder may do offline, whatever the object: events kept per sample (a real
 * decoder reports one or two; the rest are counted and dropped, and --decode says so),
 * and instructions over the whole capture (each sample has its own budget too): a
 * floor, and so many per sample on average beyond it.
 */
#define REPLAY_EVENTS_PER_SAMPLE 16
#define REPLAY_INSNS_FLOOR (1ull << 28)
#define REPLAY_INSNS_PER_SAMPLE 2048
/* Parameters printed on an irp line: irp_compile() takes 24 at most. */
#define IRP_LINE_VALUES_MAX 64

static uint32_t plan_lookup(void *user, uint64_t scancode)
{
	return keytable_plan_lookup(user, scancode);
}

/* A map value read or written outside the value (its map's name from the object). */
static void warn_value_bounds(const struct plan_decoder *decoder, const char *name,
			      const struct bpf_lint_finding *f)
{
	const struct bpf_map_spec *map = &decoder->image->maps[f->map];
	char map_name[BPF_IMAGE_NAME_MAX];

	snprintf(map_name, sizeof(map_name), "%s", map->name);
	ir_error_filter_controls(map_name);
	fprintf(stderr, _("decoder '%s': instruction %zu goes through r%u to %u bytes at "
			  "offset %d of a value of map '%s', which has %u: the kernel would "
			  "not load it\n"), name, f->insn, f->reg, f->size, f->offset, map_name,
		map->value_size);
}

/*
 * What the kernel's verifier would refuse and the VM runs: one line each, so that a
 * decoder tested offline does not fail only on a device.
 */
static int warn_unloadable(const struct plan_decoder *decoder)
{
	struct bpf_lint_finding findings[BPF_LINT_KIND_MAX];
	int count = bpf_lint_image(decoder->image, findings), i;
	char license[BPF_IMAGE_NAME_MAX], name[IR_ERROR_MESSAGE_MAX];

	/* From the object file and its name: no control characters to the terminal. */
	snprintf(license, sizeof(license), "%s", decoder->image->license);
	ir_error_filter_controls(license);
	snprintf(name, sizeof(name), "%s", decoder->name);
	ir_error_filter_controls(name);

	for (i = 0; i < count; i++) {
		const struct bpf_lint_finding *f = &findings[i];

		switch (f->kind) {
		case BPF_LINT_UNINIT_REG:
			fprintf(stderr, _("decoder '%s': instruction %zu reads r%u before it is "
					  "written: the kernel would not load it\n"),
				name, f->insn, f->reg);
			break;
		case BPF_LINT_MAYBE_NULL:
			fprintf(stderr, _("decoder '%s': instruction %zu goes through r%u, which "
					  "may be NULL (a map lookup not checked): the kernel would "
					  "not load it\n"), name, f->insn, f->reg);
			break;
		case BPF_LINT_GPL_ONLY:
			fprintf(stderr, _("decoder '%s': instruction %zu calls %s, which is "
					  "GPL-only, and the licence is '%s': the kernel would not "
					  "load it\n"), name, f->insn,
				bpf_lint_helper_name(f->helper), license);
			break;
		case BPF_LINT_VALUE_BOUNDS:
			warn_value_bounds(decoder, name, f);
			break;
		case BPF_LINT_POINTER_VALUE:
			if (f->helper >= 0)
				fprintf(stderr, _("decoder '%s': instruction %zu passes a pointer "
						  "(r%u) to %s as a number: the kernel would not "
						  "load it\n"), name, f->insn, f->reg,
					bpf_lint_helper_name(f->helper));
			else
				fprintf(stderr, _("decoder '%s': instruction %zu stores a pointer "
						  "(r%u) as a number: the kernel would not load "
						  "it\n"), name, f->insn, f->reg);
			break;
		case BPF_LINT_STACK_DEPTH:
			fprintf(stderr, _("decoder '%s': instruction %zu calls a function whose "
					  "stack frames come to %u bytes, over the kernel's 512: "
					  "the kernel would not load it\n"), name, f->insn, f->size);
			break;
		default:
			fprintf(stderr, _("decoder '%s': instruction %zu reads %u bytes at "
					  "fp%+d before this run writes them: offline they are the "
					  "last sample's, and the kernel would not load it\n"),
				name, f->insn, f->size, f->offset);
			break;
		}
	}
	return count < 0 ? count : 0;
}

/* plan_map_update_fn for a VM. */
static int vm_map_update(void *vm, size_t map_index, const void *key, const void *value,
			 struct ir_error *err)
{
	return bpf_vm_map_update(vm, map_index, key, value, err);
}

static int new_vm(const struct plan_decoder *decoder, size_t sample_count,
		  struct bpf_vm **ret_vm, struct ir_error *err)
{
	int ret;

	ret = bpf_vm_new(decoder->image, ret_vm, err);
	if (ret == 0)
		ret = warn_unloadable(decoder);
	if (ret == 0) {
		bpf_vm_set_event_limit(*ret_vm, REPLAY_EVENTS_PER_SAMPLE);
		bpf_vm_set_total_insn_budget(*ret_vm, REPLAY_INSNS_FLOOR +
					     (uint64_t)sample_count * REPLAY_INSNS_PER_SAMPLE);
	}
	/* The maps the decoder's family fills, checked against its layouts when planned. */
	if (ret == 0)
		ret = plan_decoder_fill_maps(decoder, vm_map_update, *ret_vm, err);
	if (ret < 0) {
		ir_error_prefix(err, _("decoder '%s'"), decoder->name);
		bpf_vm_free(*ret_vm);
		*ret_vm = NULL;
	}
	return ret;
}

/* One line for a decoder that reported more than --decode keeps, even after an error. */
static void report_dropped(const struct plan_decoder *decoder, const struct bpf_vm *vm)
{
	uint64_t dropped = vm ? bpf_vm_events_dropped(vm) : 0;
	char name[IR_ERROR_MESSAGE_MAX];

	if (!dropped)
		return;
	snprintf(name, sizeof(name), "%s", decoder->name);
	ir_error_filter_controls(name);
	fprintf(stderr, _("decoder '%s': %llu reports dropped: more than %d in one "
			  "sample\n"), name, (unsigned long long)dropped, REPLAY_EVENTS_PER_SAMPLE);
}

/* How the records are printed: --json, and -v's A/C bytes from the decoders' queues. */
struct printer {
	bool json;
	bool verbose;
	struct bpf_vm *const *vms;
	size_t vm_count;
};

/*
 * The queued bytes of an A/C protocol's report (bpf_protocols/ac_table.h), with -v: the
 * oldest message of a decoder's queue that is this protocol's (the reports and the
 * messages come in the same order, one each); false when there is none.
 */
static bool pop_ac_message(const struct printer *p, const struct lirc_scancode *lirc,
			   struct ac_message *ret_message)
{
	size_t i;
	int map;

	if (!p->verbose || !ac_protocol_of_rc_proto(lirc->rc_proto))
		return false;
	for (i = 0; i < p->vm_count; i++) {
		map = p->vms[i] ? bpf_vm_map_find(p->vms[i], AC_MESSAGES_MAP) : -ENOENT;
		if (map < 0)
			continue;
		while (bpf_vm_map_pop(p->vms[i], (size_t)map, ret_message) == 0)
			if (AC_RC_PROTOCOL_BASE + ret_message->id == lirc->rc_proto &&
			    ret_message->length <= AC_BYTES_MAX)
				return true;
	}
	return false;
}

/*
 * The message of an IRP protocol's report on the wide path (irp_compile.h): the first
 * decoder's whose oldest queued message has the report's scancode, taken out; false
 * when there is none (a protocol that fits 64 bits queues none).
 */
static bool pop_irp_message(const struct printer *p, const struct lirc_scancode *lirc,
			    struct irp_compile_message *ret_message)
{
	size_t i;
	int map;

	if (lirc->rc_proto != IRP_COMPILE_PROTOCOL)
		return false;
	for (i = 0; i < p->vm_count; i++) {
		map = p->vms[i] ? bpf_vm_map_find(p->vms[i], IRP_COMPILE_MESSAGES_MAP) : -ENOENT;
		if (map < 0 || bpf_vm_map_peek(p->vms[i], (size_t)map, ret_message) < 0 ||
		    ret_message->scancode != lirc->scancode)
			continue;
		bpf_vm_map_pop(p->vms[i], (size_t)map, ret_message);
		return true;
	}
	return false;
}

static int print_record_json(const struct rc_input_record *record, const struct printer *p)
{
	struct irp_compile_message irp;
	struct ac_message message;
	bool bytes;
	int ret;

	if (record->type == RC_INPUT_RECORD_LIRC) {
		bytes = pop_ac_message(p, &record->lirc, &message);
		ret = event_print_json_lirc(stdout, record->time_ns, &record->lirc,
					    lirc_proto_enum_name(record->lirc.rc_proto),
					    bytes ? message.bytes : NULL,
					    bytes ? message.length : 0);
		if (ret == 0 && pop_irp_message(p, &record->lirc, &irp))
			ret = event_print_json_irp_message(stdout, record->time_ns, &irp);
		return ret;
	}
	return event_print_json_input(stdout, record->time_ns, record->event_type,
				      record->event_code, record->event_value,
				      record->event_type == EV_KEY ?
				      keycode_to_name(record->event_code) : NULL);
}

static int print_record(const struct rc_input_record *record, const struct printer *p)
{
	struct irp_compile_message irp;
	struct ac_message message;

	if (p->json)
		return print_record_json(record, p);
	if (record->type == RC_INPUT_RECORD_LIRC) {
		event_print_lirc(stdout, record->time_ns, &record->lirc,
				 lirc_proto_enum_name(record->lirc.rc_proto));
		if (pop_irp_message(p, &record->lirc, &irp))
			event_print_irp_message(stdout, record->time_ns, &irp);
		if (event_print_ac(stdout, record->time_ns, &record->lirc) &&
		    pop_ac_message(p, &record->lirc, &message))
			event_print_ac_bytes(stdout, record->time_ns, &record->lirc,
					     message.bytes, message.length);
	} else {
		event_print_input(stdout, record->time_ns, record->event_type,
				  record->event_code, record->event_value,
				  record->event_type == EV_KEY ?
				  keycode_to_name(record->event_code) : NULL);
	}
	return 0;
}

/* The records printed and cleared; 0, or the first error (--json's -ENOMEM). */
static int print_records(struct rc_input *input, const struct printer *p)
{
	size_t count = rc_input_record_count(input), i;
	int ret = 0;

	for (i = 0; ret == 0 && i < count; i++)
		ret = print_record(rc_input_record_at(input, i), p);
	rc_input_records_clear(input);
	return ret;
}

/*
 * rc-core marks a keydown of the key still held with the repeat flag since Linux 6.0
 * ("media: lirc: ensure lirc device receives repeats"); before, only a decoder's repeat.
 */
static bool keydown_repeat_unflagged(const struct keytable_options *options)
{
	return options->decode_kernel && options->decode_kernel < OPTIONS_KERNEL(6, 0);
}

/*
 * How a capture ends as a receiver reports it: the samples replayed as they are, then
 * *ret_timeout (0: none). A receiver reports its timeout after the last edge, where a
 * capture written for ir-ctl --send (a +N -N list) has none, or a space that nothing
 * follows (a recording's silence, cut anywhere): that space is the timeout, so that a
 * decoder that waits for the end of the signal (an end frame, as Epson's; a repeat's
 * ending) sees it. A capture that ends with a timeout already is replayed whole.
 */
static size_t replayed_samples(const struct capture *capture, uint32_t timeout_us,
			       uint32_t *ret_timeout)
{
	uint32_t last = capture->count ? LIRC_MODE2(capture->samples[capture->count - 1]) :
					 LIRC_MODE2_PULSE;

	*ret_timeout = last == LIRC_MODE2_TIMEOUT ? 0 : LIRC_TIMEOUT(timeout_us);
	return last == LIRC_MODE2_SPACE ? capture->count - 1 : capture->count;
}

static int run(const struct keytable_options *options, const struct keytable_plan *plan,
	       const struct capture *capture, struct bpf_vm *const *vms, struct ir_error *err)
{
	struct rc_input_config config = {
		.timeout_us = RC_INPUT_DEFAULT_TIMEOUT_US,
		.repeat_delay_ms = RC_INPUT_DEFAULT_REPEAT_DELAY_MS,
		.repeat_period_ms = RC_INPUT_DEFAULT_REPEAT_PERIOD_MS,
		.keydown_repeat_unflagged = keydown_repeat_unflagged(options),
		.lookup = plan_lookup,
		.user = (void *)plan,
	};
	const struct printer printer = {
		options->json, options->verbose, vms, plan->decoder_count,
	};
	uint32_t timeout;
	size_t count = replayed_samples(capture, config.timeout_us, &timeout);
	struct rc_input *input;
	uint64_t clock_ns = 0;
	size_t i, batch, done;
	int ret, printed;

	ret = rc_input_new(&config, &input);
	if (ret < 0)
		return ret;
	/*
	 * Printed after each batch: the records keep their order, and a batch is short
	 * (at most REPLAY_BATCH samples, and it stops at IR_REPLAY_RECORDS_MAX records).
	 */
	for (i = 0; ret == 0 && i < count; i += done) {
		batch = count - i < REPLAY_BATCH ? count - i : REPLAY_BATCH;
		ret = ir_replay_samples(vms, plan->decoder_count, input, &capture->samples[i],
					batch, &done, &clock_ns, err);
		printed = print_records(input, &printer);
		ret = ret ? ret : printed;
	}
	if (ret == 0 && timeout) {
		ret = ir_replay_samples(vms, plan->decoder_count, input, &timeout, 1, &done,
					&clock_ns, err);
		printed = print_records(input, &printer);
		ret = ret ? ret : printed;
	}
	if (ret == 0)
		ret = rc_input_finish(input);
	printed = print_records(input, &printer);
	ret = ret ? ret : printed;
	rc_input_free(input);
	return ret;
}

/* A decode's line, printed after the lirc record at index record of rc_input. */
struct irp_line {
	size_t record;
	uint64_t time_ns;
	size_t protocol;
	uint64_t values[IRP_LINE_VALUES_MAX];
	size_t value_count;
	bool alternative;	/* not the decode chosen for the message (-v) */
};

struct irp_lines {
	struct irp_line *lines;
	size_t count, capacity;
};

/*
 * {"time":...,"event":"irp","protocol":"NEC1","D":4,"S":4,"F":1}, and "alternative":true
 * for one not chosen.
 */
static int print_irp_json(const struct irp_identify *identify, const struct irp_line *line)
{
	const struct irp_protocol *protocol = irp_identify_protocol(identify, line->protocol);
	struct json_writer w;
	const char *text;
	size_t i, len;
	int ret;

	json_writer_init(&w);
	json_writer_begin(&w);
	json_writer_fixed(&w, "time", line->time_ns / 1000, 6);
	json_writer_string(&w, "event", "irp");
	json_writer_string(&w, "protocol", irp_identify_entry(identify, line->protocol)->name);
	for (i = 0; i < line->value_count; i++)
		json_writer_uint(&w, protocol->parameters[i].name, line->values[i]);
	if (line->alternative)
		json_writer_bool(&w, "alternative", true);
	ret = json_writer_end(&w, &text, &len);
	if (ret == 0)
		fwrite(text, 1, len, stdout);
	json_writer_free(&w);
	return ret;
}

static int print_irp_line(const struct irp_identify *identify, const struct irp_line *line,
			  bool json)
{
	const struct irp_protocol *protocol = irp_identify_protocol(identify, line->protocol);
	size_t i;

	if (json)
		return print_irp_json(identify, line);

	printf("%llu.%06llu: irp protocol(%s):",
	       (unsigned long long)(line->time_ns / 1000000000),
	       (unsigned long long)(line->time_ns % 1000000000 / 1000),
	       irp_identify_entry(identify, line->protocol)->name);
	for (i = 0; i < line->value_count; i++)
		printf(" %s=%llu", protocol->parameters[i].name,
		       (unsigned long long)line->values[i]);
	if (line->alternative)
		printf(" %s", _("(alternative)"));
	putchar('\n');
	return 0;
}

/* print_records(), with each decode's line after its lirc line. */
static int print_records_and_lines(struct rc_input *input, const struct irp_identify *identify,
				   struct irp_lines *lines, const struct printer *p)
{
	size_t count = rc_input_record_count(input), i, next = 0;
	int ret = 0;

	for (i = 0; ret == 0 && i < count; i++) {
		ret = print_record(rc_input_record_at(input, i), p);
		for (; ret == 0 && next < lines->count && lines->lines[next].record == i; next++)
			ret = print_irp_line(identify, &lines->lines[next], p->json);
	}
	/* rc-core makes a lirc record of every keydown; were there none, still say it */
	for (; ret == 0 && next < lines->count; next++)
		ret = print_irp_line(identify, &lines->lines[next], p->json);
	rc_input_records_clear(input);
	lines->count = 0;
	return ret;
}

static int add_line(struct irp_lines *lines, size_t record,
		    const struct irp_identify_decode *decode)
{
	struct irp_line *line;

	if (lines->count == lines->capacity) {
		size_t capacity = lines->capacity ? 2 * lines->capacity : 16;
		struct irp_line *grown = realloc(lines->lines, capacity * sizeof(*grown));

		if (!grown)
			return -ENOMEM;
		lines->lines = grown;
		lines->capacity = capacity;
	}
	line = &lines->lines[lines->count++];
	line->record = record;
	line->time_ns = decode->time_ns;
	line->protocol = decode->protocol;
	line->alternative = decode->alternative;
	line->value_count = decode->value_count < IRP_LINE_VALUES_MAX ?
			    decode->value_count : IRP_LINE_VALUES_MAX;
	memcpy(line->values, decode->values, line->value_count * sizeof(*line->values));
	return 0;
}

/*
 * The sample's decodes to rc_input, each with its line to print after its lirc record:
 * the chosen one, then with verbose its alternatives, which are not reported.
 */
static int report_decodes(struct irp_identify *identify, struct rc_input *input,
			  bool verbose, struct irp_lines *lines, struct ir_error *err)
{
	size_t count = irp_identify_decode_count(identify), i, r = 0;
	bool printed = false;
	int ret;

	for (i = 0; i < count; i++) {
		const struct irp_identify_decode *decode = irp_identify_decode_at(identify, i);
		size_t before = rc_input_record_count(input);

		/* a decode already printed, again on its repeat: rc-core has the key down */
		if (decode->alternative || decode->repeat)
			continue;
		ret = rc_input_keydown(input, decode->time_ns, decode->rc_protocol,
				       decode->scancode, decode->toggle);
		if (ret < 0) {
			ir_error_set(err, _("at %llu ns: %s"),
				     (unsigned long long)decode->time_ns, strerror(-ret));
			ir_error_prefix(err, "irp:%s",
					irp_identify_entry(identify, decode->protocol)->name);
			return ret;
		}
		for (r = before; r < rc_input_record_count(input); r++)
			if (rc_input_record_at(input, r)->type == RC_INPUT_RECORD_LIRC)
				break;
		ret = add_line(lines, r, decode);
		if (ret < 0)
			return ret;
		printed = true;
	}
	for (i = 0; verbose && printed && i < count; i++) {
		const struct irp_identify_decode *decode = irp_identify_decode_at(identify, i);

		ret = decode->alternative ? add_line(lines, r, decode) : 0;
		if (ret < 0)
			return ret;
	}
	return 0;
}

/*
 * run() for -p irp: one sample at a time through the plan's decoders, then through every
 * protocol of the IRP database, the records printed after each sample that made some.
 */
static int run_identify(const struct keytable_options *options,
			const struct keytable_plan *plan, const struct capture *capture,
			struct bpf_vm *const *vms, struct irp_identify *identify,
			struct ir_error *err)
{
	struct rc_input_config config = {
		.timeout_us = RC_INPUT_DEFAULT_TIMEOUT_US,
		.repeat_delay_ms = RC_INPUT_DEFAULT_REPEAT_DELAY_MS,
		.repeat_period_ms = RC_INPUT_DEFAULT_REPEAT_PERIOD_MS,
		.keydown_repeat_unflagged = keydown_repeat_unflagged(options),
		.lookup = plan_lookup,
		.user = (void *)plan,
	};
	struct irp_lines lines = { NULL, 0, 0 };
	const struct printer printer = {
		options->json, options->verbose, vms, plan->decoder_count,
	};
	uint32_t timeout;
	size_t count = replayed_samples(capture, config.timeout_us, &timeout);
	struct rc_input *input;
	uint64_t clock_ns = 0;
	size_t i;
	int ret, printed;

	ret = rc_input_new(&config, &input);
	if (ret < 0)
		return ret;
	for (i = 0; ret == 0 && i < count + (timeout != 0); i++) {
		uint32_t sample = i < count ? capture->samples[i] : timeout;

		ret = ir_replay_sample(vms, plan->decoder_count, input, sample, &clock_ns, err);
		if (ret == 0)
			ret = irp_identify_sample(identify, sample, err);
		if (ret == 0)
			ret = report_decodes(identify, input, options->verbose, &lines, err);
		if (ret == 0 && rc_input_record_count(input))
			ret = print_records_and_lines(input, identify, &lines, &printer);
	}
	if (ret == 0)
		ret = rc_input_finish(input);
	printed = print_records_and_lines(input, identify, &lines, &printer);
	ret = ret ? ret : printed;
	free(lines.lines);
	rc_input_free(input);
	return ret;
}

int keytable_decode(const struct keytable_options *options, struct ir_error *err)
{
	struct keytable_prepared prepared = { NULL, 0, NULL, false };
	struct keytable_plan *plan;
	struct capture *capture = NULL;
	struct bpf_vm **vms = NULL;
	struct irp_identify *identify = NULL;
	size_t i;
	int ret;

	ret = keytable_prepare(options, NULL, &prepared, err);
	if (ret < 0)
		return ret;
	plan = prepared.plan;
	ret = capture_load_file(options->decode_file, &capture, err);
	if (ret < 0)
		goto out;
	keytable_prepare_report(options, NULL, &prepared);
	vms = calloc(plan->decoder_count ? plan->decoder_count : 1, sizeof(*vms));
	if (!vms) {
		ret = -ENOMEM;
		goto out;
	}
	for (i = 0; ret == 0 && i < plan->decoder_count; i++)
		ret = new_vm(&plan->decoders[i], capture->count + 1, &vms[i], err);
	if (ret == 0 && plan->irp_all)
		ret = irp_identify_new(&identify, err);
	if (identify && options->verbose)
		fprintf(stderr, _("IRP database: %zu protocols tried, %zu left out (the compiler "
				  "does not take them yet)\n"), irp_identify_protocol_count(identify),
			irp_identify_left_out(identify));
	if (ret == 0 && identify)
		ret = run_identify(options, plan, capture, vms, identify, err);
	else if (ret == 0)
		ret = run(options, plan, capture, vms, err);
	for (i = 0; vms && i < plan->decoder_count; i++)
		report_dropped(&plan->decoders[i], vms[i]);
out:
	if (ret == -ENOMEM)
		ir_error_set(err, "%s", strerror(ENOMEM));
	for (i = 0; vms && i < plan->decoder_count; i++)
		bpf_vm_free(vms[i]);
	free(vms);
	irp_identify_free(identify);
	capture_free(capture);
	keytable_prepared_clear(&prepared);
	return ret;
}
