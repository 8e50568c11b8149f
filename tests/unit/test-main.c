// SPDX-License-Identifier: GPL-2.0-or-later
#include "config.h"

#include <stdlib.h>

#include "test-main.h"

int main(void)
{
	SRunner *runner;
	int failed, ret;

	if (unit_test.setup) {
		ret = unit_test.setup();
		if (ret)
			return ret;
	}
	runner = srunner_create(unit_test.suite());
	if (unit_test.no_fork)
		srunner_set_fork_status(runner, CK_NOFORK);
	srunner_run_all(runner, CK_NORMAL);
	failed = srunner_ntests_failed(runner);
	srunner_free(runner);
	if (unit_test.teardown)
		unit_test.teardown();
	return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
