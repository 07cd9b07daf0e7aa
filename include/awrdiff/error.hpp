// awrdiff — errors and diagnostics.
//
// A whole operation that cannot proceed throws awrdiff::Error (caught once, in the CLI's main).
// A cell or row that cannot be read does not throw: it becomes a Diagnostic attached to the result.
#pragma once

#include <stdexcept>
#include <string>

namespace awrdiff {

/// Process exit codes: 0 fine, 1 regression found (`check`), 2 error.
enum class ExitCode : int { ok = 0, regression = 1, error = 2 };

/// The one exception type of the library. `file()` names the input (may be empty), `what()` is
/// the whole one-line message "FILE: reason" (or just "reason" without a file).
class Error : public std::runtime_error {
public:
  Error(std::string file, std::string reason, ExitCode code = ExitCode::error);
  const std::string& file() const noexcept { return m_file; }
  const std::string& reason() const noexcept { return m_reason; }
  ExitCode exit_code() const noexcept { return m_code; }

private:
  std::string m_file;
  std::string m_reason;
  ExitCode m_code;
};

/// Something in an input that could not be read exactly as written: an unparseable cell, an
/// unknown section, an implausible value. Shown by `--verbose`; never stops the parse; `--strict` fails on
/// the warnings. Kept structured up to the renderers, which choose the words (text: "FILE:LINE: [section]
/// warning: message"; JSON: an object per diagnostic, docs/json.md).
struct Diagnostic {
  /// info: a note on the input (a section not read, a figure derived another way); warning: a value or section
  /// that could not be read as written, so a figure may be missing (what `--strict` counts).
  enum class Level { info, warning };
  Level level = Level::warning;
  std::string section;  ///< catalog key of the report section, or its title when unknown; empty: the whole input
  int line = 0;  ///< 1-based line in the input file; 0 when unknown
  std::string message;  ///< one line, without the file, line or section
  /// The input's path as given on the command line ("-" for standard input). Empty in a Snapshot's own
  /// diagnostics, where Snapshot::source names the file; set when they are collected into a Comparison.
  std::string file = {};
};

}  // namespace awrdiff
