#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# tools/deps.sh - make sure the build, run and test tools are installed.
#
# usage: tools/deps.sh run|gdb|test|cachesim|bench-host|alpha|all
#        tools/deps.sh --list JOB      the job's packages, one line (for .ci/run)
#        tools/deps.sh --markdown      README's table of packages
# The packages come from tools/deps.txt, the one list. Checks each package
# the job needs (its command, or dpkg-query); installs the missing ones with
# apt-get (as root, or through sudo). When it cannot install, it prints the
# exact apt-get command and exits 1.
set -euo pipefail
cd "$(dirname "$0")/.."
list=tools/deps.txt
mode=install
case "${1:-}" in
--list) mode=list; shift ;;
--markdown) mode=markdown; set -- all ;;
esac
job=${1:-run}
case "$job" in
run | gdb | test | cachesim | bench-host | alpha | all) ;;
*)
	echo "deps.sh: unknown job '$job' (accepted: run, gdb, test, cachesim, bench-host, alpha, all)" >&2
	exit 2
	;;
esac

# "package command" for the job: its own packages, and run's for the jobs that boot the kernel
wanted() {
	awk -v job="$job" '
	/^#/ || NF < 3 { next }
	{
		n = split($2, j, ",")
		want = (job == "all")
		for (i = 1; i <= n; i++)
			if (j[i] == job || (j[i] == "run" && job != "bench-host" && job != "alpha"))
				want = 1
		if (want)
			print $1, $3
	}' "$list"
}

if [ "$mode" = markdown ]; then
	echo "| package | needed by | what for |"
	echo "|---|---|---|"
	awk '/^#/ || NF < 3 { next } { why = ""; for (i = 4; i <= NF; i++) why = why (i > 4 ? " " : "") $i;
		jobs = $2; gsub(",", ", ", jobs); printf "| %s | %s | %s |\n", $1, jobs, why }' "$list"
	exit 0
fi
if [ "$mode" = list ]; then
	wanted | awk '{ printf "%s%s", (NR > 1 ? " " : ""), $1 } END { print "" }'
	exit 0
fi

missing=()
while read -r pkg cmd; do
	if [ "$cmd" != - ]; then
		command -v "$cmd" >/dev/null 2>&1 && continue
	elif dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null | grep -q 'install ok installed'; then
		continue
	fi
	missing+=("$pkg")
done < <(wanted)
[ ${#missing[@]} -eq 0 ] && exit 0

echo "deps: installing missing Debian packages: ${missing[*]}"
if [ "$(id -u)" = 0 ]; then
	SUDO=
elif command -v sudo >/dev/null 2>&1; then
	SUDO=sudo
else
	echo "deps: not root and no sudo; run: apt-get install -y ${missing[*]}" >&2
	exit 1
fi
export DEBIAN_FRONTEND=noninteractive
if ! $SUDO apt-get install -y -q "${missing[@]}" >/tmp/deps-apt.log 2>&1; then
	$SUDO apt-get update -q >/dev/null 2>&1 || true
	if ! $SUDO apt-get install -y -q "${missing[@]}" >/tmp/deps-apt.log 2>&1; then
		tail -20 /tmp/deps-apt.log >&2
		echo "deps: apt-get failed; run: apt-get install -y ${missing[*]}" >&2
		exit 1
	fi
fi
echo "deps: installed ${missing[*]}"
