// The snapshot builder's hand-written readers of the sections beyond the summary (class Builder,
// snapshot_builder.hpp), each named by its sections' catalog rows (SectionSpec::reader), for sections with a quirk the field
// binding (section_fields.hpp) does not express: Instance Activity (merged by statistic, '####' per second / per transaction
// derived from the totals: finish_overflow), init.ora (values continued on the next line), IOStat by function and by file type
// (Reqs and Data per sec told apart by position), Cache Sizes (label and value pairs), the Segments by ... lists (the measure is
// the column before %Total), latches (two tables merged by latch), wait event histograms, RAC global cache. Tablespace and file
// I/O, mutex sleeps, enqueues, library and dictionary cache, undo, ADDM findings and Operating System Statistics are read by
// their binding alone (Builder::bound, snapshot_builder.cpp). A table missing the column a reader keys on is kept as a generic
// table.
#include "parse/snapshot_builder.hpp"
#include "support/text.hpp"

#include <awrdiff/catalog.hpp>
#include <awrdiff/number.hpp>
#include <awrdiff/parse.hpp>
#include <awrdiff/section_fields.hpp>

#include <algorithm>
#include <cctype>
#include <fmt/format.h>

namespace awrdiff::detail::builder {

void Builder::read_iostat_function(const RawTable& t) { iostat(t, m_snap.iostat_function, ColumnId::function_name, "function"); }
void Builder::read_iostat_filetype(const RawTable& t) { iostat(t, m_snap.iostat_filetype, ColumnId::filetype_name, "filetype"); }

OptDouble Builder::num_at(const RawTable& t, const RawRow& r, int c, Unit unit) {
  if (c < 0 || static_cast<std::size_t>(c) >= r.cells.size()) return std::nullopt;
  auto v = parse_cell(r.cells[c], unit);
  cell_diag(t, r, c, v.status);
  return v.value;
}

// Instance Activity Stats (Key / Other / all), - Absolute Values, - Thread Activity: merged by name.
void Builder::activity(const RawTable& t) {
  const int name_col = t.column_index(ColumnId::statistic);
  if (name_col < 0) {
    generic(t);
    return;
  }
  const SectionSpec& spec = section_spec(t.section);
  const bool key_list = (!spec.key_list_title.empty() && normalize_label(t.title).starts_with(spec.key_list_title)) ||
                        (!spec.key_list_summary.empty() && t.summary.find(spec.key_list_summary) != std::string::npos);
  const auto names = row_names(t, name_col, "statistic", 28);
  for (std::size_t i = 0; i < t.rows.size(); ++i) {
    const RawRow& r = t.rows[i];
    if (!names[i]) continue;
    const auto& [raw, name, key] = *names[i];
    auto [it, inserted] = m_activity_index.try_emplace(key, m_snap.activity.size());
    if (inserted) {
      m_snap.activity.emplace_back();
      m_snap.activity.back().name = name;
      m_snap.activity.back().raw_name = raw;
    }
    ActivityStat& a = m_snap.activity[it->second];
    if (key_list) a.key = true;
    auto take = [&](OptDouble& field, ColumnId id) {
      if (auto v = num(t, r, id)) field = v;
    };
    if (spec.begin_end_values) {
      take(a.begin_value, ColumnId::begin_value);
      take(a.end_value, ColumnId::end_value);
    } else {
      take(a.total, ColumnId::total);
      take(a.per_second, ColumnId::per_second);
      take(a.per_trans, ColumnId::per_trans);
      take(a.per_hour, ColumnId::per_hour);
      // '####' in per Second / per Trans (the figure did not fit its column): derived from the
      // total once the elapsed time and the transactions are known (finish_overflow).
      for (auto [id, per_trans] : {std::pair{ColumnId::per_second, false}, std::pair{ColumnId::per_trans, true}})
        if (overflowed(t, r, id)) m_overflow.push_back({it->second, per_trans, r.line, t.section});
    }
  }
}

void Builder::parameters(const RawTable& t) {
  const int name_col = t.column_index(ColumnId::parameter);
  if (name_col < 0) {
    generic(t);
    return;
  }
  const std::size_t longest = longest_cell(t, name_col);
  const int begin_col = t.column_index(ColumnId::begin_value), end_col = t.column_index(ColumnId::end_value);
  const std::size_t begin_width = longest_cell(t, begin_col), end_width = longest_cell(t, end_col);
  // A value too long for its column goes on under a blank name (Statspack: control_files): joined
  // with a space after a break between words ("control01.ctl," / "/u01/fra/..."), without one
  // after a cut that filled the column (a wrap mid-word).
  auto join = [](std::string& value, const std::string& more, std::size_t width) {
    if (more.empty()) return;
    if (!value.empty() && (value.size() < width || value.back() == ',')) value += ' ';
    value += more;
  };
  const std::size_t before = m_snap.parameters.size();
  for (const auto& r : t.rows) {
    Parameter p;
    p.name = cell_at(t, r, name_col);
    if (p.name.empty()) {
      if (m_snap.parameters.size() > before && m_snap.format == ReportFormat::text) {
        Parameter& last = m_snap.parameters.back();
        join(last.begin_value, text(t, r, ColumnId::begin_value), begin_width);
        join(last.end_value, text(t, r, ColumnId::end_value), end_width);
      }
      continue;
    }
    p.name = full_name(p.name, longest, "parameter", 20);
    p.begin_value = text(t, r, ColumnId::begin_value);
    p.end_value = text(t, r, ColumnId::end_value);
    p.pdb = text(t, r, ColumnId::pdb_name);
    if (auto d = text(t, r, ColumnId::is_default); !d.empty()) p.is_default = d == "TRUE" || d == "YES";
    m_snap.parameters.push_back(std::move(p));
  }
}

// IOStat by Function / by Filetype summary. "Reqs per sec" and "Data per sec" appear under both
// Reads: and Writes:, told apart by position.
void Builder::iostat(const RawTable& t, std::vector<IoStatRow>& out, ColumnId name_id, std::string_view kind) {
  int name_col = t.column_index(name_id);
  if (name_col < 0) name_col = t.column_index(ColumnId::label);
  const int reads = t.column_index(ColumnId::reads_data_bytes);
  const int writes = t.column_index(ColumnId::writes_data_bytes);
  if (name_col < 0 || reads < 0) {
    generic(t);
    return;
  }
  const int r_reqs = column_from(t, ColumnId::requests_per_second, reads);
  const int r_data = column_from(t, ColumnId::data_per_second_bytes, reads);
  const int w_reqs = writes < 0 ? -1 : column_from(t, ColumnId::requests_per_second, writes);
  const int w_data = writes < 0 ? -1 : column_from(t, ColumnId::data_per_second_bytes, writes);
  const std::size_t longest = longest_cell(t, name_col);
  for (const auto& r : t.rows) {
    IoStatRow row;
    row.raw_name = cell_at(t, r, name_col);
    if (row.raw_name.empty()) continue;
    row.name = full_name(row.raw_name, longest, kind, 6);
    row.reads_data_bytes = num_at(t, r, reads, Unit::bytes);
    row.reads_requests_per_s = num_at(t, r, r_reqs == w_reqs ? -1 : r_reqs, Unit::count);
    row.reads_data_per_s_bytes = num_at(t, r, r_data == w_data ? -1 : r_data, Unit::bytes);
    row.writes_data_bytes = num_at(t, r, writes, Unit::bytes);
    row.writes_requests_per_s = num_at(t, r, w_reqs, Unit::count);
    row.writes_data_per_s_bytes = num_at(t, r, w_data, Unit::bytes);
    row.waits_count = num(t, r, ColumnId::waits_count);
    row.avg_time_ms = num(t, r, ColumnId::avg_time_ms);
    row.small_read_ms = num(t, r, ColumnId::small_read_ms);
    row.large_read_ms = num(t, r, ColumnId::large_read_ms);
    out.push_back(std::move(row));
  }
}

// Cache Sizes: "Buffer Cache: | 24,576M | 24,576M | Std Block Size: | 8K". Text reports print the
// right-hand pair inside the End column's span, so every cell is split on runs of spaces and read
// as a sequence of "Label:" then values.
void Builder::cache_sizes(const RawTable& t) {
  if (t.column_index(ColumnId::inst_id) >= 0) {  // RAC global: one row per instance, in MB
    generic(t);
    return;
  }
  auto& c = m_snap.cache_sizes;
  for (const auto& r : t.rows) {
    std::vector<std::string> pieces;
    for (const auto& cell : r.cells) {
      std::string_view v = cell;
      while (!v.empty()) {
        v = trim(v);
        if (v.empty()) break;
        auto gap = v.find("  ");
        std::string_view piece = trim(v.substr(0, gap));
        // "Log Buffer: 1,543,604K": a wide value leaves one space after the label.
        if (auto colon = piece.rfind(": "); colon != std::string_view::npos) {
          pieces.emplace_back(piece.substr(0, colon + 1));
          piece = trim(piece.substr(colon + 1));
        }
        pieces.emplace_back(piece);
        if (gap == std::string_view::npos) break;
        v.remove_prefix(gap);
      }
    }
    std::string label;
    int slot = 0;
    for (const auto& p : pieces) {
      if (!p.empty() && p.back() == ':') {
        label = normalize_label(p);
        slot = 0;
        continue;
      }
      auto v = parse_cell(p, Unit::bytes);
      if (v.status != CellStatus::ok) {
        // Some 12.1 reports print a bare unit ("K") when the value is missing: absent, not 0.
        const bool bare_unit = p == "K" || p == "M" || p == "G";
        if (v.status == CellStatus::invalid)
          diag(t, r.line, fmt::format("Cache Sizes: cannot read '{}'{}", p, bare_unit ? " (no value printed)" : ""),
               bare_unit ? Diagnostic::Level::info : Diagnostic::Level::warning);
        ++slot;
        continue;
      }
      OptDouble* begin = nullptr;
      OptDouble* end = nullptr;
      if (label == "buffercache") begin = &c.buffer_cache_begin_bytes, end = &c.buffer_cache_end_bytes;
      else if (label == "sharedpoolsize" || label == "sharedpool")
        begin = &c.shared_pool_begin_bytes, end = &c.shared_pool_end_bytes;
      else if (label == "in-memoryarea") begin = &c.in_memory_area_begin_bytes, end = &c.in_memory_area_end_bytes;
      else if (label == "stdblocksize") begin = end = &c.std_block_size_bytes;
      else if (label == "logbuffer") begin = end = &c.log_buffer_bytes;
      if (begin != nullptr) *(slot == 0 ? begin : end) = v.value;
      ++slot;
    }
  }
}

// "Segments by ...": the list's measure is the column before %Total / % of Capture.
void Builder::segments(const RawTable& t) {
  int pct = t.column_index(ColumnId::pct_total);
  if (pct < 0) pct = t.column_index(ColumnId::pct_of_capture);
  const int owner = t.column_index(ColumnId::owner);
  if (pct < 1 || owner < 0) {
    generic(t);
    return;
  }
  const std::string list(section_spec(t.section).key);
  for (const auto& r : t.rows) {
    SegmentStat sg;
    sg.list = list;
    sg.owner = cell_at(t, r, owner);
    sg.object = text(t, r, ColumnId::object_name);
    if (sg.owner.empty() && sg.object.empty()) continue;
    sg.tablespace = text(t, r, ColumnId::tablespace);
    sg.subobject = text(t, r, ColumnId::subobject_name);
    sg.type = text(t, r, ColumnId::object_type);
    sg.value = num_at(t, r, pct - 1, Unit::count);
    sg.pct_total = num_at(t, r, pct, Unit::percent);
    m_snap.segments.push_back(std::move(sg));
  }
}

void Builder::latches(const RawTable& t) {
  const int name_col = t.column_index(ColumnId::latch_name);
  if (name_col < 0) {
    generic(t);
    return;
  }
  const auto names = row_names(t, name_col, "latch", 18);
  for (std::size_t i = 0; i < t.rows.size(); ++i) {
    const RawRow& r = t.rows[i];
    if (!names[i]) continue;
    const auto& [raw, name, key] = *names[i];
    auto [it, inserted] = m_latch_index.try_emplace(key, m_snap.latches.size());
    if (inserted) {
      m_snap.latches.emplace_back();
      m_snap.latches.back().name = name;
    }
    LatchStat& l = m_snap.latches[it->second];
    // Each measure of the binding that this table prints (Latch Activity's or Latch Sleep Breakdown's).
    for (const auto& f : RowBinding<LatchStat>::fields)
      if (f.number != nullptr)
        if (auto v = num(t, r, f.column)) l.*f.number = v;
  }
}

void Builder::wait_histogram(const RawTable& t) {
  const int name_col = t.column_index(ColumnId::event);
  if (name_col < 0) {
    generic(t);
    return;
  }
  std::vector<int> bucket_cols;
  for (std::size_t i = 0; i < t.headers.size(); ++i)
    if (is_histogram_bucket(t.headers[i])) bucket_cols.push_back(static_cast<int>(i));
  const std::string key(section_spec(t.section).key);
  const std::size_t longest = longest_cell(t, name_col);
  const int total_col = t.column_index(ColumnId::total_waits);
  const auto occ = occurrences(t, name_col);
  bool idle_tail = false;
  for (std::size_t i = 0; i < t.rows.size(); ++i) {
    const RawRow& r = t.rows[i];
    WaitHistogramRow h;
    h.raw_name = cell_at(t, r, name_col);
    if (h.raw_name.empty()) continue;
    h.section = key;
    h.event = by_idleness(full_name(h.raw_name, longest, "event", 18, occ[i].first, occ[i].second), longest, idle_tail);
    idle_tail = idle_tail || is_idle_event(h.event);  // "Ordered by Event (idle events last)"
    h.total_waits = num(t, r, ColumnId::total_waits);
    // Text reports print Total Waits in 5 characters: "1934.3K" becomes "1934.", "118.6K" "118.6".
    // A count with a decimal point and no K/M/G lost its multiplier: absent, not 1000 times too small.
    if (const std::string cell = cell_at(t, r, total_col);
        m_snap.format == ReportFormat::text && h.total_waits && cell.find('.') != std::string::npos &&
        std::isdigit(static_cast<unsigned char>(cell.back())) + (cell.back() == '.') > 0) {
      h.total_waits.reset();
      diag(t, r.line, fmt::format("Total Waits '{}' of '{}' lost its K/M/G multiplier to the column width", cell, h.raw_name),
           Diagnostic::Level::info);
    }
    for (int c : bucket_cols) {
      std::string label = t.headers[c];
      label.erase(std::remove(label.begin(), label.end(), ' '), label.end());
      h.buckets.push_back({std::move(label), num_at(t, r, c, Unit::percent)});
    }
    // A heading repeated as a row ("% of Waits" over the buckets in some HTML releases).
    if (!h.total_waits && std::none_of(h.buckets.begin(), h.buckets.end(), [](const auto& b) { return b.pct.has_value(); }) &&
        h.raw_name.rfind('%', 0) == 0)
      continue;
    m_snap.wait_histograms.push_back(std::move(h));
  }
}

// Global cache label/value tables: "Global Cache blocks received:" with Per Second / Per Transaction
// (load profile), or "Buffer access - local cache %:" with one value (the other three). Labels
// and values may share one cell in text reports ("Avg global cache cr block receive time (ms):  0.3").
void Builder::global_cache(const RawTable& t) {
  const std::string key(section_spec(t.section).key);
  const int ps = t.column_index(ColumnId::per_second);
  const int pt = t.column_index(ColumnId::per_transaction);
  for (const auto& r : t.rows) {
    std::vector<std::string> pieces;
    for (const auto& cell : r.cells) {
      std::string_view v = trim(cell);
      if (v.empty()) continue;
      // "label:   value" in one cell: split at the last ':'.
      if (auto colon = v.rfind(':'); colon != std::string_view::npos && colon + 1 < v.size() &&
                                     parse_cell(v.substr(colon + 1), Unit::count).status == CellStatus::ok) {
        pieces.emplace_back(trim(v.substr(0, colon + 1)));
        pieces.emplace_back(trim(v.substr(colon + 1)));
      } else {
        pieces.emplace_back(v);
      }
    }
    if (pieces.size() < 2) continue;
    GlobalCacheStat g;
    g.section = key;
    g.name = pieces.front();
    if (!g.name.empty() && g.name.back() == ':') g.name.pop_back();
    g.name = detail::fold_space(g.name);  // text aligns labels with runs of spaces: "Buffer access -  local cache %"
    if (ps >= 0 || pt >= 0) {
      g.per_second = num(t, r, ColumnId::per_second);
      g.per_transaction = num(t, r, ColumnId::per_transaction);
    } else {
      auto v = parse_cell(pieces[1], Unit::count);
      if (v.status == CellStatus::invalid) diag(t, r.line, fmt::format("cannot read '{}'", pieces[1]));
      g.value = v.value;
    }
    m_snap.global_cache.push_back(std::move(g));
  }
}

// Instance Activity per Second and per Trans printed as '####': total / elapsed and total /
// transactions, transactions being user commits + user rollbacks over the interval (as Oracle
// divides), else the Load Profile's Transactions per second x elapsed. Without a total, elapsed
// or transactions the figure stays absent, with a warning naming it.
void Builder::finish_overflow() {
  if (m_overflow.empty()) return;
  const OptDouble elapsed = m_snap.interval.elapsed_s;
  OptDouble txns;
  const ActivityStat* commits = m_snap.activity_stat("user commits");
  const ActivityStat* rollbacks = m_snap.activity_stat("user rollbacks");
  if (commits != nullptr && commits->total) txns = *commits->total + (rollbacks != nullptr ? rollbacks->total.value_or(0) : 0);
  if (!txns)
    if (const auto* lp = m_snap.load_profile_row("transactions"); lp != nullptr && lp->per_second && elapsed)
      txns = *lp->per_second * *elapsed;
  for (const auto& o : m_overflow) {
    ActivityStat& a = m_snap.activity[o.index];
    if (o.per_trans ? a.per_trans : a.per_second) continue;  // another table of the stat printed it
    const char* what = o.per_trans ? "per Trans" : "per Second";
    const OptDouble divisor = o.per_trans ? txns : elapsed;
    std::string section(section_spec(o.section).key);
    if (a.total && divisor && *divisor > 0) {
      (o.per_trans ? a.per_trans : a.per_second) = *a.total / *divisor;
      m_snap.diagnostics.push_back({Diagnostic::Level::info, std::move(section), o.line,
                                    fmt::format("'{}': {} printed as '####', derived from the total ({})", a.name, what,
                                                o.per_trans ? "total / (user commits + user rollbacks)" : "total / elapsed")});
    } else {
      m_snap.diagnostics.push_back({Diagnostic::Level::warning, std::move(section), o.line,
                                    fmt::format("'{}': {} printed as '####' and not derivable (no {}): left absent", a.name, what,
                                                !a.total      ? "total"
                                                : o.per_trans ? "transaction count"
                                                              : "elapsed time")});
    }
  }
}

}  // namespace awrdiff::detail::builder
