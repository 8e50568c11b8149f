// SPDX-License-Identifier: GPL-2.0-or-later
#include "config.h"

#include <locale.h>
#include <stdlib.h>

#include "nls.h"

void nls_setup(void)
{
	setlocale(LC_ALL, "");
#if ENABLE_NLS
	const char *localedir = getenv("IR_KEYTABLE_LOCALEDIR");

	bindtextdomain(PACKAGE, localedir && *localedir ? localedir : LOCALEDIR);
	textdomain(PACKAGE);
#endif
}
