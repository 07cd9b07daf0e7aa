// What the commands of one run share: the options several commands take (CLI11 fills them, at the top level or in
// the command), the comparison and render options made of them, standard input read once, the one Masker of
// --mask, and the checks of the files named on the command line. cli.cpp creates one Session per run; each
// command (*_cmd.cpp) adds its own options and reads this one.
#pragma once

#include <awrdiff/baseline.hpp>
#include <awrdiff/diff.hpp>
#include <awrdiff/mask.hpp>
#include <awrdiff/model.hpp>
#include <awrdiff/render.hpp>

#include <cstddef>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <type_traits>
#include <utility>
#include <vector>

namespace CLI {
class App;
}  // namespace CLI

namespace awrdiff::cli {

/// --mask, for every command that takes it.
inline constexpr const char* k_mask_help =
    "replace host, database, instance, service, PDB, schema, object, tablespace names, file paths, IP addresses and "
    "input file names with stable aliases (HOST1, DB1, OBJ3, /path1/file2.dbf) and SQL literals with '?' / 0, for "
    "sharing outside the company (docs/masking.md)";

/// --assume-same-database (check, baseline save).
inline constexpr const char* k_assume_help =
    "without a DB Id on both sides, accept a DB name match alone as the same database even when the platform or "
    "RAC-ness (RAC or single instance) differs or is not given (by default: exit 2 naming what differs)";

/// Keeps `object` until the process exits, never destroyed: a run's big objects (a check's typical snapshots and
/// windows, its report: 7 M instructions of freeing, allocation by allocation, for four snapshots of 1 MB of JSON)
/// go back to the system with the process, at once. The pointer to them stays reachable from a static, so
/// LeakSanitizer reports no leak. For the last step of a command only: nothing it holds (a file, a connection) is
/// closed.
template <class T>
void keep_until_exit(T&& object) {
  static auto* const kept = new std::vector<std::shared_ptr<const void>>();
  kept->push_back(std::make_shared<const std::decay_t<T>>(std::forward<T>(object)));
}

/// The options several commands take, as given on the command line.
struct SharedOptions {
  std::string output;  ///< -o FILE (empty or "-": standard output)
  std::string format_name = "text";  ///< -f NAME, lower-cased by Session::prepare
  bool verbose = false;
  int top_sql = 15;
  bool summary = false;
  bool mask_output = false;  ///< --mask
  std::size_t width = 120;  ///< -w N
  int rows = -1;  ///< --rows N (-1: the renderer's default)
  std::string color_mode = "auto";  ///< --color auto|always|never
  bool strict = false;  ///< --strict
  bool assume_same_database = false;  ///< --assume-same-database (check, baseline save)
};

/// Adds the output options of a comparison, a report and a check (-o, -f, -v, --top-sql, --mask, --strict, -s,
/// -w, --rows, --color) to `a`, bound to `o`.
void add_common_options(CLI::App* a, SharedOptions& o);

/// Standard input as a report ("-"): read once, at most as much as a file (512 MiB), decoded like a file.
class StandardInput {
public:
  const std::string& text();

private:
  std::optional<std::string> m_text;
};

/// One run: its shared options and what its steps share.
struct Session {
  SharedOptions o;
  bool dash_dash = false;  ///< `--` is among the arguments
  CompareOptions copt;
  RenderOptions ropt;
  StandardInput standard_input;
  Masker masker;  ///< --mask: every snapshot (and baseline) masked by this one Masker after loading, before any output

  /// The comparison and render options from the options given (colour, width, the format's case); says on
  /// standard error that a width under 80 is taken as 80.
  void prepare();
  /// One report of a file, or of standard input ("-").
  Snapshot load(const std::string& f);
  /// Every report of a file (a file of concatenated reports holds several): for sets, `snapshot` and `check`.
  std::vector<Snapshot> load_each(const std::string& f);
  /// --strict: every warning-level parse diagnostic of the reports on standard error, then an Error (exit 2)
  /// before any output.
  void check_strict(const std::vector<const Snapshot*>& snapshots) const;
  /// check_strict, then (--mask) every snapshot and baseline masked.
  void mask_all(const std::vector<Snapshot*>& snapshots, const std::vector<Baseline*>& baselines = {});
};

/// The format named by -f (lower case); an Error (exit 2) listing the formats for another name.
Format format_or_throw(const std::string& name);

/// Refuses an output file that is one of the inputs (it would be replaced by the output), by any name of it
/// (a symlink, a hard link): `what` says which input ("an input report", "the policy file").
void check_output_is_not_an_input(const std::string& output, const std::vector<std::string>& inputs,
                                  std::string_view what = "an input report");

/// Every input named "-" is standard input, which can be read once.
void check_stdin_once(const std::vector<std::string>& files);

/// BASE and TARGET that are one file (the same path, or two names of it): an Error.
void check_two_files(const std::vector<std::string>& files);

/// Each report of a set comparison once: `files` each path with its role ("in the base set", "in the target set").
void check_distinct_files(const std::vector<std::pair<std::string, std::string_view>>& files);

}  // namespace awrdiff::cli
