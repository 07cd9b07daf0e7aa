#include <awrdiff/number.hpp>
#include <awrdiff/parse.hpp>
#include <awrdiff/snapshot_json.hpp>

#include <algorithm>
#include <cctype>
#include <fmt/format.h>

namespace awrdiff {
namespace {

bool contains(std::string_view hay, std::string_view needle) { return hay.find(needle) != std::string_view::npos; }

bool contains_icase(std::string_view hay, std::string_view needle) {
  auto it = std::search(hay.begin(), hay.end(), needle.begin(), needle.end(), [](char a, char b) {
    return std::tolower(static_cast<unsigned char>(a)) == std::tolower(static_cast<unsigned char>(b));
  });
  return it != hay.end();
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
  auto v = parse_cell(trim(content.substr(pos, end == std::string_view::npos ? std::string_view::npos : end - pos)),
                      Unit::seconds);
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
    throw Error(source,
                "snapshot JSON: no figures (no elapsed time, snap ids, load profile, events, time model or SQL)");
  return snap;
}

}  // namespace

InputKind detect_input(std::string_view content) {
  // The markers sit near the start: after the <style> block in HTML, after whatever SQL*Plus printed
  // before the report in a spool (a snapshot listing of many days runs to tens of KB). Look at a
  // bounded prefix.
  const std::string_view head = content.substr(0, std::min<std::size_t>(content.size(), 1024 * 1024));
  auto find_any = [&](std::initializer_list<std::string_view> markers) {
    std::size_t first = std::string_view::npos;
    for (auto m : markers) first = std::min(first, head.find(m));
    return first;
  };
  // HTML when an <html> or <table> tag comes shortly before or after the marker (the marker is in
  // the <title> or the first <h1>), not merely somewhere in the file.
  auto html_near = [&](std::size_t at) {
    const std::size_t from = at > 16 * 1024 ? at - 16 * 1024 : 0;
    const std::string_view around = head.substr(from, 24 * 1024);
    return contains_icase(around, "<html") || contains_icase(around, "<table");
  };
  if (auto at = find_any({"WORKLOAD REPOSITORY REPORT (RAC)", "AWR RAC Report", "WORKLOAD REPOSITORY RAC REPORT"});
      at != std::string_view::npos)
    return html_near(at) ? InputKind::awr_global_html : InputKind::awr_global_text;
  if (auto at = find_any({"WORKLOAD REPOSITORY report for", "WORKLOAD REPOSITORY PDB report",
                          "WORKLOAD REPOSITORY REPORT for", "AWR Report for DB:"});
      at != std::string_view::npos)
    return html_near(at) ? InputKind::awr_instance_html : InputKind::awr_instance_text;
  if (contains(head, "STATSPACK report for") || contains(head, "STATSPACK Statistics Report"))
    return InputKind::statspack_text;
  if (contains(head, "ASH Report")) return InputKind::ash_report;
  if (contains(head, "ADDM Report for Task")) return InputKind::addm_report;
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

Snapshot parse_report(std::string_view content, const std::string& source) {
  if (std::all_of(content.begin(), content.end(), [](char c) { return std::isspace(static_cast<unsigned char>(c)) != 0; }))
    throw Error(source, "empty report (only white space)");
  if (looks_like_snapshot_json(content)) return read_saved_snapshot(content, source);
  if (looks_like_snapshot_array(content))
    throw Error(source, "several snapshots in one JSON array (`awrdiff snapshot` of several files): a report "
                        "is read from a snapshot saved alone (`awrdiff snapshot FILE -o FILE.json`)");
  RawReport raw;
  switch (const auto kind = detect_input(content)) {
    case InputKind::awr_instance_html:
    case InputKind::awr_instance_text:
    case InputKind::statspack_text: raw = tokenize(content, kind); break;
    case InputKind::awr_global_html:
    case InputKind::awr_global_text:
      raw = tokenize(content, kind);
      break;
    case InputKind::ash_report: throw Error(source, "an ASH report, not an AWR report");
    case InputKind::addm_report: throw Error(source, "an ADDM report, not an AWR report");
    case InputKind::oracle_error: {
      auto ora = ora_error(content);
      throw Error(source, fmt::format("holds an Oracle error instead of a report: {}", ora));
    }
    case InputKind::not_a_report:
      throw Error(source, "not an AWR report (no 'WORKLOAD REPOSITORY report' header)");
  }
  Snapshot snap = build_snapshot(raw, source);
  if (snap.kind == ReportKind::statspack) {
    if (snap.database.name.empty()) snap.database.name = db_name_from_titles(content);
    if (!snap.db_time_s()) snap.interval.db_time_s = total_db_time_from_sql_notes(content);
  }
  read_validity(content, snap);
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

}  // namespace awrdiff
