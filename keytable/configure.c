// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * ir-keytable's configuring actions on one device. Once prepare.c has read and checked
 * every input and made the plan (nothing touched yet), the changes are applied in this
 * order: load the new BPF decoders, attach them, and only then detach the old ones;
 * clear the keytable and write the keys; set the kernel protocols; set the repeat
 * timing; then print the keytable; test mode.
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
#include "evdev.h"
#include "keycodes.h"
#include "nls.h"
#include "prepare.h"
#include "steps.h"
#include "sysroot.h"

/* The loaded programs of a plan, in the plan's order. */
struct loaded_decoders {
	struct bpf_kernel_program **programs;
	size_t count;
};

static void unload_decoders(struct loaded_decoders *loaded)
{
	size_t i;

	for (i = 0; i < loaded->count; i++)
		bpf_kernel_program_free(loaded->programs[i]);
	free(loaded->programs);
	loaded->programs = NULL;
	loaded->count = 0;
}

/* plan_map_update_fn for a loaded program: the decoder's family fills its maps. */
static int kernel_map_update(void *program, size_t map_index, const void *key,
			     const void *value, struct ir_error *err)
{
	return bpf_kernel_map_update(program, map_index, key, value, err);
}

/* Load every decoder of the plan; nothing is attached yet, so failure changes nothing. */
static int load_decoders(const struct keytable_plan *plan, bool verbose,
			 struct loaded_decoders *loaded, struct ir_error *err)
{
	char log_tail[1024];
	size_t i;
	int ret;

	loaded->programs = calloc(plan->decoder_count ? plan->decoder_count : 1,
				  sizeof(*loaded->programs));
	if (!loaded->programs)
		return -ENOMEM;
	for (i = 0; i < plan->decoder_count; i++) {
		ret = bpf_kernel_load(plan->decoders[i].image, log_tail, sizeof(log_tail),
				      &loaded->programs[i], err);
		if (ret == 0) {
			loaded->count++;
			ret = plan_decoder_fill_maps(&plan->decoders[i], kernel_map_update,
						     loaded->programs[i], err);
		}
		if (ret < 0) {
			ir_error_prefix(err, _("decoder '%s'"), plan->decoders[i].name);
			/* err has the verifier's error and instruction; -v shows the rest. */
			if (verbose && log_tail[0])
				fprintf(stderr, "%s\n", log_tail);
			unload_decoders(loaded);
			return ret;
		}
	}
	return 0;
}

/* Attach the new programs; on failure detach those attached here, and stop. */
static int attach_decoders(int lirc_fd, const struct keytable_plan *plan,
			   const struct loaded_decoders *loaded, struct ir_error *err)
{
	size_t i;
	int ret;

	for (i = 0; i < loaded->count; i++) {
		ret = bpf_kernel_attach(lirc_fd, loaded->programs[i], err);
		if (ret < 0) {
			while (i-- > 0)
				bpf_kernel_detach(lirc_fd, loaded->programs[i], NULL);
			return ret;
		}
	}
	for (i = 0; i < loaded->count; i++) {
		char shown[IR_ERROR_MESSAGE_MAX];

		/* A decoder's name may be a file's: no control to the terminal. */
		snprintf(shown, sizeof(shown), "%s", plan->decoders[i].name);
		ir_error_filter_controls(shown);
		fprintf(stderr, _("Loaded BPF protocol %s\n"), shown);
	}
	return 0;
}

/*
 * The kernel cannot attach BPF decoders to this device (no bpf(2), or no
 * CONFIG_BPF_LIRC_MODE2): -EINVAL or -ENOSYS from listing its programs.
 */
static bool lacks_bpf(int ret)
{
	return ret == -EINVAL || ret == -ENOSYS;
}

static bool keymap_decoders_only(const struct keytable_plan *plan)
{
	size_t i;

	for (i = 0; i < plan->decoder_count; i++)
		if (!plan->decoders[i].wanted_by)
			return false;
	return true;
}

/*
 * Decoders that keymaps asked for, on a kernel that cannot take them: each is noted and
 * skipped, and the rest of the keymaps is applied (at boot, the keys and kernel
 * protocols still work; v4l-utils goes on too). Decoders asked for with -p are errors.
 */
static void skip_decoders(const struct keytable_plan *plan, const struct ir_error *why)
{
	size_t i;

	for (i = 0; i < plan->decoder_count; i++) {
		char line[IR_ERROR_MESSAGE_MAX * 2];

		/* Names of files and keymaps: no control characters to the terminal. */
		snprintf(line, sizeof(line), _("%s: BPF decoder %s skipped: %s\n"),
			 plan->decoders[i].wanted_by, plan->decoders[i].name, why->message);
		line[strcspn(line, "\n")] = '\0';
		ir_error_filter_controls(line);
		fprintf(stderr, "%s\n", line);
	}
}

/*
 * Replace the device's BPF decoders by the plan's: the old ones are listed first, the
 * new ones loaded and attached, and only then the old ones detached. With nothing new
 * to attach, a device whose attached programs cannot be listed (no BPF support, not
 * allowed, not a device) has none this command could remove: that is not an error.
 */
static int replace_decoders(const struct keytable_options *options,
			    const struct rc_device *device, const struct keytable_plan *plan,
			    bool *ret_changed, struct ir_error *err)
{
	struct loaded_decoders loaded = { NULL, 0 };
	uint32_t old_ids[BPF_KERNEL_MAX_LIRC_PROGS];
	struct ir_error query_err;
	size_t old_count = 0, i;
	int lirc_fd, ret;

	*ret_changed = false;
	if (!device->lirc_devnode)
		return 0;
	lirc_fd = rc_device_open_char_node(options->sysroot, device->lirc_devnode, O_RDWR,
					   &query_err);
	ret = lirc_fd;
	if (lirc_fd >= 0)
		ret = bpf_kernel_query(lirc_fd, old_ids, BPF_KERNEL_MAX_LIRC_PROGS, &old_count,
				       &query_err);
	if (ret < 0 && !plan->decoder_count) {
		if (options->verbose)
			fprintf(stderr, _("%s: no BPF decoders to remove (%s)\n"), device->sysname,
				query_err.message);
		ret = 0;
		goto out;
	}
	if (ret < 0 && lirc_fd >= 0 && lacks_bpf(ret) && keymap_decoders_only(plan)) {
		skip_decoders(plan, &query_err);
		ret = 0;
		goto out;
	}
	if (ret < 0) {
		*err = query_err;
		goto out;
	}
	/* The old ones go only once the new ones are in: both must fit at once. */
	if (plan->decoder_count && old_count + plan->decoder_count > BPF_KERNEL_MAX_LIRC_PROGS) {
		ir_error_set(err, _("%s has %zu BPF decoders attached; %zu more would pass the "
				    "kernel's limit of %d programs: remove them first (-p none)"),
			     device->sysname, old_count, plan->decoder_count,
			     BPF_KERNEL_MAX_LIRC_PROGS);
		ret = -E2BIG;
		goto out;
	}
	ret = load_decoders(plan, options->verbose, &loaded, err);
	if (ret == 0)
		ret = attach_decoders(lirc_fd, plan, &loaded, err);
	/* Attached: a failure to detach an old one below leaves both on the device. */
	*ret_changed = ret == 0 && (loaded.count || old_count);
	for (i = 0; ret == 0 && i < old_count; i++) {
		ret = bpf_kernel_detach_id(lirc_fd, old_ids[i], err);
		/* Gone meanwhile (another ir-keytable?): what we wanted anyway. */
		if (ret == -ENOENT)
			ret = 0;
	}
out:
	if (lirc_fd >= 0)
		close(lirc_fd);
	unload_decoders(&loaded);
	return ret;
}

/*
 * Put the keytable read before the changes back: clear what is there now, write the old
 * entries. Index order is scancode order, so they go back as they were.
 */
static int restore_keys(int fd, const struct evdev_keymap_entry *old, size_t old_count,
			struct ir_error *err)
{
	size_t i;
	int ret;

	ret = evdev_keytable_clear(fd, NULL, err);
	for (i = 0; ret == 0 && i < old_count; i++)
		ret = evdev_keytable_set(fd, old[i].scancode, old[i].keycode, err);
	return ret;
}

/*
 * Clear (-c) and write the plan's keys. A failure midway puts the earlier keytable
 * back, so the device has the old table or the new one; *ret_unchanged says whether
 * that worked, and err says which entry failed and what became of the table.
 */
static int write_keys(int fd, bool clear, const struct keytable_plan *plan,
		      bool *ret_unchanged, struct ir_error *err)
{
	struct evdev_keymap_entry *old = NULL;
	struct ir_error restore_err;
	char failure[IR_ERROR_MESSAGE_MAX];
	size_t old_count = 0, i;
	int ret;

	*ret_unchanged = true;
	ret = evdev_keytable_read(fd, &old, &old_count, err);
	if (ret < 0)
		return ret;
	if (clear) {
		ret = evdev_keytable_clear(fd, NULL, err);
		if (ret < 0)
			goto fail;
		fprintf(stderr, _("Old keytable cleared\n"));
	}
	for (i = 0; i < plan->key_count; i++) {
		ret = evdev_keytable_set(fd, plan->keys[i].scancode, plan->keys[i].keycode, err);
		if (ret < 0)
			goto fail;
	}
	if (plan->key_count)
		fprintf(stderr, _("Wrote %zu keycode(s) to driver\n"), plan->key_count);
	free(old);
	return 0;
fail:
	snprintf(failure, sizeof(failure), "%s", err->message);
	if (restore_keys(fd, old, old_count, &restore_err) == 0) {
		ir_error_set(err, _("%s (the earlier keytable, %zu entries, was written back)"),
			     failure, old_count);
	} else {
		*ret_unchanged = false;
		ir_error_set(err, _("%s; writing back the earlier keytable failed too (%s): "
				    "the keytable is incomplete"), failure, restore_err.message);
	}
	free(old);
	return ret;
}

static bool protocol_wanted(const struct keytable_plan *plan, const char *name)
{
	size_t i;

	for (i = 0; i < plan->kernel_protocol_count; i++)
		if (!strcmp(plan->kernel_protocols[i], name))
			return true;
	return false;
}

/* The enabled set equals the plan's (lirc aside, which the kernel keeps on itself). */
static bool protocols_as_planned(const struct rc_protocols *protocols,
				 const struct keytable_plan *plan)
{
	size_t i, enabled = 0;

	for (i = 0; i < protocols->count; i++) {
		const struct rc_protocol *protocol = &protocols->protocols[i];

		if (!protocol->enabled || !strcmp(protocol->name, "lirc"))
			continue;
		if (!protocol_wanted(plan, protocol->name))
			return false;
		enabled++;
	}
	return enabled == plan->kernel_protocol_count;
}

static void print_protocol_list(FILE *out, const char *const *names, size_t count)
{
	size_t i;

	if (!count)
		fputs(" none", out);
	for (i = 0; i < count; i++)
		fprintf(out, " %s", names[i]);
	fputc('\n', out);
}

/*
 * After the write, the kernel's own rendering of the file shows what it enabled: a
 * decoder module that cannot be loaded is dropped without an error. A file that shows
 * nothing enabled is not checked (a scancode device with none, or a test's plain file).
 */
static void check_protocols(const struct keytable_options *options,
			    const struct rc_device *device, const struct keytable_plan *plan)
{
	struct rc_protocols now;
	const struct rc_protocol *found;
	size_t i, enabled = 0;

	if (rc_device_read_protocols(options->sysroot, device, &now, NULL) < 0)
		return;
	for (i = 0; i < now.count; i++)
		enabled += now.protocols[i].enabled;
	for (i = 0; enabled && i < plan->kernel_protocol_count; i++) {
		found = rc_protocols_find(&now, plan->kernel_protocols[i]);
		if (!found || !found->enabled)
			fprintf(stderr, _("%s: the kernel did not enable protocol '%s' (is its "
					  "decoder module missing?)\n"), device->sysname,
				plan->kernel_protocols[i]);
	}
}

static int set_protocols(const struct keytable_options *options,
			 const struct rc_device *device, const struct keytable_plan *plan,
			 struct ir_error *err)
{
	const char *const *names = (const char *const *)plan->kernel_protocols;
	int ret;

	if (!plan->change_kernel_protocols)
		return 0;
	if (protocols_as_planned(&device->protocols, plan)) {
		if (options->verbose) {
			fprintf(stderr, _("%s: protocols already enabled:"), device->sysname);
			print_protocol_list(stderr, names, plan->kernel_protocol_count);
		}
		return 0;
	}
	ret = rc_device_write_protocols(options->sysroot, device, names,
					plan->kernel_protocol_count, err);
	if (ret < 0)
		return ret;
	fprintf(stderr, _("Protocols changed to"));
	print_protocol_list(stderr, names, plan->kernel_protocol_count);
	check_protocols(options, device, plan);
	return 0;
}

static int set_repeat(int fd, const struct keytable_options *options, struct ir_error *err)
{
	unsigned int delay, period;
	int ret;

	if (options->delay < 0 && options->period < 0)
		return 0;
	if (options->delay < 0 || options->period < 0) {
		ret = evdev_get_repeat(fd, &delay, &period);
		if (ret < 0)
			goto fail;
	}
	if (options->delay >= 0)
		delay = (unsigned int)options->delay;
	if (options->period >= 0)
		period = (unsigned int)options->period;
	ret = evdev_set_repeat(fd, delay, period);
	if (ret < 0)
		goto fail;
	fprintf(stderr, _("Changed Repeat delay to %u ms and repeat period to %u ms\n"), delay,
		period);
	return 0;
fail:
	if (ret == -ENOSYS)
		ir_error_set(err, _("this device does not repeat keys"));
	else
		ir_error_set(err, _("setting the repeat delay and period: %s"), strerror(-ret));
	return ret;
}

static void print_enabled_protocols(const char *root, const struct rc_device *device)
{
	struct rc_protocols now;

	if (!device->has_protocols || rc_device_read_protocols(root, device, &now, NULL) < 0)
		return;
	printf(_("Enabled kernel protocols:"));
	keytable_print_protocols(stdout, &now, true);
}

/* -r: "scancode 0x1e3b = KEY_SELECT (0x161)", one line per entry, in the table's order. */
static int read_keys(int fd, const char *root, const struct rc_device *device,
		     struct ir_error *err)
{
	struct evdev_keymap_entry *entries;
	size_t count, i;
	int ret;

	ret = evdev_keytable_read(fd, &entries, &count, err);
	if (ret < 0)
		return ret;
	for (i = 0; i < count; i++) {
		const char *name = keycode_to_name(entries[i].keycode);

		if (name)
			printf(_("scancode 0x%04" PRIx64 " = %s (0x%02x)\n"), entries[i].scancode,
			       name, entries[i].keycode);
		else
			printf(_("scancode 0x%04" PRIx64 " = 0x%02x\n"), entries[i].scancode,
			       entries[i].keycode);
	}
	free(entries);
	print_enabled_protocols(root, device);
	return 0;
}

/*
 * -a clears the table of a device that has one when rc_maps.cfg gives it a keymap:
 * udev runs it for every rc device, transmitters included, and a device that no line
 * matches keeps its table, as with v4l-utils.
 */
static bool clears(const struct keytable_options *options, const struct rc_device *device,
		   bool auto_matched)
{
	return options->clear || (auto_matched && rc_device_event_input(device));
}

static bool needs_input(const struct keytable_options *options, bool clear,
			const struct keytable_plan *plan)
{
	return clear || plan->key_count || options->read || options->delay >= 0 ||
	       options->period >= 0;
}

/* The changes apply() makes, in their order. */
enum change {
	CHANGE_DECODERS,
	CHANGE_KEYTABLE,
	CHANGE_PROTOCOLS,
	CHANGE_REPEAT,
	CHANGE_MAX,
};

static const char *const change_names[CHANGE_MAX] = {
	[CHANGE_DECODERS] = N_("BPF decoders"),
	[CHANGE_KEYTABLE] = N_("keytable"),
	[CHANGE_PROTOCOLS] = N_("kernel protocols"),
	[CHANGE_REPEAT] = N_("repeat delay and period"),
};

struct changes {
	bool wanted[CHANGE_MAX];
	enum change failed;		/* CHANGE_MAX while none has */
	bool failed_unchanged;		/* the failed one left the device as it was */
};

/* ", "-separated names of the wanted changes before (or from) the failed one. */
static void change_list(const struct changes *changes, bool applied, char *buf,
			size_t size)
{
	size_t i, len = 0;

	buf[0] = '\0';
	for (i = 0; i < CHANGE_MAX; i++) {
		bool listed = applied ? i < changes->failed :
			      i > changes->failed ||
			      (i == changes->failed && changes->failed_unchanged);

		if (!changes->wanted[i] || !listed || len >= size)
			continue;
		len += (size_t)snprintf(buf + len, size - len, "%s%s", len ? ", " : "",
					_(change_names[i]));
	}
}

/*
 * A change failed after others were made: the error, then one line that says what the
 * device has now. Each change leaves the device as it was when it fails (decoders are
 * attached before the old ones go, the keytable is written back, the kernel takes a
 * protocols write or repeat ioctl whole or not at all), but those before it stay made.
 */
static void report_partial(const struct rc_device *device, const struct changes *changes,
			   struct ir_error *err)
{
	char applied[256], not_applied[256];

	change_list(changes, true, applied, sizeof(applied));
	if (!applied[0])
		return;
	change_list(changes, false, not_applied, sizeof(not_applied));
	fprintf(stderr, "%s: %s\n", program_invocation_short_name, err->message);
	if (not_applied[0])
		fprintf(stderr, _("%s: %s: applied before the failure: %s; not applied: %s\n"),
			program_invocation_short_name, device->sysname, applied, not_applied);
	else
		fprintf(stderr, _("%s: %s: applied before the failure: %s\n"),
			program_invocation_short_name, device->sysname, applied);
	/* Reported: main() prints nothing more. */
	err->message[0] = '\0';
}

static int apply_changes(const struct keytable_options *options,
			 const struct rc_device *device, const struct keytable_plan *plan,
			 int fd, bool clear, struct changes *changes, struct ir_error *err)
{
	const char *event_devnode = fd >= 0 ? rc_device_event_input(device)->event_devnode : "";
	bool changed;
	int ret = 0;

	changes->failed = CHANGE_DECODERS;
	changes->failed_unchanged = true;
	/* Listed as applied only when it attached or detached something. */
	if (changes->wanted[CHANGE_DECODERS]) {
		ret = replace_decoders(options, device, plan, &changed, err);
		changes->wanted[CHANGE_DECODERS] = changed;
		changes->failed_unchanged = !changed;
	}
	if (ret < 0)
		return ret;
	changes->failed_unchanged = true;
	changes->failed = CHANGE_KEYTABLE;
	if (changes->wanted[CHANGE_KEYTABLE])
		ret = write_keys(fd, clear, plan, &changes->failed_unchanged, err);
	if (ret < 0) {
		ir_error_prefix(err, "%s", event_devnode);
		return ret;
	}
	changes->failed = CHANGE_PROTOCOLS;
	ret = set_protocols(options, device, plan, err);
	if (ret < 0)
		return ret;
	changes->failed = CHANGE_REPEAT;
	ret = set_repeat(fd, options, err);
	if (ret < 0) {
		ir_error_prefix(err, "%s", event_devnode);
		return ret;
	}
	changes->failed = CHANGE_MAX;
	return 0;
}

/* Every change, in order, once the plan is made and checked; then -r and -t. */
static int apply(const struct keytable_options *options, const struct rc_device *device,
		 const struct keytable_plan *plan, bool clear, struct ir_error *err)
{
	const struct rc_device_input *input = rc_device_event_input(device);
	struct changes changes = {
		.wanted = {
			[CHANGE_DECODERS] = plan->change_decoders,
			[CHANGE_KEYTABLE] = clear || plan->key_count,
			[CHANGE_PROTOCOLS] = plan->change_kernel_protocols,
			[CHANGE_REPEAT] = options->delay >= 0 || options->period >= 0,
		},
	};
	int fd = -1, ret;

	if (needs_input(options, clear, plan)) {
		if (!input) {
			ir_error_set(err, _("%s has no input device"), device->sysname);
			return -ENODEV;
		}
		fd = rc_device_open_char_node(options->sysroot, input->event_devnode, O_RDONLY, err);
		if (fd < 0)
			return fd;
	}
	ret = apply_changes(options, device, plan, fd, clear, &changes, err);
	if (ret < 0)
		report_partial(device, &changes, err);
	if (ret == 0 && options->read) {
		ret = read_keys(fd, options->sysroot, device, err);
		if (ret < 0)
			ir_error_prefix(err, "%s", input->event_devnode);
	}
	if (fd >= 0)
		close(fd);
	if (ret == 0 && options->test) {
		fflush(stdout);
		ret = keytable_test(options, device, err);
	}
	return ret;
}

int keytable_configure(const struct keytable_options *options, struct ir_error *err)
{
	const char *sysname = options->sysdev ? options->sysdev : "rc0";
	struct keytable_prepared prepared = { NULL, 0, NULL, false };
	struct rc_device *device = NULL;
	int ret;

	ret = rc_device_read(options->sysroot, sysname, &device, err);
	if (ret < 0)
		return ret;
	ret = keytable_prepare(options, device, &prepared, err);
	if (ret < 0)
		goto out;
	keytable_prepare_report(options, device, &prepared);
	ret = apply(options, device, prepared.plan,
		    clears(options, device, prepared.auto_matched), err);
out:
	keytable_prepared_clear(&prepared);
	rc_device_free(device);
	return ret;
}
