// Invariants of the catalog (catalog.hpp): unique keys, aliases that resolve to their own entry,
// titles across releases, wait class expansion.
#include <awrdiff/catalog.hpp>

#include "support/text.hpp"

#include <gtest/gtest.h>

#include <fstream>
#include <iterator>
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
      EXPECT_TRUE(inserted || it->second == s.key) << "title '" << title << "' is claimed by " << it->second << " and " << s.key;
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
          << "alias '" << alias << "' of " << c.key << " resolves to " << awrdiff::column_spec(awrdiff::find_column(alias)).key;
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

// A section-specific header names its own column in its section only, and is not also a
// section-independent alias of that column.
TEST(Catalog, SectionSpecificHeadersResolveInTheirSection) {
  for (const auto& sc : awrdiff::all_section_columns()) {
    EXPECT_EQ(awrdiff::find_column(sc.alias, sc.section), sc.column) << sc.alias;
    EXPECT_NE(awrdiff::find_column(sc.alias), sc.column) << sc.alias << " is already a global alias";
  }
  EXPECT_EQ(awrdiff::find_column("Reads", awrdiff::SectionId::tablespace_io), awrdiff::ColumnId::reads);
  EXPECT_EQ(awrdiff::find_column("Reads", awrdiff::SectionId::sql_reads), awrdiff::ColumnId::physical_reads);
  EXPECT_EQ(awrdiff::find_column("Class", awrdiff::SectionId::buffer_wait_stats), awrdiff::ColumnId::buffer_class);
  EXPECT_EQ(awrdiff::find_column("Class"), awrdiff::ColumnId::wait_class);
  EXPECT_EQ(awrdiff::find_column("User", awrdiff::SectionId::host_cpu), awrdiff::ColumnId::pct_user);
  EXPECT_EQ(awrdiff::find_column("User"), awrdiff::ColumnId::user);
  // "Begin" / "End": Host CPU's load averages there, elsewhere the values at either snapshot.
  EXPECT_EQ(awrdiff::find_column("Begin", awrdiff::SectionId::host_cpu), awrdiff::ColumnId::load_average_begin);
  EXPECT_EQ(awrdiff::find_column("End", awrdiff::SectionId::host_cpu), awrdiff::ColumnId::load_average_end);
  EXPECT_EQ(awrdiff::find_column("Begin"), awrdiff::ColumnId::at_begin);
  EXPECT_EQ(awrdiff::find_column("End", awrdiff::SectionId::rac_database_summary), awrdiff::ColumnId::at_end);
  EXPECT_EQ(awrdiff::find_column("Load Average Begin"), awrdiff::ColumnId::load_average_begin);
  EXPECT_EQ(awrdiff::find_column("Plan Hash"), awrdiff::ColumnId::plan_hash_value);
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
      EXPECT_TRUE(inserted || it->second == r.key) << "label '" << alias << "' is shared by " << it->second << " and " << r.key;
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
  const auto* s = awrdiff::find_section_by_title("Time Model Statistics                         DB/Inst: ORCL/orcl1  Snaps: 2-3");
  ASSERT_NE(s, nullptr);
  EXPECT_EQ(s->id, awrdiff::SectionId::time_model);
  EXPECT_EQ(s->key, "time_model");
}

TEST(Catalog, TopEventsTitlesAcrossReleases) {
  for (const char* title :
       {"Top 5 Timed Foreground Events", "Top 10 Foreground Events by Total Wait Time", "Top 5 Timed Events"}) {
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

// docs/catalog.md is the catalog's own Markdown rendering: regenerate it with
// `build/awrdiff catalog --format markdown -o docs/catalog.md` after changing the catalog.
TEST(Catalog, DocsCatalogIsUpToDate) {
  std::ifstream in(std::string(AWRDIFF_SOURCE_DIR) + "/docs/catalog.md", std::ios::binary);
  ASSERT_TRUE(in) << "docs/catalog.md missing";
  const std::string doc((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  EXPECT_TRUE(doc == awrdiff::catalog_markdown())
      << "docs/catalog.md is out of date: run build/awrdiff catalog --format markdown -o docs/catalog.md";
}

// Every section the survey of real reports found has a catalog entry: a sample of titles across
// releases, including text-report spellings and CDB wording.
TEST(Catalog, StandardSectionTitlesAreKnown) {
  for (const char* title : {"IOStat by Function summary",
                            "IOStat by Filetype summary",
                            "IOStat by Function/Filetype summary",
                            "Tablespace IO Stats",
                            "File IO Stats",
                            "Wait Event Histogram",
                            "Wait Event Histogram Detail (64 msec to 2 sec)",
                            "Wait Event Histogram Detail (4 sec to 2 min)",
                            "Wait Event Histogram Detail (4 min to 1 hr)",
                            "Wait Event Histogram (up to 64 us)",
                            "Wait Event Histogram (up to 2 sec)",
                            "Service Statistics",
                            "Service Wait Class Stats",
                            "Operating System Statistics - Detail",
                            "Cache Sizes",
                            "Memory Statistics",
                            "Memory Dynamic Components",
                            "SGA Memory Summary",
                            "SGA breakdown difference",
                            "PGA Aggr Summary",
                            "PGA Aggr Target Stats",
                            "PGA Aggr Target Histogram",
                            "PGA Memory Advisory",
                            "Shared Pool Advisory",
                            "SGA Target Advisory",
                            "Buffer Pool Advisory",
                            "Buffer Pool Statistics",
                            "Checkpoint Activity",
                            "Instance Recovery Stats",
                            "Segments by Logical Reads",
                            "Segments by Row Lock Waits",
                            "Segments by ITL Waits",
                            "Segments by Buffer Busy Waits",
                            "Segments by Direct Physical Reads",
                            "Segments by Table Scans",
                            "Segments by DB Blocks Changes",
                            "Segments by Global Cache Buffer Busy",
                            "Latch Activity",
                            "Latch Sleep Breakdown",
                            "Latch Miss Sources",
                            "Mutex Sleep Summary",
                            "Parent Latch Statistics",
                            "Child Latch Statistics",
                            "Dictionary Cache Stats",
                            "Library Cache Activity",
                            "Enqueue Activity",
                            "Undo Segment Summary",
                            "Undo Segment Stats",
                            "init.ora Parameters",
                            "Parameters modified by this container",
                            "init.ora Multi-Valued Parameters",
                            "Global Cache Load Profile",
                            "Global Cache Efficiency Percentages (Target local+remote 100%)",
                            "Global Cache and Enqueue Services - Workload Characteristics",
                            "Global Cache and Enqueue Services - Messaging Statistics",
                            "Interconnect Ping Latency Stats",
                            "Interconnect Throughput by Client",
                            "Interconnect Device Statistics",
                            "Dynamic Remastering Stats",
                            "Top ADDM Findings by Average Active Sessions",
                            "Top SQL with Top Events",
                            "Top Events",
                            "Resource Limit Stats",
                            "Streams CPU/IO Usage",
                            "Instance Activity Stats - Absolute Values",
                            "Instance Activity Stats - Thread Activity",
                            "Other Instance Activity Stats",
                            "Host CPU (CPUs: 8 Cores: 4 Sockets: 1)",
                            "SQL ordered by Elapsed Time [1]",
                            "Wait Event Histogram Detail (64 msec to 2 sec)DB/Inst: ORCL/orcl1"}) {
    EXPECT_NE(awrdiff::find_section_by_title(title), nullptr) << title;
  }
  // The longest summary substring wins.
  const auto* gc = awrdiff::find_section_by_summary("This table displays information about global cache load profile");
  ASSERT_NE(gc, nullptr);
  EXPECT_EQ(gc->key, "gc_load_profile");
  const auto* cdb = awrdiff::find_section_by_summary(
      "This table displays name and value of the initialization parametersmodified by the current container");
  ASSERT_NE(cdb, nullptr);
  EXPECT_EQ(cdb->key, "init_ora");
  const auto* multi = awrdiff::find_section_by_summary(
      "This table displays name and value of multi-valued initialization parametersmodified by this container");
  ASSERT_NE(multi, nullptr);
  EXPECT_EQ(multi->key, "init_ora_multi");
}

TEST(Catalog, CutNamesExpandOnlyWhenUnambiguous) {
  EXPECT_EQ(awrdiff::expand_cut_name("physical read total bytes optimi", "statistic"), "physical read total bytes optimized");
  EXPECT_EQ(awrdiff::expand_cut_name("Buffer Cache Re", "function", 6), "Buffer Cache Reads");
  EXPECT_EQ(awrdiff::expand_cut_name("control file sequential r", "event"), "control file sequential read");
  // Known names stay as they are, even when a longer known name starts with them.
  EXPECT_EQ(awrdiff::expand_cut_name("physical read total bytes optimized", "statistic"), "physical read total bytes optimized");
  // Ambiguous: "... bytes" and "... bytes returned by smart scan". Printed once, it is the one every database
  // counts (the catalog says which); printed twice, the builder maps both in sorted order.
  const auto both = awrdiff::names_starting_with("cell physical IO interconnect by", "statistic");
  EXPECT_GE(both.size(), 2u);
  EXPECT_EQ(awrdiff::expand_cut_name("cell physical IO interconnect by", "statistic"), "cell physical IO interconnect bytes");
  // Ambiguous with no default: kept as printed.
  EXPECT_GE(awrdiff::names_starting_with("redo synch time overhead count (", "statistic").size(), 5u);
  EXPECT_EQ(awrdiff::expand_cut_name("redo synch time overhead count (", "statistic"), "redo synch time overhead count (");
  // init.ora parameters cut to 29 characters.
  EXPECT_EQ(awrdiff::expand_cut_name("control_management_pack_acces", "parameter"), "control_management_pack_access");
  EXPECT_TRUE(awrdiff::is_histogram_bucket("<1ms"));
  EXPECT_TRUE(awrdiff::is_histogram_bucket(">=2m"));
  EXPECT_TRUE(awrdiff::is_histogram_bucket("< 1h"));
  EXPECT_FALSE(awrdiff::is_histogram_bucket("Total Waits"));
}

// The snapshot builder's per-section quirks are fields of the sections' catalog rows: the builder names no
// section.
TEST(Catalog, ReaderQuirksAreFieldsOfTheRows) {
  using awrdiff::section_spec;
  using awrdiff::SectionId;
  EXPECT_TRUE(section_spec(SectionId::foreground_events).idle_events_last);
  EXPECT_TRUE(section_spec(SectionId::background_events).idle_events_last);
  EXPECT_FALSE(section_spec(SectionId::top_events).idle_events_last);
  EXPECT_TRUE(section_spec(SectionId::sql_elapsed).gives_cut_off);
  EXPECT_FALSE(section_spec(SectionId::sql_cpu).gives_cut_off);
  EXPECT_TRUE(section_spec(SectionId::instance_activity_absolute).begin_end_values);
  EXPECT_FALSE(section_spec(SectionId::instance_activity).begin_end_values);
  EXPECT_EQ(section_spec(SectionId::instance_activity).key_list_title, "key");
  EXPECT_EQ(section_spec(SectionId::instance_activity).key_list_summary, "Key Instance");
  EXPECT_TRUE(section_spec(SectionId::instance_activity_thread).key_list_title.empty());
  EXPECT_EQ(section_spec(SectionId::database_info).copies, awrdiff::TableCopies::first_read);
  EXPECT_EQ(section_spec(SectionId::instance_info).copies, awrdiff::TableCopies::one);
}
