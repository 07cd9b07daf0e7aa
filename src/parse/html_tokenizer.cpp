// HTML reports: pugixml for well-formed files (the fast path), libxml2's forgiving HTML parser for
// the rest (upper-case tags, unquoted attributes, stray end tags, prompt text around <html>). Both
// produce one pugixml tree, so table extraction below is written once.
#include "parse/tokenizer_common.hpp"

#include <awrdiff/parse.hpp>

#include <libxml/HTMLparser.h>
#include <libxml/SAX2.h>
#include <libxml/parserInternals.h>
#include <libxml/tree.h>
#include <pugixml.hpp>

#include <algorithm>
#include <cctype>
#include <cstring>

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
  std::string raw;
  append_text(node, raw, 0);
  return detail::fold_space(raw);
}

// libxml2's forgiving HTML parser, driven through SAX callbacks that build the pugixml tree
// directly (elements with lower-case names, attributes, merged text): no libxml2 tree is built,
// so the fallback costs one tree, not two. The parser's implied and auto-closed elements arrive
// as ordinary start/end events, so the tree has the shape htmlReadMemory would give.
struct SaxBuilder {
  pugi::xml_node current;
  int depth = 0;
  int skipped = 0;     // elements open below k_max_depth, not in the tree
  std::string text;    // pending character data, flushed as one text node

  void flush() {
    if (text.empty()) return;
    if (skipped == 0) current.append_child(pugi::node_pcdata).set_value(text.c_str());
    text.clear();
  }
  static SaxBuilder& of(void* ctx) {
    return *static_cast<SaxBuilder*>(static_cast<htmlParserCtxtPtr>(ctx)->_private);
  }
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
      el.append_attribute(k_line_attr) = static_cast<long long>(xmlSAX2GetLineNumber(ctx));
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

bool parse_with_libxml2(std::string_view content, pugi::xml_document& doc) {
  detail::init_html_parser();
  htmlParserCtxtPtr ctxt =
      htmlCreateMemoryParserCtxt(content.data(), static_cast<int>(std::min<std::size_t>(content.size(), INT32_MAX)));
  if (ctxt == nullptr) return false;
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
  ctxt->_private = &builder;
  htmlCtxtUseOptions(ctxt, HTML_PARSE_RECOVER | HTML_PARSE_NOERROR | HTML_PARSE_NOWARNING | HTML_PARSE_NONET |
                               XML_PARSE_HUGE);
  xmlSwitchEncoding(ctxt, XML_CHAR_ENCODING_UTF8);
  htmlParseDocument(ctxt);
  builder.flush();
  htmlFreeParserCtxt(ctxt);
  return true;
}

class Walker {
public:
  Walker(RawReport& out, const detail::LineIndex* lines) : m_out(out), m_lines(lines) {}

  void walk(const pugi::xml_node& node, int depth) {
    if (depth > k_max_depth) return;
    for (auto child : node.children()) {
      if (child.type() == pugi::node_pcdata || child.type() == pugi::node_cdata) {
        // Titles written as bare text between <p /> tags: "Load Profile", "Top 10 Foreground ...".
        if (name_is(node, "body") || name_is(node, "p") || name_is(node, "div") || name_is(node, "font") ||
            name_is(node, "b")) {
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
      if (name_is(child, "ul") || name_is(child, "script") || name_is(child, "style") || name_is(child, "head"))
        continue;
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
    t.title = m_title;
    m_title.clear();  // a title names the first table after it
    t.summary = detail::fold_space(tbl.attribute("summary").value());
    if (auto a = tbl.attribute(k_line_attr)) t.line = a.as_int();
    else if (m_lines != nullptr) t.line = m_lines->line_of(static_cast<std::size_t>(tbl.offset_debug()));
    bool have_header = false;
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
      RawRow row;
      row.cells = std::move(tds);
      t.rows.push_back(std::move(row));
    }
    if (t.headers.empty() && t.rows.empty()) return;
    if (!detail::room_for_table(m_out)) return;
    detail::classify(t);
    m_out.tables.push_back(std::move(t));
  }

  RawReport& m_out;
  const detail::LineIndex* m_lines;
  std::string m_title;
};

}  // namespace

namespace detail {
// libxml2 must be initialised once, before threads use it (load_reports parses files in parallel).
void init_html_parser() {
  static const bool k_done = [] {
    xmlInitParser();
    return true;
  }();
  (void)k_done;
}
}  // namespace detail

RawReport tokenize_html(std::string_view content) {
  RawReport out;
  out.format = ReportFormat::html;
  // Memory for the document tree grows with the number of tags, not bytes: bound it. AWR reports
  // have about one tag per 30 bytes (60 000 in a 1.7 MB report).
  if (static_cast<std::size_t>(std::count(content.begin(), content.end(), '<')) > detail::k_max_html_tags) {
    out.diagnostics.push_back({Diagnostic::Level::warning, "", 0,
                               "more than 1 000 000 HTML tags: not an AWR report layout, not read"});
    return out;
  }
  pugi::xml_document doc;
  auto result = doc.load_buffer(content.data(), content.size(), pugi::parse_default | pugi::parse_fragment,
                                pugi::encoding_utf8);
  detail::LineIndex lines(content);
  // pugixml's tree is used when it parsed the file and the text has a table tag (a cheap scan of
  // the bytes instead of a walk of the whole tree).
  auto has_table_tag = [&] {
    for (auto pos = content.find('<'); pos != std::string_view::npos; pos = content.find('<', pos + 1))
      if (content.size() - pos > 6 && name_is_prefix(content.substr(pos + 1, 5), "table")) return true;
    return false;
  };
  bool fast = static_cast<bool>(result) && has_table_tag();
  // A stray or missing end tag after the last table (a SQL*Plus spool's "</body></html>" after an
  // unclosed element): pugixml keeps the tree it built up to the error, and that tree already holds
  // every table. Use it rather than parsing the whole file again.
  bool partial = false;
  if (!fast && result.status == pugi::status_end_element_mismatch && result.offset > 0) {
    const auto at = static_cast<std::size_t>(result.offset);
    const std::string_view rest = content.substr(std::min(at, content.size()));
    auto icase_has = [](std::string_view hay, std::string_view lower) {
      for (auto pos = hay.find('<'); pos != std::string_view::npos; pos = hay.find('<', pos + 1))
        if (name_is_prefix(hay.substr(pos + 1, lower.size()), lower.data())) return true;
      return false;
    };
    partial = !icase_has(rest, "table") && !icase_has(rest, "/table") && has_table_tag();
    fast = partial;
  }
  if (partial) {
    out.diagnostics.push_back({Diagnostic::Level::info, "", static_cast<int>(lines.line_of(result.offset)),
                               std::string("not well-formed XML after the last table (") + result.description() +
                                   "); read up to there"});
  } else if (!fast) {
    if (!parse_with_libxml2(content, doc)) {
      out.diagnostics.push_back({Diagnostic::Level::warning, "", 0, "HTML could not be parsed"});
      return out;
    }
    out.diagnostics.push_back({Diagnostic::Level::info, "", static_cast<int>(lines.line_of(result.offset)),
                               std::string("not well-formed XML (") + result.description() +
                                   "); read with the forgiving HTML parser"});
  }
  Walker w(out, fast ? &lines : nullptr);
  w.walk(doc, 0);
  return out;
}

}  // namespace awrdiff
