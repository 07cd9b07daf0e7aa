// Invariants of the catalog (catalog.hpp): unique keys, aliases that resolve to their own entry,
// titles across releases, wait class expansion.
#include <awrdiff/catalog.hpp>

#include <gtest/gtest.h>

#include <map>
#include <set>
#include <string>
#include <vector>

TEST(Catalog, SectionKeysAreUnique) {
  std::set<std::string_view> keys;
  std::set<awrdiff::SectionId> ids;
  for (const auto& s : awrdiff::all_sections()) {
    EXPECT_FALSE(s.key.empty());
    EXPECT_TRUE(keys.insert(s.key).second) << "duplicate section key " << s.key;
    EXPECT_TRUE(ids.insert(s.id).second) << "duplicate section id for " << s.key;
    EXPECT_NE(s.id, awrdiff::SectionId::unknown) << s.key;
  }
  EXPECT_FALSE(keys.empty());
}

TEST(Catalog, SectionSpecRoundTrips) {
  for (const auto& s : awrdiff::all_sections()) {
    const auto& spec = awrdiff::section_spec(s.id);
    EXPECT_EQ(spec.key, s.key);
  }
}

TEST(Catalog, SectionTitlesResolveToTheirOwnSection) {
  std::map<std::string, std::string_view> owner;
  for (const auto& s : awrdiff::all_sections()) {
    for (auto title : s.titles) {
      const std::string norm = awrdiff::normalize_label(title);
      if (norm.empty()) continue;  // header tables have no title
      auto [it, inserted] = owner.emplace(norm, s.key);
      EXPECT_TRUE(inserted || it->second == s.key)
          << "title '" << title << "' is claimed by " << it->second << " and " << s.key;
      const auto* found = awrdiff::find_section_by_title(title);
      ASSERT_NE(found, nullptr) << title;
      EXPECT_EQ(found->key, s.key) << "title '" << title << "'";
    }
  }
}

TEST(Catalog, ColumnKeysAreUnique) {
  std::set<std::string_view> keys;
  std::set<awrdiff::ColumnId> ids;
  for (const auto& c : awrdiff::all_columns()) {
    EXPECT_FALSE(c.key.empty());
    EXPECT_TRUE(keys.insert(c.key).second) << "duplicate column key " << c.key;
    EXPECT_TRUE(ids.insert(c.id).second) << "duplicate column id for " << c.key;
    EXPECT_EQ(awrdiff::column_spec(c.id).key, c.key);
  }
}

namespace {

// Column aliases (normalised) that more than one column claims, as "alias: first, second".
std::vector<std::string> shared_column_aliases() {
  std::vector<std::string> shared;
  std::map<std::string, std::string_view> owner;
  for (const auto& c : awrdiff::all_columns()) {
    if (c.id == awrdiff::ColumnId::label) continue;  // the unnamed column
    for (auto alias : c.aliases) {
      const std::string norm = awrdiff::normalize_label(alias);
      auto [it, inserted] = owner.emplace(norm, c.key);
      if (!inserted && it->second != c.key) shared.push_back(norm + ": " + std::string(it->second) + ", " + std::string(c.key));
    }
  }
  return shared;
}

// Known collision, kept out of the enabled test until the catalog is fixed: "per Transaction" is an
// alias of both per_transaction (Load Profile) and per_trans (Instance Activity Stats), so
// find_column("per Transaction") can never return per_trans.
const std::set<std::string> k_known_shared = {};

}  // namespace

TEST(Catalog, EveryColumnAliasResolvesToItsOwnColumn) {
  for (const auto& c : awrdiff::all_columns()) {
    if (c.id == awrdiff::ColumnId::label) continue;
    for (auto alias : c.aliases) {
      EXPECT_FALSE(awrdiff::normalize_label(alias).empty()) << "empty alias on column " << c.key;
      const std::string norm = awrdiff::normalize_label(alias);
      bool known = false;
      for (const auto& k : k_known_shared) known = known || k.rfind(norm + ":", 0) == 0;
      if (known) continue;
      EXPECT_EQ(awrdiff::find_column(alias), c.id)
          << "alias '" << alias << "' of " << c.key << " resolves to "
          << awrdiff::column_spec(awrdiff::find_column(alias)).key;
    }
  }
}

TEST(Catalog, NoNewColumnAliasIsShared) {
  for (const auto& s : shared_column_aliases()) EXPECT_EQ(k_known_shared.count(s), 1u) << "alias shared: " << s;
}

// Every alias names exactly one column.
TEST(Catalog, NoColumnAliasIsShared) {
  const auto shared = shared_column_aliases();
  for (const auto& s : shared) ADD_FAILURE() << "alias shared: " << s;
  EXPECT_TRUE(shared.empty());
}

TEST(Catalog, FindColumnNormalizesHeaders) {
  EXPECT_EQ(awrdiff::find_column(""), awrdiff::ColumnId::label);
  EXPECT_EQ(awrdiff::find_column("Elapsed  Time (s)"), awrdiff::ColumnId::elapsed_s);
  EXPECT_EQ(awrdiff::find_column("Gets     per Exec"), awrdiff::ColumnId::gets_per_exec);
  EXPECT_EQ(awrdiff::find_column("Total Wait Time (sec)"), awrdiff::ColumnId::time_s);
  EXPECT_EQ(awrdiff::find_column("% DB time"), awrdiff::ColumnId::pct_db_time);
  EXPECT_EQ(awrdiff::find_column("no such header"), awrdiff::ColumnId::unknown);
}

TEST(Catalog, LoadProfileKeysUniqueAndAliasesResolve) {
  std::set<std::string_view> keys;
  std::map<std::string, std::string_view> owner;
  for (const auto& r : awrdiff::all_load_profile_rows()) {
    EXPECT_TRUE(keys.insert(r.key).second) << "duplicate load profile key " << r.key;
    EXPECT_FALSE(r.unit.empty()) << r.key;
    for (auto alias : r.aliases) {
      auto [it, inserted] = owner.emplace(awrdiff::normalize_label(alias), r.key);
      EXPECT_TRUE(inserted || it->second == r.key)
          << "label '" << alias << "' is shared by " << it->second << " and " << r.key;
      const auto* found = awrdiff::find_load_profile_row(alias);
      ASSERT_NE(found, nullptr) << alias;
      EXPECT_EQ(found->key, r.key) << "label '" << alias << "'";
      // As printed in the report: with the trailing colon.
      const auto* with_colon = awrdiff::find_load_profile_row(std::string(alias) + ":");
      ASSERT_NE(with_colon, nullptr) << alias;
      EXPECT_EQ(with_colon->key, r.key);
    }
  }
}

TEST(Catalog, LoadProfileLabelVariants) {
  const auto* awr = awrdiff::find_load_profile_row("DB Time(s):");
  const auto* statspack = awrdiff::find_load_profile_row("DB time(s):");
  ASSERT_NE(awr, nullptr);
  ASSERT_NE(statspack, nullptr);
  EXPECT_EQ(awr->key, statspack->key);
  const auto* redo_old = awrdiff::find_load_profile_row("Redo size:");
  const auto* redo_new = awrdiff::find_load_profile_row("Redo size (bytes):");
  ASSERT_NE(redo_old, nullptr);
  ASSERT_NE(redo_new, nullptr);
  EXPECT_EQ(redo_old->key, redo_new->key);
  const auto* lr_old = awrdiff::find_load_profile_row("Logical reads:");
  const auto* lr_new = awrdiff::find_load_profile_row("Logical read (blocks):");
  ASSERT_NE(lr_old, nullptr);
  ASSERT_NE(lr_new, nullptr);
  EXPECT_EQ(lr_old->key, lr_new->key);
  EXPECT_EQ(awrdiff::find_load_profile_row("Not a load profile row:"), nullptr);
}

TEST(Catalog, FindSectionByTitleStripsTextSuffix) {
  const auto* s =
      awrdiff::find_section_by_title("Time Model Statistics                         DB/Inst: ORCL/orcl1  Snaps: 2-3");
  ASSERT_NE(s, nullptr);
  EXPECT_EQ(s->id, awrdiff::SectionId::time_model);
  EXPECT_EQ(s->key, "time_model");
}

TEST(Catalog, TopEventsTitlesAcrossReleases) {
  for (const char* title : {"Top 5 Timed Foreground Events", "Top 10 Foreground Events by Total Wait Time",
                            "Top 5 Timed Events"}) {
    const auto* s = awrdiff::find_section_by_title(title);
    ASSERT_NE(s, nullptr) << title;
    EXPECT_EQ(s->id, awrdiff::SectionId::top_events) << title;
  }
  EXPECT_EQ(awrdiff::find_section_by_title("No Such Section"), nullptr);
  EXPECT_EQ(awrdiff::find_section_by_title(""), nullptr);
}

TEST(Catalog, RenamedSectionsAcrossReleases) {
  const auto* a = awrdiff::find_section_by_title("Time Model System Stats  DB/Inst: ORCL/orcl1  Snaps: 1201-1202");
  ASSERT_NE(a, nullptr);
  EXPECT_EQ(a->id, awrdiff::SectionId::time_model);
  const auto* b = awrdiff::find_section_by_summary("This table displays top 10 wait events by total wait time");
  ASSERT_NE(b, nullptr);
  EXPECT_EQ(b->id, awrdiff::SectionId::top_events);
  const auto* c = awrdiff::find_section_by_summary("This table displays top SQL by   elapsed time\n ");
  ASSERT_NE(c, nullptr);
  EXPECT_EQ(c->id, awrdiff::SectionId::sql_elapsed);
  EXPECT_TRUE(c->is_sql_list);
}

TEST(Catalog, ExpandWaitClass) {
  EXPECT_EQ(awrdiff::expand_wait_class("Applicat"), "Application");
  EXPECT_EQ(awrdiff::expand_wait_class("Applicatio"), "Application");
  EXPECT_EQ(awrdiff::expand_wait_class("Concurrenc"), "Concurrency");
  EXPECT_EQ(awrdiff::expand_wait_class("System I"), "System I/O");
  EXPECT_EQ(awrdiff::expand_wait_class("User I/O"), "User I/O");
  EXPECT_EQ(awrdiff::expand_wait_class("Other"), "Other");
  EXPECT_EQ(awrdiff::expand_wait_class("Commit"), "Commit");
  EXPECT_EQ(awrdiff::expand_wait_class(""), "");
}
