// HTML reports: pugixml for well-formed files (the fast path), libxml2's forgiving HTML parser for
// the rest (upper-case tags, unquoted attributes, stray end tags, prompt text around <html>). Both
// produce one pugixml tree, so table extraction below is written once.
#include "parse/tokenizer_common.hpp"
#include "support/lazy_library.hpp"

#include <awrdiff/parse.hpp>
#include <fmt/format.h>

#include <libxml/HTMLparser.h>
#include <libxml/SAX2.h>
#include <libxml/parserInternals.h>
#include <libxml/tree.h>
#include <pugixml.hpp>

#include <algorithm>
#include <cctype>
#include <cstring>
#include <memory>
#include <type_traits>
#include <string>
#include <utility>
#include <vector>

namespace awrdiff {
namespace {

constexpr int k_max_depth = 256;
constexpr const char* k_line_attr = "data-awrdiff-line";

bool name_is(const pugi::xml_node& n, const char* name) {
  const char* a = n.name();
  for (; *a != 0 && *name != 0; ++a, ++name) {
    auto c = static_cast<unsigned char>(*a);
    if (c >= 'A' && c <= 'Z') c = static_cast<unsigned char>(c + ('a' - 'A'));
    if (c != static_cast<unsigned char>(*name)) return false;
  }
  return *a == 0 && *name == 0;
}

// True when `text` has 160 or more characters besides white space: too long to be a title. Stops
// early, so blocks of report text are not copied and folded only to be thrown away.
bool long_text(const char* text) {
  std::size_t n = 0;
  for (; *text != 0; ++text)
    if (*text != ' ' && *text != '\n' && *text != '\t' && *text != '\r' && ++n >= 160) return true;
  return false;
}

// `text` is `name` (given in lower case), ignoring ASCII case.
bool name_is_prefix(std::string_view text, const char* name) {
  for (char ch : text) {
    auto c = static_cast<unsigned char>(ch);
    if (c >= 'A' && c <= 'Z') c = static_cast<unsigned char>(c + ('a' - 'A'));
    if (*name == 0 || c != static_cast<unsigned char>(*name)) return false;
    ++name;
  }
  return *name == 0;
}

void append_text(const pugi::xml_node& node, std::string& out, int depth) {
  if (depth > k_max_depth) return;
  for (auto child : node.children()) {
    if (child.type() == pugi::node_pcdata || child.type() == pugi::node_cdata) {
      out += child.value();
    } else if (child.type() == pugi::node_element) {
      if (name_is(child, "br")) out += ' ';
      append_text(child, out, depth + 1);
    }
  }
}

// Cell text: descendant text, entities that pugixml leaves alone replaced, white space folded.
std::string node_text(const pugi::xml_node& node) {
  const auto first = node.first_child();
  if (!first) return {};
  if (!first.next_sibling() && (first.type() == pugi::node_pcdata || first.type() == pugi::node_cdata))
    return detail::fold_space(first.value());  // the usual cell: one text node, folded without a copy
  std::string raw;
  append_text(node, raw, 0);
  return detail::fold_space(raw);
}

// libxml2 is loaded when a file first needs it (dlopen), not linked: linking it pulls in ICU,
// whose loading and relocation cost about 1 ms at every start of awrdiff, and most reports are
// read by pugixml alone. The functions come from the library's stable ABI (soname libxml2.so.2).
struct LibXml2 {
  decltype(&xmlInitParser) init_parser = nullptr;
  decltype(&htmlCreateMemoryParserCtxt) create_memory_parser = nullptr;
  decltype(&htmlCtxtUseOptions) use_options = nullptr;
  decltype(&xmlSwitchEncoding) switch_encoding = nullptr;
  decltype(&htmlParseDocument) parse_document = nullptr;
  decltype(&htmlFreeParserCtxt) free_parser = nullptr;
  decltype(&xmlSAX2GetLineNumber) line_number = nullptr;
  std::string error;  // why it could not be loaded; empty when loaded
};

const LibXml2& libxml2() {
  static const LibXml2 k_lib = [] {
    LibXml2 lib;
    detail::LazyLibrary so(AWRDIFF_LIBXML2_SONAME);
    auto load = [&](auto& fn, const char* name) { so.load(fn, name); };
    load(lib.init_parser, "xmlInitParser");
    load(lib.create_memory_parser, "htmlCreateMemoryParserCtxt");
    load(lib.use_options, "htmlCtxtUseOptions");
    load(lib.switch_encoding, "xmlSwitchEncoding");
    load(lib.parse_document, "htmlParseDocument");
    load(lib.free_parser, "htmlFreeParserCtxt");
    load(lib.line_number, "xmlSAX2GetLineNumber");
    lib.error = so.error();
    if (lib.error.empty()) lib.init_parser();  // once, before threads use it
    return lib;
  }();
  return k_lib;
}

// libxml2's forgiving HTML parser, driven through SAX callbacks that build the pugixml tree
// directly (elements with lower-case names, attributes, merged text): no libxml2 tree is built,
// so the fallback costs one tree, not two. The parser's implied and auto-closed elements arrive
// as ordinary start/end events, so the tree has the shape htmlReadMemory would give.
struct SaxBuilder {
  pugi::xml_node current;
  int depth = 0;
  int skipped = 0;  // elements open below k_max_depth, not in the tree
  std::string text;  // pending character data, flushed as one text node
  int line_base = 0;  // lines before the parsed region (a region of a larger file)

  void flush() {
    if (text.empty()) return;
    if (skipped == 0) current.append_child(pugi::node_pcdata).set_value(text.c_str());
    text.clear();
  }
  static SaxBuilder& of(void* ctx) { return *static_cast<SaxBuilder*>(static_cast<htmlParserCtxtPtr>(ctx)->_private); }
  static void start(void* ctx, const xmlChar* name, const xmlChar** atts) {
    auto& b = of(ctx);
    b.flush();
    if (b.skipped > 0 || b.depth >= k_max_depth) {
      ++b.skipped;
      return;
    }
    auto el = b.current.append_child(reinterpret_cast<const char*>(name));
    for (const xmlChar** a = atts; a != nullptr && a[0] != nullptr; a += 2)
      el.append_attribute(reinterpret_cast<const char*>(a[0])) = a[1] != nullptr ? reinterpret_cast<const char*>(a[1]) : "";
    if (std::strcmp(reinterpret_cast<const char*>(name), "table") == 0)
      el.append_attribute(k_line_attr) = static_cast<long long>(libxml2().line_number(ctx)) + b.line_base;
    b.current = el;
    ++b.depth;
  }
  static void end(void* ctx, const xmlChar* /*name*/) {
    auto& b = of(ctx);
    b.flush();
    if (b.skipped > 0) {
      --b.skipped;
    } else if (b.depth > 0) {
      b.current = b.current.parent();
      --b.depth;
    }
  }
  static void characters(void* ctx, const xmlChar* ch, int len) {
    auto& b = of(ctx);
    if (b.skipped == 0) b.text.append(reinterpret_cast<const char*>(ch), static_cast<std::size_t>(len));
  }
};

// Parses `content` (a whole file, or a region of one that starts on line `line_base` + 1) into
// `doc`. False when libxml2 could not be loaded or could not start (`why` says which).
bool parse_with_libxml2(std::string_view content, pugi::xml_document& doc, int line_base, std::string& why) {
  const LibXml2& lib = libxml2();
  if (!lib.error.empty()) {
    why = "the forgiving HTML parser (libxml2) could not be loaded: " + lib.error;
    return false;
  }
  htmlParserCtxtPtr ctxt =
      lib.create_memory_parser(content.data(), static_cast<int>(std::min<std::size_t>(content.size(), INT32_MAX)));
  if (ctxt == nullptr) {
    why = "HTML could not be parsed";
    return false;
  }
  htmlSAXHandler sax{};
  sax.startElement = &SaxBuilder::start;
  sax.endElement = &SaxBuilder::end;
  sax.characters = &SaxBuilder::characters;
  sax.ignorableWhitespace = &SaxBuilder::characters;
  sax.cdataBlock = &SaxBuilder::characters;
  *ctxt->sax = sax;
  doc.reset();
  SaxBuilder builder;
  builder.current = doc;
  builder.line_base = line_base;
  ctxt->_private = &builder;
  lib.use_options(ctxt, HTML_PARSE_RECOVER | HTML_PARSE_NOERROR | HTML_PARSE_NOWARNING | HTML_PARSE_NONET | XML_PARSE_HUGE);
  lib.switch_encoding(ctxt, XML_CHAR_ENCODING_UTF8);
  lib.parse_document(ctxt);
  builder.flush();
  lib.free_parser(ctxt);
  return true;
}

class Walker {
public:
  Walker(RawReport& out, const detail::LineIndex* lines) : m_out(out), m_lines(lines) {}

  /// Walks one parsed region. `base`: the region's byte offset in the file (pugixml offsets are
  /// relative to it); `in_body`: the region starts inside <body> (its top-level text is body text).
  /// `limit`: the walk stops at the first node at or after this byte offset of the file.
  void walk_region(const pugi::xml_document& doc, std::size_t base, bool in_body, std::size_t limit = std::string_view::npos) {
    m_base = base;
    m_root_is_body = in_body;
    m_limit = limit;
    m_stopped = false;
    walk(doc, 0);
  }

  void walk(const pugi::xml_node& node, int depth) {
    if (depth > k_max_depth) return;
    const bool body_level = (m_root_is_body && node.type() == pugi::node_document) || name_is(node, "body");
    for (auto child : node.children()) {
      if (m_stopped) return;
      if (m_limit != std::string_view::npos && child.offset_debug() >= 0 &&
          m_base + static_cast<std::size_t>(child.offset_debug()) >= m_limit) {
        m_stopped = true;
        return;
      }
      if (child.type() == pugi::node_pcdata || child.type() == pugi::node_cdata) {
        // Titles written as bare text between <p /> tags: "Load Profile", "Top 10 Foreground ...".
        if (body_level || name_is(node, "p") || name_is(node, "div") || name_is(node, "font") || name_is(node, "b")) {
          if (!long_text(child.value())) {
            auto t = detail::fold_space(child.value());
            if (!t.empty() && t.size() < 160) m_title = t;
          }
        }
        continue;
      }
      if (child.type() != pugi::node_element) continue;
      if (name_is(child, "h1") || name_is(child, "h2") || name_is(child, "h3") || name_is(child, "h4")) {
        auto t = node_text(child);
        if (!t.empty()) m_title = t;
        continue;
      }
      if (name_is(child, "table")) {
        table(child, depth);
        continue;
      }
      if (name_is(child, "ul") || name_is(child, "script") || name_is(child, "style") || name_is(child, "head")) continue;
      walk(child, depth + 1);
    }
  }

private:
  void collect_rows(const pugi::xml_node& node, std::vector<pugi::xml_node>& rows, int depth) {
    if (depth > k_max_depth) return;
    for (auto c : node.children()) {
      if (c.type() != pugi::node_element) continue;
      if (name_is(c, "tr")) rows.push_back(c);
      else if (name_is(c, "thead") || name_is(c, "tbody") || name_is(c, "tfoot")) collect_rows(c, rows, depth + 1);
    }
  }

  void table(const pugi::xml_node& tbl, int depth) {
    std::vector<pugi::xml_node> trs;
    collect_rows(tbl, trs, 0);
    RawTable t;
    t.folded = true;  // node_text folds every cell
    t.title = m_title;
    m_title.clear();  // a title names the first table after it
    t.summary = detail::fold_space(tbl.attribute("summary").value());
    if (auto a = tbl.attribute(k_line_attr)) t.line = a.as_int();
    else if (m_lines != nullptr && tbl.offset_debug() >= 0)
      t.line = m_lines->line_of(m_base + static_cast<std::size_t>(tbl.offset_debug()));
    bool have_header = false;
    std::size_t not_kept = 0;  // rows past k_max_table_rows
    for (auto tr : trs) {
      std::vector<std::string> ths, tds;
      bool nested = false;
      for (auto cell : tr.children()) {
        if (cell.type() != pugi::node_element) continue;
        if (name_is(cell, "th")) ths.push_back(node_text(cell));
        else if (name_is(cell, "td")) {
          if (cell.find_child([](const pugi::xml_node& n) { return n.type() == pugi::node_element && name_is(n, "table"); }))
            nested = true;
          if (!nested) tds.push_back(node_text(cell));  // a layout row's text is not used: don't fold it
        }
      }
      if (nested) {  // layout table: read the inner tables as tables of their own
        for (auto cell : tr.children()) walk(cell, depth + 1);
        continue;
      }
      // A spanning group header ("Total | Per Execution | Percentage of Total" over the column
      // headers of RAC global SQL lists) may pad its first or last cell with an empty <td>.
      const bool blank_tds = std::all_of(tds.begin(), tds.end(), [](const std::string& c) { return c.empty(); });
      if (!ths.empty() && blank_tds && t.rows.empty()) tds.clear();
      if (!ths.empty() && tds.empty()) {
        if (!have_header || (t.rows.empty() && ths.size() >= t.headers.size())) t.headers = std::move(ths);
        have_header = true;
        continue;
      }
      if (!ths.empty()) {  // row label written as <th scope="row">
        ths.insert(ths.end(), tds.begin(), tds.end());
        tds = std::move(ths);
      }
      if (tds.empty()) continue;
      if (t.rows.size() >= detail::k_max_table_rows) {
        ++not_kept;
        continue;
      }
      RawRow row;
      row.cells = std::move(tds);
      t.rows.push_back(std::move(row));
    }
    if (not_kept > 0)
      m_out.diagnostics.push_back({Diagnostic::Level::warning, std::string(k_ledger_section), t.line,
                                   fmt::format("{}: {} rows past its first {} not read (no AWR section is this long: a "
                                               "damaged or generated report)",
                                               t.title.empty() ? "a table" : t.title, not_kept, detail::k_max_table_rows)});
    if (t.headers.empty() && t.rows.empty()) return;
    if (!detail::room_for_table(m_out)) return;
    detail::classify(t);
    m_out.tables.push_back(std::move(t));
  }

  RawReport& m_out;
  const detail::LineIndex* m_lines;
  std::size_t m_base = 0;
  std::size_t m_limit = std::string_view::npos;
  bool m_stopped = false;
  bool m_root_is_body = false;
  std::string m_title;
};

}  // namespace

namespace {

// Byte ranges of the top-level <table> elements (nested layout tables belong to their outer
// table), found by a scan of the tags: the unit a faulty part of a file is re-read in.
std::vector<std::pair<std::size_t, std::size_t>> table_spans(std::string_view text) {
  std::vector<std::pair<std::size_t, std::size_t>> spans;
  auto name_ends = [&](std::size_t at) {
    if (at >= text.size()) return true;
    const char c = text[at];
    return c == '>' || c == '/' || c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f';
  };
  int depth = 0;
  std::size_t start = 0;
  for (auto pos = text.find('<'); pos != std::string_view::npos; pos = text.find('<', pos + 1)) {
    const std::string_view rest = text.substr(pos + 1);
    if (name_is_prefix(rest.substr(0, 5), "table") && name_ends(pos + 6)) {
      if (depth++ == 0) start = pos;
    } else if (name_is_prefix(rest.substr(0, 6), "/table") && name_ends(pos + 7) && depth > 0) {
      if (--depth == 0) {
        const auto close = text.find('>', pos);
        spans.emplace_back(start, close == std::string_view::npos ? text.size() : close + 1);
      }
    }
  }
  if (depth > 0) spans.emplace_back(start, text.size());  // an unclosed table runs to the end
  return spans;
}

// Attributes as HTML re-saved by other tools writes them (lang=en, summary=""text"", nowrap), in
// XML's form (lang="en", summary="text", nowrap=""), so that pugixml reads the file rather than
// the slower forgiving parser. Only the inside of tags changes, never the line count: line numbers
// stay those of the file. Tags are recognised as '<' followed by a letter; comments, doctype and
// text are copied unchanged.
std::string quote_attributes(std::string_view in) {
  std::string out;
  out.reserve(in.size() + in.size() / 16);
  auto is_space = [](char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f'; };
  auto is_alpha = [](char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'); };
  std::size_t i = 0;
  const std::size_t n = in.size();
  while (i < n) {
    const auto lt = in.find('<', i);
    if (lt == std::string_view::npos || lt + 1 >= n || !is_alpha(in[lt + 1])) {
      const auto end = lt == std::string_view::npos ? n : lt + 1;
      out.append(in.substr(i, end - i));
      i = end;
      continue;
    }
    out.append(in.substr(i, lt - i));
    std::size_t j = lt + 1;
    while (j < n && !is_space(in[j]) && in[j] != '>' && in[j] != '/') ++j;
    out.append(in.substr(lt, j - lt));  // '<' and the tag name
    while (j < n && in[j] != '>') {
      if (is_space(in[j]) || in[j] == '/') {
        out.push_back(in[j++]);
        continue;
      }
      const std::size_t name_start = j;
      while (j < n && !is_space(in[j]) && in[j] != '=' && in[j] != '>' && in[j] != '/') ++j;
      out.append(in.substr(name_start, j - name_start));
      std::size_t k = j;
      while (k < n && is_space(in[k])) ++k;
      if (k >= n || in[k] != '=') {
        out.append("=\"\"");  // an attribute without a value
        continue;
      }
      j = k + 1;
      while (j < n && is_space(in[j])) ++j;
      std::string_view value;
      if (in.substr(j, 2) == "\"\"" && j + 2 < n && !is_space(in[j + 2]) && in[j + 2] != '>') {
        const auto close = in.find("\"\"", j + 2);  // doubled quotes: ""value""
        const auto end = close == std::string_view::npos ? n : close;
        value = in.substr(j + 2, end - j - 2);
        j = std::min(n, end + 2);
      } else if (j < n && (in[j] == '"' || in[j] == '\'')) {
        const auto close = in.find(in[j], j + 1);
        const auto end = close == std::string_view::npos ? n : close;
        value = in.substr(j + 1, end - j - 1);
        j = std::min(n, end + 1);
      } else {
        const std::size_t v = j;
        while (j < n && !is_space(in[j]) && in[j] != '>') ++j;
        value = in.substr(v, j - v);
      }
      out.append("=\"");
      for (char c : value) {
        if (c == '"') out.append("&quot;");
        else if (c == '<') out.append("&lt;");
        else out.push_back(c);
      }
      out.push_back('"');
    }
    if (j < n) out.push_back(in[j++]);  // '>'
    i = j;
  }
  return out;
}

bool has_tag(std::string_view text, const char* lower_name) {
  const std::size_t len = std::strlen(lower_name);
  for (auto pos = text.find('<'); pos != std::string_view::npos; pos = text.find('<', pos + 1))
    if (text.size() - pos > len && name_is_prefix(text.substr(pos + 1, len), lower_name)) return true;
  return false;
}

// Regions read by the forgiving parser get a diagnostic each up to this many, then one in all.
constexpr int k_max_region_notes = 20;

}  // namespace

RawReport tokenize_html(std::string_view content) { return detail::tokenize_html_with(content, false); }

namespace detail {

RawReport tokenize_html_with(std::string_view content, bool forgiving_only) {
  RawReport out;
  out.format = ReportFormat::html;
  // Memory for the document tree grows with the number of tags, not bytes: bound it. AWR reports
  // have about one tag per 30 bytes (60 000 in a 1.7 MB report).
  if (detail::count_byte(content, '<') > detail::k_max_html_tags) {
    out.not_read = "more than 1 000 000 HTML tags, awrdiff's limit (a 1.7 MB AWR report has 60 000): not read";
    out.diagnostics.push_back({Diagnostic::Level::warning, "", 0, out.not_read});
    return out;
  }
  if (!has_tag(content, "table")) return out;  // no table, nothing to read
  detail::LineIndex lines(content);
  auto note = [&](std::size_t offset, std::string message) {
    out.diagnostics.push_back({Diagnostic::Level::info, "", lines.line_of(offset), std::move(message)});
  };
  Walker w(out, &lines);
  std::string why;
  if (forgiving_only) {
    pugi::xml_document doc;
    if (parse_with_libxml2(content, doc, 0, why)) w.walk_region(doc, 0, false);
    else out.diagnostics.push_back({Diagnostic::Level::warning, "", 0, why});
    return out;
  }
  // No end-of-line or attribute white-space conversion: decode_input already turned CR LF into LF,
  // and attribute values and cell text are folded after. Entities and CDATA are read as usual.
  constexpr unsigned k_options = pugi::parse_cdata | pugi::parse_escapes | pugi::parse_fragment;
  auto doc = std::make_unique<pugi::xml_document>();
  auto result = doc->load_buffer(content.data(), content.size(), k_options, pugi::encoding_utf8);
  // HTML re-saved by other tools (unquoted or doubled attribute quotes): read with quoted
  // attributes. The text keeps its line count, so line numbers still point into the file.
  std::string quoted;
  std::string_view text = content;
  if (!result && (result.status == pugi::status_bad_attribute || result.status == pugi::status_bad_start_element)) {
    quoted = quote_attributes(content);
    auto again = std::make_unique<pugi::xml_document>();
    auto r = again->load_buffer(quoted.data(), quoted.size(), k_options, pugi::encoding_utf8);
    if (r || r.offset > result.offset) {
      text = quoted;
      lines = detail::LineIndex(text);  // the same lines, at other offsets
      doc = std::move(again);
      result = r;
      note(0, "attributes not quoted as XML; read with quotes added");
    }
  }
  if (result) {
    w.walk_region(*doc, 0, false);
    return out;
  }
  // A fault after the last table (a SQL*Plus spool's "</body></html>" after an unclosed element):
  // pugixml keeps the tree it built up to the error, and that tree holds every table.
  const auto fault = static_cast<std::size_t>(std::max<std::ptrdiff_t>(result.offset, 0));
  const auto spans = table_spans(text);
  if (result.status == pugi::status_end_element_mismatch && !spans.empty() && spans.back().second <= fault) {
    w.walk_region(*doc, 0, false);
    note(fault, std::string("not well-formed XML after the last table (") + result.description() + "); read up to there");
    std::rotate(out.diagnostics.rbegin(), out.diagnostics.rbegin() + 1, out.diagnostics.rend());  // first, as before
    return out;
  }
  // Otherwise the file is read region by region: each top-level table, and the text between two,
  // with pugixml; a region it rejects is read by libxml2's forgiving parser. Text between tables
  // that only leaves elements open at its end (<html><body> before the first table, an unclosed
  // <li>) or, after the last table, closes what it did not open, is kept as pugixml read it.
  note(fault, std::string("not well-formed XML (") + result.description() + "); read table by table");
  // What pugixml read before the region of the first fault is kept: the regions are read from there.
  std::size_t resume = 0, gap = 0;
  for (const auto& [start, end] : spans) {
    if (fault < end) {
      resume = fault < start ? gap : start;
      break;
    }
    gap = end;
    resume = end;
  }
  if (resume > 0) w.walk_region(*doc, 0, false, resume);
  doc.reset();
  pugi::xml_document region;
  std::size_t gap_start = 0;
  int forgiving = 0;
  bool degraded = false;
  auto read = [&](std::size_t start, std::size_t end, bool is_table, bool is_last) {
    const std::string_view bytes = text.substr(start, end - start);
    if (!is_table && bytes.find_first_not_of(" \t\r\n") == std::string_view::npos) return;
    const bool in_body = start > 0;
    auto r = region.load_buffer(bytes.data(), bytes.size(), k_options, pugi::encoding_utf8);
    const bool open_at_end = r.status == pugi::status_end_element_mismatch &&
                             static_cast<std::size_t>(std::max<std::ptrdiff_t>(r.offset, 0)) + 1 >= bytes.size();
    if (r || (!is_table && (open_at_end || (is_last && r.status == pugi::status_end_element_mismatch)))) {
      w.walk_region(region, start, in_body);
      return;
    }
    if (++forgiving <= k_max_region_notes)
      note(start + static_cast<std::size_t>(std::max<std::ptrdiff_t>(r.offset, 0)),
           std::string("not well-formed XML (") + r.description() + "); lines " + std::to_string(lines.line_of(start)) + "-" +
               std::to_string(lines.line_of(end > start ? end - 1 : start)) + " read with the forgiving HTML parser");
    pugi::xml_document lenient;
    if (parse_with_libxml2(bytes, lenient, lines.line_of(start) - 1, why)) {
      w.walk_region(lenient, start, in_body);
    } else {
      // No forgiving parser (libxml2 not installed): what pugixml read of the region, up to its fault.
      if (!degraded)
        out.diagnostics.push_back({Diagnostic::Level::warning, "", lines.line_of(start),
                                   why + "; tables that are not well-formed are read only up to their first fault"});
      degraded = true;
      w.walk_region(region, start, in_body);
    }
  };
  for (const auto& [start, end] : spans) {
    if (end <= resume) {
      gap_start = end;
      continue;
    }
    if (gap_start >= resume) read(gap_start, start, false, false);
    read(start, end, true, false);
    gap_start = end;
  }
  if (gap_start < text.size()) read(gap_start, text.size(), false, true);
  if (forgiving > k_max_region_notes) note(0, std::to_string(forgiving) + " regions read with the forgiving HTML parser in all");
  return out;
}

}  // namespace detail

}  // namespace awrdiff
