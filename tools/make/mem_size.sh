# SPDX-License-Identifier: MIT
# tools/make/mem_size.sh - sourced by tools/make/run-qemu.sh and tools/make/gdb.sh: one
# reading of MEM= for both.
#
# mem_size_kib WHO SIZE: sets mem_kib to SIZE in KiB and returns 0; SIZE is
# N[.F][K|M|G] as QEMU's -m takes it (a bare N is MiB; a fraction of up to
# three digits, e.g. 3.5G). Anything else (0 is judged by the caller's floor):
# a message naming MEM= and the accepted form on stderr, status 2.
mem_size_kib() {
	local who=$1 size=$2 frac frac_div
	if ! [[ "$size" =~ ^([0-9]{1,9})(\.([0-9]{1,3}))?([kKmMgG]?)$ ]]; then
		echo "$who: memory size '$size' (MEM=) rejected: accepted: N, NK, NM or NG (a bare N is MiB;" \
			"a fraction such as 3.5G too), e.g. 256M" >&2
		return 2
	fi
	frac=${BASH_REMATCH[3]}
	frac_div=$((10 ** ${#frac}))
	mem_kib=$((10#${BASH_REMATCH[1]} * frac_div + 10#${frac:-0}))
	case ${BASH_REMATCH[4]} in
	[kK]) ;;
	'' | [mM]) mem_kib=$((mem_kib * 1024)) ;;
	[gG]) mem_kib=$((mem_kib * 1024 * 1024)) ;;
	esac
	mem_kib=$((mem_kib / frac_div))
}
