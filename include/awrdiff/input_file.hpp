// awrdiff — reading an input file safely: every file awrdiff reads (reports, snapshots, baselines, metric
// dumps, the policy file, standard input) goes through one of these two functions, so that none can hang
// the process or make it hold more than a fixed number of bytes.
#pragma once

#include <awrdiff/error.hpp>

#include <cstddef>
#include <filesystem>
#include <string>
#include <string_view>

namespace awrdiff {

/// What an input file should be, for the limits and the messages.
struct InputFileKind {
  std::string_view what;  ///< "report", "policy file": in "is a directory, not a report"
  std::size_t max_bytes;  ///< larger files are refused before a byte is read (a pipe: once it passed this)
  std::string_view too_large;  ///< the reason after "file larger than N MiB; " (what such files usually weigh)
  /// Refuse binary content (four NUL bytes in a row) in the first 64 KiB, before the rest is read; gzip data
  /// (magic 1F 8B) is let through when `gzip` is set (decode_input checks what it inflates to). With `gzip`
  /// (bytes that decode_input decodes), other bytes are also refused from their first 64 KiB when they are sure
  /// to fail decode_input's test (a NUL byte in the first 64 KiB of the text they decode to): random or
  /// compressed data on standard input is refused at once, not after 512 MiB.
  bool refuse_binary = true;
  bool gzip = true;
  bool refuse_empty = true;  ///< "empty file" (a policy file may be empty: the defaults)
};

/// The kind of a report, saved snapshot, baseline file or metric dump: at most 512 MiB, gzip accepted.
InputFileKind report_input_kind();

/// Reads the bytes of the file at `file` (not decoded). Refused with Error(file, reason), before any read
/// that could block or grow without bound:
/// - an empty name, a missing file, a directory;
/// - a device (/dev/zero, a terminal), a socket, and a named pipe (FIFO) on disk, which blocks until some
///   other process opens it for writing: read such a stream as standard input (`-`) instead. A pipe the
///   shell already opened (`<(zcat report.gz)`, /dev/fd/N) is an open descriptor, as standard input is,
///   and is read to its end;
/// - a file larger than `kind.max_bytes` (from its size; a pipe once it passed the limit), an empty one,
///   and binary content (see InputFileKind::refuse_binary).
std::string read_input_file(const std::filesystem::path& file, const InputFileKind& kind);

/// The same for an open descriptor (standard input: `fd` 0, `name` "-"): the size limit (a regular file
/// redirected in: from its size) and the binary probe; a terminal is refused.
std::string read_input_descriptor(int fd, const std::string& name, const InputFileKind& kind);

}  // namespace awrdiff
