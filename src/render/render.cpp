// The renderers' entry: the format named, the comparison made printable, and render() dispatching to the
// formats (text.cpp: text and Markdown; jira.cpp, html.cpp, json.cpp); their shared helpers are in render_common.cpp.
#include <awrdiff/render.hpp>

#include "render_common.hpp"

#include <awrdiff/printable.hpp>

#include <algorithm>
#include <cctype>
#include <cmath>
#include <fmt/format.h>
#include <fmt/ranges.h>
#include <utility>
#include <vector>

namespace awrdiff {

std::optional<Format> parse_format(std::string_view given) {
  std::string name(given);
  for (auto& ch : name) ch = static_cast<char>(std::tolower(static_cast<unsigned char>(ch)));
  if (name == "text" || name == "txt") return Format::text;
  if (name == "markdown" || name == "md") return Format::markdown;
  if (name == "html") return Format::html;
  if (name == "json") return Format::json;
  if (name == "jira") return Format::jira;
  return std::nullopt;
}

const char* format_names() { return "text, markdown, html, json, jira"; }

namespace render_detail {

namespace {

// Calls `f` on every string of a comparison that a renderer may print (C: Comparison or const Comparison).
template <class C, class F>
void for_each_text(C& c, F f) {
  f(c.base_source);
  f(c.target_source);
  f(c.headline);
  for (auto& w : c.warnings) f(w);
  for (auto& x : c.contributors) f(x.name);
  for (auto& x : c.findings) {
    f(x.rule);
    f(x.title);
    f(x.cause);
    for (auto& e : x.evidence) f(e);
    for (auto& m : x.metrics) {
      f(m.key);
      f(m.label);
      f(m.unit);
    }
  }
  for (auto& t : c.tables) {
    f(t.key);
    f(t.title);
    f(t.empty_text);
    for (auto& n : t.notes) f(n);
    for (auto& col : t.columns) {
      f(col.key);
      f(col.header);
      f(col.unit);
    }
    for (auto& r : t.rows)
      for (auto& cell : r.cells) {
        if (auto* s = std::get_if<std::string>(&cell)) f(*s);
        else if (auto* p = std::get_if<Points>(&cell)) f(p->measure);
        else if (auto* in = std::get_if<CountedIn>(&cell)) f(in->item);
      }
  }
  for (auto& d : c.diagnostics) {
    f(d.section);
    f(d.message);
    f(d.file);
  }
  for (auto& p : c.period_info) {
    f(p.role);
    f(p.files);
    f(p.database);
    f(p.instance);
    f(p.begin_time);
    f(p.end_time);
  }
  for (auto& ch : c.charts) {
    f(ch.key);
    f(ch.title);
    f(ch.unit);
    for (auto& x : ch.categories) f(x);
    for (auto& x : ch.groups) f(x);
    for (auto& m : ch.members)
      for (auto& x : m) f(x);
    for (auto& s : ch.series) {
      f(s.name);
      f(s.unit);
      f(s.assessment);
      f(s.colour);
    }
    for (auto& n : ch.notes) f(n);
  }
}

}  // namespace

bool has_unprintable_text(const Comparison& c) {
  bool found = false;
  for_each_text(c, [&found](const std::string& s) { found = found || !is_printable(s); });
  return found;
}

void make_printable(Comparison& c) {
  for_each_text(c, [](std::string& s) {
    if (!is_printable(s)) s = printable(s);
  });
}

}  // namespace render_detail

void render(const Comparison& comparison, Format format, const RenderOptions& options, std::ostream& out) {
  using namespace render_detail;
  // The text formats print no control character of a report (an escape sequence, a bell, a carriage return):
  // each becomes "�" (printable.hpp), in every string, once, before any renderer reads it. JSON escapes them.
  if (format != Format::json && has_unprintable_text(comparison)) {
    Comparison safe = comparison;
    make_printable(safe);
    render(safe, format, options, out);
    return;
  }
  if (options.summary && (format == Format::json || format == Format::html)) {
    // The summary of the machine and page formats: the same document without the tables (the verdict,
    // warnings, findings and their charts stay).
    Comparison brief = comparison;
    brief.tables.clear();
    brief.diagnostics.clear();
    RenderOptions o = options;
    o.summary = false;
    o.verbose = false;
    if (format == Format::json) render_json(brief, o, out);
    else render_html(brief, o, out);
    return;
  }
  switch (format) {
    case Format::jira:
      render_jira(comparison, options, out);
      return;
    case Format::text:
      render_text(comparison, options, out);
      return;
    case Format::markdown:
      render_markdown(comparison, options, out);
      return;
    case Format::html:
      render_html(comparison, options, out);
      return;
    case Format::json:
      render_json(comparison, options, out);
      return;
  }
}

}  // namespace awrdiff
