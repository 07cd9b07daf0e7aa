// `awrdiff tables FILE`: the tables found in one report and the catalog entries matched, for debugging a parse
// (commands.hpp).
#include "cli/commands.hpp"
#include "cli/deferred_options.hpp"
#include "cli/output_file.hpp"

#include <awrdiff/catalog.hpp>
#include <awrdiff/error.hpp>
#include <awrdiff/parse.hpp>
#include <awrdiff/printable.hpp>

#include <CLI/CLI.hpp>
#include <fmt/format.h>

#include <iterator>

namespace awrdiff::cli {

void add_tables_command(CLI::App& app, TablesCli& c, Session& session, DeferredOptions& deferred) {
  auto* tables = app.add_subcommand("tables", "list the tables found in one report and the catalog entries matched (debugging)");
  c.command = tables;
  deferred.defer(tables, [tables, &c, &o = session.o] {
    tables->add_option("file", c.file, "report")->required();
    tables->add_flag("--rows", c.show_rows, "also print every row's cells");
    tables->add_option("-o,--output", o.output, "write to FILE instead of stdout");
    tables->add_option("-f,--format", o.format_name, "text (the only format)");
  });
}

int run_tables(const TablesCli& c, Session& session) {
  const std::string& output = session.o.output;
  if (session.o.format_name != "text") throw Error("", "tables prints text only (--format text)");
  check_output_is_not_an_input(output, {c.file});
  const auto text = c.file == "-" ? session.standard_input.text() : read_input(c.file);
  const auto raw = tokenize(text, detect_input(text));
  std::string listing;
  auto out = std::back_inserter(listing);
  for (const auto& t : raw.tables) {
    fmt::format_to(out, "[{}] '{}' line {} rows {}\n   ", section_spec(t.section).key, t.title, t.line, t.rows.size());
    if (!t.summary.empty()) fmt::format_to(out, "summary '{}'\n   ", t.summary);
    for (std::size_t i = 0; i < t.headers.size(); ++i)
      fmt::format_to(out, "'{}'({}) ", t.headers[i], column_spec(t.columns[i]).key);
    listing += '\n';
    if (c.show_rows)
      for (const auto& r : t.rows) {
        fmt::format_to(out, "     {:>6}:", r.line);
        for (const auto& cell : r.cells) fmt::format_to(out, " |{}", cell);
        listing += '\n';
      }
  }
  emit(printable(listing, true), output);
  return 0;
}

}  // namespace awrdiff::cli
