// RawTables -> Snapshot. The meaning of each known section lives in the snapshot builder, once for both
// formats (class Builder, snapshot_builder.hpp). Here: build_snapshot() and Builder::build(), running
// the reader each table's catalog row names (table), tables kept as cells (generic), reading cells with
// their diagnostics, and expanding names a text report cut to its column width. The readers are in
// snapshot_builder_summary.cpp, snapshot_builder_rac.cpp and snapshot_builder_detail.cpp.
#include "parse/snapshot_builder.hpp"

#include <awrdiff/catalog.hpp>
#include <awrdiff/number.hpp>
#include <awrdiff/parse.hpp>
#include <awrdiff/section_fields.hpp>

#include <algorithm>
#include <array>
#include <iterator>
#include <fmt/format.h>
#include <unordered_map>
#include <utility>

namespace awrdiff {

namespace detail::builder {

namespace {

std::size_t cell_size(const RawRow& r, int c) {
  return c < 0 || static_cast<std::size_t>(c) >= r.cells.size() ? 0 : r.cells[static_cast<std::size_t>(c)].size();
}

}  // namespace

Snapshot Builder::build(const RawReport& raw) {
  m_snap.format = raw.format;
  m_snap.kind = raw.kind;
  for (const auto& d : raw.diagnostics) m_snap.diagnostics.push_back(d);
  for (const auto& t : raw.tables) table(t);
  finish_events();
  finish_sql();
  finish_global();
  finish_host();
  finish_overflow();
  flag_impossible_sql();
  return std::move(m_snap);
}

// The row's cell in this column is '####' (did not fit its width).
bool Builder::overflowed(const RawTable& t, const RawRow& r, ColumnId id) const {
  const int c = t.column_index(id);
  return c >= 0 && static_cast<std::size_t>(c) < r.cells.size() &&
         parse_cell(r.cells[static_cast<std::size_t>(c)], column_spec(id).unit).status == CellStatus::overflow;
}

// A cell that did not parse is a warning; '####' (the report's own "did not fit its width",
// common in Statspack per-transaction columns) is recorded as absent with an info diagnostic
// (a per second / per transaction figure the row's total gives is derived: finish_overflow).
void Builder::cell_diag(const RawTable& t, const RawRow& r, int c, CellStatus status) {
  if (status != CellStatus::invalid && status != CellStatus::overflow) return;
  const bool overflow = status == CellStatus::overflow;
  diag(t, r.line,
       fmt::format("column '{}': cannot read '{}'{}", c < static_cast<int>(t.headers.size()) ? t.headers[c] : "", r.cells[c],
                   overflow ? " (overflow)" : ""),
       overflow ? Diagnostic::Level::info : Diagnostic::Level::warning);
}

void Builder::diag(const RawTable& t, int line, std::string message, Diagnostic::Level level) {
  std::string section = t.section == SectionId::unknown ? t.title : std::string(section_spec(t.section).key);
  m_snap.diagnostics.push_back({level, std::move(section), line, std::move(message)});
}

// A section read by its field binding alone (section_fields.hpp): each table row whose key cells are
// not all empty is one row of the section's list, every bound column read into its field (text as
// printed, numbers in the column's catalog unit times the field's scale, a header printed twice by
// its position after another column). The columns are found once per table; the cells are read in
// the binding's order, so a row's diagnostics come in the report's column order. A table without
// the first key column is kept as printed.
template <SectionReader R>
void Builder::bound(const RawTable& t) {
  using Row = BoundRow<R>;
  constexpr const auto& fields = RowBinding<Row>::fields;
  std::array<int, fields.size()> cols{};
  for (std::size_t i = 0; i < fields.size(); ++i) {
    const auto& f = fields[i];
    if (f.after == ColumnId::unknown) {
      cols[i] = t.column_index(f.column);
    } else {
      const int from = t.column_index(f.after);
      cols[i] = from < 0 ? -1 : column_from(t, f.column, from);
    }
  }
  if (cols[0] < 0) {
    generic(t);
    return;
  }
  auto& out = m_snap.*BoundSection<R>::list;
  for (const auto& r : t.rows) {
    Row row;
    bool named = false;
    for (std::size_t i = 0; i < fields.size(); ++i)
      if (fields[i].text != nullptr) {
        std::string& s = row.*fields[i].text;
        s = cell_at(t, r, cols[i]);
        named = named || (fields[i].role == FieldRole::key && !s.empty());
      }
    if (!named) continue;
    for (std::size_t i = 0; i < fields.size(); ++i)
      if (fields[i].number != nullptr) {
        OptDouble v = num_at(t, r, cols[i], column_spec(fields[i].column).unit);
        if (v && fields[i].scale != 1) *v *= fields[i].scale;
        row.*fields[i].number = v;
      }
    out.push_back(std::move(row));
  }
}

// The reader of each SectionReader kind: the builder walks the table's catalog row, not the section ids.
// k_readers lists the readers of their own, in the enum's order; the sections bound field by field
// (k_bound_sections, section_fields.hpp) are read by Builder::bound<R>, filled in from their declaration.
// Readers that fill one of several lists or decide which of two tables wins are the read_* wrappers
// (snapshot_builder_summary.cpp, snapshot_builder_detail.cpp).
void Builder::table(const RawTable& t) {
  struct Reader {
    SectionReader kind;
    void (Builder::*read)(const RawTable&);
  };
  static constexpr Reader k_readers[] = {
      {SectionReader::generic, &Builder::generic},
      {SectionReader::header, &Builder::header},
      {SectionReader::snapshot_info, &Builder::snapshot_info},
      {SectionReader::load_profile, &Builder::load_profile},
      {SectionReader::efficiency, &Builder::efficiency},
      {SectionReader::top_events, &Builder::read_top_events},
      {SectionReader::foreground_events, &Builder::read_foreground_events},
      {SectionReader::background_events, &Builder::read_background_events},
      {SectionReader::wait_classes, &Builder::read_wait_classes},
      {SectionReader::foreground_wait_class, &Builder::read_foreground_wait_class},
      {SectionReader::time_model, &Builder::time_model},
      {SectionReader::host_cpu, &Builder::host_cpu},
      {SectionReader::sql_list, &Builder::sql_list},
      {SectionReader::sql_text, &Builder::sql_text},
      {SectionReader::containers, &Builder::containers},
      {SectionReader::activity, &Builder::activity},
      {SectionReader::parameters, &Builder::parameters},
      {SectionReader::iostat_function, &Builder::read_iostat_function},
      {SectionReader::iostat_filetype, &Builder::read_iostat_filetype},
      {SectionReader::cache_sizes, &Builder::cache_sizes},
      {SectionReader::segment_list, &Builder::segments},
      {SectionReader::latches, &Builder::latches},
      {SectionReader::wait_histogram, &Builder::wait_histogram},
      {SectionReader::global_cache, &Builder::global_cache},
      {SectionReader::rac_database_summary, &Builder::rac_database_summary},
      {SectionReader::rac_instances, &Builder::rac_instances},
      {SectionReader::rac_time_model, &Builder::rac_time_model},
      {SectionReader::rac_top_foreground_events, &Builder::read_rac_top_foreground_events},
      {SectionReader::rac_sysstat_per_second, &Builder::rac_sysstat_per_second},
      {SectionReader::rac_os_stats, &Builder::rac_os_stats},
      {SectionReader::rac_foreground_wait_classes, &Builder::rac_foreground_wait_classes},
  };
  using Read = void (Builder::*)(const RawTable&);
  // `set` says which slots are filled (a member pointer compared with nullptr is no constant expression under
  // g++'s sanitizers).
  struct Table {
    std::array<Read, k_section_reader_count> read{};
    std::array<bool, k_section_reader_count> set{};
    bool twice = false;  // a reader of k_readers is also read by its binding
  };
  static constexpr Table k_table = [] {
    Table table;
    for (const auto& r : k_readers) {
      table.read[static_cast<std::size_t>(r.kind)] = r.read;
      table.set[static_cast<std::size_t>(r.kind)] = true;
    }
    [&]<std::size_t... I>(std::index_sequence<I...>) {
      auto bind = [&]<SectionReader R>() {
        if constexpr (BoundSection<R>::read_by_binding) {
          table.twice = table.twice || table.set[static_cast<std::size_t>(R)];
          table.read[static_cast<std::size_t>(R)] = &Builder::bound<R>;
          table.set[static_cast<std::size_t>(R)] = true;
        }
      };
      (bind.template operator()<k_bound_sections[I]>(), ...);
    }
    (std::make_index_sequence<std::size(k_bound_sections)>{});
    return table;
  }();
  static_assert(
      [] {
        for (const bool filled : k_table.set)
          if (!filled) return false;
        return true;
      }(),
      "one reader for every SectionReader");
  static_assert(!k_table.twice, "a section read by its binding has no reader of its own in k_readers");
  static_assert(
      [] {
        for (std::size_t i = 1; i < std::size(k_readers); ++i)
          if (k_readers[i].kind <= k_readers[i - 1].kind) return false;
        return true;
      }(),
      "k_readers in the order of SectionReader, each once");
  if (repeated_section(t)) return;
  (this->*k_table.read[static_cast<std::size_t>(section_spec(t.section).reader)])(t);
}

// A known section printed a second time (reconcile, parse.hpp: each section exactly once). Sections printed as
// several tables and those of which only the first table is read (SectionSpec::copies) are no repeat. The
// same copy again is read once (an info diagnostic); another copy makes the report inconsistent, naming both lines.
// Returns true when the table is not to be read.
bool Builder::repeated_section(const RawTable& t) {
  const SectionSpec& spec = section_spec(t.section);
  if (t.section == SectionId::unknown || spec.reader == SectionReader::generic || spec.copies != TableCopies::one) return false;
  // (Compared where they are, in the RawReport: no copy of every table's cells.)
  const auto [it, first] = m_first_copy.try_emplace(t.section, &t);
  if (first) return false;
  const RawTable& before = *it->second;
  const bool same = before.headers == t.headers && before.rows.size() == t.rows.size() &&
                    std::equal(before.rows.begin(), before.rows.end(), t.rows.begin(),
                               [](const RawRow& a, const RawRow& b) { return a.cells == b.cells; });
  if (same) {
    diag(t, t.line, fmt::format("printed again (first at line {}) with the same figures: read once", before.line),
         Diagnostic::Level::info);
    return true;
  }
  const std::string why =
      fmt::format("inconsistent report: {} printed twice with other figures (lines {} and {})", spec.key, before.line, t.line);
  if (m_snap.valid) {
    m_snap.valid = false;
    m_snap.invalid_reason = why;
  }
  m_snap.diagnostics.push_back({Diagnostic::Level::warning, std::string(k_ledger_section), t.line, why});
  return true;
}

// A table kept as cells, with its catalog section and each column's catalog key and unit.
void Builder::generic(const RawTable& t) {
  GenericTable g;
  g.known = t.section != SectionId::unknown;
  g.section = g.known ? std::string(section_spec(t.section).key) : t.title;
  g.title = t.title;
  g.headers = t.headers;
  for (std::size_t i = 0; i < t.headers.size(); ++i) {
    const ColumnId id = i < t.columns.size() ? t.columns[i] : ColumnId::unknown;
    const auto& spec = column_spec(id);
    g.columns.emplace_back(spec.key);
    g.units.emplace_back(to_string(spec.unit));
  }
  g.line = t.line;
  for (const auto& r : t.rows) g.rows.push_back(r.cells);
  if (!g.known)
    diag(t, t.line, fmt::format("unknown section '{}' kept as a generic table", t.title.empty() ? "(untitled)" : t.title),
         Diagnostic::Level::info);
  m_snap.other_tables.push_back(std::move(g));
}

// Text reports cut names to their column: a name as long as the longest in its table (less one,
// for a cut that ended on a space) may be cut. Expanded through the catalog vocabulary only then.
// A cut name printed `count` times in one table (`ordinal` is this one's 0-based occurrence) maps
// to the catalog names it starts with in their sorted order when there are exactly as many.
std::string Builder::full_name(const std::string& name, std::size_t longest, std::string_view kind, std::size_t min_length,
                               std::size_t ordinal, std::size_t count) const {
  if (m_snap.format != ReportFormat::text || name.size() + 1 < longest) return name;
  if (count > 1 && name.size() >= min_length) {
    const auto candidates = names_starting_with(name, kind);
    if (candidates.size() == count && ordinal < count) return std::string(candidates[ordinal]);
    return name;
  }
  return expand_cut_name(name, kind, min_length);
}

// A cut event name that starts several known events ("Streams AQ: qmn coordinato": "... idle wait"
// or "... waiting for slave to start") in a list ordered with idle events last: below an idle event
// it is idle, above every idle event it is not; the one candidate of that kind is its name.
std::string Builder::by_idleness(const std::string& name, std::size_t longest, bool idle_tail) const {
  if (m_snap.format != ReportFormat::text || name.size() + 1 < longest) return name;
  const auto candidates = names_starting_with(name, "event");
  if (candidates.size() < 2) return name;
  std::string_view found;
  int n = 0;
  for (auto c : candidates)
    if (is_idle_event(c) == idle_tail) {
      found = c;
      ++n;
    }
  return n == 1 ? std::string(found) : name;
}

// For each row, how many rows of the table print the same name and which occurrence this is.
std::vector<std::optional<Builder::RowName>> Builder::row_names(const RawTable& t, int c, std::string_view kind,
                                                                std::size_t min_length) const {
  const std::size_t longest = longest_cell(t, c);
  const auto occ = occurrences(t, c);
  std::vector<std::optional<RowName>> out(t.rows.size());
  for (std::size_t i = 0; i < t.rows.size(); ++i) {
    std::string raw = cell_at(t, t.rows[i], c);
    if (raw.empty()) continue;
    std::string name = full_name(raw, longest, kind, min_length, occ[i].first, occ[i].second);
    std::string key = name == raw && occ[i].second > 1 ? fmt::format("{}\x1f{}", raw, occ[i].first) : name;
    out[i] = RowName{std::move(raw), std::move(name), std::move(key)};
  }
  return out;
}

std::vector<std::pair<std::size_t, std::size_t>> Builder::occurrences(const RawTable& t, int c) {
  std::vector<std::string> names;
  names.reserve(t.rows.size());
  for (const auto& r : t.rows) names.push_back(cell_at(t, r, c));
  std::unordered_map<std::string_view, std::pair<std::size_t, std::size_t>> count;  // seen, total
  for (const auto& n : names) ++count[n].second;
  std::vector<std::pair<std::size_t, std::size_t>> out;
  out.reserve(names.size());
  for (const auto& n : names) {
    auto& [seen, total] = count[n];
    out.emplace_back(seen++, total);
  }
  return out;
}

std::size_t Builder::longest_cell(const RawTable& t, int c) {
  std::size_t n = 0;
  for (const auto& r : t.rows) n = std::max(n, t.folded ? cell_size(r, c) : cell_at(t, r, c).size());
  return n;
}

}  // namespace detail::builder

int RawTable::column_index(ColumnId id) const {
  for (std::size_t i = 0; i < columns.size(); ++i)
    if (columns[i] == id) return static_cast<int>(i);
  return -1;
}

Snapshot build_snapshot(const RawReport& raw, std::string source) {
  return detail::builder::Builder(std::move(source)).build(raw);
}

}  // namespace awrdiff
