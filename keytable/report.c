// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * What ir-keytable shows: the device listing (v4l-utils' layout, on stdout), the plan
 * (-v) and the embedded decoders (--list-decoders).
 */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "bpf_kernel.h"
#include "decoders.h"
#include "evdev.h"
#include "nls.h"
#include "steps.h"

/* "Attached BPF protocols: nec_bpf 17", or the reason they cannot be listed. */
static void list_bpf(const char *root, const struct rc_device *device)
{
	uint32_t ids[BPF_KERNEL_MAX_LIRC_PROGS];
	struct bpf_kernel_prog_info info;
	struct ir_error err;
	size_t count = 0, i;
	int fd, ret;

	fd = rc_device_open_char_node(root, device->lirc_devnode, O_RDONLY, &err);
	ret = fd < 0 ? fd : bpf_kernel_query(fd, ids, BPF_KERNEL_MAX_LIRC_PROGS, &count, &err);
	if (fd >= 0)
		close(fd);
	if (ret < 0) {
		/* v4l-utils prints the bare reason: keep the line's shape. */
		printf(_("\tAttached BPF protocols: %s\n"), strerror(-ret));
		return;
	}
	printf(_("\tAttached BPF protocols:"));
	for (i = 0; i < count && i < BPF_KERNEL_MAX_LIRC_PROGS; i++) {
		if (bpf_kernel_prog_info_by_id(ids[i], &info, NULL) == 0 && info.name[0]) {
			/* Set by whichever loader: no control to the terminal. */
			info.name[sizeof(info.name) - 1] = '\0';
			ir_error_filter_controls(info.name);
			printf(" %s", info.name);
		} else
			printf(" %" PRIu32, ids[i]);
	}
	putchar('\n');
}

void keytable_print_protocols(FILE *out, const struct rc_protocols *protocols,
			      bool enabled_only)
{
	size_t i;

	/* lirc first, as v4l-utils lists it, then the kernel's order. */
	for (i = 0; i < protocols->count; i++)
		if (!strcmp(protocols->protocols[i].name, "lirc") &&
		    (!enabled_only || protocols->protocols[i].enabled))
			fprintf(out, " lirc");
	for (i = 0; i < protocols->count; i++)
		if (strcmp(protocols->protocols[i].name, "lirc") &&
		    (!enabled_only || protocols->protocols[i].enabled))
			fprintf(out, " %s", protocols->protocols[i].name);
	fputc('\n', out);
}

static void list_protocols(const char *label, const struct rc_protocols *protocols,
			   bool enabled_only)
{
	printf("\t%s:", label);
	keytable_print_protocols(stdout, protocols, enabled_only);
}

static void list_repeat(const char *root, const struct rc_device_input *input)
{
	unsigned int delay, period;
	struct ir_error err;
	int fd, ret;

	fd = rc_device_open_char_node(root, input->event_devnode, O_RDONLY, &err);
	ret = fd < 0 ? fd : evdev_get_repeat(fd, &delay, &period);
	if (fd >= 0)
		close(fd);
	if (ret == 0)
		printf(_("\tRepeat delay: %u ms, repeat period: %u ms\n"), delay, period);
	else if (ret == -ENOSYS)
		printf(_("\tRepeat delay: none, the device does not repeat keys\n"));
	else
		printf(_("\tRepeat delay: %s\n"), strerror(-ret));
}

static void list_device(const char *root, const struct rc_device *device)
{
	const struct rc_device_input *event = rc_device_event_input(device);
	size_t i;

	printf(_("Found %s/ with:\n"), device->syspath);
	if (device->name) {
		char name[IR_ERROR_MESSAGE_MAX];

		/* A USB device's own product string, often: no control to the terminal. */
		snprintf(name, sizeof(name), "%s", device->name);
		ir_error_filter_controls(name);
		printf(_("\tName: %s\n"), name);
	}
	if (device->driver)
		printf(_("\tDriver: %s\n"), device->driver);
	if (device->keymap)
		printf(_("\tDefault keymap: %s\n"), device->keymap);
	for (i = 0; i < device->input_count; i++)
		if (device->inputs[i].event_devnode)
			printf(_("\tInput device: %s\n"), device->inputs[i].event_devnode);
	if (device->lirc_devnode) {
		printf(_("\tLIRC device: %s\n"), device->lirc_devnode);
		list_bpf(root, device);
	}
	if (device->has_protocols) {
		list_protocols(_("Supported kernel protocols"), &device->protocols, false);
		list_protocols(_("Enabled kernel protocols"), &device->protocols, true);
	}
	for (i = 0; i < device->input_count; i++)
		if (device->inputs[i].has_id)
			printf(_("\tbus: %u, vendor/product: %04x:%04x, version: 0x%04x\n"),
			       device->inputs[i].id.bustype, device->inputs[i].id.vendor,
			       device->inputs[i].id.product, device->inputs[i].id.version);
	if (event)
		list_repeat(root, event);
}

/*
 * Each device is listed even when another cannot be read: such errors are reported as
 * they come, and err is left empty (main() prints nothing more).
 */
int keytable_list(const struct keytable_options *options, struct ir_error *err)
{
	struct ir_error device_err;
	struct rc_device *device;
	char *only[1] = { (char *)options->sysdev };
	char **names = only;
	size_t count = 1, i;
	int ret, failed = 0;

	if (!options->sysdev) {
		ret = rc_device_list(options->sysroot, &names, &count, err);
		if (ret < 0)
			return ret;
		if (!count) {
			ir_error_set(err, _("no rc devices found"));
			return -ENODEV;
		}
	}
	for (i = 0; i < count; i++) {
		ret = rc_device_read(options->sysroot, names[i], &device, &device_err);
		if (ret < 0) {
			fflush(stdout);
			fprintf(stderr, "%s: %s\n", program_invocation_short_name,
				device_err.message);
			failed = ret;
			continue;
		}
		list_device(options->sysroot, device);
		rc_device_free(device);
	}
	if (names != only)
		rc_device_list_free(names, count);
	ir_error_clear(err);
	return failed;
}

static void print_decoder_params(FILE *out, const struct plan_decoder *decoder)
{
	const struct bpf_object *object = decoder->object;
	size_t i, j;

	/* An IRP decoder is compiled with no parameters. */
	for (i = 0; object && i < bpf_object_param_count(object); i++) {
		const char *name = bpf_object_param_name(object, i);
		int64_t value = bpf_object_param_default(object, i);
		char shown[IR_ERROR_MESSAGE_MAX];
		bool set = false;

		for (j = 0; j < decoder->param_count; j++) {
			if (!strcmp(decoder->params[j].name, name)) {
				value = decoder->params[j].value;
				set = true;
			}
		}
		/* A name from the object file: no control characters to the terminal. */
		snprintf(shown, sizeof(shown), "%s", name);
		ir_error_filter_controls(shown);
		fprintf(out, "\t%s = %" PRId64 "%s\n", shown, value, set ? "" : _(" (default)"));
	}
	plan_decoder_describe(decoder, out);
}

void keytable_print_plan(const struct keytable_plan *plan, struct keymap *const *keymaps,
			 size_t keymap_count, bool offline)
{
	size_t i;

	for (i = 0; i < keymap_count; i++)
		fprintf(stderr, _("Read keymap %s\n"), keymaps[i]->filename);
	if (offline) {
		/* Nothing to enable: every decoder runs in the VM. */
	} else if (plan->change_kernel_protocols) {
		fprintf(stderr, _("Kernel protocols to enable:"));
		if (!plan->kernel_protocol_count)
			fprintf(stderr, " none");
		for (i = 0; i < plan->kernel_protocol_count; i++)
			fprintf(stderr, " %s", plan->kernel_protocols[i]);
		fputc('\n', stderr);
	} else {
		fprintf(stderr, _("Kernel protocols: unchanged\n"));
	}
	if (!offline && !plan->change_decoders)
		fprintf(stderr, _("BPF decoders: unchanged\n"));
	else if (!plan->decoder_count)
		fprintf(stderr, _("BPF decoders: none\n"));
	for (i = 0; i < plan->decoder_count; i++) {
		char shown[IR_ERROR_MESSAGE_MAX];

		/* A decoder's name may be a file's: no control to the terminal. */
		snprintf(shown, sizeof(shown), "%s", plan->decoders[i].name);
		ir_error_filter_controls(shown);
		fprintf(stderr, _("BPF decoder %s:\n"), shown);
		print_decoder_params(stderr, &plan->decoders[i]);
	}
	fprintf(stderr, _("Scancode to keycode mappings: %zu\n"), plan->key_count);
}

void keytable_print_notes(const struct keytable_plan *plan, struct keymap *const *keymaps,
			  size_t keymap_count)
{
	size_t i, j;

	for (i = 0; i < keymap_count; i++)
		for (j = 0; j < keymaps[i]->warning_count; j++)
			fprintf(stderr, "%s\n", keymaps[i]->warnings[j]);
	for (i = 0; i < plan->note_count; i++)
		fprintf(stderr, "%s\n", plan->notes[i]);
}

static int list_one_decoder(const struct decoder *decoder, struct ir_error *err)
{
	struct bpf_object *object;
	const char *const *name;
	size_t i;
	int ret;

	ret = bpf_object_open_memory(decoder->elf, decoder->elf_size, decoder->name, &object,
				     err);
	if (ret < 0)
		return ret;
	printf("%s: %s\n", decoder->name, _(decoder->description));
	if (decoder->kernel_protocols[0]) {
		printf(_("\tstands in for kernel protocol:"));
		for (name = decoder->kernel_protocols; *name; name++)
			printf(" %s", *name);
		putchar('\n');
	}
	if (decoder->aliases[0]) {
		printf(_("\talso called:"));
		for (name = decoder->aliases; *name; name++)
			printf(" %s", *name);
		putchar('\n');
	}
	for (i = 0; i < bpf_object_param_count(object); i++)
		printf("\t%s = %" PRId64 "\n", bpf_object_param_name(object, i),
		       bpf_object_param_default(object, i));
	bpf_object_free(object);
	return 0;
}

int keytable_list_decoders(struct ir_error *err)
{
	size_t i;
	int ret;

	for (i = 0; i < decoder_count(); i++) {
		ret = list_one_decoder(decoder_at(i), err);
		if (ret < 0)
			return ret;
	}
	return 0;
}
