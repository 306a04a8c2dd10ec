# SPDX-License-Identifier: MIT
# tests/matrix/matrix.mk - the boot matrix (issue #5): firmware (SeaBIOS, OVMF)
# x memory (16M..4G) x machine (pc, q35) x CPU model, plus no-serial cells
# that read the screen. Included from the top Makefile.
#
#   make test-matrix         every cell, 2 in parallel (about 2 minutes)
#   make test-matrix-quick   BIOS 16M qemu32 + UEFI 3.5G Skylake-Client (make test)
#   make test-matrix MATRIX_ARGS="--only uefi -j 1"
MATRIX_ARGS ?=

.PHONY: test-matrix test-matrix-quick

test-matrix: deps-test kernel
	@$(PYTHON) tests/matrix/run_matrix.py $(MATRIX_ARGS)

test-matrix-quick: deps-test kernel
	@$(PYTHON) tests/matrix/run_matrix.py --quick $(MATRIX_ARGS)
