// SPDX-License-Identifier: GPL-2.0-or-later
/* ir-keytable: parse the options, then run the steps in order. */
#include "config.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>

#include "nls.h"
#include "options.h"
#include "steps.h"

int main(int argc, char **argv)
{
	struct keytable_options options;
	struct ir_error err;
	int ret;

	nls_setup();
	ir_error_clear(&err);
	ret = options_parse(argc, argv, &options, &err);
	if (ret < 0) {
		fprintf(stderr, "%s: %s\n", program_invocation_short_name, err.message);
		if (ret != -EINVAL)
			return EXIT_FAILURE;
		fprintf(stderr, _("Try '%s --help' for more information.\n"),
			program_invocation_short_name);
		return KEYTABLE_EXIT_USAGE;
	}
	ir_error_clear(&err);
	switch (options.action) {
	case KEYTABLE_ACTION_HELP:
		options_print_help(program_invocation_short_name);
		break;
	case KEYTABLE_ACTION_USAGE:
		options_print_usage(program_invocation_short_name);
		break;
	case KEYTABLE_ACTION_VERSION:
		printf(_("IR keytable control version %s\n"), VERSION);
		break;
	case KEYTABLE_ACTION_LIST:
		ret = keytable_list(&options, &err);
		break;
	case KEYTABLE_ACTION_CONFIGURE:
		ret = keytable_configure(&options, &err);
		break;
	case KEYTABLE_ACTION_DECODE:
		ret = keytable_decode(&options, &err);
		break;
	case KEYTABLE_ACTION_LIST_DECODERS:
		ret = keytable_list_decoders(&err);
		break;
	case KEYTABLE_ACTION_TEST_KEYMAP:
		ret = keytable_test_keymaps(&options, &err);
		break;
	default:
		ret = -EINVAL;
		ir_error_set(&err, "unknown action");
		break;
	}
	fflush(stdout);
	/* An empty message: the step has reported its errors itself. */
	if (ret < 0 && err.message[0])
		fprintf(stderr, "%s: %s\n", program_invocation_short_name, err.message);
	options_free(&options);
	return ret < 0 ? EXIT_FAILURE : EXIT_SUCCESS;
}
