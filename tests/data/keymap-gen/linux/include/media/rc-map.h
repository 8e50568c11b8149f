/* SPDX-License-Identifier: GPL-2.0-or-later */
/* A stand-in for the kernel's rc-map.h: the keymap names the fixtures use. */
#ifndef FIXTURE_RC_MAP_H
#define FIXTURE_RC_MAP_H
#define RC_MAP_FIXTURE_ONE		"rc-fixture-one"
#define RC_MAP_FIXTURE_ONE_X	"rc-fixture-one-x"
#define RC_MAP_FIXTURE_SECOND	"rc-fixture-two"
#endif
