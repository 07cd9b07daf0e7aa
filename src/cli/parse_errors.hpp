// The command line's own words for CLI11's parse errors.
#pragma once

#include <CLI/CLI.hpp>

#include <string>

namespace awrdiff::cli {

/// One line for a command-line mistake, in awrdiff's words rather than CLI11's ("files: At Most 2 required but
/// received 3", "A subcommand is required", "Value x not in range 1 to 1000"): an unknown option named with the
/// nearest known one ("unknown option --frmat (did you mean --format?)"), a missing value or argument, a value out of
/// range or not a number, a command that needs a subcommand (the subcommands listed). Ends with the help to read for
/// the command the mistake is in ("see awrdiff baseline save --help"). `app` is the parsed (failed) top-level app,
/// `argv` the arguments given (argv[0] skipped). No "awrdiff: " prefix; never throws.
std::string describe_parse_error(const CLI::App& app, const CLI::ParseError& e, int argc, const char* const* argv);

}  // namespace awrdiff::cli
