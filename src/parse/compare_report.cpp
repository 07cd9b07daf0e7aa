// Oracle's AWR Compare Periods report (awrddrpt.sql) read as two snapshots, one per period.
//
// Each table the compare catalog (src/catalog/compare_catalog.cpp) knows is cut into one table per period
// (the key column and that period's columns, under the catalog columns an AWR report's table has) and read
// by the snapshot builder like an AWR report's table. Two parts are read here by hand, because no catalog
// row can say them:
//  - the period header ("Snapshot Set" tables, and the text title lines "First DB/Inst: ... Snaps: ...
//    (Elapsed time: ... sec  DB time: ... sec)"), one row per period rather than one table per report;
//    the text tokenizer cuts its snap id and time columns wrong (they are printed without a space);
//  - "Top SQL Comparison by Elapsed Time": the figures of an AWR SQL list are computed from what it prints
//    (elapsed = % of DB time × DB time; CPU, I/O, reads and rows = per execution × executions), and the text
//    report wraps each statement's text under its figures, which the text tokenizer does not follow.
#include "catalog/compare_catalog.hpp"
#include "support/text.hpp"

#include <awrdiff/compare_report.hpp>
#include <awrdiff/number.hpp>
#include <awrdiff/parse.hpp>
#include <awrdiff/time.hpp>

#include <algorithm>
#include <array>
#include <cctype>
#include <cmath>
#include <fmt/format.h>
#include <map>
#include <set>

namespace awrdiff {
namespace {

constexpr std::string_view k_note_prefix = "read from an AWR Compare Periods report (awrddrpt)";
constexpr const char* k_period_names[] = {"1st", "2nd"};

OptDouble number(std::string_view cell, Unit unit = Unit::count) {
  auto v = parse_cell(trim(cell), unit);
  if (v.value && !std::isfinite(*v.value)) return std::nullopt;
  return v.value;
}

// Minutes as printed, in seconds.
OptDouble minutes(std::string_view cell) {
  auto v = number(cell);
  if (v) *v *= 60;
  return v;
}

std::optional<std::int64_t> snap_id(std::string_view cell) {
  auto v = number(cell);
  if (!v || *v < 0 || *v > 9.0e15 || std::floor(*v) != *v) return std::nullopt;
  return static_cast<std::int64_t>(*v);
}

std::vector<std::string_view> words(std::string_view line) {
  std::vector<std::string_view> out;
  std::size_t i = 0;
  while (i < line.size()) {
    while (i < line.size() && std::isspace(static_cast<unsigned char>(line[i])) != 0) ++i;
    const std::size_t from = i;
    while (i < line.size() && std::isspace(static_cast<unsigned char>(line[i])) == 0) ++i;
    if (i > from) out.push_back(line.substr(from, i - from));
  }
  return out;
}

// Which period a header row names: "First (1st)", "1st", "First" -> 0; "Second (2nd)", "2nd", "Second" -> 1.
int period_of(std::string_view label) {
  const std::string l = normalize_label(label);
  if (l == "first(1st)" || l == "1st" || l == "first") return 0;
  if (l == "second(2nd)" || l == "2nd" || l == "second") return 1;
  return -1;
}

struct Period {
  DatabaseInfo db;
  Interval iv;
};

// The "Snapshot Set" tables (DB Id, Instance ... per period; Begin/End Snap Id and Time, Elapsed, DB time).
// Returns how many instances the header lists for each period: the RAC report (awrgdrpt.sql) lists each
// instance of a period on a row of its own (its first cell blank after the period's first row).
std::array<std::size_t, 2> read_header_tables(const RawReport& raw, std::array<Period, 2>& p) {
  std::array<std::set<std::string>, 2> instances;
  for (const auto& t : raw.tables) {
    if (t.headers.empty() || normalize_label(t.headers.front()) != "snapshotset") continue;
    const auto inst_col = std::find_if(t.headers.begin(), t.headers.end(), [](const std::string& h) {
      return normalize_label(h) == "instance" || normalize_label(h) == "instnum";
    });
    int last = -1;
    for (const auto& r : t.rows) {
      if (r.cells.empty()) continue;
      int k = period_of(r.cells.front());
      if (k < 0 && trim(r.cells.front()).empty()) k = last;  // another instance of the period above
      if (k < 0) continue;
      last = k;
      if (const auto c = static_cast<std::size_t>(inst_col - t.headers.begin());
          inst_col != t.headers.end() && c < r.cells.size())
        if (const std::string_view inst = trim(r.cells[c]); !inst.empty()) instances[static_cast<std::size_t>(k)].emplace(inst);
      if (instances[static_cast<std::size_t>(k)].size() > 1) continue;  // the first instance's header only
      auto& db = p[static_cast<std::size_t>(k)].db;
      auto& iv = p[static_cast<std::size_t>(k)].iv;
      for (std::size_t c = 1; c < t.headers.size() && c < r.cells.size(); ++c) {
        const std::string h = normalize_label(t.headers[c]);
        const std::string cell(trim(r.cells[c]));
        if (cell.empty()) continue;
        if (h == "dbname") db.name = cell;
        else if (h == "dbid") {
          if (auto v = snap_id(cell)) db.dbid = static_cast<std::uint64_t>(*v);
        } else if (h == "instance") db.instance = cell;
        else if (h == "instnum") {
          if (auto v = snap_id(cell); v && *v < 100000) db.instance_number = static_cast<int>(*v);
        } else if (h == "release") db.release = cell;
        else if (h == "cluster") db.rac = normalize_label(cell) == "yes";
        else if (h == "cdb") db.cdb = normalize_label(cell) == "yes";
        else if (h == "uniquename") db.unique_name = cell;
        else if (h == "dbrole") db.role = cell;
        else if (h == "edition") db.edition = cell;
        else if (h == "host") db.host = cell;
        else if (h == "beginsnapid") iv.begin_snap = snap_id(cell);
        else if (h == "endsnapid") iv.end_snap = snap_id(cell);
        else if (h == "beginsnaptime") iv.begin_time = cell;
        else if (h == "endsnaptime") iv.end_time = cell;
        else if (h == "elapsedtime(min)") iv.elapsed_s = minutes(cell);
        else if (h == "dbtime(min)") iv.db_time_s = minutes(cell);
      }
    }
  }
  return {instances[0].size(), instances[1].size()};
}

// Host Configuration Comparison: one row per figure ("Number of CPUs:", "%User Time:"), the 1st and 2nd
// periods' values in its 2nd and 3rd columns: the database header's CPUs, cores, sockets and memory, and the
// Host CPU section's load averages and CPU shares. (Rows are figures here where an AWR report's Host CPU
// table has them as columns: no catalog row can map them.)
void read_host_configuration(const RawReport& raw, std::array<Period, 2>& p, std::array<HostCpu, 2>& cpu) {
  for (const auto& t : raw.tables) {
    if (normalize_label(t.title) != "hostconfigurationcomparison" || t.headers.size() < 3) continue;
    for (const auto& r : t.rows) {
      if (r.cells.size() < 3) continue;
      const std::string label = normalize_label(r.cells[0]);
      for (std::size_t k = 0; k < 2; ++k) {
        const std::string_view cell = trim(r.cells[k + 1]);
        auto& db = p[k].db;
        auto& h = cpu[k];
        if (label == "numberofcpus") db.cpus = number(cell);
        else if (label == "numberofcpucores") db.cores = number(cell);
        else if (label == "numberofcpusockets") db.sockets = number(cell);
        else if (label == "physicalmemory") {
          // "7974.6M": megabytes as printed
          std::string_view v = cell;
          if (!v.empty() && (v.back() == 'M' || v.back() == 'm')) v.remove_suffix(1);
          if (auto mb = number(v)) db.memory_gb = *mb / 1024;
        } else if (label == "loadatstartsnapshot") h.load_average_begin = number(cell);
        else if (label == "loadatendsnapshot") h.load_average_end = number(cell);
        else if (label == "%usertime") h.pct_user = number(cell);
        else if (label == "%systemtime") h.pct_system = number(cell);
        else if (label == "%idletime") h.pct_idle = number(cell);
        else if (label == "%iowaittime") h.pct_wio = number(cell);
      }
    }
    return;
  }
}

// Seconds since an arbitrary day of "23-Apr-14 18:30:05" (the day of the month, the month and the year
// counted as a calendar would: only differences are used); empty when the text is not such a time.
OptDouble seconds_of(std::string_view text) {
  const auto w = words(text);
  if (w.size() < 2 || w[0].size() != 9 || (w[1].size() != 8 && w[1].size() != 5) || w[0][2] != '-' || w[0][6] != '-')
    return std::nullopt;
  auto digits = [](std::string_view d) -> int {
    int v = 0;
    for (char c : d) {
      if (c < '0' || c > '9') return -1;
      v = v * 10 + (c - '0');
    }
    return v;
  };
  const int mo = month_number(w[0].substr(3, 3));
  const int day = digits(w[0].substr(0, 2)), year = digits(w[0].substr(7, 2));
  const bool with_seconds = w[1].size() == 8;  // "18:30:05"; the RAC report's instance table prints "18:30"
  const int hh = digits(w[1].substr(0, 2)), mm = digits(w[1].substr(3, 2)), ss = with_seconds ? digits(w[1].substr(6, 2)) : 0;
  if (mo == 0 || day < 1 || year < 0 || hh < 0 || mm < 0 || ss < 0 || w[1][2] != ':' || (with_seconds && w[1][5] != ':'))
    return std::nullopt;
  // Days from a civil date (proleptic Gregorian), 2000-based years.
  int y = 2000 + year;
  y -= mo <= 2 ? 1 : 0;
  const int era = y / 400, yoe = y - era * 400;
  const int doy = (153 * (mo + (mo > 2 ? -3 : 9)) + 2) / 5 + day - 1;
  const long days = era * 146097L + yoe * 365L + yoe / 4 - yoe / 100 + doy;
  return static_cast<double>(days * 86400L + hh * 3600L + mm * 60L + ss);
}

// The elapsed time printed in minutes to a tenth (the HTML report has no finer figure): from the snap times
// when they agree with it, to the second.
void elapsed_from_snap_times(Interval& iv) {
  const OptDouble b = seconds_of(iv.begin_time), e = seconds_of(iv.end_time);
  if (!b || !e || *e <= *b) return;
  if (!iv.elapsed_s || std::fabs(*e - *b - *iv.elapsed_s) <= 3.0 + 1e-9) iv.elapsed_s = *e - *b;
}

// ---- The RAC report (awrgdrpt.sql) --------------------------------------------------------------------------
// Its header is two tables of its own: the database summary ("Snapshot Set | Id | Name | ... | Begin | End | In
// Report | Total | In Report | Total | DB time | Elapsed time": snap ids, instances and hosts, and each set's
// report totals in minutes) and the instances of each set ("Set | DB Id | Inst # | Instance | Release | Host |
// Startup | Begin Snap Time | End Snap Time | Elapsed Time (min) | DB time (min) | ..."). A third lists the
// instances a set has no snapshot data of ("Set | DB Id | Inst # | Begin Snap Time | End Snap Time").

struct RacSet {
  std::vector<InstanceRow> instances;
  std::vector<std::string> begin_times;  // per instance, as printed ("16-Jan-25 07:17")
  std::vector<int> missing;  // instances with no snapshot data in the set
};

int header_index(const RawTable& t, std::string_view name, int nth = 0) {
  for (std::size_t i = 0; i < t.headers.size(); ++i)
    if (normalize_label(t.headers[i]) == name && nth-- == 0) return static_cast<int>(i);
  return -1;
}

std::string_view cell_at(const RawRow& r, int c) {
  return c >= 0 && static_cast<std::size_t>(c) < r.cells.size() ? trim(r.cells[static_cast<std::size_t>(c)]) : std::string_view();
}

// The database summary: each set's DB Id, name, snap ids, instance count and report totals.
void read_rac_summary(const RawTable& t, std::array<Period, 2>& p) {
  for (const auto& r : t.rows) {
    const int k = r.cells.empty() ? -1 : period_of(r.cells.front());
    if (k < 0) continue;
    auto& db = p[static_cast<std::size_t>(k)].db;
    auto& iv = p[static_cast<std::size_t>(k)].iv;
    if (auto v = snap_id(cell_at(r, header_index(t, "id")))) db.dbid = static_cast<std::uint64_t>(*v);
    db.name = std::string(cell_at(r, header_index(t, "name")));
    db.unique_name = std::string(cell_at(r, header_index(t, "uniquename")));
    db.role = std::string(cell_at(r, header_index(t, "role")));
    db.edition = std::string(cell_at(r, header_index(t, "edition")));
    db.rac = normalize_label(cell_at(r, header_index(t, "rac"))) == "yes";
    db.cdb = normalize_label(cell_at(r, header_index(t, "cdb"))) == "yes";
    iv.begin_snap = snap_id(cell_at(r, header_index(t, "begin")));
    iv.end_snap = snap_id(cell_at(r, header_index(t, "end")));
    if (auto n = snap_id(cell_at(r, header_index(t, "inreport"))); n && *n < 10000) db.instances = static_cast<int>(*n);
    iv.db_time_s = minutes(cell_at(r, header_index(t, "dbtime")));
    iv.elapsed_s = minutes(cell_at(r, header_index(t, "elapsedtime")));
  }
}

// The instances of each set, and those a set has no snapshot data of.
void read_rac_instances(const RawTable& t, std::array<Period, 2>& p, std::array<RacSet, 2>& rac) {
  const int c_inst = header_index(t, "inst#"), c_name = header_index(t, "instance");
  for (const auto& r : t.rows) {
    const int k = r.cells.empty() ? -1 : period_of(r.cells.front());
    const auto inst = snap_id(cell_at(r, c_inst));
    if (k < 0 || !inst || *inst > 100000) continue;
    RacSet& set = rac[static_cast<std::size_t>(k)];
    if (c_name < 0) {
      set.missing.push_back(static_cast<int>(*inst));
      continue;
    }
    InstanceRow i;
    i.instance_number = static_cast<int>(*inst);
    i.instance = std::string(cell_at(r, c_name));
    i.release = std::string(cell_at(r, header_index(t, "release")));
    i.host = std::string(cell_at(r, header_index(t, "host")));
    i.startup_time = std::string(cell_at(r, header_index(t, "startup")));
    i.platform = std::string(cell_at(r, header_index(t, "platform")));
    i.elapsed_s = minutes(cell_at(r, header_index(t, "elapsedtime(min)")));
    i.db_time_s = minutes(cell_at(r, header_index(t, "dbtime(min)")));
    i.average_active_sessions = number(cell_at(r, header_index(t, "avgactivesessions")));
    auto& db = p[static_cast<std::size_t>(k)].db;
    auto& iv = p[static_cast<std::size_t>(k)].iv;
    // The instances and hosts joined, as a RAC global report's header reads them ("STXPRD1, STXPRD2").
    for (auto [field, v] : {std::pair{&db.instance, &i.instance}, std::pair{&db.host, &i.host}})
      if (!v->empty()) *field += (field->empty() ? "" : ", ") + *v;
    if (set.instances.empty()) {
      db.release = i.release;
      db.platform = i.platform;
      iv.begin_time = std::string(cell_at(r, header_index(t, "beginsnaptime")));
      iv.end_time = std::string(cell_at(r, header_index(t, "endsnaptime")));
    }
    set.begin_times.emplace_back(cell_at(r, header_index(t, "beginsnaptime")));
    set.instances.push_back(std::move(i));
  }
}

// The per-instance tables lead with each set's instance ("1st | 2nd" columns: "*1st | *2nd" on the global
// rows, instance numbers on the others). The global rows, their two instance columns cut, are the set's
// figures and are read by the compare catalog's rows; the instances' DB time and DB CPU (seconds) are read
// off the Time Model's other rows, where each row pairs an instance of the 1st set with one of the 2nd.
void cut_instance_columns(RawReport& raw, std::array<RacSet, 2>& rac) {
  for (auto& t : raw.tables) {
    if (t.headers.size() < 4 || normalize_label(t.headers[0]) != "1st" || normalize_label(t.headers[1]) != "2nd") continue;
    const bool time_model = normalize_label(t.title) == "timemodelstatistics";
    std::vector<RawRow> global;
    for (auto& r : t.rows) {
      if (r.cells.size() < 3) continue;
      if (trim(r.cells[0]) == "*1st" || trim(r.cells[1]) == "*2nd") {
        r.cells.erase(r.cells.begin(), r.cells.begin() + 2);
        global.push_back(std::move(r));
        continue;
      }
      const std::string stat = normalize_label(r.cells[2]);
      if (!time_model || (stat != "dbtime" && stat != "dbcpu")) continue;
      for (std::size_t k = 0; k < 2; ++k) {
        const auto inst = snap_id(r.cells[k]);
        const OptDouble v = 6 + k < r.cells.size() ? number(r.cells[6 + k]) : std::nullopt;  // Time (seconds) 1st, 2nd
        for (auto& i : rac[k].instances)
          if (inst && v && i.instance_number == static_cast<int>(*inst)) (stat == "dbtime" ? i.db_time_s : i.db_cpu_s) = v;
      }
    }
    t.headers.erase(t.headers.begin(), t.headers.begin() + 2);
    if (t.columns.size() >= 2) t.columns.erase(t.columns.begin(), t.columns.begin() + 2);
    t.rows = std::move(global);
  }
}

// Why Oracle's own figures of a set cannot be compared: an instance restarted between its snapshots (its
// counters start again, and the set's deltas go negative), a negative DB time; empty when sound. An instance
// the set has no data of is said apart (rac_missing_note): the set is sound, it covers fewer instances.
std::string rac_unsound(const Period& p, const RacSet& set) {
  std::vector<std::string> why;
  for (std::size_t i = 0; i < set.instances.size(); ++i) {
    const InstanceRow& r = set.instances[i];
    const OptDouble up = seconds_of(r.startup_time), begin = seconds_of(set.begin_times[i]);
    if (up && begin && *up > *begin)
      why.push_back(fmt::format("instance {} ({}) started at {}, after the set's begin snapshot ({}): its figures span a restart",
                                r.instance_number.value_or(0), r.instance, r.startup_time, set.begin_times[i]));
  }
  if (p.iv.db_time_s && *p.iv.db_time_s < 0)
    why.push_back(fmt::format("its DB time is negative ({} min)", detail::grouped(*p.iv.db_time_s / 60, 2)));
  // The set's elapsed time against its instances' own: 0.02 min where its one instance spans 15,822.43 min.
  for (const InstanceRow& r : set.instances)
    if (p.iv.elapsed_s && r.elapsed_s && *r.elapsed_s > 60 && *r.elapsed_s > 2 * *p.iv.elapsed_s) {
      why.push_back(fmt::format("its elapsed time is {} min where instance {} spans {} min",
                                detail::grouped(*p.iv.elapsed_s / 60, 2), r.instance_number.value_or(0),
                                detail::grouped(*r.elapsed_s / 60, 2)));
      break;
    }
  if (why.empty()) return {};
  std::string out = why.front();
  for (std::size_t i = 1; i < why.size(); ++i) out += "; " + why[i];
  return out;
}

std::string rac_missing_note(const RacSet& set) {
  if (set.missing.empty()) return {};
  std::string list;
  for (int i : set.missing) list += (list.empty() ? "" : ", ") + std::to_string(i);
  return fmt::format("instance{} {} {} no snapshot data in this set", set.missing.size() == 1 ? "" : "s", list,
                     set.missing.size() == 1 ? "has" : "have");
}

bool read_rac_header(RawReport& raw, std::array<Period, 2>& p, std::array<RacSet, 2>& rac) {
  bool found = false;
  for (const auto& t : raw.tables) {
    if (t.headers.empty()) continue;
    const std::string first = normalize_label(t.headers.front());
    if (first == "snapshotset" && header_index(t, "inreport") >= 0) {
      read_rac_summary(t, p);
      found = true;
    } else if (first == "set" && header_index(t, "inst#") >= 0) {
      read_rac_instances(t, p, rac);
    }
  }
  if (found) cut_instance_columns(raw, rac);
  return found;
}

// A text report's snapshot lines: "1st   1822 23-Apr-14 18:30:05 (Wed)   1823 23-Apr-14 18:45:06 (Wed)
// 7.1   15.0   106.7" (the columns touch, so they are read as words).
void read_text_snap_lines(std::string_view content, std::array<Period, 2>& p) {
  const std::string_view head = content.substr(0, std::min<std::size_t>(content.size(), 64 * 1024));
  for (std::size_t pos = 0; pos < head.size();) {
    auto nl = head.find('\n', pos);
    const std::string_view line = head.substr(pos, nl == std::string_view::npos ? std::string_view::npos : nl - pos);
    pos = nl == std::string_view::npos ? head.size() : nl + 1;
    const auto w = words(line);
    if (w.size() < 9 || (w[0] != "1st" && w[0] != "2nd")) continue;
    auto& iv = p[w[0] == "1st" ? 0 : 1].iv;
    std::size_t i = 1;
    auto begin = snap_id(w[i++]);
    if (!begin || i + 1 >= w.size()) continue;
    std::string begin_time = fmt::format("{} {}", w[i], w[i + 1]);
    i += 2;
    if (i < w.size() && w[i].front() == '(') ++i;
    if (i + 1 >= w.size()) continue;
    auto end = snap_id(w[i++]);
    if (!end || i + 1 >= w.size()) continue;
    std::string end_time = fmt::format("{} {}", w[i], w[i + 1]);
    i += 2;
    if (i < w.size() && w[i].front() == '(') ++i;
    if (w.size() - i != 3) continue;  // Avg Active Users, Elapsed Time (min), DB time (min)
    iv.begin_snap = begin;
    iv.end_snap = end;
    iv.begin_time = std::move(begin_time);
    iv.end_time = std::move(end_time);
    if (!iv.elapsed_s) iv.elapsed_s = minutes(w[i + 1]);
    if (!iv.db_time_s) iv.db_time_s = minutes(w[i + 2]);
  }
}

// "First DB/Inst: DBM11203/DBM11203 Snaps: 1822-1823 (Elapsed time: 901.55 sec  DB time: 6404.55 sec)": the
// text report's section titles give each period's elapsed time and DB time to the hundredth of a second.
void read_text_title(std::string_view content, std::array<Period, 2>& p) {
  for (std::size_t k = 0; k < 2; ++k) {
    const std::string marker = k == 0 ? "First DB/Inst: " : "Second DB/Inst: ";
    const auto at = content.find(marker);
    if (at == std::string_view::npos) continue;
    const auto nl = content.find('\n', at);
    std::string_view rest = content.substr(
        at + marker.size(), std::min<std::size_t>(nl == std::string_view::npos ? content.size() - at : nl - at, 400));
    if (k == 0)
      if (const auto second = rest.find("Second DB/Inst:"); second != std::string_view::npos) rest = rest.substr(0, second);
    const auto w = words(rest);
    if (w.empty()) continue;
    if (const auto slash = w[0].find('/'); slash != std::string_view::npos && p[k].db.name.empty())
      p[k].db.name = std::string(w[0].substr(0, slash));
    for (std::size_t i = 0; i + 1 < w.size(); ++i) {
      if (w[i] == "time:" && i > 0 && w[i - 1] == "(Elapsed") p[k].iv.elapsed_s = number(w[i + 1]);
      if (w[i] == "time:" && i > 0 && w[i - 1] == "DB") p[k].iv.db_time_s = number(w[i + 1]);
    }
  }
}

// A text row's cells, cut again by words where the key is the only text column: a figure wider than its
// column's rule ("Hard parses:  0.0  0.4  3,600.0" under a %Diff rule of 6 dashes) spills into its neighbour's
// column, and the text tokenizer cuts by the rules ("0.4    3" | ",600.0"). The line's last words are its
// figures when there are as many as the figure columns and each reads as a number or N/A.
std::vector<std::string> recut(const RawTable& t, const RawRow& r, const CompareSectionSpec& spec,
                               const std::vector<std::string_view>& lines) {
  if (r.line < 1 || static_cast<std::size_t>(r.line) > lines.size() || spec.columns.empty() || spec.columns.front().period != 0)
    return r.cells;
  const std::size_t n = spec.columns.size() - 1;
  for (std::size_t i = 1; i < spec.columns.size(); ++i)
    if (spec.columns[i].column == ColumnId::event || spec.columns[i].column == ColumnId::wait_class) return r.cells;
  const auto w = words(lines[static_cast<std::size_t>(r.line) - 1]);
  if (w.size() < n + 1) return r.cells;
  for (std::size_t i = w.size() - n; i < w.size(); ++i)
    if (!number(w[i]) && w[i] != "N/A") return r.cells;
  std::vector<std::string> out = r.cells;
  const std::size_t from = t.headers.size() - spec.columns.size();
  out.resize(std::max(out.size(), t.headers.size()));
  for (std::size_t i = 0; i < n; ++i) out[from + 1 + i] = std::string(w[w.size() - n + i]);
  return out;
}

// One period's table of a compare table: the key column and the period's columns, under the catalog
// columns of the AWR report's table.
RawTable project(const RawTable& t, const CompareSectionSpec& spec, int period, const std::vector<std::string_view>& lines,
                 const std::vector<std::string>& first_absent) {
  RawTable out;
  out.section = spec.section;
  out.title = t.title;
  out.summary = t.summary;
  out.line = t.line;
  out.folded = t.folded;
  const std::size_t from = t.headers.size() - spec.columns.size();
  std::vector<std::size_t> at;
  std::vector<std::size_t> own;  // the period's own columns (not the shared key)
  for (std::size_t i = 0; i < spec.columns.size(); ++i) {
    const auto& c = spec.columns[i];
    if (c.period != 0 && c.period != period) continue;
    if (c.period == period) own.push_back(at.size());
    at.push_back(from + i);
    out.headers.push_back(t.headers[from + i]);
    out.columns.push_back(c.column);
  }
  for (const auto& r : t.rows) {
    RawRow o;
    o.line = r.line;
    const std::vector<std::string> cells = recut(t, r, spec, lines);
    for (auto i : at) o.cells.push_back(i < cells.size() ? cells[i] : std::string());
    if (spec.dash_marks_absent) {
      // An event marked "-" (in the 1st period, at the start of its text line: blanked before tokenizing and
      // listed in `first_absent`, see parse_compare_report), or a period's half of the line empty (the other
      // period's list is longer).
      bool absent = false;
      bool empty = true;
      for (auto j : own) {
        const std::string_view cell = trim(o.cells[j]);
        if (cell == "-" || (out.columns[j] == ColumnId::event && cell.size() > 1 && cell.front() == '-')) absent = true;
        if (period == 1 && out.columns[j] == ColumnId::event &&
            std::find(first_absent.begin(), first_absent.end(), cell) != first_absent.end())
          absent = true;
        if (!cell.empty()) empty = false;
      }
      if (absent || empty) continue;
    }
    out.rows.push_back(std::move(o));
  }
  return out;
}

// The figures of one statement in one period, from "Top SQL Comparison by Elapsed Time" (21 columns
// from SQL Id to #Plans; cells[0] is the SQL Id).
struct SqlCells {
  std::string sql_id;
  std::vector<std::string> cells;  // as printed; "N/A" or empty where the period has no data
  std::string text;
};

bool is_sql_id(std::string_view s) {
  return s.size() == 13 &&
         std::all_of(s.begin(), s.end(), [](char c) { return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'z'); });
}

constexpr std::size_t k_sql_cells = 20;  // SQL Id and 19 figures (#Plans not read)

std::optional<SqlStat> sql_of_period(const SqlCells& s, int period, OptDouble db_time_s) {
  const std::size_t k = period == 1 ? 0 : 1;
  auto cell = [&](std::size_t first) -> OptDouble {
    const std::size_t i = first + k;
    return i < s.cells.size() ? number(s.cells[i]) : std::nullopt;
  };
  const std::size_t pct_cell = period == 1 ? 1 : 3;
  const OptDouble pct = pct_cell < s.cells.size() ? number(s.cells[pct_cell]) : std::nullopt;
  if (!pct) return std::nullopt;  // N/A: no data captured in this period
  SqlStat q;
  q.sql_id = s.sql_id;
  q.pct_db_time = pct;
  if (db_time_s) q.elapsed_s = *pct / 100 * *db_time_s;
  q.executions = cell(18);
  const OptDouble execs = q.executions;
  auto times = [&](std::size_t first, double scale) -> OptDouble {
    const OptDouble per = cell(first);
    if (!per || !execs) return std::nullopt;
    return *per * *execs * scale;
  };
  if (!q.elapsed_s) q.elapsed_s = times(6, 0.001);
  q.cpu_s = times(10, 0.001);
  q.user_io_s = times(12, 0.001);
  q.physical_reads = times(14, 1);
  q.rows_processed = times(16, 1);
  q.text = s.text;
  q.lists.push_back("sql_elapsed");
  return q;
}

bool is_elapsed_sql_title(std::string_view title) {
  return normalize_label(title) == normalize_label("Top SQL Comparison by Elapsed Time");
}

// A cell with white space inside a SQL Id or a figure ("6, 035,412", "6q7cpq jmdqcwj": a line break of the
// report's HTML inside it, see join_html_pieces), read without it when that makes it one.
std::string unbroken(std::string_view cell, bool id) {
  cell = trim(cell);
  if (cell.find_first_of(" \t\r\n") == std::string_view::npos) return std::string(cell);
  std::string joined;
  for (char c : cell)
    if (c != ' ' && c != '\t' && c != '\r' && c != '\n') joined.push_back(c);
  return (id ? is_sql_id(joined) : number(joined).has_value()) ? joined : std::string(cell);
}

// HTML: the table's rows; the statement text from the SQL Id / SQL Text table at the end when it has it. A row
// that cannot be read (no SQL Id, too few cells) is named in `problems`, never dropped silently.
std::vector<SqlCells> html_sql(const RawReport& raw, std::vector<std::string>& problems) {
  std::map<std::string, std::string> texts;
  for (const auto& t : raw.tables)
    if (t.headers.size() == 2 && t.columns[0] == ColumnId::sql_id && t.columns[1] == ColumnId::sql_text)
      for (const auto& r : t.rows)
        if (r.cells.size() == 2) texts.emplace(std::string(trim(r.cells[0])), std::string(trim(r.cells[1])));
  std::vector<SqlCells> out;
  for (const auto& t : raw.tables) {
    if (!is_elapsed_sql_title(t.title) || t.headers.size() < k_sql_cells + 1 || normalize_label(t.headers[2]) != "1sttotal")
      continue;
    for (const auto& r : t.rows) {
      const std::string id = r.cells.empty() ? std::string() : unbroken(r.cells[0], true);
      // A row cut short (its first cells in their places, the rest gone): what it holds is read, the rest unknown.
      const bool cut = r.cells.size() < k_sql_cells && r.cells.size() >= 2 && is_sql_id(id) && number(r.cells[1]);
      if ((r.cells.size() < k_sql_cells && !cut) || !is_sql_id(id)) {
        if (std::any_of(r.cells.begin(), r.cells.end(), [](const std::string& c) { return !trim(c).empty(); }) &&
            problems.size() < 20)
          problems.push_back(
              fmt::format("a row of 'Top SQL Comparison by Elapsed Time' could not be read ({} cells, the "
                          "first '{}'): left out of both periods",
                          r.cells.size(), r.cells.empty() ? "" : id.substr(0, 40)));
        continue;
      }
      if (cut && problems.size() < 20)
        problems.push_back(
            fmt::format("the row of statement {} in 'Top SQL Comparison by Elapsed Time' is cut short ({} of "
                        "its {} figures): read from what it holds, its other figures unknown",
                        id, r.cells.size() - 1, k_sql_cells - 1));
      SqlCells s;
      s.sql_id = id;
      for (std::size_t i = 0; i < k_sql_cells && i < r.cells.size(); ++i)
        s.cells.push_back(i == 0 ? id : unbroken(r.cells[i], false));
      if (auto it = texts.find(s.sql_id); it != texts.end()) s.text = it->second;
      else if (const int c = t.column_index(ColumnId::sql_text); c >= 0 && static_cast<std::size_t>(c) < r.cells.size())
        s.text = std::string(trim(r.cells[static_cast<std::size_t>(c)]));
      out.push_back(std::move(s));
    }
    break;
  }
  return out;
}

// Oracle's 19c compare report writes its HTML in lines of at most 1,500 characters: a statement row of "Top
// SQL Comparison" longer than that goes on in the next line, broken anywhere (inside a tag, a figure
// "6,\n035,412", a SQL Id). A line of exactly 1,500 characters is joined with the next; `joined` counts them.
constexpr std::size_t k_html_piece = 1500;
std::string join_html_pieces(std::string_view content, std::size_t& joined) {
  std::string out;
  joined = 0;
  for (std::size_t pos = 0; pos < content.size();) {
    const auto nl = content.find('\n', pos);
    const std::size_t end = nl == std::string_view::npos ? content.size() : nl;
    std::size_t len = end - pos;
    if (len > 0 && content[end - 1] == '\r') --len;
    if (len == k_html_piece && nl != std::string_view::npos) {
      if (joined++ == 0) out.assign(content.substr(0, pos));
      out.append(content.substr(pos, len));
    } else if (joined > 0) {
      out.append(content.substr(pos, nl == std::string_view::npos ? end - pos : end - pos + 1));
    }
    pos = nl == std::string_view::npos ? content.size() : nl + 1;
  }
  return out;
}

// Text: from the section's title line to the next section's, each statement's line of figures (its words:
// every figure is one word, "N/A" included), then its text wrapped at the line width until a blank line.
std::vector<SqlCells> text_sql(std::string_view content, std::vector<std::string>& problems) {
  std::vector<SqlCells> out;
  const auto title = content.find("Top SQL Comparison by Elapsed Time");
  if (title == std::string_view::npos) return out;
  std::size_t pos = content.find('\n', title);
  SqlCells* open = nullptr;
  while (pos != std::string_view::npos && pos < content.size()) {
    const std::size_t from = pos + 1;
    const auto nl = content.find('\n', from);
    const std::string_view line = content.substr(from, nl == std::string_view::npos ? std::string_view::npos : nl - from);
    pos = nl;
    if (line.find("DB/Inst:") != std::string_view::npos) break;  // the next section's title
    const auto w = words(line);
    if (w.empty()) {
      open = nullptr;
      continue;
    }
    if (w.size() >= k_sql_cells && is_sql_id(w[0]) && (number(w[1]) || w[1] == "N/A")) {
      SqlCells s;
      s.sql_id = std::string(w[0]);
      for (std::size_t i = 0; i < k_sql_cells; ++i) s.cells.emplace_back(w[i]);
      out.push_back(std::move(s));
      open = &out.back();
      continue;
    }
    if (open == nullptr && is_sql_id(w[0]) && w.size() > 1 && (number(w[1]) || w[1] == "N/A")) {  // figures missing
      // Cut short (its first figures in their places, the rest gone): what it holds is read, the rest unknown.
      if (problems.size() < 20)
        problems.push_back(
            fmt::format("the line of statement {} in 'Top SQL Comparison by Elapsed Time' has {} of its {} "
                        "figures: read from what it holds, its other figures unknown",
                        w[0], w.size() - 1, k_sql_cells - 1));
      SqlCells s;
      s.sql_id = std::string(w[0]);
      for (const auto& x : w) s.cells.emplace_back(x);
      out.push_back(std::move(s));
      open = &out.back();
      continue;
    }
    if (open != nullptr && open->text.size() < 64 * 1024) open->text += std::string(trim(line));
  }
  return out;
}

// Database Replay in each period, from the Wait Events comparison ("Event | Wait Class | % of DB time 1st 2nd
// Diff | # Waits/sec 1st 2nd %Diff | Total Wait Time (sec) 1st 2nd %Diff | ..."): a WCR: capture event with
// time in a period makes it the capture, a WCR: replay event (the replay clients') the replay.
void read_replay_roles(const RawReport& raw, std::array<Period, 2>& p) {
  for (const auto& t : raw.tables) {
    if (normalize_label(t.title) != "waitevents" || t.headers.size() < 14 || normalize_label(t.headers[1]) != "waitclass")
      continue;
    for (const auto& r : t.rows) {
      if (r.cells.size() < 10) continue;
      const std::string_view event = trim(r.cells[0]);
      const bool capture = event.rfind("WCR: capture", 0) == 0, replay = event.rfind("WCR: replay", 0) == 0;
      if (!capture && !replay) continue;
      for (std::size_t k = 0; k < 2; ++k)
        if (const OptDouble total = number(r.cells[8 + k]); total && *total > 0 && p[k].iv.replay_role.empty())
          p[k].iv.replay_role = capture ? "capture" : "replay";
    }
  }
}

// A RAC report's set: a global snapshot of its instances (awrgrpt's kind), not valid where Oracle's own figures
// of the set are unsound.
void apply_rac_set(Snapshot& s, const Period& p, const RacSet& set, int period) {
  s.kind = ReportKind::awr_global;
  s.instance_rows = set.instances;
  const std::string missing = rac_missing_note(set);
  if (const std::string why = rac_unsound(p, set); !why.empty()) {
    s.valid = false;
    s.invalid_reason = fmt::format("Oracle's own {} set is unsound: {}{}", k_period_names[period - 1], why,
                                   missing.empty() ? std::string() : "; " + missing);
  }
  if (!missing.empty())
    s.diagnostics.push_back({Diagnostic::Level::warning, "", 0,
                             fmt::format("{}: {} (its figures cover the other instances only)", s.source, missing)});
}

Snapshot build_period(const RawReport& raw, const std::array<Period, 2>& periods, const std::array<HostCpu, 2>& cpu,
                      const std::vector<SqlCells>& sql, const std::vector<std::string_view>& lines,
                      const std::vector<std::string>& first_absent, int period, const std::string& source,
                      const std::array<RacSet, 2>* rac) {
  RawReport one;
  one.format = raw.format;
  one.kind = ReportKind::awr_instance;
  for (const auto& t : raw.tables)
    if (const auto* spec = find_compare_section(t.title, t.headers))
      one.tables.push_back(project(t, *spec, period, lines, first_absent));
  const std::string name = fmt::format("{} [{} period]", source, k_period_names[period - 1]);
  Snapshot s = build_snapshot(one, name);
  s.source = name;
  // "W/A MB processed" of Workload Comparison is printed in bytes (11.2.0.3: 82,999.0 per second where the AWR
  // report of the same snapshots prints 0.1 MB): to MB, as the Load Profile row is.
  for (auto& row : s.load_profile)
    if (row.key == "workarea_mb" && normalize_label(row.label) == "w/ambprocessed")  // 19c prints "SQL Work Area (MB)"
      for (auto* v : {&row.per_second, &row.per_transaction})
        if (*v) **v /= 1024.0 * 1024.0;
  const Period& p = periods[static_cast<std::size_t>(period - 1)];
  s.database = p.db;
  s.interval = p.iv;
  if (const HostCpu& h = cpu[static_cast<std::size_t>(period - 1)]; h.pct_idle || h.pct_user) {
    s.host_cpu = h;  // (the builder's note that the Host CPU section is missing no longer applies)
    std::erase_if(s.diagnostics, [](const Diagnostic& d) { return d.section == "host_cpu"; });
  }
  if (rac != nullptr) apply_rac_set(s, p, (*rac)[static_cast<std::size_t>(period - 1)], period);
  const OptDouble db_time = s.db_time_s();
  for (const auto& q : sql)
    if (auto stat = sql_of_period(q, period, db_time)) s.sql.push_back(std::move(*stat));
  std::stable_sort(s.sql.begin(), s.sql.end(),
                   [](const SqlStat& a, const SqlStat& b) { return a.elapsed_s.value_or(-1) > b.elapsed_s.value_or(-1); });
  s.has_sql_sections = !sql.empty();
  s.diagnostics.push_back(
      {Diagnostic::Level::info, "", 0,
       fmt::format("{}: its {} period (snaps {}-{}); SQL from 'Top SQL Comparison by Elapsed Time' only (elapsed = % of "
                   "DB time x DB time); a statement or top event the report lists for the other period only is unknown "
                   "here, not zero",
                   k_note_prefix, k_period_names[period - 1], p.iv.begin_snap.value_or(0), p.iv.end_snap.value_or(0))});
  return s;
}

}  // namespace

bool from_compare_report(const Snapshot& s) {
  return std::any_of(s.diagnostics.begin(), s.diagnostics.end(),
                     [](const Diagnostic& d) { return d.message.rfind(k_note_prefix, 0) == 0; });
}

std::string compare_report_warning(bool rac) {
  return std::string(rac ? "both periods read from one AWR RAC Compare Periods report (awrgdrpt), each set per instance and "
                           "globally"
                         : "both periods read from one AWR Compare Periods report (awrddrpt)") +
         ", not from two AWR reports. Read from it: its Load Profile, Top Timed Events (of all sessions, not foreground only), Time Model, Wait Classes, "
         "OS and Instance Activity Stats, Host Configuration and the SQL of its elapsed-time list, which lists the "
         "top SQL of both periods together; what it lists for one period only is unknown (not zero) in the other, "
         "and the sections it does not print are missing";
}

std::vector<Snapshot> parse_compare_report(std::string_view content, const std::string& source) {
  const std::string_view head = content.substr(0, std::min<std::size_t>(content.size(), 256 * 1024));
  std::string lower(head.substr(0, std::min<std::size_t>(head.size(), 64 * 1024)));
  std::transform(lower.begin(), lower.end(), lower.begin(), [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  const bool html = lower.find("<table") != std::string::npos || lower.find("<html") != std::string::npos;
  // Top Timed Events marks an event outside a period's top list with a "-" before its name; in the line's
  // first column ("-library cache: mutex X ...") the text tokenizer takes it for the start of a rule. Such a
  // "-" is blanked before tokenizing, and the event named (its 29 columns) as outside the 1st period's list.
  std::string unmarked;
  std::vector<std::string> first_absent;
  if (!html)
    for (std::size_t pos = 0; pos < content.size();) {
      const auto nl = content.find('\n', pos);
      const std::size_t end = nl == std::string_view::npos ? content.size() : nl;
      if (end - pos > 1 && content[pos] == '-' && content[pos + 1] != '-' && content[pos + 1] != '>') {  // not a rule, not a note
        if (unmarked.empty()) unmarked.assign(content);
        unmarked[pos] = ' ';
        if (first_absent.size() < 1000)
          first_absent.emplace_back(trim(content.substr(pos + 1, std::min<std::size_t>(29, end - pos - 1))));
      }
      pos = end + 1;
    }
  const std::string_view text = unmarked.empty() ? content : std::string_view(unmarked);
  std::size_t joined = 0;
  const std::string pieces = html ? join_html_pieces(content, joined) : std::string();
  RawReport raw = html ? tokenize_html(joined > 0 ? std::string_view(pieces) : content) : tokenize_text(text);
  if (!raw.not_read.empty()) throw Error(source, raw.not_read);
  std::array<Period, 2> periods{};
  std::array<RacSet, 2> rac{};
  const bool is_rac = read_rac_header(raw, periods, rac);  // awrgdrpt.sql
  const auto instances = is_rac ? std::array<std::size_t, 2>{} : read_header_tables(raw, periods);
  for (std::size_t k = 0; k < 2; ++k)
    if (instances[k] > 1)
      throw Error(source, fmt::format("an AWR RAC Compare Periods report (awrgdrpt.sql, {} instances in its {} period) in the "
                                      "single-instance layout, which awrdiff does not know (the RAC layout it reads has a "
                                      "database summary and a table of each set's instances); give each period's RAC global "
                                      "report (awrgrpt.sql) or each instance's AWR report",
                                      instances[k], k_period_names[k]));
  std::array<HostCpu, 2> cpu{};
  read_host_configuration(raw, periods, cpu);
  read_replay_roles(raw, periods);
  if (!html) {
    read_text_snap_lines(content, periods);
    read_text_title(content, periods);  // elapsed to the hundredth of a second
  } else if (!is_rac) {  // (the RAC report prints its snap times to the minute, its elapsed time to 0.01 min)
    for (auto& p : periods) elapsed_from_snap_times(p.iv);
  }
  for (std::size_t k = 0; k < 2; ++k)
    if (!periods[k].iv.begin_snap || !periods[k].iv.end_snap)
      throw Error(source,
                  fmt::format("an AWR Compare Periods report (awrddrpt.sql) without the snap ids of its {} period (the 'Snapshot "
                              "Set' table): truncated or damaged",
                              k_period_names[k]));
  std::vector<std::string> problems;  // what could not be read, said in both periods
  if (joined > 0)
    problems.push_back(
        fmt::format("{} line{} of exactly {} characters joined with the next (Oracle breaks the report's "
                    "HTML there, inside a tag or a figure)",
                    joined, joined == 1 ? "" : "s", k_html_piece));
  const std::vector<SqlCells> sql = html ? html_sql(raw, problems) : text_sql(content, problems);
  std::vector<Snapshot> out;
  std::vector<std::string_view> lines;  // a text report's lines, by line number (empty for HTML)
  if (!html)
    for (std::size_t pos = 0; pos <= content.size();) {
      const auto nl = content.find('\n', pos);
      lines.push_back(content.substr(pos, nl == std::string_view::npos ? std::string_view::npos : nl - pos));
      if (nl == std::string_view::npos) break;
      pos = nl + 1;
    }
  // "WORKLOAD REPOSITORY COMPARE PERIOD REPORT (PDB snapshots)" (19c, run in a PDB): snap ids are the PDB's own.
  if (head.find("COMPARE PERIOD REPORT (PDB snapshots)") != std::string_view::npos)
    for (auto& p : periods) {
      p.db.scope = ContainerScope::pdb;
      p.iv.pdb_snapshots = true;
    }
  for (int period = 1; period <= 2; ++period)
    out.push_back(build_period(raw, periods, cpu, sql, lines, first_absent, period, source, is_rac ? &rac : nullptr));
  for (auto& s : out)
    for (std::size_t i = 0; i < problems.size(); ++i)  // the joined lines are a note; an unread row a warning
      s.diagnostics.push_back(
          {i == 0 && joined > 0 ? Diagnostic::Level::info : Diagnostic::Level::warning, "sql", 0, problems[i]});
  for (const auto& s : out)
    if (s.load_profile.empty() && s.time_model.empty() && s.top_events.empty())
      throw Error(
          source,
          "an AWR Compare Periods report (awrddrpt.sql) with no Load Profile, Time Model or Top Timed Events of either period: "
          "truncated or damaged");
  return out;
}

}  // namespace awrdiff
