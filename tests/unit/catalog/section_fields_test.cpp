// A typed section's field binding (include/awrdiff/section_fields.hpp) drives its reading, its snapshot
// JSON and its comparison: a sample HTML report gets a Mutex Sleep Summary table; the builder reads it by
// the binding of MutexSleep (Builder::bound), the snapshot JSON writes and reads back exactly the bound
// fields in their keys' order, and the comparison's Mutex Sleep Summary takes its row name and rates
// from the fields its measures name.
#include <awrdiff/compare.hpp>
#include <awrdiff/diff.hpp>
#include <awrdiff/parse.hpp>
#include <awrdiff/section_fields.hpp>
#include <awrdiff/snapshot_json.hpp>

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <fstream>
#include <sstream>
#include <string>
#include <string_view>
#include <utility>
#include <variant>

namespace {

using awrdiff::ColumnId;
using awrdiff::FieldRole;
using awrdiff::MutexSleep;
using awrdiff::RowBinding;
using awrdiff::Snapshot;

std::string read_sample(const std::string& name) {
  std::ifstream in(std::string(AWRDIFF_SOURCE_DIR) + "/samples/" + name, std::ios::binary);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

std::string cell(std::string_view v) { return "<td class='awrc'>" + std::string(v) + "</td>"; }

// A sample HTML report with a Mutex Sleep Summary before "End of Report": one mutex with the given sleeps and
// wait time, and a blank row (not a row of the section).
std::string with_mutexes(const std::string& sample, std::string_view sleeps, std::string_view wait_ms) {
  std::string html = read_sample(sample);
  const std::string table =
      "<h3 class=\"awr\">Mutex Sleep Summary</h3>\n"
      "<table border=\"0\" class=\"tdiff\" summary=\"This table displays mutex sleep summary statistics\"><tr>"
      "<th class=\"awrbg\" scope=\"col\">Mutex Type</th><th class=\"awrbg\" scope=\"col\">Location</th>"
      "<th class=\"awrbg\" scope=\"col\">Sleeps</th><th class=\"awrbg\" scope=\"col\">Wait Time (ms)</th></tr>\n"
      "<tr>" +
      cell("Library Cache") + cell("kglhdgn2 106") + cell(sleeps) + cell(wait_ms) + "</tr>\n<tr>" + cell("") + cell("") +
      cell("") + cell("") + "</tr>\n</table>\n";
  const auto at = html.find("End of Report");
  EXPECT_NE(at, std::string::npos);
  html.insert(html.rfind('\n', at) + 1, table);
  return html;
}

TEST(SectionFields, BindingsAreWellFormed) {
  // The JSON order is the keys' byte-wise order; every field is one column of the catalog.
  const auto order = awrdiff::json_order<MutexSleep>();
  const auto& f = RowBinding<MutexSleep>::fields;
  ASSERT_EQ(order.size(), f.size());
  for (std::size_t i = 1; i < order.size(); ++i) EXPECT_LT(f[order[i - 1]].json_key, f[order[i]].json_key);
  EXPECT_EQ(f[0].role, FieldRole::key);
  EXPECT_EQ(awrdiff::column_spec(f[3].column).unit, awrdiff::Unit::millis);
  EXPECT_EQ(awrdiff::field_index<MutexSleep>("wait_time_ms"), 3u);
  EXPECT_EQ(awrdiff::field_index<MutexSleep>("nothing"), f.size());
  // Each bound reader is the reader of at least one catalog row.
  for (const auto reader : awrdiff::k_bound_sections)
    EXPECT_TRUE(std::any_of(awrdiff::all_sections().begin(), awrdiff::all_sections().end(), [&](const auto& s) {
      return s.reader == reader;
    })) << static_cast<int>(reader);
}

TEST(SectionFields, BindingDrivesReaderJsonAndComparison) {
  const Snapshot base = awrdiff::parse_report(with_mutexes("good.html", "1,200", "30"), "base.html");
  const Snapshot target = awrdiff::parse_report(with_mutexes("improved.html", "2,400", "6.0s"), "target.html");

  // Read by the binding: key cells as printed, numbers in the column's unit (6.0s is 6000 ms); the blank row
  // is not a row.
  ASSERT_EQ(target.mutex_sleeps.size(), 1u);
  const MutexSleep& m = target.mutex_sleeps[0];
  EXPECT_EQ(m.mutex_type, "Library Cache");
  EXPECT_EQ(m.location, "kglhdgn2 106");
  EXPECT_EQ(m.sleeps, 2400.0);
  EXPECT_EQ(m.wait_time_ms, 6000.0);

  // The snapshot JSON: the bound fields in their keys' order, read back the same.
  const std::string json = awrdiff::snapshot_json_text(target);
  const auto at = json.find("\"mutex_sleeps\"");
  ASSERT_NE(at, std::string::npos);
  const auto loc = json.find("\"location\"", at), type = json.find("\"mutex_type\"", at), sleeps = json.find("\"sleeps\"", at),
             wait = json.find("\"wait_time_ms\"", at);
  EXPECT_LT(loc, type);
  EXPECT_LT(type, sleeps);
  EXPECT_LT(sleeps, wait);
  const Snapshot again = awrdiff::snapshot_from_json(json, "target.json");
  ASSERT_EQ(again.mutex_sleeps.size(), 1u);
  EXPECT_EQ(again.mutex_sleeps[0].location, m.location);
  EXPECT_EQ(again.mutex_sleeps[0].wait_time_ms, m.wait_time_ms);
  EXPECT_EQ(awrdiff::snapshot_json_text(again), json);

  // Compared: the row named by its key fields, sleeps and wait time (ms as seconds) per second of elapsed.
  const auto c = awrdiff::compare(base, target);
  const auto t = std::find_if(c.tables.begin(), c.tables.end(), [](const auto& x) { return x.key == "mutex_sleeps"; });
  ASSERT_NE(t, c.tables.end());
  ASSERT_EQ(t->rows.size(), 1u);
  auto col = [&](std::string_view key) {
    for (std::size_t i = 0; i < t->columns.size(); ++i)
      if (t->columns[i].key == key) return i;
    return t->columns.size();
  };
  auto number = [&](std::string_view key) {
    const auto i = col(key);
    EXPECT_LT(i, t->rows[0].cells.size()) << key;
    const auto* d = i < t->rows[0].cells.size() ? std::get_if<double>(&t->rows[0].cells[i]) : nullptr;
    return d != nullptr ? *d : NAN;
  };
  const auto* name = std::get_if<std::string>(&t->rows[0].cells[col("name")]);
  ASSERT_NE(name, nullptr);
  EXPECT_EQ(*name, "Library Cache / kglhdgn2 106");
  ASSERT_TRUE(target.interval.elapsed_s && base.interval.elapsed_s);
  EXPECT_DOUBLE_EQ(number("target_sleeps_s"), 2400.0 / *target.interval.elapsed_s);
  EXPECT_DOUBLE_EQ(number("target_wait_aas"), 6.0 / *target.interval.elapsed_s);
  EXPECT_DOUBLE_EQ(number("base_wait_aas"), 0.030 / *base.interval.elapsed_s);
}

TEST(SectionFields, TableWithoutItsKeyColumnIsKeptAsPrinted) {
  std::string html = with_mutexes("good.html", "1", "2");
  const auto at = html.find(">Mutex Type<");
  ASSERT_NE(at, std::string::npos);
  html.replace(at, 12, ">Mutex Kind<");
  const Snapshot s = awrdiff::parse_report(html, "base.html");
  EXPECT_TRUE(s.mutex_sleeps.empty());
  EXPECT_TRUE(std::any_of(s.other_tables.begin(), s.other_tables.end(),
                          [](const auto& g) { return g.section == "mutex_sleep_summary"; }));
}

// One row of bound section R, its key fields "<key> row", its numbers 1e6, 2e6, 3e6... (a latch row above the
// quiet floor of its gets per second)
template <awrdiff::SectionReader R>
void add_row(Snapshot& s) {
  using Row = awrdiff::BoundRow<R>;
  Row row;
  double v = 1;
  for (const auto& f : RowBinding<Row>::fields) {
    if (f.number != nullptr) row.*f.number = 1e6 * v++;
    else if (f.role == FieldRole::key) row.*f.text = std::string(awrdiff::BoundSection<R>::key) + " row";
  }
  (s.*awrdiff::BoundSection<R>::list).push_back(row);
}

// Each section of k_bound_sections follows from its one declaration (BoundSection): a catalog row names its
// reader, its list is written under its key in the snapshot JSON (in the keys' order) and read back the same,
// and a section compared by its binding has its table under that key, one column per declared measure, its rows
// named by their key fields.
template <awrdiff::SectionReader R>
void check_declaration(const Snapshot& plain) {
  using B = awrdiff::BoundSection<R>;
  SCOPED_TRACE(std::string(B::key));
  EXPECT_TRUE(std::any_of(awrdiff::all_sections().begin(), awrdiff::all_sections().end(),
                          [](const auto& spec) { return spec.reader == R; }));
  Snapshot s = plain;
  add_row<R>(s);
  const std::string json = awrdiff::snapshot_json_text(s);
  const auto at = json.find("\"" + std::string(B::key) + "\"");
  ASSERT_NE(at, std::string::npos);
  EXPECT_NE(json.find(std::string(B::key) + " row", at), std::string::npos);
  const Snapshot again = awrdiff::snapshot_from_json(json, "again.json");
  ASSERT_EQ((again.*B::list).size(), (s.*B::list).size());
  EXPECT_EQ(awrdiff::snapshot_json_text(again), json);
  if constexpr (awrdiff::compared_by_binding<R>) {
    const auto c = awrdiff::compare(plain, s);
    const auto t = std::find_if(c.tables.begin(), c.tables.end(), [](const auto& x) { return x.key == B::key; });
    ASSERT_NE(t, c.tables.end());
    EXPECT_EQ(t->title, B::compared.title);
    for (const auto& m : B::measures)
      EXPECT_TRUE(std::any_of(t->columns.begin(), t->columns.end(), [&](const auto& col) {
        return col.key == "target_" + std::string(m.key) && col.header.find(m.header) != std::string::npos;
      })) << m.key;
    EXPECT_TRUE(std::any_of(t->rows.begin(), t->rows.end(), [](const auto& r) {
      const auto* name = std::get_if<std::string>(&r.cells[0]);
      return name != nullptr && name->starts_with(std::string(B::key) + " row");
    }));
  }
}

TEST(SectionFields, EveryBoundSectionIsReadWrittenAndComparedFromItsDeclaration) {
  const Snapshot plain = awrdiff::parse_report(read_sample("good.html"), "good.html");
  [&]<std::size_t... I>(std::index_sequence<I...>) { (check_declaration<awrdiff::k_bound_sections[I]>(plain), ...); }
  (std::make_index_sequence<std::size(awrdiff::k_bound_sections)>{});
}

}  // namespace
