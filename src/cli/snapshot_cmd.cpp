// `awrdiff snapshot FILE...`: the parsed snapshot(s) as JSON (commands.hpp).
#include "cli/commands.hpp"
#include "cli/deferred_options.hpp"
#include "cli/output_file.hpp"

#include <awrdiff/error.hpp>
#include <awrdiff/parse.hpp>
#include <awrdiff/snapshot_json.hpp>

#include <CLI/CLI.hpp>

#include <filesystem>
#include <iostream>

namespace awrdiff::cli {
namespace {

// One file: its report as one JSON object, or its reports (a file of concatenated reports) as an array.
int snapshot_of_one_file(const SnapshotCli& c, Session& session) {
  const std::string& output = session.o.output;
  const bool verbose = session.o.verbose;
  auto all = session.load_each(c.files.front());
  std::vector<const Snapshot*> parsed;
  for (const auto& s : all) parsed.push_back(&s);
  session.check_strict(parsed);
  if (session.o.mask_output) mask(all, session.masker);
  if (all.size() == 1) {
    emit_streamed([&](const TextSink& sink) { write_snapshot_json(all.front(), verbose, sink); }, output);
    return 0;
  }
  std::vector<LoadResult> each;  // several reports in the file: an array, one entry per report
  for (auto& s : all)
    each.push_back(
        {session.o.mask_output ? session.masker.source(c.files.front()) : c.files.front(), std::move(s), std::nullopt});
  emit_streamed([&](const TextSink& sink) { write_snapshots_json(each, verbose, sink); }, output);
  return 0;
}

}  // namespace

void add_snapshot_command(CLI::App& app, SnapshotCli& c, Session& session, DeferredOptions& deferred) {
  auto* snapshot = app.add_subcommand(
      "snapshot", "print the parsed snapshot of a report as JSON (several reports: a JSON array, parsed in parallel)");
  c.command = snapshot;
  deferred.defer(snapshot, [snapshot, &c, &o = session.o] {
    snapshot->add_option("files", c.files, "AWR reports")->required()->expected(1, -1);
    snapshot->add_option("-j,--jobs", c.jobs, "parse at most N files at once (default: number of CPUs)")
        ->check(CLI::Range(1, 1024));
    snapshot->add_option("-f,--format", o.format_name, "json (the only format)");
    snapshot->add_option("-o,--output", o.output, "write to FILE instead of stdout");
    snapshot->add_flag("-v,--verbose", o.verbose, "include diagnostics");
    snapshot->add_flag("--mask", o.mask_output, k_mask_help);
  });
}

int run_snapshot(const SnapshotCli& c, Session& session) {
  const std::string& output = session.o.output;
  if (session.o.format_name != "json" && session.o.format_name != "text")
    throw Error("", "snapshot prints JSON only (--format json)");
  check_output_is_not_an_input(output, c.files);
  check_stdin_once(c.files);
  if (c.files.size() == 1) return snapshot_of_one_file(c, session);
  // Several files: parsed in parallel; an array in argument order, {"file", "snapshot"} or
  // {"error", "file"} per file; each error also on stderr; exit 2 when any file failed.
  std::vector<std::filesystem::path> paths(c.files.begin(), c.files.end());
  auto results = load_reports_each(paths, c.jobs);
  std::vector<const Snapshot*> parsed;
  for (const auto& r : results)
    if (r.snapshot) parsed.push_back(&*r.snapshot);
  session.check_strict(parsed);
  if (session.o.mask_output) mask(results, session.masker);
  bool failed = false;
  for (const auto& r : results)
    if (!r.snapshot) {
      failed = true;
      std::cerr << "awrdiff: " << r.error->what() << "\n";
    }
  emit_streamed([&](const TextSink& sink) { write_snapshots_json(results, session.o.verbose, sink); }, output);
  return failed ? static_cast<int>(ExitCode::error) : 0;
}

}  // namespace awrdiff::cli
