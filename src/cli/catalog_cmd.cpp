// `awrdiff catalog`: the catalog, the metric registry or the section comparisons as Markdown (docs/catalog.md,
// docs/findings.md, docs/sections.md are its output): what awrdiff reads, and the metric keys other commands take.
#include "cli/commands.hpp"
#include "cli/deferred_options.hpp"
#include "cli/output_file.hpp"

#include <awrdiff/catalog.hpp>
#include <awrdiff/diff.hpp>
#include <awrdiff/error.hpp>
#include <awrdiff/metrics.hpp>

#include <CLI/CLI.hpp>

namespace awrdiff::cli {

void add_catalog_command(CLI::App& app, CatalogCli& c, Session& session, DeferredOptions& deferred) {
  auto* catalog = app.add_subcommand("catalog",
                                     "the report sections awrdiff reads, its metric keys (--metrics: those of history show, "
                                     "timeline --metric and a policy) or how other sections are compared (--sections), "
                                     "as Markdown");
  c.command = catalog;
  deferred.defer(catalog, [catalog, &c, &o = session.o] {
    catalog->add_option("-f,--format", o.format_name, "markdown (the only format)");
    catalog->add_option("-o,--output", o.output, "write to FILE instead of stdout");
    catalog->add_flag("--metrics", c.metrics, "the metric registry table (docs/findings.md) instead");
    catalog->add_flag("--sections", c.sections,
                      "how each other report section is compared side by side (docs/sections.md) instead");
  });
}

int run_catalog(const CatalogCli& c, const Session& session) {
  const std::string& format_name = session.o.format_name;
  if (format_name != "markdown" && format_name != "text") throw Error("", "catalog prints Markdown only (--format markdown)");
  emit(c.sections ? section_comparisons_markdown() : c.metrics ? metrics_markdown() : catalog_markdown(), session.o.output);
  return 0;
}

}  // namespace awrdiff::cli
