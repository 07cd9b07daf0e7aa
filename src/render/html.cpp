// The HTML report: one self-contained page (inline CSS, inline SVG drawn by html_charts.cpp, a little inline
// JavaScript that only enhances). It leads with a verdict card, the chart of where DB time goes, and
// the findings with their evidence; then the other charts and every table. Like the other renderers
// it walks the Comparison generically: charts by their kind (docs/html.md), tables by their columns.
// Every string that can come from a report is escaped (esc); scripts never read report strings
// except from the DOM's text.
#include "html_common.hpp"
#include "render_common.hpp"
#include "support/text.hpp"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <map>
#include <optional>
#include <fmt/format.h>
#include <string>
#include <string_view>
#include <vector>

namespace awrdiff::render_detail {

// The helpers the page and its charts (html_charts.cpp) share: html_common.hpp.
namespace html {

// Text for an HTML text node or a quoted attribute value (also inside inline SVG).
std::string esc(std::string_view s) {
  std::string r;
  r.reserve(s.size());
  for (char ch : s) {
    switch (ch) {
      case '&':
        r += "&amp;";
        break;
      case '<':
        r += "&lt;";
        break;
      case '>':
        r += "&gt;";
        break;
      case '"':
        r += "&quot;";
        break;
      case '\'':
        r += "&#39;";
        break;
      default:
        r.push_back(ch);
    }
  }
  return r;
}

// At most `n` code points, with an ellipsis when cut.
std::string cut(std::string_view s, std::size_t n) {
  std::size_t count = 0, i = 0;
  for (; i < s.size(); ++i) {
    if ((static_cast<unsigned char>(s[i]) & 0xC0) != 0x80) {
      if (count == n) return std::string(s.substr(0, i)) + "…";
      ++count;
    }
  }
  return std::string(s);
}

// A number with about three significant digits, thousands grouped.
std::string num(double v) {
  const double a = std::fabs(v);
  return format_number(v, a >= 100 || a == 0 ? 0 : a >= 10 ? 1 : a >= 1 ? 2 : a >= 0.01 ? 3 : 4);
}
std::string num(const OptDouble& v) { return v ? num(*v) : std::string("-"); }
std::string signed_num(double v) {
  const std::string n = num(v);
  return (v > 0 && n.find_first_not_of("0.,") != std::string::npos ? "+" : "") + n;
}
std::string with_unit(const std::string& n, const std::string& unit) {
  if (unit.empty()) return n;
  if (unit == "%" || unit.front() == '/') return n + unit;
  return n + " " + unit;
}

// The colour class of an assessment or a check status; empty for anything else.
std::string tone(std::string_view word) {
  for (std::string_view w : {"worse", "better", "changed", "fail", "warn", "ok", "improved", "insufficient", "unchanged"})
    if (word == w) return std::string(w);
  return "";
}

const char* tone_colour(std::string_view word) {
  if (word == "worse" || word == "fail") return "#c62828";
  if (word == "warn") return "#e65100";
  if (word == "better" || word == "improved") return "#2e7d32";
  if (word == "changed") return "#3d6a99";
  if (word == "insufficient") return "#b0b6bc";
  return "#56616b";  // not material, ok
}

}  // namespace html

using namespace html;

namespace {

// An id for an anchor: letters, digits, '-' and '_' only.
std::string anchor(std::string_view prefix, std::string_view key) {
  std::string r(prefix);
  for (char ch : key) {
    const auto u = static_cast<unsigned char>(ch);
    r.push_back(std::isalnum(u) != 0 || ch == '-' || ch == '_' ? static_cast<char>(std::tolower(u)) : '-');
  }
  return r;
}

using detail::human_seconds;  // support/text.hpp

std::string short_title(const std::string& title) {
  auto end = title.find_first_of("(:");
  std::string s = title.substr(0, end == std::string::npos ? title.size() : end);
  while (!s.empty() && s.back() == ' ') s.pop_back();
  return cut(s.empty() ? title : s, 30);
}

// A file name without its directories.
std::string base_name(const std::string& path) {
  const auto slash = path.find_last_of("/\\");
  return slash == std::string::npos || slash + 1 == path.size() ? path : path.substr(slash + 1);
}

// ---- the page -----------------------------------------------------------------------------------

std::string period_text(const PeriodInfo& p) {
  std::string s;
  if (!p.begin_time.empty() || !p.end_time.empty()) s = p.begin_time + " – " + p.end_time;
  if (p.begin_snap && p.end_snap) s += fmt::format("{}snaps {}–{}", s.empty() ? "" : ", ", *p.begin_snap, *p.end_snap);
  if (p.role == "Timeline") return fmt::format("{} periods, {}", p.reports, s);
  if (p.reports > 1) {  // a set: its reports lie within that span, and their elapsed is summed
    s = s.empty() ? fmt::format("{} reports", p.reports) : fmt::format("{} reports within {}", p.reports, s);
    if (p.elapsed_s) s += fmt::format(", {:.1f} min elapsed summed", *p.elapsed_s / 60);
    return s;
  }
  if (p.elapsed_s) s += fmt::format("{}{:.1f} min", s.empty() ? "" : ", ", *p.elapsed_s / 60);
  return s;
}

// "DB / instance" of both sides ("DB1 vs DB2" when they differ); a side that does not say is no difference.
std::string identity(const Comparison& c) {
  std::vector<std::string> dbs, instances;
  auto add = [](std::vector<std::string>& v, const std::string& x) {
    if (!x.empty() && std::find(v.begin(), v.end(), x) == v.end()) v.push_back(x);
  };
  for (const auto& p : c.period_info) {
    add(dbs, p.database);
    if (p.instance != p.database) add(instances, p.instance);
  }
  auto join = [](const std::vector<std::string>& v) {
    std::string r;
    for (const auto& x : v) r += (r.empty() ? "" : " vs ") + x;
    return r;
  };
  const std::string d = join(dbs), i = join(instances);
  return d.empty() ? i : i.empty() ? d : d + " / " + i;
}

// The verdict as a label: "Regressed", "Not comparable", "Load changed", ...
std::string verdict_word(Verdict v) {
  std::string w = to_string(v);
  if (!w.empty()) w.front() = static_cast<char>(std::toupper(static_cast<unsigned char>(w.front())));
  return w;
}

const char* k_css =
    ":root{--worse:#c62828;--better:#2e7d32;--changed:#3d6a99;--warn:#e65100;--muted:#56616b;--line:#e1e5ea}"
    "*{box-sizing:border-box}"
    "body{font:14px/1.45 system-ui,-apple-system,'Segoe UI',Roboto,'DejaVu Sans',Arial,sans-serif;margin:0;color:#1f2328;background:#fff}"
    "header.top{padding:14px 24px 10px;border-bottom:1px solid var(--line)}"
    "header.top h1{font-size:20px;margin:0 0 4px}"
    ".periods{margin:0;padding:0;list-style:none;font-size:13px;color:#3a434c}.periods b{display:inline-block;min-width:5.5em}"
    "nav{position:sticky;top:0;z-index:3;background:#f5f7f9;border-bottom:1px solid var(--line);padding:6px 24px;font-size:13px;"
    "display:flex;align-items:baseline;gap:0 14px}"
    "nav .nl{flex:1 1 auto;min-width:0;white-space:nowrap;overflow-x:auto;scrollbar-width:thin}"
    "nav a{margin-right:14px;color:#0b5cad;text-decoration:none}nav a:hover{text-decoration:underline}"
    "nav details.ns{flex:none;margin:0}nav .ns summary{font-size:13px;white-space:nowrap}"
    "nav .ns>div{position:absolute;left:0;right:0;top:100%;background:#f5f7f9;border-bottom:1px solid var(--line);"
    "padding:6px 24px 10px;columns:15em;column-gap:18px;max-height:60vh;overflow-y:auto;box-shadow:0 3px 6px rgba(0,0,0,.08)}"
    "nav .ns>div a{display:block;margin:0;padding:1px 0;white-space:nowrap;overflow:hidden;text-overflow:ellipsis}"
    "h2.group{font-size:20px;margin:34px 0 2px;padding-top:10px;border-top:2px solid var(--line)}"
    "main{padding:0 24px 40px;max-width:1320px}"
    "section{margin:22px 0}section.tbl{overflow-x:auto}h2{font-size:17px;margin:0 0 6px}h2 .pl{color:#9aa4ae;text-decoration:none;font-weight:400;margin-left:6px;font-size:14px}"
    "h2 .pl:hover{color:#0b5cad}"
    ".card{border:1px solid var(--line);border-left:7px solid var(--muted);border-radius:6px;padding:12px 18px;margin:16px 0;background:#fbfcfd}"
    ".card.regressed{border-left-color:var(--worse)}.card.improved{border-left-color:var(--better)}"
    ".card.not_comparable,.card.inconclusive{border-left-color:var(--warn)}.card.load_changed{border-left-color:var(--changed)}"
    ".vlabel{font-size:12px;font-weight:700;letter-spacing:.08em;text-transform:uppercase;color:var(--muted)}"
    ".card.regressed .vlabel{color:var(--worse)}.card.improved .vlabel{color:var(--better)}"
    ".card.not_comparable .vlabel,.card.inconclusive .vlabel{color:var(--warn)}.card.load_changed .vlabel{color:var(--changed)}"
    ".big{font-size:24px;font-weight:650;margin:2px 0}.big small{font-size:15px;font-weight:400;color:#3a434c}"
    ".medians{margin:0 0 4px;font-size:15px;color:#3a434c}.headline{margin:4px 0 8px;color:#2b333b}#verdict a{text-decoration:none}"
    ".stack{display:flex;flex-wrap:wrap;gap:8px 24px;align-items:flex-start}.stack>svg{flex:0 1 760px}"
    ".facts{display:flex;flex-wrap:wrap;gap:6px 28px}.facts>div{min-width:16em}.facts h3{font-size:12px;text-transform:uppercase;"
    "letter-spacing:.06em;color:var(--muted);margin:6px 0 2px}.facts ul{margin:0;padding-left:18px}"
    ".warnings{margin:8px 0 0;padding-left:18px;color:#8a3b00}.warnings li{margin:1px 0}"
    ".badge{display:inline-block;padding:0 7px;border-radius:9px;font-size:11px;font-weight:700;text-transform:uppercase;"
    "letter-spacing:.04em;color:#fff;background:var(--muted);vertical-align:1px}"
    ".badge.worse,.badge.fail{background:var(--worse);color:#fff}.badge.better,.badge.improved{background:var(--better);color:#fff}"
    ".badge.changed{background:var(--changed);color:#fff}.badge.warn{background:var(--warn);color:#fff}"
    ".worse,.fail{color:var(--worse)}.better,.improved{color:var(--better)}.changed{color:var(--changed)}.warn{color:var(--warn)}"
    "td.worse,td.better,td.fail,td.improved{font-weight:600}"
    ".finding{display:flex;flex-wrap:wrap;gap:4px 24px;border-top:1px solid var(--line);padding:10px 0}"
    ".finding .ft{flex:1 1 420px;min-width:300px}.finding .fc{flex:0 1 520px}.finding ul{margin:4px 0;padding-left:18px;color:#3a434c;font-size:13px}"
    ".finding .title{font-weight:600}.impact{color:var(--muted);font-size:12px;margin-left:6px}"
    "svg.chart{display:block;max-width:100%;height:auto;font:12px system-ui,'DejaVu Sans',Arial,sans-serif;fill:#1f2328}"
    "svg .ax{fill:#6b7580;font-size:11px}svg .lbl{fill:#3a434c}svg .grp{font-weight:700;fill:#3a434c}svg .tot{font-weight:700}svg .val{font-size:11px;fill:#3a434c}"
    "svg .val.worse,svg .val.fail{fill:var(--worse)}svg .val.better,svg .val.improved{fill:var(--better)}svg .val.warn{fill:var(--warn)}"
    "svg .val.changed{fill:var(--changed)}"
    ".legend span{margin-right:14px;white-space:nowrap;font-size:12px}.legend i,i.sw{display:inline-block;width:10px;height:10px;"
    "margin-right:5px;vertical-align:0;border-radius:2px}"
    "table{border-collapse:collapse;font-size:13px;margin:4px 0}"
    "th{background:#eef2f6;text-align:left;padding:3px 8px;border-bottom:1px solid #cfd6dd;font-weight:600;vertical-align:bottom}"
    "td{padding:2px 8px;border-bottom:1px solid #edf0f3;vertical-align:top}"
    "th.n,td.n,table.data td{text-align:right;font-variant-numeric:tabular-nums}td.n,table.data td{white-space:nowrap}"
    "tr.total td{font-weight:600;border-top:1px solid #cfd6dd}"
    ".legend-table{font-size:12px}"
    ".note{color:#5b6670;font-size:12px;margin:3px 0;max-width:70em}"
    ".zl{color:#3a434c;font-size:12px;margin:3px 0;max-width:70em}.zl summary{font-size:12px}ul.z{display:inline;margin:0;padding:0}"
    "ul.z li{display:inline}ul.z li+li::before{content:', '}"
    "details{margin:2px 0}summary{cursor:pointer;color:#0b5cad;font-size:13px}"
    ".tools{margin:2px 0}.tools button{font:12px inherit;margin-right:6px;padding:1px 8px;border:1px solid #c5ccd3;border-radius:4px;"
    "background:#fff;cursor:pointer}.tools button:hover{background:#eef2f6}"
    "html.js th.s{cursor:pointer}html.js th.s:hover{background:#e2e8ee}th[aria-sort=ascending]::after{content:' ▲'}"
    "th[aria-sort=descending]::after{content:' ▼'}"
    ".none{color:var(--muted);font-style:italic}footer{color:var(--muted);font-size:12px;padding:10px 24px;border-top:1px solid var(--line)}"
    "@media print{@page{margin:12mm}nav,.tools,h2 .pl{display:none}body{font-size:10pt}header.top,main,footer{padding-left:0;padding-right:0}"
    "main{max-width:none}table{font-size:8pt;width:100%}td.n,table.data td{white-space:normal}th{position:static}"
    "tr,.finding,.card,svg.chart,figure{break-inside:avoid}thead{display:table-header-group}h2{break-after:avoid}"
    "a{color:inherit;text-decoration:none}details::details-content{content-visibility:visible;display:contents}"
    "details>summary{display:none}details.zl>summary{display:block;list-style:none;color:inherit}}";

// Sort by a column (click a header), copy a table as Markdown or CSV, open the collapsed rows for
// printing. It only reads the page's own text; the page is complete without it.
const char* k_js = R"JS((function(){
var D=document;D.documentElement.className+=' js';
Array.prototype.forEach.call(D.querySelectorAll('table.data tr[class]'),function(r){var m=/^d(\d)$/.exec(r.className),p=r.previousElementSibling;
if(!m||!p)return;for(var j=0;j<+m[1];j++)r.cells[j].textContent=p.cells[j].textContent;r.removeAttribute('class');});
function bodies(s){return Array.prototype.slice.call(s.querySelectorAll('table.data tbody'));}
function allRows(s){var r=[];bodies(s).forEach(function(b){r=r.concat(Array.prototype.slice.call(b.rows));});return r;}
function cells(tr){return Array.prototype.map.call(tr.cells,function(c){return c.textContent.replace(/\s+/g,' ').trim();});}
function matrix(s){var t=s.querySelector('table.data');var m=[cells(t.tHead.rows[0])];allRows(s).forEach(function(r){m.push(cells(r));});
Array.prototype.forEach.call(s.querySelectorAll('ul.z'),function(u){var z=u.getAttribute('data-z').split('|');
Array.prototype.forEach.call(u.children,function(li){m.push([li.textContent.replace(/\s+/g,' ').trim()].concat(z));});});return m;}
function md(s){var m=matrix(s);var e=function(x){return x.replace(/\\/g,'\\\\').replace(/\|/g,'\\|');};
var out=m.map(function(r){return '| '+r.map(e).join(' | ')+' |';});out.splice(1,0,'|'+m[0].map(function(){return '---|';}).join(''));return out.join('\n')+'\n';}
function csv(s){return matrix(s).map(function(r){return r.map(function(x){return /[",\n]/.test(x)?'"'+x.replace(/"/g,'""')+'"':x;}).join(',');}).join('\n')+'\n';}
function copy(text,b){var done=function(){var o=b.textContent;b.textContent='Copied';setTimeout(function(){b.textContent=o;},1500);};
var fb=function(){var a=D.createElement('textarea');a.value=text;D.body.appendChild(a);a.select();try{D.execCommand('copy');done();}catch(e){}D.body.removeChild(a);};
if(navigator.clipboard&&navigator.clipboard.writeText){navigator.clipboard.writeText(text).then(done,fb);}else{fb();}}
function key(td,num){if(!td)return null;var v=td.getAttribute('data-v');if(v!==null)return parseFloat(v);if(!num)return null;
var t=td.textContent.trim();return /^[+-]?[\d,]*\.?\d+%?$/.test(t)?parseFloat(t.replace(/[,+%]/g,'')):null;}
function sort(s,i,th){var rows=allRows(s),num=/(^| )n( |$)/.test(th.className);var desc=th.getAttribute('aria-sort')!=='descending';
rows.sort(function(a,b){var x=a.cells[i],y=b.cells[i],p=key(x,num),q=key(y,num);
if(p!==null||q!==null){if(p===null)return 1;if(q===null)return -1;return desc?q-p:p-q;}
var u=x?x.textContent:'',w=y?y.textContent:'';return desc?w.localeCompare(u):u.localeCompare(w);});
var bs=bodies(s),n=bs.length>1?parseInt(bs[0].getAttribute('data-n'),10):rows.length;
rows.forEach(function(r,k){(k<n?bs[0]:bs[bs.length-1]).appendChild(r);});
Array.prototype.forEach.call(th.parentNode.cells,function(c){c.removeAttribute('aria-sort');});th.setAttribute('aria-sort',desc?'descending':'ascending');}
Array.prototype.forEach.call(D.querySelectorAll('section.tbl'),function(s){var t=s.querySelector('table.data');if(!t||!t.tHead)return;
Array.prototype.forEach.call(t.tHead.rows[0].cells,function(th,i){th.className+=' s';th.tabIndex=0;th.addEventListener('click',function(){sort(s,i,th);});
th.addEventListener('keydown',function(e){if(e.key==='Enter'){sort(s,i,th);}});});
var tools=D.createElement('div');tools.className='tools';
[['Copy as Markdown',md],['Copy as CSV',csv]].forEach(function(x){var b=D.createElement('button');b.type='button';b.textContent=x[0];
b.addEventListener('click',function(){copy(x[1](s),b);});tools.appendChild(b);});t.parentNode.insertBefore(tools,t);});
var opened=[];addEventListener('beforeprint',function(){Array.prototype.forEach.call(D.querySelectorAll('details:not([open])'),function(d){d.open=true;opened.push(d);});});
Array.prototype.forEach.call(D.querySelectorAll('nav .ns a'),function(a){a.addEventListener('click',function(){a.closest('details').open=false;});});
addEventListener('afterprint',function(){opened.forEach(function(d){d.open=false;});opened=[];});
})();)JS";

// Tables longer than this show their first k_top_rows rows and open the rest.
constexpr std::size_t k_long_table = 25;
constexpr std::size_t k_top_rows = 15;
// A text column up to this position is left-aligned by its table's class ("t3": the third column is text; the
// rules are in text_column_css) instead of a class on each of its cells; later ones carry class "t".
constexpr std::size_t k_text_classes = 16;
// At most this many leading text columns repeat the row above as a ditto (tr class "d1".."d4").
constexpr std::size_t k_ditto = 4;
// Rows with every value 0 or empty, listed by name under their table, open from a summary from this many on.
constexpr std::size_t k_quiet_details = 12;

// The CSS for text cells of a data table: class "t" on the cell, or the table's "tN" for its N-th column.
const std::string& text_column_css() {
  static const std::string css = [] {
    std::string sel = "table.data td.t";
    for (std::size_t k = 1; k <= k_text_classes; ++k) sel += fmt::format(",.t{0} td:nth-child({0})", k);
    std::string ditto;
    for (std::size_t k = 1; k <= k_ditto; ++k)
      ditto += fmt::format("{}tr.d{} td:nth-child(-n+{}):empty::before", k == 1 ? "" : ",", k, k);
    return sel + "{text-align:left;white-space:normal;font-variant-numeric:normal;max-width:44em;overflow-wrap:anywhere}" +
           ditto + "{content:'\"';color:#8a949e}@media print{" + sel + "{max-width:none;overflow-wrap:break-word}}";
  }();
  return css;
}

// Whether a cell's text reads back as its number for the page's script, which sorts a number column by the
// numbers as shown when a cell has no data-v: [+-]digits with thousands commas[.digits][%], the script's
// /^[+-]?[\d,]*\.?\d+%?$/. Not ">+9,999%", "from 0", "not shown", "?".
bool reads_as_number(std::string_view s) {
  if (!s.empty() && (s.front() == '+' || s.front() == '-')) s.remove_prefix(1);
  if (!s.empty() && s.back() == '%') s.remove_suffix(1);
  if (s.empty() || std::isdigit(static_cast<unsigned char>(s.back())) == 0) return false;
  bool dot = false;
  for (char ch : s) {
    if (ch == '.') {
      if (dot) return false;
      dot = true;
    } else if (ch == ',') {
      if (dot) return false;
    } else if (std::isdigit(static_cast<unsigned char>(ch)) == 0) {
      return false;
    }
  }
  return true;
}

// A row named by its first cell whose every other cell is empty or 0 (a statistic at 0 in both periods): such
// rows are listed by name under their table rather than as rows.
bool quiet_row(const CompareRow& r, std::size_t columns) {
  if (r.cells.empty() || !std::holds_alternative<std::string>(r.cells[0])) return false;
  for (std::size_t i = 1; i < r.cells.size() && i < columns; ++i) {
    if (std::holds_alternative<std::monostate>(r.cells[i])) continue;
    const auto* d = std::get_if<double>(&r.cells[i]);
    if (d == nullptr || *d != 0) return false;
  }
  return true;
}

// Rows with every value 0 or empty whose cells read alike ("0", "0.000", "-"), listed by name under their table.
struct Quiet {
  std::vector<std::string> cells;  // the cells after the name, as shown
  bool zero = false, empty = false;  // some number column 0, some number column empty
  std::vector<const std::string*> names;
};

// A group of quiet rows by name, under its table; data-z holds their other cells as shown ("|"-separated) for Copy as
// Markdown / CSV. `header`: the table's name column.
void quiet_rows(const Quiet& q, const std::string& header, bool two_sides, std::ostream& out) {
  const char* how = q.zero && q.empty ? (two_sides ? "0 or not given in both periods" : "0 or not given")
                    : q.zero          ? (two_sides ? "0 in both periods" : "0 in the report")
                                      : (two_sides ? "with no value in either report" : "with no value");
  const std::string what = fmt::format("{} row{} {} ({})", q.names.size(), q.names.size() == 1 ? "" : "s", how, esc(header));
  std::string cells;
  for (const auto& c : q.cells) cells += (cells.empty() ? "" : "|") + c;
  const bool open = q.names.size() >= k_quiet_details;
  out << (open ? "<details class=\"zl\"><summary>" + what + "</summary>" : "<div class=\"zl\">" + what + ": ")
      << "<ul class=\"z\" data-z=\"" << esc(cells) << "\">";
  for (const auto* n : q.names) out << "<li>" << esc(*n);
  out << "</ul>" << (open ? "</details>" : "</div>") << "\n";
}

// The periods' files ("a/x.html, b/y.html") by their names, as in the page's header: no machine paths.
std::string file_base_names(const std::string& text) {
  std::string names;
  for (std::size_t at = 0; at <= text.size();) {
    std::size_t end = text.find(", ", at);
    if (end == std::string::npos) end = text.size();
    names += (names.empty() ? "" : ", ") + base_name(text.substr(at, end - at));
    at = end + 2;
  }
  return names;
}

// `id`: the section's id ("t-<key>", render_html numbers a key given twice). `two_sides`: the comparison has a base (or baseline)
// and a target, so a quiet row is "0 in both periods".
void table(const CompareTable& t, const std::string& id, bool two_sides, std::ostream& out) {
  out << "<section class=\"tbl\" id=\"" << id << "\"><h2>" << esc(t.title) << "<a class=\"pl\" href=\"#" << id
      << "\" title=\"Link to this table\">#</a></h2>\n";
  if (t.rows.empty()) {
    out << "<p class=\"none\">" << esc(t.empty_text.empty() ? std::string("None in the reports.") : t.empty_text + ".")
        << "</p>\n";
    for (const auto& n : t.notes) out << "<p class=\"note\">" << esc(n) << "</p>\n";
    out << "</section>\n";
    return;
  }
  // A row's assessment (ColumnRole::assessment) colours its changes; an assessment cell is coloured by its word.
  std::optional<std::size_t> assessment_col;
  for (std::size_t i = 0; i < t.columns.size(); ++i)
    if (role_of(t.columns[i]) == ColumnRole::assessment) assessment_col = i;
  std::string head = "<thead><tr>", table_class = "data";
  for (std::size_t i = 0; i < t.columns.size(); ++i) {
    const auto& col = t.columns[i];
    head += "<th";
    if (right_aligned(col)) head += " class=\"n\"";
    if (!col.unit.empty()) head += " title=\"" + esc(col.unit) + "\"";
    head += ">" + esc(col.header) + "</th>";
    if (!right_aligned(col) && i < k_text_classes) table_class += fmt::format(" t{}", i + 1);
  }
  head += "</tr></thead>";
  // The leading text columns (the row's name: statistic, owner and object, ...) a row may ditto.
  std::size_t leading = 0;
  while (leading < t.columns.size() && leading < k_ditto && !right_aligned(t.columns[leading])) ++leading;

  // Rows with every value 0 or empty are listed by name under the table, grouped by how their cells read (each
  // group's cells are the same text: "0", "0.000", "-"), when there are a few and other rows remain.
  std::vector<const CompareRow*> rows;
  std::vector<Quiet> quiet;
  const bool numbers = std::any_of(t.columns.begin(), t.columns.end(), [](const CompareColumn& c) { return right_aligned(c); });
  const std::size_t quiet_count =
      !numbers || t.columns.size() < 2
          ? 0
          : static_cast<std::size_t>(
                std::count_if(t.rows.begin(), t.rows.end(), [&](const CompareRow& r) { return quiet_row(r, t.columns.size()); }));
  const bool list_quiet = quiet_count >= 3 && quiet_count < t.rows.size();
  for (const auto& r : t.rows) {
    if (!list_quiet || !quiet_row(r, t.columns.size())) {
      rows.push_back(&r);
      continue;
    }
    Quiet q;
    for (std::size_t i = 1; i < t.columns.size(); ++i) {
      const CompareCell empty;
      const CompareCell& cell = i < r.cells.size() ? r.cells[i] : empty;
      q.cells.push_back(cell_text(cell, t.columns[i]));
      if (t.columns[i].kind == ColumnKind::number) (std::holds_alternative<double>(cell) ? q.zero : q.empty) = true;
    }
    auto same = std::find_if(quiet.begin(), quiet.end(), [&q](const Quiet& x) { return x.cells == q.cells; });
    if (same == quiet.end()) same = quiet.insert(quiet.end(), std::move(q));
    same->names.push_back(&std::get<std::string>(r.cells[0]));
  }

  auto row = [&](const CompareRow& r, const CompareRow* above) {
    std::string tone_of_row;
    if (assessment_col && *assessment_col < r.cells.size())
      if (const auto* s = std::get_if<std::string>(&r.cells[*assessment_col])) tone_of_row = tone(*s);
    // A row named like the one above leaves those leading cells empty (a ditto; the script fills them in).
    std::size_t ditto = 0, ditto_bytes = 0;
    for (; above != nullptr && ditto < leading && ditto < r.cells.size() && ditto < above->cells.size(); ++ditto) {
      const auto* mine = std::get_if<std::string>(&r.cells[ditto]);
      const auto* theirs = std::get_if<std::string>(&above->cells[ditto]);
      if (mine == nullptr || theirs == nullptr || *mine != *theirs || mine->empty()) break;
      ditto_bytes += mine->size();
    }
    if (ditto_bytes < 16) ditto = 0;  // not worth the class
    out << (ditto > 0 ? fmt::format("<tr class=\"d{}\">", ditto) : std::string("<tr>"));
    for (std::size_t i = 0; i < t.columns.size(); ++i) {
      const auto& col = t.columns[i];
      const CompareCell empty;
      const CompareCell& cell = i < r.cells.size() ? r.cells[i] : empty;
      // A data table's cells are numbers by default (right-aligned, CSS) and its text columns are named by the
      // table's class: only coloured changes and words, and text beyond the 16th column, carry a class, which
      // keeps a page with the long section tables small.
      std::string cls = right_aligned(col) || i < k_text_classes ? "" : "t";
      auto add = [&cls, &col](const std::string& c) { cls += (cls.empty() ? (right_aligned(col) ? "n " : "") : " ") + c; };
      if (role_of(col) == ColumnRole::change && !tone_of_row.empty()) add(tone_of_row);
      if (role_of(col) == ColumnRole::assessment)
        if (const auto* s = std::get_if<std::string>(&cell); s != nullptr && !tone(*s).empty()) add(tone(*s));
      out << "<td";
      if (!cls.empty()) out << " class=\"" << cls << "\"";
      if (i < ditto) {
        out << '>';
        continue;
      }
      std::string text = cell_text(cell, col);
      // The sort key: a number column sorts by the numbers as shown (the script reads the cell); a cell whose
      // text is not its number (">+9,999%") or a number in a text column carries it, seven significant digits.
      if (const auto* d = std::get_if<double>(&cell);
          d != nullptr && std::isfinite(*d) && (!right_aligned(col) || !reads_as_number(text)))
        out << fmt::format(" data-v=\"{:.7g}\"", *d);
      if (i > 0 && r.file_paths) text = file_base_names(text);
      out << ">" << esc(text);  // "</td>" and "</tr>" are optional in HTML: left out, a long table is ~15% smaller
    }
    out << "\n";
  };
  const bool long_table = rows.size() > k_long_table;
  const std::size_t top = long_table ? k_top_rows : rows.size();
  out << "<table class=\"" << table_class << "\">" << head << "<tbody data-n=\"" << top << "\">\n";
  for (std::size_t i = 0; i < top; ++i) row(*rows[i], i == 0 ? nullptr : rows[i - 1]);
  out << "</tbody></table>\n";
  if (long_table) {
    out << "<details><summary>The other " << rows.size() - top << " rows</summary><table class=\"" << table_class << " more\">"
        << head << "<tbody>\n";
    for (std::size_t i = top; i < rows.size(); ++i) row(*rows[i], i == top ? nullptr : rows[i - 1]);
    out << "</tbody></table></details>\n";
  }
  for (const auto& q : quiet) quiet_rows(q, t.columns[0].header, two_sides, out);
  for (const auto& n : t.notes) out << "<p class=\"note\">" << esc(n) << "</p>\n";
  out << "</section>\n";
}

// Sets: the medians of DB time per second over each set's reports and the test behind the verdict
// (Comparison::set_db_time); empty when the comparison has none.
std::string set_medians_line(const Comparison& c) {
  if (!c.set_db_time) return {};
  const DbTimeMedians& m = *c.set_db_time;
  std::string line =
      "<p class=\"medians\">Medians of the reports: <b>" + num(m.base) + " → " + num(m.target) + "</b> average active sessions";
  if (m.p_value) line += " (" + esc(m.test) + fmt::format(", p = {:.2g})", *m.p_value);
  return line + "</p>\n";
}

void verdict_card(const Comparison& c, std::ostream& out) {
  std::string cls = to_string(c.verdict);
  std::replace(cls.begin(), cls.end(), ' ', '_');
  out << "<section class=\"card " << cls << "\" id=\"verdict\">\n<div class=\"vlabel\">" << verdict_word(c.verdict) << "</div>\n";
  const bool sets = std::any_of(c.period_info.begin(), c.period_info.end(), [](const PeriodInfo& p) { return p.reports > 1; });
  const bool baseline =
      std::any_of(c.period_info.begin(), c.period_info.end(), [](const PeriodInfo& p) { return p.role == "Baseline"; });
  const DbTimeBand centre = baseline && c.check_db_time ? *c.check_db_time : DbTimeBand{};
  if (c.verdict == Verdict::timeline) {
    // A timeline: what it spans, not one period's figure.
    for (const auto& p : c.period_info)
      out << "<div class=\"big\">" << p.reports << (p.reports == 1 ? " period" : " periods") << " <small>from "
          << esc(p.begin_time) << " to " << esc(p.end_time) << (p.database.empty() ? "" : " · " + esc(p.database))
          << "</small></div>\n";
  } else if (centre.current && centre.centre && c.db_time_per_s_target) {
    // check: the figure the check rests on first, as the text's first line gives it (the current period against the
    // baseline's centre and band); the baseline's periods merged, which the tables compare, said as such apart.
    out << "<div class=\"big\">DB time per second " << num(*centre.current)
        << " <small>average active sessions; the baseline's centre " << num(*centre.centre);
    if (centre.low && centre.high) out << ", band " << num(*centre.low) << " .. " << num(*centre.high);
    out << "</small></div>\n";
    if (c.db_time_per_s_base)
      out << "<p class=\"medians\">The baseline's periods merged (DB time summed over their summed elapsed, as the tables "
             "compare them): <b>"
          << num(*c.db_time_per_s_base) << " → " << num(*c.db_time_per_s_target) << "</b> average active sessions"
          << (c.db_time_change_pct ? fmt::format(" ({}{:.0f}%)", *c.db_time_change_pct >= 0 ? "+" : "", *c.db_time_change_pct)
                                   : std::string())
          << "</p>\n";
  } else if (c.db_time_per_s_base && c.db_time_per_s_target) {
    // Sets: these figures are the merged sets' (DB time summed over the summed elapsed), which the verdict
    // does not rest on alone: the medians of the reports and the test, from the "sets" table, stand beside them.
    out << "<div class=\"big\">DB time per second "
        << (c.db_time_change_pct ? fmt::format("{}{:.0f}%", *c.db_time_change_pct >= 0 ? "+" : "", *c.db_time_change_pct) : "")
        << " <small>" << num(*c.db_time_per_s_base) << " → " << num(*c.db_time_per_s_target) << " average active sessions"
        << (!sets      ? ""
            : baseline ? ", <span title=\"DB time summed over the summed elapsed of the baseline's periods; the check itself "
                         "rests on the baseline's centre and band\">the baseline's periods merged</span>"
                       : ", <span title=\"DB time summed over the summed elapsed of each set\">the sets' reports merged</span>")
        << "</small></div>\n";
    if (sets) out << set_medians_line(c);
  } else if (c.db_time_per_s_target) {
    out << "<div class=\"big\">" << num(*c.db_time_per_s_target) << " <small>average active sessions</small></div>\n";
  }
  out << "<p class=\"headline\">" << esc(c.headline) << "</p>\n<div class=\"facts\">";
  if (!c.contributors.empty() && c.verdict != Verdict::unchanged) {
    out << "<div><h3>Top causes</h3><ul>";
    // Beside the AAS, the seconds of DB time, one choice for the list: not when one cause comes to a day or more
    // ("+301.0 d" in a week's period says less than the AAS does).
    bool seconds_read = true;
    for (std::size_t i = 0; i < c.contributors.size() && i < 4; ++i)
      if (c.contributors[i].delta_s && std::fabs(*c.contributors[i].delta_s) >= 86400) seconds_read = false;
    for (std::size_t i = 0; i < c.contributors.size() && i < 4; ++i) {
      const auto& k = c.contributors[i];
      out << "<li>" << (k.kind == ContributorKind::sql ? "SQL " : "") << esc(k.name) << " <b>"
          << fmt::format("{:+.2f}", k.delta_aas) << " AAS</b>";
      if (k.delta_s && seconds_read) out << " (" << human_seconds(*k.delta_s) << (k.lower_bound ? " or more" : "") << ")";
      out << "</li>";
    }
    out << "</ul></div>";
  }
  if (!c.findings.empty()) {
    std::size_t worse = 0, better = 0, changed = 0;
    for (const auto& f : c.findings) {
      if (f.direction == ChangeKind::worse) ++worse;
      else if (f.direction == ChangeKind::better) ++better;
      else ++changed;
    }
    out << "<div><h3>Findings</h3><p style=\"margin:2px 0\"><a href=\"#findings\">";
    out << "<span class=\"badge worse\">" << worse << " worse</span> <span class=\"badge better\">" << better
        << " better</span> <span class=\"badge changed\">" << changed << " changed</span></a></p></div>";
  }
  out << "</div>\n";
  if (!c.warnings.empty()) {
    out << "<ul class=\"warnings\">";
    const std::size_t shown = c.warnings.size() > 6 ? 5 : c.warnings.size();
    for (std::size_t i = 0; i < shown; ++i) out << "<li>⚠ " << esc(c.warnings[i]) << "</li>";
    out << "</ul>\n";
    if (shown < c.warnings.size()) {
      out << "<details><summary>" << c.warnings.size() - shown << " more warnings</summary><ul class=\"warnings\">";
      for (std::size_t i = shown; i < c.warnings.size(); ++i) out << "<li>⚠ " << esc(c.warnings[i]) << "</li>";
      out << "</ul></details>\n";
    }
  }
  out << "</section>\n";
}

void findings(const Comparison& c, std::ostream& out) {
  out << "<section id=\"findings\"><h2>Findings<a class=\"pl\" href=\"#findings\" title=\"Link to the findings\">#</a></h2>\n";
  if (c.findings.empty())
    out << (c.verdict == Verdict::not_comparable
                ? "<p class=\"none\">No findings: the periods are not comparable (see the verdict), so none is drawn.</p>\n"
                : "<p class=\"none\">No findings: no rule of the findings catalog fired.</p>\n");
  // The evidence bars of one unit share one scale across the findings, so that a change of 0.0072 -> 0.056 AAS is
  // drawn small beside one of 0 -> 44.9 AAS; the scale is said under the findings.
  std::vector<Chart> evidence;
  UnitScales scales;
  for (const auto& f : c.findings) {
    evidence.push_back(evidence_chart(f));
    for (const auto& s : evidence.back().series)
      if (!s.unit.empty())
        for (const auto& v : s.values) scales[s.unit] = std::max(scales[s.unit], std::fabs(v.value_or(0)));
  }
  for (std::size_t i = 0; i < c.findings.size(); ++i) {
    const auto& f = c.findings[i];
    const char* dir = to_string(f.direction);
    out << "<article class=\"finding\" id=\"f-" << i + 1 << "\"><div class=\"ft\"><span class=\"badge " << dir << "\">" << dir
        << "</span> <span class=\"title\">" << esc(f.title) << "</span>";
    if (f.impact_aas != 0) out << "<span class=\"impact\">" << fmt::format("{:+.2f}", f.impact_aas) << " AAS</span>";
    if (!f.evidence.empty()) {
      out << "<ul>";
      for (const auto& e : f.evidence) out << "<li>" << esc(e) << "</li>";
      out << "</ul>";
    }
    out << "</div>";
    const Chart& ev = evidence[i];
    if (!ev.series.empty()) {
      out << "<div class=\"fc\">";
      paired_chart(ev, out, 520, &scales);
      out << "</div>";
    }
    out << "</article>\n";
  }
  if (c.findings.size() > 1 && !scales.empty()) {
    std::string said;
    for (const auto& [unit, top] : scales) said += (said.empty() ? "" : ", ") + with_unit("0 to " + num(top), unit);
    out << "<p class=\"note\">The bars of one unit are drawn on one scale across the findings: " << esc(said) << ".</p>\n";
  }
  out << "</section>\n";
}

}  // namespace

void render_html(const Comparison& c, const RenderOptions& o, std::ostream& out) {
  // Title and header: the database and instance, the periods, file names.
  std::vector<PeriodInfo> sides = c.period_info;
  if (sides.empty()) {  // a comparison assembled without the engine's period info
    if (!c.base_source.empty()) sides.push_back(PeriodInfo{"Base", base_name(c.base_source), 1, "", "", {}, "", "", {}, {}, {}});
    sides.push_back(
        PeriodInfo{c.base_source.empty() ? "Report" : "Target", base_name(c.target_source), 1, "", "", {}, "", "", {}, {}, {}});
  }
  const std::string who = identity(c);
  std::string when;
  for (const auto& p : sides) {
    std::string t = p.begin_time.empty() ? p.files : p.begin_time + " – " + p.end_time;
    when += (when.empty() ? "" : " → ") + t;
  }
  out << "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">\n"
         "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"
         "<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; style-src 'unsafe-inline'; "
         "script-src 'unsafe-inline'; img-src data:\">\n"
         "<meta name=\"generator\" content=\"awrdiff\">\n<title>"
      << esc("awrdiff: " + (who.empty() ? std::string() : who + ", ") + when) << "</title>\n<style>" << k_css << text_column_css()
      << "</style>\n</head><body>\n<header class=\"top\"><h1>" << esc(who.empty() ? std::string("awrdiff") : who)
      << "</h1>\n<ul class=\"periods\">";
  for (const auto& p : sides) {
    out << "<li><b>" << esc(p.role) << "</b> " << esc(period_text(p));
    if (!p.files.empty()) out << " · <span class=\"file\">" << esc(cut(p.files, 160)) << "</span>";
    out << "</li>";
  }
  out << "</ul></header>\n";

  // Navigation: the verdict, the first chart, the findings, the other charts, every table.
  out << "<nav aria-label=\"Sections\"><div class=\"nl\"><a href=\"#verdict\">Verdict</a>";
  for (std::size_t i = 0; i < c.charts.size(); ++i) {
    if (i == 1) out << "<a href=\"#findings\">Findings (" << c.findings.size() << ")</a>";
    out << "<a href=\"#" << anchor("c-", c.charts[i].key) << "\">" << esc(short_title(c.charts[i].title)) << "</a>";
  }
  if (c.charts.size() <= 1) out << "<a href=\"#findings\">Findings (" << c.findings.size() << ")</a>";
  // The comparison's own tables, then the other report sections (CompareTable::group "sections": thirty
  // and more in a full AWR report) in a sub-list that opens from one entry, not as links of their own.
  std::vector<const CompareTable*> main_tables, section_tables;
  for (const auto& t : c.tables) (t.group == TableGroup::sections ? section_tables : main_tables).push_back(&t);
  // Each table's id: "t-<key>"; a key given twice (two tables read from one section) is "t-<key>-2" the second time.
  std::map<const CompareTable*, std::string> ids;
  std::map<std::string, int> seen;
  for (const auto& t : c.tables) {
    const std::string id = anchor("t-", t.key);
    const int n = ++seen[id];
    ids[&t] = n == 1 ? id : fmt::format("{}-{}", id, n);
  }
  auto link = [&out, &ids](const CompareTable& t) {
    out << "<a href=\"#" << ids[&t] << "\" title=\"" << esc(t.title) << "\">" << esc(short_title(t.title)) << "</a>";
  };
  if (!o.summary)
    for (const auto* t : main_tables) link(*t);
  if (o.verbose && !c.diagnostics.empty()) out << "<a href=\"#diagnostics\">Diagnostics</a>";
  out << "</div>";
  if (!o.summary && !section_tables.empty()) {
    out << "<details class=\"ns\"><summary>Other sections (" << section_tables.size()
        << ")</summary><div><a href=\"#sections\"><b>Other sections</b></a>";
    for (const auto* t : section_tables) link(*t);
    out << "</div></details>";
  }
  out << "</nav>\n<main>\n";

  verdict_card(c, out);
  auto chart_section = [&](const Chart& ch) {
    const std::string id = anchor("c-", ch.key);
    out << "<section class=\"figure\" id=\"" << id << "\"><h2>" << esc(ch.title) << "<a class=\"pl\" href=\"#" << id
        << "\" title=\"Link to this chart\">#</a></h2>\n";
    chart(ch, out);
    out << "</section>\n";
  };
  if (!c.charts.empty()) chart_section(c.charts.front());
  findings(c, out);
  for (std::size_t i = 1; i < c.charts.size(); ++i) chart_section(c.charts[i]);
  if (!o.summary) {  // --summary: the verdict, the warnings, the charts and the findings
    for (const auto* t : main_tables) table(*t, ids[t], sides.size() > 1, out);
    if (!section_tables.empty()) {
      out << "<h2 class=\"group\" id=\"sections\">Other sections<a class=\"pl\" href=\"#sections\" title=\"Link to the "
             "other sections\">#</a></h2>\n<p class=\"note\">The other sections of the reports, side by side. A long table "
             "shows its first rows, the most changed first where it ranks them, and opens the rest.</p>\n";
      for (const auto* t : section_tables) table(*t, ids[t], sides.size() > 1, out);
    }
  }
  if (o.verbose && !c.diagnostics.empty()) {
    out << "<section id=\"diagnostics\"><h2>Diagnostics</h2><ul>";
    for (const auto& d : c.diagnostics) out << "<li>" << esc(diagnostic_text(d, true)) << "</li>";
    out << "</ul></section>\n";
  }
  out << "</main>\n<footer>awrdiff · AAS = average active sessions (DB time per second of elapsed). Colours: "
         "<span class=\"worse\">worse</span>, <span class=\"better\">better</span>, <span class=\"changed\">changed</span> "
         "(a change in volume, neither good nor bad), by the metric catalog's assessment.</footer>\n"
         "<script>"
      << k_js << "</script>\n</body></html>\n";
}

}  // namespace awrdiff::render_detail
