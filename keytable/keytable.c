// SPDX-License-Identifier: GPL-2.0-or-later
/* ir-keytable: placeholder entry point until the command line lands (issue 5). */
#include "config.h"

#include <getopt.h>
#include <locale.h>
#include <stdio.h>
#include <stdlib.h>

#include "nls.h"

int main(int argc, char **argv)
{
	static const struct option options[] = {
		{ "version", no_argument, NULL, 'V' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 },
	};
	int c;

	setlocale(LC_ALL, "");
#if ENABLE_NLS
	bindtextdomain(PACKAGE, LOCALEDIR);
	textdomain(PACKAGE);
#endif
	while ((c = getopt_long(argc, argv, "Vh", options, NULL)) != -1) {
		switch (c) {
		case 'V':
			printf(_("IR keytable control version %s\n"), VERSION);
			return EXIT_SUCCESS;
		case 'h':
			printf(_("Usage: %s [OPTION...]\n"), argv[0]);
			return EXIT_SUCCESS;
		default:
			return EXIT_FAILURE;
		}
	}
	return EXIT_SUCCESS;
}
