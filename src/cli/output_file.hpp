// Where a command's output goes: standard output, or a file written through a temporary file and a rename, so
// that a failed or interrupted run never leaves a half-written file. Every command writes through emit or
// emit_streamed.
#pragma once

#include <awrdiff/snapshot_json.hpp>

#include <functional>
#include <string>

namespace awrdiff::cli {

/// Writes the text `write` gives, in pieces, to `output` (empty or "-": standard output; else the file, replaced
/// atomically). Throws Error (exit 2) when it cannot be written.
void emit_streamed(const std::function<void(const TextSink&)>& write, const std::string& output);

/// Writes `text` to `output`, as emit_streamed does.
void emit(const std::string& text, const std::string& output);

}  // namespace awrdiff::cli
