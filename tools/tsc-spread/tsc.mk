# SPDX-License-Identifier: MIT
# tools/tsc-spread/tsc.mk - TSC calibration accuracy as a printed figure
# (issue 8, item 5). Included from the top Makefile.
#
#   make tsc-spread [TSC_BOOTS=10] [TSC_ARGS="--load 2 --machines pc"]
#       boots the kernel TSC_BOOTS times per timer (PIT, HPET, ACPI PM timer)
#       and prints each source's calibrated values against the host's TSC
#       rate: min, median, max, spread across boots, worst error, and the
#       in-boot window spread. Not part of `make test` (a figure, not a test).
TSC_BOOTS ?= 10
TSC_ARGS  ?=

.PHONY: tsc-spread

$(B)/tsc-spread/tsc_ref: tools/tsc-spread/tsc_ref.c
	@mkdir -p $(dir $@)
	$(call quiet,HOSTCC,$@)$(HOSTCC) -O2 -Wall -Wextra -Werror -o $@ $<

tsc-spread: kernel $(B)/tsc-spread/tsc_ref
	@$(PYTHON) tools/tsc-spread/tsc_spread.py --boots $(TSC_BOOTS) --ref $(B)/tsc-spread/tsc_ref $(TSC_ARGS)
