# SPDX-FileCopyrightText: Copyright (C) 2026 The aie-trace authors
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
# cmake -DPython3_EXECUTABLE=... -DAIE_TRACE_SOURCE_DIR=... -P CheckTestPython.cmake
# Checks that the interpreter can run the aie-trace test suite and says how to fix it if not.
execute_process(
  COMMAND "${Python3_EXECUTABLE}" -c "import aie_trace.opt.driver, lit, filecheck"
  RESULT_VARIABLE result
  ERROR_VARIABLE error
  OUTPUT_QUIET)
if(NOT result EQUAL 0)
  string(STRIP "${error}" error)
  string(REGEX REPLACE ".*\n" "" error "${error}")
  message(FATAL_ERROR
    "${Python3_EXECUTABLE} cannot run the aie-trace tests (${error}).\n"
    "Install the package with its test dependencies into that interpreter:\n"
    "  ${Python3_EXECUTABLE} -m pip install -e ${AIE_TRACE_SOURCE_DIR}[test]\n"
    "or configure with -DPython3_EXECUTABLE=<a Python that has them>.")
endif()
