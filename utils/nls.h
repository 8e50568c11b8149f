/* SPDX-License-Identifier: GPL-2.0-or-later */
/* gettext glue: every user-visible string goes through _() or N_(). */
#ifndef IRKIT_NLS_H
#define IRKIT_NLS_H

#include "config.h"

#if ENABLE_NLS
#include <libintl.h>
#define _(str) gettext(str)
#else
#define _(str) (str)
#endif
#define N_(str) (str)

/*
 * The user's locale, and the message catalogues: the installed ones, or those
 * IR_KEYTABLE_LOCALEDIR names, which the tests point at the build tree (see
 * ENVIRONMENT in ir-keytable(1)). Every program's main calls it first.
 */
void nls_setup(void);

#endif
