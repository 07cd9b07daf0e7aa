// Masking of the parsed model (`--mask`): see include/awrdiff/mask.hpp and docs/masking.md.
#include <awrdiff/baseline.hpp>
#include <awrdiff/mask.hpp>
#include <awrdiff/period_detail.hpp>

#include "mask/mask_words.hpp"
#include "support/text.hpp"

#include <algorithm>
#include <array>
#include <cctype>
#include <fmt/format.h>
#include <optional>
#include <set>
#include <unordered_set>

namespace awrdiff {

using namespace detail::masking;  // mask/mask_words.hpp
using detail::lower;  // support/text.hpp

// ---- Masker ------------------------------------------------------------------------------------

namespace {

// The kind of name a KEY=value of a connect descriptor or log_archive_dest_n gives its value (HOST=, SERVICE_NAME=,
// DB_UNIQUE_NAME=...); empty for any other key.
std::optional<MaskKind> descriptor_key(std::string_view key) {
  if (key == "HOST") return MaskKind::host;
  if (key == "DB_UNIQUE_NAME") return MaskKind::database;
  if (key == "INSTANCE_NAME") return MaskKind::instance;
  if (key == "SERVICE" || key == "SERVICE_NAME" || key == "SID" || key == "GLOBAL_DBNAME") return MaskKind::service;
  return std::nullopt;
}

// Whether the upper-case host name `name` ends in one of the known (upper-case) domains: dbhost07.corp.example.com.
bool in_known_domain(std::string_view name, const std::vector<std::string>& domains) {
  for (const auto& d : domains)
    if (name.size() > d.size() + 1 && name.substr(name.size() - d.size()) == d && name[name.size() - d.size() - 1] == '.')
      return true;
  return false;
}

}  // namespace

std::string Masker::new_alias(MaskKind kind, const std::string& key, std::string_view original) {
  auto alias = fmt::format("{}{}", prefix_of(kind), ++m_counts[kind]);
  // A name that is also a word of Oracle's own names (a host called "oracle": "oracle thread bootstrap",
  // "oracle@host (LGWR)") is masked where it stands as a name, not in free text.
  m_names.emplace(key, Name{alias, common_word(key) ? MaskKind::object : kind});
  if (free_text_kind(kind)) m_max_name = std::max(m_max_name, key.size());
  if (kind == MaskKind::domain) m_domains.push_back(key);
  m_mapping.emplace_back(std::string(original), alias);
  return alias;
}

std::string Masker::alias(MaskKind kind, std::string_view name) {
  const auto v = trim(name);
  const bool dotted_quad = std::count(v.begin(), v.end(), '.') == 3 && numeric(v);  // 10.2.0.4 as a HOST= value
  // A number is kept, but a partition named after its date (P2012072709) is printed by a text report cut to its
  // last 10 characters (2012072709): as a partition's name, digits alone are masked, as the HTML report's is.
  const bool digits_partition = kind == MaskKind::partition && std::all_of(v.begin(), v.end(), is_digit);
  if (!v.empty() && (ipv4_at(v, 0) == v.size() || ipv6_at(v, 0) == v.size() ||
                     (dotted_quad && (kind == MaskKind::host || kind == MaskKind::ip))))
    kind = MaskKind::ip;
  else if (v.empty() || (numeric(v) && !digits_partition)) return std::string(name);
  const auto key = upper(v);
  if (auto it = m_names.find(key); it != m_names.end()) return it->second.alias;
  switch (kind) {
    case MaskKind::schema:
    case MaskKind::user:
      if (oracle_schema(key)) return std::string(name);
      break;
    case MaskKind::tablespace:
      if (builtin_tablespace(key)) return std::string(name);
      break;
    case MaskKind::service:
      if (starts_with(key, "SYS$") || setting_words().count(key) > 0) return std::string(name);
      break;
    case MaskKind::pdb:
      if (key == "CDB$ROOT" || key == "PDB$SEED") return std::string(name);
      break;
    case MaskKind::object:
    case MaskKind::partition:
      if (starts_with(key, "**")) return std::string(name);
      break;
    default:
      break;
  }
  if (kind == MaskKind::host) {
    // A fully qualified host name: its first label is the same host, the rest its domain.
    const auto dot = key.find('.');
    if (dot != std::string::npos && dot > 0 && ipv4_at(key, 0) == 0) {
      auto a = new_alias(kind, key, v);
      const auto short_name = key.substr(0, dot);
      if (!m_names.count(short_name)) {
        m_names.emplace(short_name, Name{a, common_word(short_name) ? MaskKind::object : kind});
        m_mapping.emplace_back(std::string(v.substr(0, dot)), a);
      }
      alias(MaskKind::domain, v.substr(dot + 1));
      return a;
    }
  }
  return new_alias(kind, key, v);
}

std::string Masker::path(std::string_view p) {
  if (p.empty()) return std::string(p);
  const auto slash = p.find_first_of("/\\");
  auto dir_alias = [&](const std::string& d) {
    auto [it, added] = m_dirs.emplace(d, "");
    if (added) {
      it->second = fmt::format("path{}", ++m_dir_count);
      m_mapping.emplace_back(d, it->second);
    }
    return it->second;
  };
  // An ASM disk group alone ("+DATA"): a directory.
  if (slash == std::string_view::npos && p.size() >= 2 && p[0] == '+' && is_alpha(p[1])) return dir_alias(std::string(p));
  if (slash == std::string_view::npos) return std::string(p);
  const char sep = p[slash];
  // The lead kept as it is: leading separators (/, //, \\), a drive (C:), ORACLE_HOME's ?, ~.
  std::size_t lead = 0;
  if (p.size() >= 2 && is_alpha(p[0]) && p[1] == ':') lead = 2;
  else if (p[0] == '?' || p[0] == '~') lead = 1;
  while (lead < p.size() && (p[lead] == '/' || p[lead] == '\\')) ++lead;
  auto body = p.substr(lead);
  const auto last = body.find_last_of("/\\");
  std::string dir, base;
  if (last == std::string_view::npos) base = std::string(body);
  else {
    dir = std::string(body.substr(0, last));
    base = std::string(body.substr(last + 1));
  }
  std::string out(p.substr(0, lead));
  const auto ext = extension_of(base);
  if (ext.empty() && !base.empty()) {  // "/u01/app/oracle": a directory (dump and audit destinations)
    out += dir_alias(std::string(body));
    return out;
  }
  if (!dir.empty()) out += dir_alias(dir) + sep;
  if (!base.empty()) {
    auto [it, added] = m_files.emplace(base, "");
    if (added) {
      it->second = fmt::format("file{}", ++m_file_count);
      m_mapping.emplace_back(base, it->second + ext);
    }
    out += it->second + ext;
  }
  return out;
}

std::string Masker::source(std::string_view file) {
  if (file.empty() || file == "-") return std::string(file);
  auto [it, added] = m_sources.emplace(std::string(file), "");
  if (!added) return it->second;
  auto base = file.substr(file.find_last_of("/\\") == std::string_view::npos ? 0 : file.find_last_of("/\\") + 1);
  std::string ext = extension_of(base);
  if (ext == ".gz" || ext == ".bz2" || ext == ".xz" || ext == ".zip" || ext == ".zst") {
    auto stem = base.substr(0, base.size() - ext.size());
    ext = extension_of(stem) + ext;
  }
  it->second = fmt::format("report{}{}", ++m_source_count, ext);
  m_mapping.emplace_back(std::string(file), it->second);
  return it->second;
}

std::string Masker::embedded_names(std::string_view s) {
  std::vector<std::string_view> names;
  for (const auto& [name, n] : m_names)
    if (name.size() >= 4 && (n.kind == MaskKind::database || n.kind == MaskKind::instance || n.kind == MaskKind::host ||
                             n.kind == MaskKind::service || n.kind == MaskKind::pdb))
      names.push_back(name);
  if (m_names.empty()) return std::string(s);
  auto ident = [](char c) { return is_alnum(c) || c == '_' || c == '$' || c == '#'; };
  std::string out;
  out.reserve(s.size());
  std::size_t i = 0;
  while (i < s.size()) {
    if (!ident(s[i])) {
      out += s[i++];
      continue;
    }
    std::size_t e = i;
    while (e < s.size() && ident(s[e])) ++e;
    const auto token = s.substr(i, e - i);
    const auto up = upper(token);
    const bool embeds = std::any_of(names.begin(), names.end(),
                                    [&](std::string_view n) { return up.size() > n.size() && up.find(n) != std::string::npos; });
    // A known object, partition or tablespace name as a whole identifier (a row source's text, a cell naming a
    // table that SQL text named): its alias, when the name is distinctive (with '_' or a digit, or 6 characters
    // or more), so that "Event" or "Status" in a cell stays a word.
    const auto known = m_names.find(up);
    const bool object = known != m_names.end() && !common_word(up) &&
                        (known->second.kind == MaskKind::object || known->second.kind == MaskKind::partition ||
                         known->second.kind == MaskKind::tablespace) &&
                        (up.size() >= 6 || (up.size() >= 4 && up.find_first_of("_0123456789") != std::string::npos));
    out += object ? known->second.alias : embeds ? alias(MaskKind::object, token) : std::string(token);
    i = e;
  }
  return out;
}

std::string Masker::text(std::string_view s) {
  std::string out;
  out.reserve(s.size());
  const auto up = upper(s);
  const auto n = s.size();
  std::size_t i = 0;
  while (i < n) {
    const char c = s[i];
    if (c == '/' || c == '\\' || c == '?' || c == '~' || c == '+' || c == '$' || (is_alpha(c) && i + 1 < n && s[i + 1] == ':')) {
      if (auto len = path_at(s, i); len > 0) {
        out += path(s.substr(i, len));
        i += len;
        continue;
      }
    }
    if (!is_alnum(c) || (i > 0 && is_alnum(s[i - 1]))) {
      out += c;
      ++i;
      continue;
    }
    // c starts an alphanumeric run.
    if (auto len = ipv4_at(s, i); len > 0) {
      out += alias(MaskKind::ip, s.substr(i, len));
      i += len;
      continue;
    }
    if (auto len = ipv6_at(s, i); len > 0) {
      out += alias(MaskKind::ip, s.substr(i, len));
      i += len;
      continue;
    }
    std::size_t run = i;  // host-name run: letters, digits, _ $ # . -
    while (run < n && is_host_char(s[run])) ++run;
    while (run > i && (s[run - 1] == '.' || s[run - 1] == '-')) --run;
    std::size_t word = i;
    while (word < n && is_ident(s[word])) ++word;
    // KEY=value of a connect descriptor or log_archive_dest_n.
    {
      const auto key = std::string_view(up).substr(i, word - i);
      std::size_t k = word;
      while (k < n && s[k] == ' ') ++k;
      if (const auto kind = descriptor_key(key); k < n && s[k] == '=' && kind) {
        ++k;
        while (k < n && s[k] == ' ') ++k;
        std::size_t e = k;
        while (e < n && is_host_char(s[e])) ++e;
        out += s.substr(i, k - i);
        const auto value = s.substr(k, e - k);
        if (value.empty()) {
          i = k;
          continue;
        }
        out += setting_words().count(upper(value)) ? std::string(value) : alias(*kind, value);
        i = e;
        continue;
      }
    }
    // program@host, user@host.
    if (run < n && s[run] == '@' && run + 1 < n && is_alnum(s[run + 1])) {
      const auto who = s.substr(i, run - i);
      std::size_t e = run + 1;
      while (e < n && is_host_char(s[e])) ++e;
      while (e > run + 1 && (s[e - 1] == '.' || s[e - 1] == '-')) --e;
      out += known_program(who) ? std::string(who) : alias(MaskKind::user, who);
      out += '@';
      const auto host = s.substr(run + 1, e - run - 1);
      out += ipv4_at(s, run + 1) > 0 ? alias(MaskKind::ip, host) : alias(MaskKind::host, host);
      i = e;
      continue;
    }
    // A host name in a known domain: dbhost07.corp.example.com.
    if (!m_domains.empty() && run > i && in_known_domain(std::string_view(up).substr(i, run - i), m_domains)) {
      out += alias(MaskKind::host, s.substr(i, run - i));
      i = run;
      continue;
    }
    // Known names, the longest first, between non-alphanumeric characters.
    bool matched = false;
    if (m_max_name >= 3) {
      std::vector<std::size_t> ends;
      for (std::size_t j = i + 1; j <= n && j - i <= m_max_name; ++j)
        if (j == n || !is_alnum(s[j])) {
          if (is_alnum(s[j - 1])) ends.push_back(j);
          if (j == n || is_space(s[j])) break;
        }
      for (auto it = ends.rbegin(); it != ends.rend() && !matched; ++it) {
        const auto j = *it;
        if (j - i < 3) break;
        auto found = m_names.find(up.substr(i, j - i));
        if (found == m_names.end() || !free_text_kind(found->second.kind)) continue;
        if (identifier_bounded(found->second.kind) && ((i > 0 && is_ident(s[i - 1])) || (j < n && is_ident(s[j])))) continue;
        out += found->second.alias;
        i = j;
        matched = true;
        // SCHEMA.OBJECT
        if ((found->second.kind == MaskKind::schema || found->second.kind == MaskKind::user) && i + 1 < n && s[i] == '.' &&
            (is_alpha(s[i + 1]) || s[i + 1] == '"')) {
          std::size_t e = i + 1;
          const bool quoted = s[e] == '"';
          if (quoted) ++e;
          while (e < n && is_ident(s[e])) ++e;
          const auto obj = s.substr(quoted ? i + 2 : i + 1, e - (quoted ? i + 2 : i + 1));
          out += '.';
          if (quoted) out += '"';
          out += alias(MaskKind::object, obj);
          i = e;
        }
      }
    }
    if (matched) continue;
    // No name here: copy the alphanumeric run.
    std::size_t e = i;
    while (e < n && is_alnum(s[e])) ++e;
    out.append(s.substr(i, e - i));
    i = e;
  }
  return out;
}

namespace {

// The next token after i that is not white space, a comment or a hint (toks.size() when none).
std::size_t next_word(const std::vector<Token>& toks, std::size_t i) {
  ++i;
  while (i < toks.size() && (toks[i].kind == Tok::space || toks[i].kind == Tok::comment || toks[i].kind == Tok::hint)) ++i;
  return i;
}

// Common table expressions (WITH name AS (...)): their names are the statement's own.
std::set<std::string> cte_names(const std::vector<Token>& toks) {
  std::set<std::string> ctes;
  auto next = [&](std::size_t i) { return next_word(toks, i); };
  for (std::size_t i = 0; i < toks.size(); ++i)
    if (toks[i].kind == Tok::ident || toks[i].kind == Tok::qident) {
      const auto j = next(i);
      if (j < toks.size() && toks[j].kind == Tok::ident && upper(toks[j].text) == "AS") {
        const auto k = next(j);
        if (k < toks.size() && toks[k].text == "(") ctes.insert(upper(unquote(toks[i])));
      }
    }
  return ctes;
}

// A comment, masked: Oracle's own markers stay (/* OPT_DYN_SAMP */, /* DS_SVC */, /* SQL Analyze(...) */):
// they say the statement is the optimizer's recursive SQL. Any other comment is emptied.
std::string masked_comment(const Token& t) {
  const auto body = upper(trim(std::string_view(t.text).substr(2, t.text.size() - (starts_with(t.text, "--") ? 2 : 4))));
  const bool oracle_marker = body == "OPT_DYN_SAMP" || body == "DS_SVC" || starts_with(body, "SQL ANALYZE(") ||
                             body == "OPT_ESTIMATE" || starts_with(body, "SQL ANALYZE ");
  if (oracle_marker && t.text.size() >= 4 && t.text.substr(t.text.size() - 2) == "*/") return t.text;
  return starts_with(t.text, "--") ? "--" : "/* */";
}

// A dotted name from toks[i] on (schema.package.procedure, schema.table@link): the indexes of its parts and of the
// token after it. `quoted`: a part after the first may be a quoted identifier.
std::pair<std::vector<std::size_t>, std::size_t> dotted_name(const std::vector<Token>& toks, std::size_t i, bool quoted) {
  std::vector<std::size_t> parts = {i};
  std::size_t j = next_word(toks, i);
  while (j < toks.size() && toks[j].text == "." && next_word(toks, j) < toks.size() &&
         (toks[next_word(toks, j)].kind == Tok::ident || (quoted && toks[next_word(toks, j)].kind == Tok::qident))) {
    parts.push_back(next_word(toks, j));
    j = next_word(toks, next_word(toks, j));
  }
  return {parts, j};
}

// A keyword after which no table is named until the next FROM, JOIN, INTO...: the clause after the table list.
bool ends_table_list(const std::string& word) {
  return word == "WHERE" || word == "GROUP" || word == "ORDER" || word == "HAVING" || word == "CONNECT" || word == "START" ||
         word == "UNION" || word == "MINUS" || word == "INTERSECT" || word == "EXCEPT" || word == "SET" || word == "VALUES" ||
         word == "SELECT" || word == "RETURNING" || word == "FETCH" || word == "OFFSET" || word == "MODEL" || word == "WITH" ||
         word == "FOR";
}

}  // namespace

// The statement's table references (FROM, JOIN, INTO, UPDATE...: name, schema.name, name@link) and the
// called package of BEGIN / CALL, each given its alias in `toks` and marked done.
void Masker::mask_sql_references(std::vector<Token>& toks, std::vector<bool>& done) {
  const auto& keywords = sql_keywords();
  const std::set<std::string> ctes = cte_names(toks);
  auto next = [&](std::size_t i) { return next_word(toks, i); };
  auto set_name = [&](std::size_t i, MaskKind kind) {
    const auto name = unquote(toks[i]);
    const auto a = alias(kind, name);
    if (toks[i].kind == Tok::qident) toks[i].text = a == name ? toks[i].text : "\"" + a + "\"";
    else toks[i].text = a;
    done[i] = true;
  };
  int depth = 0, from_depth = -1;
  bool expect_table = false, expect_call = false;
  std::string prev_word, ctx_word;
  for (std::size_t i = 0; i < toks.size(); ++i) {
    auto& t = toks[i];
    if (t.kind == Tok::space || t.kind == Tok::comment || t.kind == Tok::hint) continue;
    if (t.kind == Tok::punct) {
      if (t.text == "(") {
        ++depth;
        expect_table = false;
      } else if (t.text == ")") {
        --depth;
        if (depth < from_depth) from_depth = -1;
      } else if (t.text == "," && from_depth == depth) {
        expect_table = true;
      } else if (t.text == ";") {
        from_depth = -1;
        expect_table = false;
      }
      prev_word.clear();
      continue;
    }
    if (t.kind != Tok::ident && t.kind != Tok::qident) {
      expect_table = expect_call = false;
      prev_word.clear();
      continue;
    }
    const auto word = t.kind == Tok::ident ? upper(t.text) : std::string();
    if (t.kind == Tok::ident && keywords.count(word) > 0) {
      expect_call = word == "BEGIN" || word == "CALL";
      ctx_word = word;
      if (word == "FROM") {
        expect_table = true;
        from_depth = depth;
      } else if (word == "JOIN" || word == "INTO" || word == "USING" || (word == "UPDATE" && prev_word != "FOR") ||
                 (word == "TABLE" && prev_word != "CREATE" && prev_word != "ALTER") || word == "DELETE") {
        // CREATE / ALTER TABLE name: a table too, but its name stays unless known (DDL rarely tops AWR).
        expect_table = true;
      } else if (ends_table_list(word)) {
        expect_table = false;
        if (depth <= from_depth) from_depth = -1;
      } else {
        expect_table = false;
      }
      prev_word = word;
      continue;
    }
    prev_word = word;
    if (expect_call) {
      // BEGIN [schema.]package.procedure(...); CALL ...: the schema and the package (a lone procedure).
      expect_call = false;
      const auto [parts, j] = dotted_name(toks, i, false);
      const auto first = upper(unquote(toks[parts[0]]));
      if (!oracle_object(first) && !oracle_schema(first) && (j >= toks.size() || toks[j].text == "(" || toks[j].text == ";")) {
        auto known = m_names.find(first);
        if (parts.size() >= 3 || (parts.size() == 2 && known != m_names.end() && known->second.kind == MaskKind::schema)) {
          set_name(parts[0], MaskKind::schema);
          set_name(parts[1], MaskKind::object);
        } else {
          set_name(parts[0], MaskKind::object);
        }
      }
      i = parts.back();
      continue;
    }
    if (!expect_table) continue;
    expect_table = false;
    // A table reference: name, schema.name, schema.name@link, name@link.
    const auto [parts, j] = dotted_name(toks, i, true);
    // FROM pkg.fn(...): a table function; INTO t (a, b): the table's columns.
    if (j < toks.size() && toks[j].text == "(" && (ctx_word == "FROM" || ctx_word == "JOIN" || ctx_word == "USING")) continue;
    const auto first = upper(unquote(toks[parts[0]]));
    if (parts.size() == 1) {
      if (!oracle_object(first) && !ctes.count(first) && !oracle_schema(first)) set_name(parts[0], MaskKind::object);
    } else if (!oracle_schema(first)) {
      set_name(parts[0], MaskKind::schema);
      set_name(parts[1], MaskKind::object);
    }
    // @dblink
    if (j < toks.size() && toks[j].text == "@" && next(j) < toks.size() && toks[next(j)].kind == Tok::ident) {
      std::size_t k = next(j);
      std::string link = toks[k].text;
      std::size_t last = k;
      while (next(last) < toks.size() && toks[next(last)].text == "." && next(next(last)) < toks.size() &&
             toks[next(next(last))].kind == Tok::ident) {
        link += "." + toks[next(next(last))].text;
        for (auto x = last + 1; x <= next(next(last)); ++x) {
          toks[x].text.clear();
          done[x] = true;
        }
        last = next(next(last));
      }
      toks[k].text = link;
      set_name(k, MaskKind::dblink);
    }
    i = parts.back();
  }
}

// A hint, masked: hints stay (they change plans); names of known objects in them are masked, and an
// argument the statement's body does not use (`body_names`).
std::string Masker::mask_hint(const Token& t, const std::set<std::string>& body_names) {
  const auto& keywords = sql_keywords();
  std::string out;
  const bool block = starts_with(t.text, "/*+");
  const bool closed = block && t.text.size() >= 5 && t.text.substr(t.text.size() - 2) == "*/";
  const auto body = std::string_view(t.text).substr(3, t.text.size() - 3 - (closed ? 2 : 0));
  out += t.text.substr(0, 3);
  std::string inner;
  const auto hint_toks = lex_sql(body);
  int hint_depth = 0;
  for (std::size_t x = 0; x < hint_toks.size(); ++x) {
    const auto& h = hint_toks[x];
    if (h.text == "(") ++hint_depth;
    else if (h.text == ")" && hint_depth > 0) --hint_depth;
    if (h.kind == Tok::ident || h.kind == Tok::qident) {
      const auto name = unquote(h);
      const auto key = upper(name);
      auto it = m_names.find(key);
      if (it != m_names.end() && keywords.count(upper(h.text)) == 0) {
        inner += h.kind == Tok::qident ? "\"" + it->second.alias + "\"" : it->second.alias;
        continue;
      }
      // An argument of a hint that the statement's body does not use: an index (INDEX(t "NO_UNQ_PROC"),
      // NO_INDEX(t IDX_CUST)), a query block named by its author (QB_NAME(main)), a table of a cut text.
      // Kept: Oracle's names (SEL$1, with a $), the hint's own words (ROWS=, TABLE, HASH), a hint inside
      // the list (followed by '('), and the body's aliases and columns.
      std::size_t y = x + 1;
      while (y < hint_toks.size() && hint_toks[y].kind == Tok::space) ++y;
      const bool word_of_hint = y < hint_toks.size() && (hint_toks[y].text == "(" || hint_toks[y].text == "=");
      if (hint_depth > 0 && !word_of_hint && key.find('$') == std::string::npos && body_names.count(key) == 0 &&
          (h.kind == Tok::qident || (keywords.count(key) == 0 && hint_words().count(key) == 0)) && !key.empty()) {
        const auto a = alias(MaskKind::object, name);
        inner += h.kind == Tok::qident ? "\"" + a + "\"" : a;
        continue;
      }
    } else if (h.kind == Tok::string) {
      inner += "'?'";
      continue;
    }
    inner += h.text;
  }
  out += inner;
  if (closed) out += "*/";
  return out;
}

// A name of the statement outside its references (a column, an alias, a known name): its alias when
// known, the site names inside it masked as in free text.
void Masker::mask_sql_name(const std::vector<Token>& toks, const std::vector<bool>& done, std::size_t& i, std::string* out) {
  const auto& keywords = sql_keywords();
  const auto& t = toks[i];
  auto next = [&](std::size_t k) { return next_word(toks, k); };
  const auto key = upper(unquote(t));
  auto it = m_names.find(key);
  if (it != m_names.end() && (t.kind == Tok::qident || keywords.count(key) == 0)) {
    *out += t.kind == Tok::qident ? "\"" + it->second.alias + "\"" : it->second.alias;
    // A known schema: the object after its dot.
    if (it->second.kind == MaskKind::schema || it->second.kind == MaskKind::user) {
      const auto j = next(i);
      if (j < toks.size() && toks[j].text == "." && next(j) < toks.size() &&
          (toks[next(j)].kind == Tok::ident || toks[next(j)].kind == Tok::qident) && !done[next(j)]) {
        for (auto x = i + 1; x < next(j); ++x) *out += toks[x].text;
        const auto k = next(j);
        const auto obj = unquote(toks[k]);
        const auto a = alias(MaskKind::object, obj);
        *out += toks[k].kind == Tok::qident ? "\"" + a + "\"" : a;
        i = k;
      }
    }
  } else if (t.kind == Tok::ident && keywords.count(key) == 0) {
    // A site name inside an identifier (RECEIPT in RECEIPT_ARCHIVE): as in free text.
    *out += this->text(t.text);
  } else {
    *out += t.text;
  }
}

void Masker::mask_sql_tokens(std::string_view text, std::string* out, bool learn) {
  auto toks = lex_sql(text);
  std::vector<bool> done(toks.size(), false);
  mask_sql_references(toks, done);
  if (learn) return;
  // The names the statement's body uses (outside hints and comments): a hint's argument that is none of them
  // names what only the hint names (an index, a query block), masked below.
  std::set<std::string> body_names;
  for (const auto& t : toks)
    if (t.kind == Tok::ident || t.kind == Tok::qident) body_names.insert(upper(unquote(t)));
  // Everything else: literals, comments, known names.
  for (std::size_t i = 0; i < toks.size(); ++i) {
    auto& t = toks[i];
    if (done[i]) {
      *out += t.text;
      continue;
    }
    switch (t.kind) {
      case Tok::string: {
        auto lit = std::string_view(t.text);
        if (lit.size() >= 2 && (lit[0] == 'q' || lit[0] == 'Q')) *out += "'?'";
        else *out += lit.size() >= 2 && lit.back() == '\'' ? "'?'" : "'?";  // a text cut inside a literal
        break;
      }
      case Tok::number:
        *out += "0";
        break;
      case Tok::comment:
        *out += masked_comment(t);
        break;
      case Tok::hint:
        *out += mask_hint(t, body_names);
        break;
      case Tok::ident:
      case Tok::qident:
        mask_sql_name(toks, done, i, out);
        break;
      default:
        *out += t.text;
    }
  }
}

std::string Masker::sql(std::string_view text) {
  std::string out;
  out.reserve(text.size());
  mask_sql_tokens(text, &out, false);
  return out;
}

void Masker::learn_sql(std::string_view text) { mask_sql_tokens(text, nullptr, true); }

// ---- the model ---------------------------------------------------------------------------------

namespace {

struct ModelMasker {
  Masker& m;

  void learn_host(const std::string& h) {
    if (!h.empty()) m.alias(MaskKind::host, h);
  }

  /// A name-list parameter value: each name of the list gets an alias of `kind`.
  std::string name_list(std::string_view value, MaskKind kind, bool apply) {
    std::string out;
    std::size_t i = 0;
    while (i < value.size()) {
      if (is_ident(value[i]) && is_alpha(value[i])) {
        std::size_t e = i;
        while (e < value.size() && is_host_char(value[e])) ++e;
        while (e > i && (value[e - 1] == '.' || value[e - 1] == '-')) --e;
        const auto w = value.substr(i, e - i);
        std::size_t k = e;
        while (k < value.size() && value[k] == ' ') ++k;
        const bool is_key = k < value.size() && value[k] == '=';  // DG_CONFIG=(...), SERVICE=...
        const bool keep = is_key || setting_words().count(upper(w)) > 0 || ipv4_at(value, i) > 0;
        if (!keep) {
          // A listener address "host:port" or "host.domain": a host; the rest: the parameter's kind.
          const bool hostish =
              (e < value.size() && value[e] == ':') ||
              (kind == MaskKind::service && w.find('.') != std::string_view::npos && (e < value.size() && value[e] == ':'));
          const auto a = m.alias(hostish ? MaskKind::host : kind, w);
          if (apply) out += a;
        } else if (apply) {
          out += apply && ipv4_at(value, i) > 0 ? m.text(w) : std::string(w);
        }
        i = e;
        continue;
      }
      if (apply) {
        if (auto len = ipv4_at(value, i); len > 0) {
          out += m.alias(MaskKind::ip, value.substr(i, len));
          i += len;
          continue;
        }
        out += value[i];
      }
      ++i;
    }
    return out;
  }

  std::string parameter_value(const Parameter& p, const std::string& v, bool apply) {
    if (v.empty()) return v;
    if (version_parameter(p.name)) return v;
    const auto& names = name_parameters();
    if (auto it = names.find(lower(trim(p.name))); it != names.end()) {
      // Connect descriptors ("(ADDRESS=(HOST=...)...)") go through the free-text rules.
      if (v.find('=') != std::string::npos && it->second != MaskKind::database) return apply ? m.text(v) : v;
      return name_list(v, it->second, apply);
    }
    return apply ? m.text(v) : v;
  }

  /// An object cell: "NAME", "OWNER.NAME", "OWNER.NAME.SUB", "OWNER.NAME (TYPE)".
  std::string object_cell(std::string_view v, bool apply, MaskKind lone = MaskKind::object) {
    std::size_t i = 0;
    while (i < v.size() && is_space(v[i])) ++i;
    std::vector<std::pair<std::size_t, std::size_t>> parts;
    std::size_t j = i;
    while (j < v.size() && (is_ident(v[j]) || v[j] == '"')) {
      const std::size_t b = j;
      while (j < v.size() && (is_ident(v[j]) || v[j] == '"')) ++j;
      parts.emplace_back(b, j);
      if (j < v.size() && v[j] == '.' && j + 1 < v.size() && is_ident(v[j + 1])) ++j;
      else break;
    }
    if (parts.empty()) return apply ? m.text(v) : std::string(v);
    auto strip = [&](std::pair<std::size_t, std::size_t> p) {
      auto s = v.substr(p.first, p.second - p.first);
      while (!s.empty() && s.front() == '"') s.remove_prefix(1);
      while (!s.empty() && s.back() == '"') s.remove_suffix(1);
      return s;
    };
    std::vector<std::string> masked;
    if (parts.size() == 1) {
      const auto name = strip(parts[0]);
      masked.push_back(oracle_object(upper(name)) && lone == MaskKind::object ? std::string(name) : m.alias(lone, name));
    } else {
      const auto owner = strip(parts[0]);
      const bool oracle = oracle_schema(upper(owner));
      masked.push_back(m.alias(MaskKind::schema, owner));
      for (std::size_t k = 1; k < parts.size(); ++k) {
        const auto name = strip(parts[k]);
        masked.push_back(oracle ? std::string(name) : m.alias(k == 1 ? MaskKind::object : MaskKind::partition, name));
      }
    }
    if (!apply) return {};
    std::string out(v.substr(0, i));
    for (std::size_t k = 0; k < masked.size(); ++k) out += (k ? "." : "") + masked[k];
    out += m.text(v.substr(parts.back().second));
    return out;
  }

  std::string cell(CellClass cls, const std::string& v, bool apply) {
    if (is_blank_cell(v)) return v;
    switch (cls) {
      case CellClass::sql:
        if (!apply) {
          m.learn_sql(v);
          return v;
        }
        return m.sql(v);
      case CellClass::schema:
      case CellClass::user: {
        const auto t = trim(v);
        if (t.find_first_of(" ()") != std::string_view::npos) return apply ? m.text(v) : v;
        const auto a = m.alias(cls == CellClass::schema ? MaskKind::schema : MaskKind::user, t);
        return apply ? a : v;
      }
      case CellClass::object:
        return apply ? object_cell(v, true) : (object_cell(v, false), v);
      case CellClass::partition:
        return apply ? object_cell(v, true, MaskKind::partition) : (object_cell(v, false, MaskKind::partition), v);
      case CellClass::tablespace: {
        const auto a = m.alias(MaskKind::tablespace, trim(v));
        return apply ? a : v;
      }
      case CellClass::path:
        if (!apply) return v;
        return v.find_first_of("/\\") != std::string::npos ? m.path(trim(v)) : m.text(v);
      case CellClass::host:
      case CellClass::instance:
      case CellClass::database:
      case CellClass::service:
      case CellClass::pdb: {
        const auto t = trim(v);
        if (t.find_first_of(" ()") != std::string_view::npos || ipv4_at(t, 0) > 0) return apply ? m.text(v) : v;
        const MaskKind kind = cls == CellClass::host       ? MaskKind::host
                              : cls == CellClass::instance ? MaskKind::instance
                              : cls == CellClass::database ? MaskKind::database
                              : cls == CellClass::service  ? MaskKind::service
                                                           : MaskKind::pdb;
        const auto a = m.alias(kind, t);
        return apply ? a : v;
      }
      case CellClass::plsql: {
        // "OWNER.PACKAGE.PROCEDURE#1" or "OWNER.PROCEDURE"; a lone name stays unless known.
        const auto t = trim(v);
        if (t.find('.') == std::string_view::npos) return apply ? m.text(v) : v;
        return apply ? object_cell(v, true) : (object_cell(v, false), v);
      }
      case CellClass::text:
        return apply ? m.text(v) : v;
    }
    return v;
  }

  void table(GenericTable& t, bool apply) {
    std::vector<CellClass> classes;
    for (const auto& h : t.headers) classes.push_back(classify(h));
    for (auto& row : t.rows)
      for (std::size_t c = 0; c < row.size(); ++c) {
        const auto cls = c < classes.size() ? classes[c] : CellClass::text;
        auto v = cell(cls, row[c], apply);
        if (apply) row[c] = m.embedded_names(v);
      }
    if (apply) {
      for (auto& h : t.headers) h = m.text(h);
      t.title = m.text(t.title);
      if (!t.known) t.section = m.text(t.section);
    }
  }

  void learn(Snapshot& s) {
    auto& d = s.database;
    m.alias(MaskKind::database, d.name);
    m.alias(MaskKind::database, d.unique_name);
    m.alias(MaskKind::instance, d.instance);
    learn_host(d.host);
    m.alias(MaskKind::pdb, d.container);
    for (auto& r : s.instance_rows) {
      m.alias(MaskKind::instance, r.instance);
      learn_host(r.host);
    }
    for (auto& p : s.parameters) {
      m.alias(MaskKind::pdb, p.pdb);
      parameter_value(p, p.begin_value, false);
      parameter_value(p, p.end_value, false);
    }
    for (auto& g : s.segments) {
      m.alias(MaskKind::schema, g.owner);
      m.alias(MaskKind::tablespace, g.tablespace);
      if (!oracle_schema(upper(g.owner))) {
        m.alias(MaskKind::object, g.object);
        m.alias(MaskKind::partition, g.subobject);
      }
    }
    for (auto& t : s.tablespace_io) m.alias(MaskKind::tablespace, t.tablespace);
    for (auto& t : s.file_io) m.alias(MaskKind::tablespace, t.tablespace);
    for (auto& q : s.sql) {
      pdbs(q.pdb_name);
      m.learn_sql(q.text);
    }
    for (auto& t : s.other_tables) table(t, false);
  }

  // A statement's PDBs, joined by ", " when it ran in several (SqlStat::pdb_name): each one aliased.
  std::string pdbs(const std::string& names) {
    std::string out;
    for (std::size_t from = 0; from <= names.size();) {
      const auto comma = names.find(", ", from);
      const auto end = comma == std::string::npos ? names.size() : comma;
      if (!out.empty() || from > 0) out += ", ";
      out += m.alias(MaskKind::pdb, names.substr(from, end - from));
      if (comma == std::string::npos) break;
      from = comma + 2;
    }
    return out;
  }

  void apply(Snapshot& s) {
    s.source = m.source(s.source);
    auto& d = s.database;
    d.name = m.alias(MaskKind::database, d.name);
    d.unique_name = m.alias(MaskKind::database, d.unique_name);
    d.instance = m.alias(MaskKind::instance, d.instance);
    d.host = m.alias(MaskKind::host, d.host);
    d.container = m.alias(MaskKind::pdb, d.container);
    for (auto& r : s.instance_rows) {
      r.instance = m.alias(MaskKind::instance, r.instance);
      r.host = m.alias(MaskKind::host, r.host);
    }
    for (auto& q : s.sql) {
      q.module = m.text(q.module);
      q.pdb_name = pdbs(q.pdb_name);
      q.text = m.sql(q.text);
    }
    for (auto& p : s.parameters) {
      p.pdb = m.alias(MaskKind::pdb, p.pdb);
      p.begin_value = parameter_value(p, p.begin_value, true);
      p.end_value = parameter_value(p, p.end_value, true);
    }
    for (auto& g : s.segments) {
      const bool oracle = oracle_schema(upper(g.owner));
      g.owner = m.alias(MaskKind::schema, g.owner);
      g.tablespace = m.alias(MaskKind::tablespace, g.tablespace);
      if (!oracle) {
        g.object = m.alias(MaskKind::object, g.object);
        g.subobject = m.alias(MaskKind::partition, g.subobject);
      }
    }
    for (auto* list : {&s.tablespace_io, &s.file_io})
      for (auto& t : *list) {
        t.tablespace = m.alias(MaskKind::tablespace, t.tablespace);
        t.filename = t.filename.find_first_of("/\\") != std::string::npos ? m.path(trim(t.filename)) : m.text(t.filename);
      }
    for (auto& a : s.addm_findings) a.task_name = m.text(a.task_name);
    for (auto& t : s.other_tables) table(t, true);
    for (auto& g : s.diagnostics) {
      g.message = m.text(g.message);
      g.section = m.text(g.section);
    }
    s.invalid_reason = m.text(s.invalid_reason);
  }
};

}  // namespace

void mask(const std::vector<Snapshot*>& snapshots, Masker& masker, const std::vector<Baseline*>& baselines) {
  ModelMasker mm{masker};
  std::vector<Snapshot*> all = snapshots;
  for (auto* b : baselines)
    for (auto& s : b->snapshots) all.push_back(&s);
  for (auto* b : baselines) {
    masker.alias(MaskKind::database, b->db_name);
    mm.learn_host(b->host);
  }
  for (auto* s : all) mm.learn(*s);
  for (auto* s : all) mm.apply(*s);
  for (auto* b : baselines) {
    const bool name_is_source = std::find(b->sources.begin(), b->sources.end(), b->name) != b->sources.end();
    for (auto& src : b->sources) src = masker.source(src);
    b->name = name_is_source ? masker.source(b->name) : masker.text(b->name);
    b->db_name = masker.alias(MaskKind::database, b->db_name);
    b->host = masker.alias(MaskKind::host, b->host);
    for (auto& p : b->periods) p.source = masker.source(p.source);
    for (auto& n : b->notes) n = masker.text(n);
  }
}

void mask(std::vector<Snapshot>& snapshots, Masker& masker) {
  std::vector<Snapshot*> p;
  for (auto& s : snapshots) p.push_back(&s);
  mask(p, masker);
}

void mask_details(const std::vector<PeriodDetail*>& details, Masker& masker) {
  for (const auto* d : details)
    for (const auto& q : d->top_sql) masker.learn_sql(q.text);
  for (auto* d : details)
    for (auto& q : d->top_sql) q.text = masker.sql(q.text);
}

void mask(std::vector<LoadResult>& results, Masker& masker) {
  std::vector<Snapshot*> p;
  for (auto& r : results)
    if (r.snapshot) p.push_back(&*r.snapshot);
  mask(p, masker);
  for (auto& r : results) {
    const auto file = r.file.string();
    r.file = masker.source(file);
    if (r.error)
      r.error = Error(masker.source(r.error->file().empty() ? file : r.error->file()), masker.text(r.error->reason()),
                      r.error->exit_code());
  }
}

}  // namespace awrdiff