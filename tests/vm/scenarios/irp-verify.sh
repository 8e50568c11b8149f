# SPDX-License-Identifier: GPL-2.0-or-later
# vm-timeout: 300
# The IRP compiler's programs before Linux 6.1's verifier: every protocol of the IRP
# database that irp_compile() takes (utils/irp/protocols.tsv; those it refuses are
# listed with their reasons in tests/unit/irp-compile-exceptions.txt) is compiled and
# loaded, and the verifier must accept each. Offline, test-irp-compile runs the same
# programs in bpf_vm on their renderings.
. /irkit/lib.sh

irp-verify /irkit/data/protocols.tsv
echo "exit status: $?"
