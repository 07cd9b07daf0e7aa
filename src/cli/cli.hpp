#pragma once

namespace awrdiff::cli {
/// Runs the command line; returns the process exit code (0 fine, 1 regression, 2 error).
int run(int argc, char** argv);
}  // namespace awrdiff::cli
