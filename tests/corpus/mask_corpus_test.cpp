// --mask on the real reports of ../shared/corpus (skipped when it is absent): no name the masked snapshot knows
// (every original of Masker::mapping(): databases, instances, hosts, services, schemas, objects, tablespaces,
// paths, disk groups, the input file) is left in any format's output (text, Markdown, Jira, HTML, JSON) or in
// the snapshot JSON. docs/masking.md.
#include "tests/support/corpus.hpp"

#include <awrdiff/compare.hpp>
#include <awrdiff/diff.hpp>
#include <awrdiff/mask.hpp>
#include <awrdiff/parse.hpp>
#include <awrdiff/render.hpp>
#include <awrdiff/snapshot_json.hpp>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <cctype>
#include <filesystem>
#include <set>
#include <sstream>
#include <string>
#include <unordered_set>
#include <vector>

namespace fs = std::filesystem;

namespace {

const fs::path k_corpus = awrdiff::testing::corpus_dir();

bool ident_char(char c) { return std::isalnum(static_cast<unsigned char>(c)) != 0 || c == '_' || c == '$' || c == '#'; }

std::string upper(std::string_view s) {
  std::string u(s);
  for (auto& c : u) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  return u;
}

// The identifiers of `text` (letters, digits, _ $ #), upper case; Markdown's and Jira's escapes (PREADVICE\_UID)
// do not cut one. Not counted when `skip_after_dot`: an identifier after "NAME." where NAME is no alias of the
// masking (SYS.SMON_SCN_TIME, PERFSTAT.STATSPACK: what an Oracle schema owns is kept; t.column: columns are kept).
void add_words(std::string_view text, std::unordered_set<std::string>& words,
               const std::unordered_set<std::string>* aliases = nullptr) {
  std::string clean;
  clean.reserve(text.size());
  for (std::size_t k = 0; k < text.size(); ++k)
    if (!(text[k] == '\\' && k + 1 < text.size() && ident_char(text[k + 1]))) clean += text[k];
  std::size_t i = 0;
  std::string previous;  // the identifier just before, when only a '.' is between
  while (i < clean.size()) {
    if (!ident_char(clean[i])) {
      if (clean[i] != '.') previous.clear();
      ++i;
      continue;
    }
    std::size_t e = i;
    while (e < clean.size() && ident_char(clean[e])) ++e;
    auto word = upper(std::string_view(clean).substr(i, e - i));
    const bool after_kept_owner =
        aliases != nullptr && i > 0 && clean[i - 1] == '.' && !previous.empty() && aliases->count(previous) == 0;
    if (!after_kept_owner) words.insert(word);
    previous = std::move(word);
    i = e;
  }
}

void add_keys(const nlohmann::json& j, std::unordered_set<std::string>& words) {
  if (j.is_object())
    for (const auto& [k, v] : j.items()) {
      add_words(k, words);
      add_keys(v, words);
    }
  else if (j.is_array())
    for (const auto& v : j) add_keys(v, words);
}

// Words that are Oracle's or awrdiff's own, not a site's: a name equal to one of them (a tablespace DATA, a service
// named like the event word "service", a DB name taken from a cell reading "Instance") is masked where it stands
// as a name, and the word stays where it is vocabulary ("SQL*Net more data from client"). They are: the JSON keys
// and the Oracle names of the unmasked snapshot (events, statistics, latches, wait classes, headers, titles,
// parameter names; not the database, its instances, SQL or the cells of tables), the words of awrdiff's output
// on the samples, and SQL's words.
void add_vocabulary(const nlohmann::json& j, std::unordered_set<std::string>& words) {
  static const std::unordered_set<std::string> keys = {"name",     "event", "wait_class", "class",       "statistic",
                                                       "header",   "title", "column",     "section",     "function",
                                                       "filetype", "latch", "unit",       "object_type", "kind"};
  if (j.is_object()) {
    // What an Oracle schema owns is Oracle's (SYS.SMON_SCN_TIME, a segment of the lists): kept by masking.
    if (j.contains("owner") && j.contains("object") && j["owner"].is_string() && j["object"].is_string()) {
      const auto owner = upper(j["owner"].get<std::string>());
      if (owner == "SYS" || owner == "SYSTEM" || owner == "PERFSTAT" || owner == "XDB" || owner == "AUDSYS" ||
          owner == "DBSNMP" || owner == "SYSMAN" || owner.starts_with("APEX_") || owner.find('$') != std::string::npos)
        add_words(j["object"].get<std::string>(), words);
    }
    for (const auto& [k, v] : j.items()) {
      if (k == "database" || k == "instance_rows" || k == "sql" || k == "rows" || k == "source") continue;
      if (v.is_string() && keys.count(k) > 0) add_words(v.get<std::string>(), words);
      else add_vocabulary(v, words);
    }
  } else if (j.is_array()) {
    for (const auto& v : j) add_vocabulary(v, words);
  }
}

const std::unordered_set<std::string>& awrdiff_words() {
  static const std::unordered_set<std::string> words = [] {
    std::unordered_set<std::string> w;
    const fs::path samples = fs::path(AWRDIFF_SOURCE_DIR) / "samples";
    const auto c = awrdiff::compare(awrdiff::load_report(samples / "good.html"), awrdiff::load_report(samples / "bad.html"));
    for (const auto f : {awrdiff::Format::text, awrdiff::Format::html, awrdiff::Format::json}) {
      awrdiff::RenderOptions o;
      o.verbose = true;
      o.rows = 0;
      std::ostringstream out;
      awrdiff::render(c, f, o, out);
      add_words(out.str(), w);
    }
    // Column names of SQL text are kept (docs/masking.md), and a statement cut or parsed loosely can make the
    // masker take one for a table elsewhere: AWR's own columns (a monitoring query over WRM$_SNAPSHOT), and the
    // quoted column alias "SHIPMENT ID" of awr-html_12.1_shadab_1.html.
    for (const char* column : {"SNAP_ID", "END_INTERVAL_TIME", "SHIPMENT"}) w.insert(column);
    for (const char* sql : {"SELECT", "INSERT",  "UPDATE", "DELETE", "MERGE", "FROM",   "WHERE", "INTO",  "TO_CHAR", "TO_DATE",
                            "SUBSTR", "SUBSTRB", "COUNT",  "DUMP",   "NVL",   "DECODE", "CAST",  "TABLE", "INDEX",   "TEXT"})
      w.insert(sql);
    return w;
  }();
  return words;
}

struct Leak {
  std::string name, alias, where, context;
};

// Where `name` stands in `text` as a whole identifier (any case), or as written; npos when nowhere.
std::size_t find_name(const std::string& text, const std::string& name, bool one_word) {
  if (!one_word) {  // as written, not followed by more of a name ("+DATA" is not in "+DATA01")
    for (auto p = text.find(name); p != std::string::npos; p = text.find(name, p + 1))
      if (p + name.size() == text.size() || !ident_char(text[p + name.size()])) return p;
    return std::string::npos;
  }
  const auto up = upper(text), n = upper(name);
  for (auto p = up.find(n); p != std::string::npos; p = up.find(n, p + 1))
    if ((p == 0 || !ident_char(up[p - 1])) && (p + n.size() == up.size() || !ident_char(up[p + n.size()]))) return p;
  return std::string::npos;
}

// Every original name of the masking of `file` that one of its masked outputs still holds: a name that is one
// identifier (4 characters or more: shorter ones are masked in named fields only) as a whole identifier, in any
// case; a name with other characters (a path, a host.domain) as it is written.
std::vector<Leak> leaks_of(const fs::path& file) {
  awrdiff::Snapshot s = awrdiff::load_report(file);
  std::unordered_set<std::string> vocabulary = awrdiff_words();
  const auto unmasked = nlohmann::json::parse(awrdiff::snapshot_json_text(s, true));
  add_vocabulary(unmasked, vocabulary);
  add_keys(unmasked, vocabulary);
  awrdiff::Masker m;
  awrdiff::mask({&s}, m);
  std::vector<std::pair<std::string, std::string>> outputs;  // (where, text)
  const auto c = awrdiff::describe(s);
  for (const auto& [f, name] : {std::pair{awrdiff::Format::text, "text"}, std::pair{awrdiff::Format::markdown, "markdown"},
                                std::pair{awrdiff::Format::jira, "jira"}, std::pair{awrdiff::Format::html, "html"},
                                std::pair{awrdiff::Format::json, "json"}}) {
    awrdiff::RenderOptions o;
    o.verbose = true;
    o.rows = 0;
    std::ostringstream out;
    awrdiff::render(c, f, o, out);
    outputs.emplace_back(name, out.str());
  }
  outputs.emplace_back("snapshot", awrdiff::snapshot_json_text(s, true));
  std::unordered_set<std::string> aliases;  // PART1 may be a partition's name and another's alias
  for (const auto& [original, alias] : m.mapping()) aliases.insert(upper(alias));
  std::vector<std::unordered_set<std::string>> words(outputs.size());
  for (std::size_t i = 0; i < outputs.size(); ++i) add_words(outputs[i].second, words[i], &aliases);
  std::vector<Leak> leaks;
  std::set<std::string> seen;
  for (const auto& [original, alias] : m.mapping()) {
    std::vector<std::string> names{original};
    if (alias.starts_with("report")) names.push_back(fs::path(original).filename().string());  // the input file
    // An ASM path's disk group ("+DATA" of "+DATA/PROD/datafile/users.259.1"), wherever it stands alone.
    if (original.size() > 2 && original[0] == '+') names.push_back(original.substr(0, original.find_first_of("/\\")));
    for (const auto& name : names) {
      if (name.size() < 4 || !seen.insert(name).second) continue;
      const bool one_word = std::all_of(name.begin(), name.end(), ident_char);
      if (one_word && (vocabulary.count(upper(name)) > 0 || aliases.count(upper(name)) > 0)) continue;
      // A figure taken for a name by a cell's position ("3.22ms" as a service) is no site's name; an address is.
      if (std::isdigit(static_cast<unsigned char>(name[0])) && name.find_first_not_of("0123456789.") != std::string::npos)
        continue;
      for (std::size_t i = 0; i < outputs.size(); ++i) {
        const bool found =
            one_word ? words[i].count(upper(name)) > 0 : find_name(outputs[i].second, name, false) != std::string::npos;
        if (!found) continue;
        const auto at = find_name(outputs[i].second, name, one_word);
        const auto from = at == std::string::npos ? 0 : (at > 60 ? at - 60 : 0);
        leaks.push_back({name, alias, outputs[i].first, outputs[i].second.substr(from, 140)});
      }
    }
  }
  return leaks;
}

}  // namespace

TEST(MaskCorpus, NoNameTheSnapshotKnowsIsLeftInAnyFormat) {
  if (!fs::exists(k_corpus / "MANIFEST.tsv")) GTEST_SKIP() << "../shared/corpus absent";
  std::vector<fs::path> files;
  for (const auto& e : fs::directory_iterator(k_corpus)) {
    const auto n = e.path().filename().string();
    if (n.starts_with("awr-html_") || n.starts_with("awr-rac-html_") || n.starts_with("awr-text_") || n.starts_with("statspack_"))
      files.push_back(e.path());
  }
  std::sort(files.begin(), files.end());
  for (const auto& f : files) {
    for (const auto& l : leaks_of(f))
      ADD_FAILURE() << f.filename().string() << ": " << l.name << " (" << l.alias << ") in the " << l.where << " output: ..."
                    << l.context << "...";
  }
}
