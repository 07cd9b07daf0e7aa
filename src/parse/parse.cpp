#include <awrdiff/compare_report.hpp>
#include <awrdiff/number.hpp>
#include <awrdiff/parse.hpp>
#include <awrdiff/snapshot_json.hpp>
#include <awrdiff/sysmetric.hpp>

#include "support/text.hpp"

#include <algorithm>
#include <array>
#include <cctype>
#include <fmt/format.h>

namespace awrdiff {
namespace {

bool contains(std::string_view hay, std::string_view needle) { return hay.find(needle) != std::string_view::npos; }

// ASCII case folded, as std::tolower in the "C" locale (the program never sets another). Without a
// tolower call per compared byte: detect_input looks for "<html" and "<table" in 24 KB of every text
// report, where neither is (a '<' is looked for with memchr, a letter compared through a table).
bool contains_icase(std::string_view hay, std::string_view needle) {
  if (needle.empty()) return !hay.empty();  // as std::search: an empty needle is found at the start
  if (needle.size() > hay.size()) return false;
  static constexpr auto k_lower = [] {
    std::array<unsigned char, 256> t{};
    for (unsigned c = 0; c < 256; ++c) t[c] = static_cast<unsigned char>(c >= 'A' && c <= 'Z' ? c + ('a' - 'A') : c);
    return t;
  }();
  auto lower = [](char c) { return k_lower[static_cast<unsigned char>(c)]; };
  const std::size_t last = hay.size() - needle.size();
  const unsigned char first = lower(needle[0]);
  const bool letter = first >= 'a' && first <= 'z';
  for (std::size_t i = 0; i <= last; ++i) {
    if (!letter) {
      i = hay.find(needle[0], i);
      if (i == std::string_view::npos || i > last) return false;
    } else if (lower(hay[i]) != first) {
      continue;
    }
    std::size_t k = 1;
    while (k < needle.size() && lower(hay[i + k]) == lower(needle[k])) ++k;
    if (k == needle.size()) return true;
  }
  return false;
}

// The first ORA- error line, for the message.
std::string ora_error(std::string_view content) {
  auto pos = content.find("ORA-");
  if (pos == std::string_view::npos) return {};
  auto end = content.find('\n', pos);
  return std::string(content.substr(pos, end == std::string_view::npos ? std::string_view::npos : end - pos));
}

// "... DB/Inst: ORCL/orcl  Snaps: 19-20" -> "ORCL": Statspack 10g+ leaves the header's Database
// column blank, but every section title names the database.
std::string db_name_from_titles(std::string_view content) {
  auto pos = content.find("DB/Inst: ");
  if (pos == std::string_view::npos) return {};
  pos += 9;
  auto end = content.find_first_of("/ \n", pos);
  if (end == std::string_view::npos || end == pos) return {};
  return std::string(content.substr(pos, end - pos));
}

// "-> Total DB Time (s):           1,307" under Statspack's SQL ordered by Elapsed time: DB time of the
// interval, for releases whose header prints none.
OptDouble total_db_time_from_sql_notes(std::string_view content) {
  constexpr std::string_view marker = "-> Total DB Time (s):";
  auto pos = content.find(marker);
  if (pos == std::string_view::npos) return std::nullopt;
  pos += marker.size();
  auto end = content.find('\n', pos);
  auto v =
      parse_cell(trim(content.substr(pos, end == std::string_view::npos ? std::string_view::npos : end - pos)), Unit::seconds);
  return v.value;
}

// The report's own verdict on its figures (printed above the header by spreport.sql and awrrpt.sql).
void read_validity(std::string_view content, Snapshot& snap) {
  std::string_view head = content.substr(0, std::min<std::size_t>(content.size(), 16 * 1024));
  if (contains(head, "RESULTS ARE INVALID") || contains(head, "span an instance shutdown")) {
    snap.valid = false;
    snap.invalid_reason = "instance restart between begin and end snapshot (the report says RESULTS ARE INVALID)";
  }
  if (contains(head, "TIMINGS ARE INVALID")) {
    snap.timings_valid = false;
    if (snap.valid) {
      snap.valid = false;
      snap.invalid_reason = "timed_statistics changed between begin and end snapshot (the report says TIMINGS ARE INVALID)";
    }
  }
  if (!snap.valid) snap.diagnostics.push_back({Diagnostic::Level::warning, "", 0, "report not valid: " + snap.invalid_reason});
}

// Container scope from the title: "WORKLOAD REPOSITORY PDB report (PDB snapshots)" (snap ids local to
// the PDB) or "(root snapshots)"; a CDB report without that title covers the whole CDB from its root.
void read_scope(std::string_view content, Snapshot& snap) {
  std::string_view head = content.substr(0, std::min<std::size_t>(content.size(), 64 * 1024));
  if (contains(head, "WORKLOAD REPOSITORY PDB report")) {
    snap.database.scope = ContainerScope::pdb;
    snap.interval.pdb_snapshots = contains(head, "(PDB snapshots)");
  } else if (snap.database.cdb.value_or(false)) {
    snap.database.scope = ContainerScope::cdb_root;
  }
}

// `awrdiff snapshot` of several files: a JSON array of {"file", "snapshot"} objects. Not read (a
// snapshot stands for one report), but named, so the error says what to do.
bool looks_like_snapshot_array(std::string_view content) {
  const std::size_t first = content.find_first_not_of(" \t\r\n");
  return first != std::string_view::npos && content[first] == '[' &&
         content.find("\"awrdiff_snapshot\":") != std::string_view::npos;
}

// A saved snapshot (`awrdiff snapshot FILE -o S.json`) read in place of its report: named by the
// file it was read from, like a report, and refused when it holds no figures, like a report.
Snapshot read_saved_snapshot(std::string_view content, const std::string& source) {
  Snapshot snap = snapshot_from_json(content, source);
  snap.source = source;
  if (!snap.interval.elapsed_s && !snap.interval.end_snap && snap.load_profile.empty() && snap.top_events.empty() &&
      snap.time_model.empty() && snap.sql.empty() && snap.valid)
    throw Error(source, "snapshot JSON: no figures (no elapsed time, snap ids, load profile, events, time model or SQL)");
  return snap;
}

// The titles that open a report: one per report in a file (split_reports).
constexpr std::string_view k_report_titles[] = {
    "WORKLOAD REPOSITORY report for",   "WORKLOAD REPOSITORY REPORT for", "WORKLOAD REPOSITORY PDB report",
    "WORKLOAD REPOSITORY REPORT (RAC)", "WORKLOAD REPOSITORY RAC REPORT", "STATSPACK report for",
    "STATSPACK Statistics Report",
};

// The last occurrence of `needle` (ASCII case-insensitive) in hay[from, to), or npos.
std::size_t rfind_icase(std::string_view hay, std::string_view needle, std::size_t from, std::size_t to) {
  if (to > hay.size() || to < from + needle.size()) return std::string_view::npos;
  for (std::size_t i = to - needle.size() + 1; i-- > from;) {
    bool same = true;
    for (std::size_t k = 0; k < needle.size() && same; ++k)
      same = std::tolower(static_cast<unsigned char>(hay[i + k])) == std::tolower(static_cast<unsigned char>(needle[k]));
    if (same) return i;
  }
  return std::string_view::npos;
}

// A file that holds what a report is read from, but not a report: the sections awrdiff knows that a
// tokenizer finds in it, for "a report fragment" errors. Empty when none.
std::vector<std::string> known_sections(std::string_view content, bool& statspack) {
  const bool html = contains_icase(content.substr(0, std::min<std::size_t>(content.size(), 1 << 20)), "<table");
  const RawReport raw = html ? tokenize_html(content) : tokenize_text(content);
  std::vector<std::string> out;
  statspack = contains(content, "Statspack") || contains(content, "STATSPACK");
  for (const auto& t : raw.tables) {
    if (t.section == SectionId::unknown) continue;
    for (const ColumnId c : t.columns)  // Statspack names statements by hash value
      if (const auto k = column_spec(c).statement_key; k == StatementKey::hash_preferred || k == StatementKey::hash)
        statspack = true;
    if (contains(t.title, "Indicators") || contains_icase(t.title, "Top 5 Timed Events")) statspack = true;
    for (const auto& h : t.headers)
      if (contains_icase(h, "Call Time")) statspack = true;  // %Total Call Time
    std::string name = t.title.empty() ? std::string(section_spec(t.section).display) : t.title;
    if (std::find(out.begin(), out.end(), name) == out.end()) out.push_back(std::move(name));
  }
  return out;
}

// Why a text that detect_input calls not_a_report is not read: a fragment of a report (sections
// without the header) named as one, else the plain "not an AWR report".
std::string not_a_report_reason(std::string_view content) {
  bool statspack = false;
  const auto sections = known_sections(content, statspack);
  if (sections.empty()) return "not an AWR report (no 'WORKLOAD REPOSITORY report' header)";
  std::string list;
  for (std::size_t i = 0; i < sections.size() && i < 4; ++i) list += (i ? ", " : "") + sections[i];
  if (sections.size() > 4) list += fmt::format(" and {} more", sections.size() - 4);
  return fmt::format(
      "{} report fragment ({}) without the report's header ('{}', database and snapshots): "
      "give the whole report",
      statspack ? "a Statspack" : "an AWR", list, statspack ? "STATSPACK report for" : "WORKLOAD REPOSITORY report for");
}

Snapshot parse_one(std::string_view content, const std::string& source, InputKind kind);

// "holds 2 reports (1: ORCL snaps 2-3; 2: ORCL snaps 3-4) ...": each report named by what it covers.
std::string several_reports_reason(const std::vector<std::string_view>& parts, const std::string& source) {
  std::string list;
  for (std::size_t i = 0; i < parts.size(); ++i) {
    if (i > 0) list += "; ";
    if (i == 6) {
      list += fmt::format("{} more", parts.size() - 6);
      break;
    }
    try {
      const Snapshot s = parse_one(parts[i], source, detect_input(parts[i]));
      std::string what = s.database.name.empty() ? std::string("?") : s.database.name;
      if (!s.database.instance.empty()) what += "/" + s.database.instance;
      if (s.interval.begin_snap && s.interval.end_snap)
        what += fmt::format(" snaps {}-{}", *s.interval.begin_snap, *s.interval.end_snap);
      list += fmt::format("{}: {}", i + 1, what);
    } catch (const Error& e) { list += fmt::format("{}: unreadable ({})", i + 1, e.reason()); }
  }
  return fmt::format(
      "holds {} reports, not one ({}): a comparison takes one report a side; split the file, "
      "read each with `awrdiff snapshot`, or give the file as a set (--base/--target)",
      parts.size(), list);
}

}  // namespace

std::vector<std::string_view> split_reports(std::string_view content) {
  // Every title starts with one of two heads: one pass over the text for each head (not one per title), each
  // place it occurs then tried against the titles.
  std::vector<std::size_t> titles;
  for (const std::string_view head : {std::string_view("WORKLOAD REPOSITORY "), std::string_view("STATSPACK ")})
    for (auto pos = content.find(head); pos != std::string_view::npos; pos = content.find(head, pos + head.size()))
      if (std::any_of(std::begin(k_report_titles), std::end(k_report_titles),
                      [&](std::string_view m) { return content.substr(pos).starts_with(m); }))
        titles.push_back(pos);
  if (titles.size() < 2) return {content};
  std::sort(titles.begin(), titles.end());
  std::vector<std::size_t> starts{0};
  for (std::size_t i = 1; i < titles.size(); ++i) {
    const std::size_t prev = titles[i - 1], at = titles[i];
    // An HTML report opens before its title: at its <!DOCTYPE> or <html> (the <title> comes first).
    std::size_t start = std::string_view::npos;
    const std::size_t html = rfind_icase(content, "<html", prev, at);
    if (html != std::string_view::npos) {
      start = html;
      if (const auto doctype = rfind_icase(content, "<!doctype", prev, html); doctype != std::string_view::npos) start = doctype;
    } else {
      const auto nl = content.rfind('\n', at);
      start = nl == std::string_view::npos || nl < prev ? at : nl + 1;
    }
    starts.push_back(start);
  }
  std::vector<std::string_view> out;
  for (std::size_t i = 0; i < starts.size(); ++i) {
    const std::size_t end = i + 1 < starts.size() ? starts[i + 1] : content.size();
    out.push_back(content.substr(starts[i], end - starts[i]));
  }
  return out;
}

std::optional<std::string> without_line_numbers(std::string_view content) {
  // "123:text" (grep -n), "   123\ttext" (cat -n), "  123 text" (an editor's numbered copy).
  auto prefix = [](std::string_view line, long& number) -> std::size_t {
    std::size_t i = 0;
    while (i < line.size() && line[i] == ' ') ++i;
    std::size_t j = i;
    while (j < line.size() && j - i < 10 && std::isdigit(static_cast<unsigned char>(line[j])) != 0) ++j;
    if (j == i || j - i >= 10) return 0;
    if (j < line.size() && line[j] != ':' && line[j] != '\t' && line[j] != ' ') return 0;
    number = std::stol(std::string(line.substr(i, j - i)));
    return j < line.size() ? j + 1 : j;
  };
  long first = 0;
  {
    const auto nl = content.find('\n');
    if (prefix(content.substr(0, nl), first) == 0) return std::nullopt;  // cheap refusal for a plain report
  }
  std::string out;
  out.reserve(content.size());
  std::size_t lines = 0, in_sequence = 0;
  long expected = first;
  for (std::size_t pos = 0; pos < content.size();) {
    auto nl = content.find('\n', pos);
    const std::string_view line = content.substr(pos, nl == std::string_view::npos ? std::string_view::npos : nl - pos);
    ++lines;
    long n = 0;
    if (const std::size_t cut = prefix(line, n); cut > 0) {
      if (n == expected) ++in_sequence;
      expected = n + 1;
      out.append(line.substr(cut));
    } else {
      out.append(line);
    }
    out.push_back('\n');
    if (nl == std::string_view::npos) break;
    pos = nl + 1;
  }
  if (lines < 3 || static_cast<double>(in_sequence) < 0.98 * static_cast<double>(lines)) return std::nullopt;
  return out;
}

InputKind detect_input(std::string_view content) {
  // The markers sit near the start: after the <style> block in HTML, after whatever SQL*Plus printed
  // before the report in a spool (a snapshot listing of many days runs to tens of KB). Look at a
  // bounded prefix.
  const std::string_view head = content.substr(0, std::min<std::size_t>(content.size(), 1024 * 1024));
  // The first place of any of `markers`, which all start with `stem`: one pass over the head for the stem (a
  // pass per marker read a 1 MB HTML report eleven times), each place it occurs tried against the markers.
  auto find_any = [&](std::string_view stem, std::initializer_list<std::string_view> markers) {
    for (auto pos = head.find(stem); pos != std::string_view::npos; pos = head.find(stem, pos + 1))
      for (auto m : markers)
        if (head.substr(pos).starts_with(m)) return pos;
    return std::string_view::npos;
  };
  // HTML when an <html> or <table> tag comes shortly before or after the marker (the marker is in
  // the <title> or the first <h1>), not merely somewhere in the file.
  auto html_near = [&](std::size_t at) {
    const std::size_t from = at > 16 * 1024 ? at - 16 * 1024 : 0;
    const std::string_view around = head.substr(from, 24 * 1024);
    return contains_icase(around, "<html") || contains_icase(around, "<table");
  };
  // awrddrpt / awrgdrpt: "WORKLOAD REPOSITORY COMPARE PERIOD REPORT" (text and HTML heading), "AWR
  // Compare Period Report for ..." (HTML title). Checked first: it names no instance report title, but
  // quotes section titles of one.
  if (find_any("COMPARE PERIOD", {"COMPARE PERIOD REPORT", "COMPARE PERIODS REPORT"}) != std::string_view::npos ||
      find_any("Compare Period", {"Compare Period Report", "Compare Periods Report"}) != std::string_view::npos)
    return InputKind::awr_compare_report;
  if (auto at = std::min(find_any("WORKLOAD REPOSITORY ", {"WORKLOAD REPOSITORY REPORT (RAC)", "WORKLOAD REPOSITORY RAC REPORT"}),
                         find_any("AWR R", {"AWR RAC Report"}));
      at != std::string_view::npos)
    return html_near(at) ? InputKind::awr_global_html : InputKind::awr_global_text;
  if (auto at = std::min(find_any("WORKLOAD REPOSITORY ", {"WORKLOAD REPOSITORY report for", "WORKLOAD REPOSITORY PDB report",
                                                           "WORKLOAD REPOSITORY REPORT for"}),
                         find_any("AWR R", {"AWR Report for DB:"}));
      at != std::string_view::npos)
    return html_near(at) ? InputKind::awr_instance_html : InputKind::awr_instance_text;
  if (contains(head, "STATSPACK report for") || contains(head, "STATSPACK Statistics Report")) return InputKind::statspack_text;
  if (contains(head, "ASH Report")) return InputKind::ash_report;
  if (contains(head, "ADDM Report for Task")) return InputKind::addm_report;
  if (detect_sysmetric_dump(content)) return InputKind::metric_dump;
  if (contains(head, "ORA-")) return InputKind::oracle_error;
  return InputKind::not_a_report;
}

RawReport tokenize(std::string_view content, InputKind kind) {
  const bool html = kind == InputKind::awr_instance_html || kind == InputKind::awr_global_html;
  RawReport raw = html ? tokenize_html(content) : tokenize_text(content);
  if (kind == InputKind::statspack_text) raw.kind = ReportKind::statspack;
  if (kind == InputKind::awr_global_html || kind == InputKind::awr_global_text) raw.kind = ReportKind::awr_global;
  return raw;
}

namespace {

// `kind`: detect_input(content), which the caller has asked already.
Snapshot parse_one(std::string_view content, const std::string& source, InputKind kind) {
  RawReport raw;
  switch (kind) {
    case InputKind::awr_instance_html:
    case InputKind::awr_instance_text:
    case InputKind::statspack_text:
      raw = tokenize(content, kind);
      break;
    case InputKind::awr_global_html:
    case InputKind::awr_global_text:
      raw = tokenize(content, kind);
      break;
    case InputKind::ash_report:
      throw Error(source,
                  "an ASH report (ashrpt.sql), not an AWR report: it samples active sessions and has none of "
                  "the interval's figures awrdiff compares (give the AWR report of the period)");
    case InputKind::addm_report:
      throw Error(source,
                  "an ADDM report (addmrpt.sql), not an AWR report: it lists findings, not the interval's "
                  "figures awrdiff compares (give the AWR report of the same snapshots)");
    case InputKind::awr_compare_report:
      throw Error(source,
                  "an AWR Compare Periods report (awrddrpt.sql), not an AWR report: it already compares two "
                  "periods; give awrdiff the AWR report of each period (awrrpt.sql) instead");
    case InputKind::metric_dump:
      throw Error(source,
                  fmt::format("{}, not an AWR report: metrics per snapshot, not one period's report; use it "
                              "as a baseline (awrdiff check --baseline FILE CURRENT)",
                              detect_sysmetric_dump(content) == DumpKind::awr_miner ? "an AWR-Miner dump (DBA_HIST capture)"
                                                                                    : "a DBA_HIST_SYSMETRIC_SUMMARY dump"));
    case InputKind::oracle_error: {
      auto ora = ora_error(content);
      throw Error(source, fmt::format("holds an Oracle error instead of a report: {}", ora));
    }
    case InputKind::not_a_report:
      throw Error(source, not_a_report_reason(content));
  }
  Snapshot snap = build_snapshot(raw, source);
  if (snap.kind == ReportKind::statspack) {
    if (snap.database.name.empty()) snap.database.name = db_name_from_titles(content);
    if (!snap.db_time_s()) snap.interval.db_time_s = total_db_time_from_sql_notes(content);
  }
  read_validity(content, snap);
  reconcile(snap);
  read_scope(content, snap);
  if (content.find("End of Report") == std::string_view::npos) {
    snap.truncated = true;
    snap.diagnostics.push_back({Diagnostic::Level::warning, "", 0, "no 'End of Report' marker: the report is truncated"});
  }
  if (!snap.interval.elapsed_s && !snap.interval.end_snap && snap.load_profile.empty() && snap.top_events.empty() &&
      snap.time_model.empty() && snap.sql.empty() && snap.valid) {
    if (!raw.not_read.empty()) throw Error(source, raw.not_read);  // a bound on hostile input, not damage
    throw Error(source, fmt::format("no {} sections found (truncated or damaged report?)",
                                    snap.kind == ReportKind::statspack ? "Statspack" : "AWR"));
  }
  return snap;
}

// What every entry point checks first: white space only, a saved snapshot. Returns the snapshot when
// the text is one.
std::optional<Snapshot> saved_or_empty(std::string_view content, const std::string& source) {
  if (std::all_of(content.begin(), content.end(), [](char c) { return std::isspace(static_cast<unsigned char>(c)) != 0; }))
    throw Error(source, "empty report (only white space)");
  if (looks_like_snapshot_json(content)) return read_saved_snapshot(content, source);
  if (looks_like_snapshot_array(content))
    throw Error(source,
                "several snapshots in one JSON array (`awrdiff snapshot` of several files): a report "
                "is read from a snapshot saved alone (`awrdiff snapshot FILE -o FILE.json`)");
  // Other JSON (a report never starts with a brace or a bracket): say what was expected, not "not an AWR report".
  if (const std::size_t first = content.find_first_not_of(" \t\r\n\xEF\xBB\xBF");
      first != std::string_view::npos && (content[first] == '{' || content[first] == '['))
    throw Error(source,
                "is JSON, but neither a report snapshot saved by `awrdiff snapshot` nor a baseline saved by "
                "`awrdiff baseline save`");
  return std::nullopt;
}

void note_line_numbers(Snapshot& s) {
  s.diagnostics.push_back({Diagnostic::Level::info, "", 0,
                           "every line carried a line-number prefix ('123:' from grep -n or an editor): read without them"});
}

}  // namespace

Snapshot parse_report(std::string_view content, const std::string& source) {
  if (auto saved = saved_or_empty(content, source)) return std::move(*saved);
  if (auto plain = without_line_numbers(content)) {
    Snapshot s = parse_report(*plain, source);
    note_line_numbers(s);
    return s;
  }
  const InputKind kind = detect_input(content);
  if (kind == InputKind::awr_compare_report) {
    // One report stands for one period: of a Compare Periods report, the second (check, baseline save, report).
    auto both = parse_compare_report(content, source);
    Snapshot s = std::move(both.back());
    s.diagnostics.push_back(
        {Diagnostic::Level::info, "", 0, "a Compare Periods report holds two periods: its 2nd period is the report read here"});
    return s;
  }
  const auto parts = split_reports(content);
  if (parts.size() > 1) throw Error(source, several_reports_reason(parts, source));
  return parse_one(content, source, kind);
}

std::vector<Snapshot> parse_reports(std::string_view content, const std::string& source) {
  if (auto saved = saved_or_empty(content, source)) return {std::move(*saved)};
  if (auto plain = without_line_numbers(content)) {
    auto all = parse_reports(*plain, source);
    for (auto& s : all) note_line_numbers(s);
    return all;
  }
  const InputKind kind = detect_input(content);
  if (kind == InputKind::awr_compare_report) return parse_compare_report(content, source);
  const auto parts = split_reports(content);
  std::vector<Snapshot> out;
  if (parts.size() == 1) {  // (moved in: a braced list would copy the snapshot)
    out.push_back(parse_one(content, source, kind));
    return out;
  }
  for (std::size_t i = 0; i < parts.size(); ++i) {
    const std::string which = fmt::format("report {} of {}", i + 1, parts.size());
    try {
      out.push_back(parse_one(parts[i], fmt::format("{} [{}]", source, which), detect_input(parts[i])));
    } catch (const Error& e) { throw Error(source, fmt::format("{}: {}", which, e.reason())); }
  }
  return out;
}

}  // namespace awrdiff
