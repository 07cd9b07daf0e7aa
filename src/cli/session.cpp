// What the commands of one run share (session.hpp).
#include "cli/session.hpp"

#include <awrdiff/error.hpp>
#include <awrdiff/input_file.hpp>
#include <awrdiff/parse.hpp>

#include <CLI/CLI.hpp>
#include <fmt/format.h>

#include <algorithm>
#include <cctype>
#include <cstdlib>
#include <filesystem>
#include <iostream>
#include <unistd.h>

namespace awrdiff::cli {

void add_common_options(CLI::App* a, SharedOptions& o) {
  a->add_option("-o,--output", o.output, "write to FILE (via a temporary file and rename; '-' is stdout) instead of stdout");
  a->add_option("-f,--format", o.format_name,
                "text (default), markdown (GitHub, Jira Cloud), jira (Jira Server / Data Center wiki markup), html or "
                "json; any case");
  a->add_flag("-v,--verbose", o.verbose, "also list parse diagnostics (cells that could not be read, unknown sections)");
  a->add_option("--top-sql", o.top_sql, "how many SQL statements to list (default 15)")->check(CLI::Range(1, 1000));
  a->add_flag("--mask", o.mask_output, k_mask_help);
  a->add_flag("--strict", o.strict,
              "exit 2, writing nothing, when a report has a parse warning (a cell that could not be read, a truncated "
              "or invalid report); each is listed on standard error");
  a->add_flag("-s,--summary", o.summary,
              "the verdict, the database, instance, snaps and times, the comparability warnings and the findings only "
              "(at most 40 lines), for a ticket comment");
  a->add_option("-w,--width", o.width,
                "text: fit the output in N columns (default 120; at least 80, a smaller N is taken as 80 with a "
                "warning): the least telling columns left out, names and SQL text cut with '…', sql_ids and numbers "
                "never; 0 = no limit")
      ->check(CLI::Range(0, 100000));
  a->add_option("--rows", o.rows,
                "text, markdown, jira: rows shown of each long section table, ranked by the size of their change "
                "(default 10; 0 = every row; HTML and JSON list every row)")
      ->check(CLI::Range(0, 100000));
  a->add_option("--color,--colour", o.color_mode,
                "text: colour each change by its assessment (worse red, better green): auto (default: when stdout is "
                "a terminal and NO_COLOR is unset), always or never")
      ->check(CLI::IsMember({"auto", "always", "never"}, CLI::ignore_case));
}

void Session::prepare() {
  copt.top_sql = o.top_sql;
  ropt.verbose = o.verbose;
  ropt.summary = o.summary;
  if (o.width > 0 && o.width < 80) {  // the tables need 80 columns: the output still comes, 80 wide, with a word
    std::cerr << fmt::format("awrdiff: --width {}: text output needs at least 80 columns; using 80\n", o.width);
    o.width = 80;
  }
  ropt.width = o.width;
  ropt.rows = o.rows;
  for (auto& ch : o.format_name) ch = static_cast<char>(std::tolower(static_cast<unsigned char>(ch)));
  for (auto& ch : o.color_mode) ch = static_cast<char>(std::tolower(static_cast<unsigned char>(ch)));
  // Colour only for a terminal: never into a file or a pipe unless asked, never when NO_COLOR is set
  // (no-color.org) or the terminal is dumb.
  const char* no_color = std::getenv("NO_COLOR");
  const char* term = std::getenv("TERM");
  ropt.color = o.color_mode == "always" ||
               (o.color_mode == "auto" && (o.output.empty() || o.output == "-") && ::isatty(STDOUT_FILENO) == 1 &&
                (no_color == nullptr || *no_color == '\0') && !(term != nullptr && std::string_view(term) == "dumb"));
}

Snapshot Session::load(const std::string& f) { return f == "-" ? parse_report(standard_input.text(), "-") : load_report(f); }

std::vector<Snapshot> Session::load_each(const std::string& f) {
  return f == "-" ? parse_reports(standard_input.text(), "-") : load_each_report(f);
}

void Session::check_strict(const std::vector<const Snapshot*>& snapshots) const {
  if (!o.strict) return;
  std::size_t n = 0;
  for (const auto* s : snapshots)
    for (const auto& d : s->diagnostics) {
      if (d.level != Diagnostic::Level::warning) continue;
      ++n;
      std::cerr << "awrdiff: " << (s->source == "-" ? std::string("standard input") : s->source)
                << (d.line > 0 ? fmt::format(":{}", d.line) : std::string()) << ": "
                << (d.section.empty() ? std::string() : "[" + d.section + "] ") << d.message << "\n";
    }
  if (n > 0) throw Error("", fmt::format("--strict: {} parse warning{} in the reports (listed above)", n, n == 1 ? "" : "s"));
}

void Session::mask_all(const std::vector<Snapshot*>& snapshots, const std::vector<Baseline*>& baselines) {
  check_strict({snapshots.begin(), snapshots.end()});
  if (o.mask_output) mask(snapshots, masker, baselines);
}

// Refuses an output file that is one of the inputs (it would be replaced by the output), by any name of it
// (a symlink, a hard link): `what` says which input ("an input report", "the policy file").
void check_output_is_not_an_input(const std::string& output, const std::vector<std::string>& inputs, std::string_view what) {
  if (output.empty() || output == "-") return;
  std::error_code ec;
  if (!std::filesystem::exists(output, ec)) return;
  for (const auto& f : inputs)
    if (!f.empty() && f != "-" && std::filesystem::equivalent(output, f, ec))
      throw Error(output, fmt::format("is {}; choose another output file", what));
}

Format format_or_throw(const std::string& name) {
  auto f = parse_format(name);
  if (!f) throw Error("", fmt::format("unknown format '{}' ({})", name, format_names()));
  return *f;
}

// Standard input: binary data is refused after its first 64 KiB, a redirected file larger than the limit before it
// is read.
const std::string& StandardInput::text() {
  if (m_text) return *m_text;
  std::string bytes = read_input_descriptor(STDIN_FILENO, "-", report_input_kind());
  m_text = decode_input(std::move(bytes), "-");
  return *m_text;
}

// Every input named "-" is standard input, which can be read once.
void check_stdin_once(const std::vector<std::string>& files) {
  if (std::count(files.begin(), files.end(), std::string("-")) > 1)
    throw Error("", "standard input (-) can stand for one report only");
}

// BASE and TARGET that are one file (the same path, or two names of it): a slip, usually a script
// comparing the latest report with itself; comparing it would only ever say "Unchanged".
void check_two_files(const std::vector<std::string>& files) {
  if (files.size() != 2 || files[0] == "-" || files[1] == "-") return;
  std::error_code ec;
  if (files[0] == files[1])
    throw Error(files[1], "given as both the base and the target: give the report of another period as the target");
  if (std::filesystem::equivalent(files[0], files[1], ec))
    throw Error(files[1],
                fmt::format("is the same file as the base report {}: give the report of another period as the target", files[0]));
}

// Each report of a set comparison once: a file named twice (the same path, or two names of one file) would count
// twice in a set's statistics and fake significance. (A check drops duplicate periods itself, and the current
// period from its baseline, saying so.) `files`: each path with its role ("in the base set", "in the target
// set"). Standard input (-) is left to check_stdin_once.
void check_distinct_files(const std::vector<std::pair<std::string, std::string_view>>& files) {
  for (std::size_t i = 0; i < files.size(); ++i)
    for (std::size_t j = 0; j < i; ++j) {
      const auto& [a, role_a] = files[j];
      const auto& [b, role_b] = files[i];
      if (a == "-" || b == "-") continue;
      std::error_code ec;
      if (a != b && !std::filesystem::equivalent(a, b, ec)) continue;
      const std::string where = role_a == role_b ? fmt::format("twice {}", role_a) : fmt::format("{} and {}", role_a, role_b);
      throw Error(b, fmt::format("given {}{}: each report counts once", where, a == b ? "" : fmt::format(" (also as {})", a)));
    }
}

}  // namespace awrdiff::cli
