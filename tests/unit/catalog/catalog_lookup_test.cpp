// The catalog's lookups (tables built at compile time) against straightforward references that
// normalise every catalog text and scan the data tables in order, the first row that matches winning:
// find_section_by_title, find_section_by_summary, find_column (with and without a section),
// column_spec, section_spec, find_load_profile_row and find_efficiency_row. The texts asked about:
// every catalog title, alias and summary, changed in many ways (case, spaces, colons, no-break spaces,
// "DB/Inst:" and footnote suffixes, cut, lengthened, one byte changed), random near misses, the lines
// and cells of the sample reports and, when ../shared/corpus is there, of every corpus report; then
// the same with sections added by add_section_for_test.
#include "tests/support/corpus.hpp"
#include "support/text.hpp"

#include <awrdiff/catalog.hpp>

#include <gtest/gtest.h>

#include <algorithm>
#include <cctype>
#include <filesystem>
#include <fstream>
#include <random>
#include <sstream>
#include <string>
#include <string_view>
#include <unordered_map>
#include <unordered_set>
#include <vector>

namespace {

namespace fs = std::filesystem;
using awrdiff::ColumnId;
using awrdiff::LoadProfileSpec;
using awrdiff::normalize_label;
using awrdiff::SectionId;
using awrdiff::SectionSpec;

// ---- references ------------------------------------------------------------------------------------

// The catalog's texts normalised once, in table order; a map keeps the first row of each text, as a
// scan in table order would find it. Rebuilt when add_section_for_test changes the rows.
struct TitleRef {
  std::size_t rows = 0;
  std::unordered_map<std::string, const SectionSpec*> exact;
  std::vector<std::pair<std::string, const SectionSpec*>> prefixes;  // in table order
};

const TitleRef& title_ref() {
  static TitleRef ref;
  const auto sections = awrdiff::all_sections();
  if (ref.rows != sections.size() || ref.exact.empty()) {
    ref = TitleRef{};
    ref.rows = sections.size();
    for (const auto& s : sections)
      for (auto t : s.titles) {
        if (!t.empty() && t.back() == '*') ref.prefixes.emplace_back(normalize_label(t.substr(0, t.size() - 1)), &s);
        else ref.exact.emplace(normalize_label(t), &s);
      }
  }
  return ref;
}

// find_section_by_title as a scan: the title's suffixes removed as the catalog documents, then the
// first row (in all_sections() order) with a title equal to it or a title prefix ('*') it starts with.
const SectionSpec* ref_section_by_title(std::string_view title) {
  if (auto pos = title.find("DB/Inst:"); pos != std::string_view::npos) title = title.substr(0, pos);
  for (auto pos = title.find("for DB:"); pos != std::string_view::npos; pos = title.find("for DB:", pos + 1))
    if (pos > 0 && title[pos - 1] == ' ') {
      title = title.substr(0, pos - 1);
      break;
    }
  if (auto pos = title.find("DB/Inst/Cont:"); pos != std::string_view::npos) title = title.substr(0, pos);
  title = awrdiff::without_footnote_marker(title);
  const std::string norm = normalize_label(title);
  if (norm.empty()) return nullptr;
  const TitleRef& ref = title_ref();
  const SectionSpec* best = nullptr;
  if (auto it = ref.exact.find(norm); it != ref.exact.end()) best = it->second;
  for (const auto& [prefix, s] : ref.prefixes)
    if (!prefix.empty() && norm.starts_with(prefix) && (best == nullptr || s < best)) best = s;
  return best;
}

// find_section_by_summary as it was written first: white space folded (isspace), std::tolower.
const SectionSpec* ref_section_by_summary(std::string_view summary) {
  std::string lower;
  bool space = false;
  for (char c : summary) {
    auto u = static_cast<unsigned char>(c);
    if (std::isspace(u) != 0) {
      space = true;
      continue;
    }
    if (space && !lower.empty()) lower.push_back(' ');
    space = false;
    lower.push_back(static_cast<char>(std::tolower(u)));
  }
  const SectionSpec* best = nullptr;
  std::size_t best_len = 0;
  for (const auto& s : awrdiff::all_sections())
    for (auto sub : s.summaries)
      if (sub.size() > best_len && lower.find(sub) != std::string::npos) {
        best = &s;
        best_len = sub.size();
      }
  return best;
}

// Every column alias but `label`'s, normalised, the first column of each.
const std::unordered_map<std::string, ColumnId>& column_ref() {
  static const auto k_ref = [] {
    std::unordered_map<std::string, ColumnId> m;
    for (const auto& c : awrdiff::all_columns())
      if (c.id != ColumnId::label)
        for (auto a : c.aliases) m.emplace(normalize_label(a), c.id);
    return m;
  }();
  return k_ref;
}

ColumnId ref_column_of(const std::string& norm) {
  if (norm.empty()) return ColumnId::label;
  const auto& ref = column_ref();
  auto it = ref.find(norm);
  return it != ref.end() ? it->second : ColumnId::unknown;
}

ColumnId ref_column(std::string_view header) { return ref_column_of(normalize_label(header)); }

ColumnId ref_column_in(const std::string& norm, SectionId section) {
  if (section != SectionId::unknown)
    for (const auto& sc : awrdiff::all_section_columns())
      if (sc.section == section && normalize_label(sc.alias) == norm) return sc.column;
  return ref_column_of(norm);
}

// The first row of `rows` each normalised alias names.
std::unordered_map<std::string, const LoadProfileSpec*> row_ref(std::span<const LoadProfileSpec> rows) {
  std::unordered_map<std::string, const LoadProfileSpec*> m;
  for (const auto& r : rows)
    for (auto a : r.aliases) m.emplace(normalize_label(a), &r);
  return m;
}

const LoadProfileSpec* ref_row(const std::unordered_map<std::string, const LoadProfileSpec*>& ref, std::string_view label) {
  auto it = ref.find(normalize_label(label));
  return it != ref.end() ? it->second : nullptr;
}

std::string_view ref_column_key(ColumnId id) {
  for (const auto& c : awrdiff::all_columns())
    if (c.id == id) return c.key;
  return "unknown";
}

std::string_view ref_section_key(SectionId id) {
  for (const auto& s : awrdiff::all_sections())
    if (s.id == id) return s.key;
  return "unknown";
}

// ---- the texts asked about ---------------------------------------------------------------------------

std::vector<std::string> catalog_texts() {
  std::vector<std::string> out;
  for (const auto& s : awrdiff::all_sections()) {
    for (auto t : s.titles) out.emplace_back(t);
    for (auto t : s.summaries) out.emplace_back(t);
    out.emplace_back(s.display);
    out.emplace_back(s.key);
  }
  for (const auto& c : awrdiff::all_columns()) {
    for (auto a : c.aliases) out.emplace_back(a);
    out.emplace_back(c.key);
  }
  for (const auto& sc : awrdiff::all_section_columns()) out.emplace_back(sc.alias);
  for (const auto& r : awrdiff::all_load_profile_rows())
    for (auto a : r.aliases) out.emplace_back(a);
  for (const auto& r : awrdiff::all_efficiency_rows())
    for (auto a : r.aliases) out.emplace_back(a);
  return out;
}

// Each text changed in ways a report prints it, or nearly.
std::vector<std::string> variants(const std::vector<std::string>& texts) {
  std::vector<std::string> out;
  std::mt19937 rng(12345);
  for (const auto& t0 : texts) {
    std::string t = t0;
    if (!t.empty() && t.back() == '*') t.pop_back();
    out.push_back(t);
    std::string upper = t, lower = t;
    for (auto& c : upper) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
    for (auto& c : lower) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    out.push_back(upper);
    out.push_back(lower);
    out.push_back(t + ":");
    out.push_back(t + " ::");
    out.push_back(t + ": x");
    out.push_back(":" + t);
    out.push_back("  " + t + "  ");
    out.push_back(t + "  DB/Inst: ORCL/orcl1  Snaps: 100-101");
    out.push_back(t + "DB/Inst: ORCL/orcl1");
    out.push_back(t + "  DB/Inst/Cont: ORCL/orcl1/CDB$ROOT  Snaps: 1-2");
    out.push_back(t + " for DB: HRDB  Instance: hrdb1  Snaps: 512 -513");
    out.push_back(t + " [1]");
    out.push_back(t + " [12]");
    out.push_back(t + "[1]");
    out.push_back(t + " 8 Cores: 4 Sockets: 1)");
    out.push_back(t + "\xC2\xA0");
    out.push_back("\xC2\xA0" + t);
    out.push_back(t + '\0');
    std::string spaced;
    for (char c : t) {
      spaced.push_back(c);
      if (c != ' ') spaced.push_back(' ');
    }
    out.push_back(spaced);
    std::string nbsp = t;
    for (std::size_t at; (at = nbsp.find(' ')) != std::string::npos;) nbsp.replace(at, 1, "\xC2\xA0");
    out.push_back(nbsp);
    std::string tabs = t;
    std::replace(tabs.begin(), tabs.end(), ' ', '\t');
    out.push_back(tabs);
    for (std::size_t n = 0; n < t.size(); ++n) out.push_back(t.substr(0, n));  // every cut
    for (char c : std::string_view("a:Z0(* \x7F\xA0\xC2\xFF")) out.push_back(t + c);
    for (int k = 0; k < 6 && !t.empty(); ++k) {  // one byte changed, removed, added
      std::string m = t;
      const std::size_t at = rng() % m.size();
      switch (k % 3) {
        case 0:
          m[at] = static_cast<char>(m[at] ^ (1 << (rng() % 7)));
          break;
        case 1:
          m.erase(at, 1);
          break;
        default:
          m.insert(at, 1, static_cast<char>(' ' + rng() % 95));
      }
      out.push_back(m);
    }
  }
  // Random texts of the catalog's bytes, and long ones.
  std::string bytes;
  for (const auto& t : texts) bytes += t;
  for (int k = 0; k < 20000; ++k) {
    std::string s;
    const std::size_t n = rng() % 40;
    for (std::size_t i = 0; i < n; ++i) s.push_back(bytes[rng() % bytes.size()]);
    out.push_back(s);
  }
  for (const auto& t : texts) out.push_back(t + std::string(300, ' ') + t);
  out.push_back(std::string(5000, 'x'));
  out.push_back(std::string(5000, ':'));
  out.push_back("Host CPU (CPUs:" + std::string(400, ':'));
  out.push_back("Host CPU (CPUs" + std::string(400, ':') + "x");
  out.emplace_back();
  return out;
}

// The lines of the sample reports and of the corpus, with the cells of each line (runs of text
// between two spaces or more, or between HTML tags).
std::vector<std::string> report_texts() {
  std::vector<std::string> out;
  std::unordered_set<std::string> seen;
  auto add = [&](std::string_view s) {
    if (s.size() <= 400 && seen.emplace(s).second) out.emplace_back(s);
  };
  const fs::path source(AWRDIFF_SOURCE_DIR);
  for (const auto& dir : {source / "samples", awrdiff::testing::corpus_dir()}) {
    if (!fs::is_directory(dir)) continue;
    for (const auto& e : fs::directory_iterator(dir)) {
      if (!e.is_regular_file() || e.file_size() > 50'000'000) continue;
      std::ifstream in(e.path(), std::ios::binary);
      std::stringstream ss;
      ss << in.rdbuf();
      const std::string text = ss.str();
      std::size_t start = 0;
      while (start < text.size()) {
        std::size_t end = text.find('\n', start);
        if (end == std::string::npos) end = text.size();
        std::string_view line(text.data() + start, end - start);
        if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
        add(line);
        // Cells: split on "  " and on '<' / '>'.
        std::size_t i = 0;
        while (i < line.size()) {
          std::size_t j = i;
          while (j < line.size() && line[j] != '<' && line[j] != '>' && line.substr(j, 2) != "  ") ++j;
          if (j > i) add(line.substr(i, j - i));
          i = j + 1;
        }
        start = end + 1;
      }
    }
  }
  return out;
}

std::vector<std::string> all_texts() {
  auto out = variants(catalog_texts());
  auto reports = report_texts();
  out.insert(out.end(), reports.begin(), reports.end());
  return out;
}

const std::vector<std::string>& texts() {
  static const std::vector<std::string> k_texts = all_texts();
  return k_texts;
}

// ---- the comparisons -----------------------------------------------------------------------------------

void expect_titles_as_reference() {
  std::size_t found = 0;
  for (const auto& t : texts()) {
    const SectionSpec* got = awrdiff::find_section_by_title(t);
    ASSERT_EQ(got, ref_section_by_title(t)) << "title: '" << t << "'";
    found += got != nullptr ? 1 : 0;
  }
  EXPECT_GT(found, 1000u);  // (the comparison is not only of misses)
}

TEST(CatalogLookup, TitlesAsTheReference) { expect_titles_as_reference(); }

TEST(CatalogLookup, SummariesAsTheReference) {
  for (const auto& t : texts()) ASSERT_EQ(awrdiff::find_section_by_summary(t), ref_section_by_summary(t)) << "'" << t << "'";
  for (const auto& s : awrdiff::all_sections())
    for (auto sub : s.summaries) {
      const std::string html = "This table displays\n  " + std::string(sub) + " \t AND MORE\xC2\xA0text";
      std::string upper = html;
      for (auto& c : upper) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
      ASSERT_EQ(awrdiff::find_section_by_summary(html), ref_section_by_summary(html)) << html;
      ASSERT_EQ(awrdiff::find_section_by_summary(upper), ref_section_by_summary(upper)) << upper;
    }
}

TEST(CatalogLookup, ColumnsAsTheReference) {
  std::vector<SectionId> sections{SectionId::unknown};
  for (const auto& sc : awrdiff::all_section_columns()) sections.push_back(sc.section);
  sections.push_back(SectionId::load_profile);
  sections.push_back(static_cast<SectionId>(awrdiff::k_section_id_count + 3));
  std::size_t found = 0;
  for (const auto& t : texts()) {
    const ColumnId got = awrdiff::find_column(t);
    ASSERT_EQ(got, ref_column(t)) << "header: '" << t << "'";
    found += got != ColumnId::unknown ? 1 : 0;
    const std::string norm = normalize_label(t);
    for (auto s : sections)
      ASSERT_EQ(awrdiff::find_column(t, s), ref_column_in(norm, s)) << "header: '" << t << "' in " << static_cast<int>(s);
  }
  EXPECT_GT(found, 1000u);
}

TEST(CatalogLookup, LoadProfileAndEfficiencyRowsAsTheReference) {
  const auto load_profile = row_ref(awrdiff::all_load_profile_rows());
  const auto efficiency = row_ref(awrdiff::all_efficiency_rows());
  for (const auto& t : texts()) {
    ASSERT_EQ(awrdiff::find_load_profile_row(t), ref_row(load_profile, t)) << "'" << t << "'";
    ASSERT_EQ(awrdiff::find_efficiency_row(t), ref_row(efficiency, t)) << "'" << t << "'";
  }
}

TEST(CatalogLookup, SpecsByIdAsTheReference) {
  for (int i = -2; i < 2000; ++i) {
    const auto c = static_cast<ColumnId>(i);
    ASSERT_EQ(awrdiff::column_spec(c).key, ref_column_key(c)) << i;
  }
  for (const auto& c : awrdiff::all_columns()) {  // the first row of an id, by address
    const awrdiff::ColumnSpec* first = nullptr;
    for (const auto& d : awrdiff::all_columns())
      if (d.id == c.id && first == nullptr) first = &d;
    ASSERT_EQ(&awrdiff::column_spec(c.id), first) << c.key;
  }
  for (std::size_t i = 0; i < awrdiff::k_section_id_count + 40; ++i) {
    const auto s = static_cast<SectionId>(i);
    ASSERT_EQ(awrdiff::section_spec(s).key, ref_section_key(s)) << i;
  }
  for (const auto& s : awrdiff::all_sections()) ASSERT_EQ(&awrdiff::section_spec(s.id), &s) << s.key;
}

// Rows added at run time: their titles after the catalog's, an earlier row winning a title both
// have, prefixes, and a title longer than every catalog title.
constexpr std::string_view k_added_a[] = {"Load Profile", "Widget Pool Statistics", "Widget*", "Host CPU (CPUs: 8*"};
constexpr std::string_view k_added_b[] = {"Widget Pool Statistics", "Widget Pool*", "Host*",
                                          "Wait Classes by Total Wait Time and Also"};
constexpr std::string_view k_added_c[] = {
    "A Title Of A Test Section Longer Than Every Title The Catalog Has, By Far: It Goes On And On And On To Be Sure Of It", "Zz*",
    ""};
constexpr std::string_view k_added_summaries[] = {"widget pool", "load profile and more"};

TEST(CatalogLookup, SectionsAddedForTestsAsTheReference) {
  using awrdiff::SectionReader;
  struct Cleanup {
    ~Cleanup() { awrdiff::remove_sections_for_test(); }
  } cleanup;
  const SectionId a =
      awrdiff::add_section_for_test({SectionId::unknown, "added_a", "A", k_added_a, k_added_summaries, SectionReader::generic});
  const SectionId b = awrdiff::add_section_for_test({SectionId::unknown, "added_b", "B", k_added_b, {}, SectionReader::generic});
  const SectionId c = awrdiff::add_section_for_test({SectionId::unknown, "added_c", "C", k_added_c, {}, SectionReader::generic});
  EXPECT_EQ(awrdiff::find_section_by_title("Load Profile")->id, SectionId::load_profile);
  EXPECT_EQ(awrdiff::find_section_by_title("Widget Pool Statistics")->id, a);
  EXPECT_EQ(awrdiff::find_section_by_title("Widget Pool Stats")->id, a);  // "Widget*" is a's
  EXPECT_EQ(awrdiff::find_section_by_title("Host CPU (CPUs: 8 Cores: 4)")->id, SectionId::host_cpu);
  EXPECT_EQ(awrdiff::find_section_by_title("Hostile")->id, b);
  EXPECT_EQ(awrdiff::find_section_by_title(k_added_c[0])->id, c);
  EXPECT_EQ(awrdiff::find_section_by_title(std::string(k_added_c[0]) + "::")->id, c);
  EXPECT_EQ(awrdiff::find_section_by_title(std::string(k_added_c[0]) + "x"), nullptr);
  EXPECT_EQ(awrdiff::find_section_by_title("zzz")->id, c);
  EXPECT_EQ(awrdiff::section_spec(b).key, "added_b");
  for (const auto& t : {std::string_view("Widget Pool Statistics"), std::string_view("Wait Classes by Total Wait Time and Also"),
                        std::string_view("Zz"), k_added_c[0]})
    ASSERT_EQ(awrdiff::find_section_by_title(t), ref_section_by_title(t)) << t;
  std::vector<std::string> added;
  for (auto t : k_added_a) added.emplace_back(t);
  for (auto t : k_added_b) added.emplace_back(t);
  added.emplace_back(k_added_c[0]);
  for (const auto& t : variants(added)) ASSERT_EQ(awrdiff::find_section_by_title(t), ref_section_by_title(t)) << "'" << t << "'";
  expect_titles_as_reference();
  for (const auto& t : variants(added))
    ASSERT_EQ(awrdiff::find_section_by_summary(t), ref_section_by_summary(t)) << "'" << t << "'";
  for (std::size_t i = 0; i < awrdiff::k_section_id_count + 40; ++i)
    ASSERT_EQ(awrdiff::section_spec(static_cast<SectionId>(i)).key, ref_section_key(static_cast<SectionId>(i))) << i;

  awrdiff::remove_sections_for_test();
  EXPECT_EQ(awrdiff::find_section_by_title("Widget Pool Statistics"), nullptr);
  EXPECT_EQ(awrdiff::find_section_by_title(k_added_c[0]), nullptr);
  EXPECT_EQ(awrdiff::section_spec(a).key, "unknown");
  for (const auto& t : variants(added)) ASSERT_EQ(awrdiff::find_section_by_title(t), ref_section_by_title(t)) << "'" << t << "'";
  expect_titles_as_reference();
}

}  // namespace
