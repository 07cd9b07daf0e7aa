// The sections beyond the summary, on small fragments written for these tests: the text layouts
// that need more than one line per row (two-line records, group labels over the header rule,
// "Label: value" sections), cut names, and the typed values the snapshot holds.
#include <awrdiff/parse.hpp>

#include <gtest/gtest.h>

#include <string>

namespace {

awrdiff::Snapshot text_snapshot(const std::string& text) {
  return awrdiff::build_snapshot(awrdiff::tokenize_text(text), "fragment.txt");
}

awrdiff::Snapshot html_snapshot(const std::string& html) {
  return awrdiff::build_snapshot(awrdiff::tokenize_html(html), "fragment.html");
}

bool has_unknown_section(const awrdiff::Snapshot& s) {
  for (const auto& d : s.diagnostics)
    if (d.message.find("unknown section") != std::string::npos) return true;
  return false;
}

}  // namespace

TEST(Sections, TextTablespaceIoTwoLineRecords) {
  const auto s = text_snapshot(R"(Tablespace IO Stats                    DB/Inst: TEST/test1  Snaps: 10-11
-> ordered by IOs (Reads + Writes) desc

Tablespace
------------------------------
                 Av       Av     Av                       Av     Buffer  Av Buf
         Reads Reads/s  Rd(ms) Blks/Rd       Writes Writes/s      Waits  Wt(ms)
-------------- ------- ------- ------- ------------ -------- ---------- -------
APP_DATA
         4,936       1     0.3    14.2       21,512        6      1,329     1.5
UNDOTBS1
             0       0     0.0      .0        3,445        1        305     0.2
          -------------------------------------------------------------

File IO Stats                          DB/Inst: TEST/test1  Snaps: 10-11
-> ordered by Tablespace, File

Tablespace               Filename
------------------------ ----------------------------------------------------
                 Av       Av     Av                       Av     Buffer  Av Buf
         Reads Reads/s  Rd(ms) Blks/Rd       Writes Writes/s      Waits  Wt(ms)
-------------- ------- ------- ------- ------------ -------- ---------- -------
APP_DATA                 /u01/oradata/app01.dbf
         4,936       1     0.3    14.2       21,512        6      1,329     1.5
          -------------------------------------------------------------
)");
  ASSERT_EQ(s.tablespace_io.size(), 2u);
  EXPECT_EQ(s.tablespace_io[0].tablespace, "APP_DATA");
  EXPECT_EQ(s.tablespace_io[0].reads, 4936);
  EXPECT_EQ(s.tablespace_io[0].avg_read_ms, 0.3);
  EXPECT_EQ(s.tablespace_io[0].buffer_waits, 1329);
  EXPECT_EQ(s.tablespace_io[0].avg_buffer_wait_ms, 1.5);
  EXPECT_EQ(s.tablespace_io[1].tablespace, "UNDOTBS1");
  EXPECT_EQ(s.tablespace_io[1].writes, 3445);
  ASSERT_EQ(s.file_io.size(), 1u);
  EXPECT_EQ(s.file_io[0].tablespace, "APP_DATA");
  EXPECT_EQ(s.file_io[0].filename, "/u01/oradata/app01.dbf");
  EXPECT_EQ(s.file_io[0].writes, 21512);
  EXPECT_FALSE(has_unknown_section(s));
}

TEST(Sections, TextEnqueueAndTwelveCSegments) {
  const auto s = text_snapshot(R"(Enqueue Activity                       DB/Inst: TEST/test1  Snaps: 10-11
-> only enqueues with waits are shown

Enqueue Type (Request Reason)
------------------------------------------------------------------------------
    Requests    Succ Gets Failed Gets       Waits  Wt Time (s) Av Wt Time(ms)
------------ ------------ ----------- ----------- ------------ --------------
TX-Transaction (row lock contention)
         120          120           0          40           12         300.00
          -------------------------------------------------------------

Segments by Physical Reads                DB/Inst: TEST/test1  Snaps: 10-11
-> Total Physical Reads:         375,028

                     Tablespace
Owner                   Name
-------------------- ----------
                     Subobject  Obj.                            Physical
Object Name            Name     Type        Obj#   Dataobj#        Reads  %Total
-------------------- ---------- ----- ---------- ---------- ------------ -------
APP                  APP_DATA
ORDERS                          TABLE     142581     142581        1,670     .45
          -------------------------------------------------------------
)");
  ASSERT_EQ(s.enqueues.size(), 1u);
  EXPECT_EQ(s.enqueues[0].name, "TX-Transaction (row lock contention)");
  EXPECT_EQ(s.enqueues[0].waits, 40);
  EXPECT_EQ(s.enqueues[0].wait_time_s, 12);
  EXPECT_EQ(s.enqueues[0].avg_wait_ms, 300);
  ASSERT_EQ(s.segments.size(), 1u);
  EXPECT_EQ(s.segments[0].list, "segments_physical_reads");
  EXPECT_EQ(s.segments[0].owner, "APP");
  EXPECT_EQ(s.segments[0].tablespace, "APP_DATA");
  EXPECT_EQ(s.segments[0].object, "ORDERS");
  EXPECT_EQ(s.segments[0].type, "TABLE");
  EXPECT_EQ(s.segments[0].value, 1670);
  EXPECT_EQ(s.segments[0].pct_total, 0.45);
}

TEST(Sections, TextHistogramGroupLabelAndPageBreak) {
  const auto s = text_snapshot(
      "Wait Event Histogram                   DB/Inst: TEST/test1  Snaps: 10-11\n"
      "-> Units for Total Waits column: K is 1000, M is 1000000, G is 1000000000\n"
      "\n"
      "                                                    % of Waits\n"
      "                                 -----------------------------------------------\n"
      "                           Total\n"
      "Event                      Waits  <1ms  <2ms  <4ms  <8ms <16ms <32ms  <=1s   >1s\n"
      "-------------------------- ----- ----- ----- ----- ----- ----- ----- ----- -----\n"
      "db file sequential read     1.1M  88.4   6.2   3.1   1.7    .5    .1\n"
      "SQL*Net break/reset to cli 26.1K  66.6  25.0   6.1   2.0    .3    .0\n"
      "\fWait Event Histogram                   DB/Inst: TEST/test1  Snaps: 10-11\n"
      "-> Units for Total Waits column: K is 1000, M is 1000000, G is 1000000000\n"
      "\n"
      "                                                    % of Waits\n"
      "                                 -----------------------------------------------\n"
      "                           Total\n"
      "Event                      Waits  <1ms  <2ms  <4ms  <8ms <16ms <32ms  <=1s   >1s\n"
      "-------------------------- ----- ----- ----- ----- ----- ----- ----- ----- -----\n"
      "rdbms ipc message          1934.   7.8   2.6   4.8   8.6  14.5  17.6  28.0  16.1\n"
      "          -------------------------------------------------------------\n");
  ASSERT_EQ(s.wait_histograms.size(), 3u);  // the page after the break continues the table
  const auto& seq = s.wait_histograms[0];
  EXPECT_EQ(seq.event, "db file sequential read");
  EXPECT_EQ(seq.total_waits, 1100000);
  ASSERT_EQ(seq.buckets.size(), 8u);
  EXPECT_EQ(seq.buckets[0].label, "<1ms");  // no "% of Waits" mixed into the bucket headers
  EXPECT_EQ(seq.buckets[0].pct, 88.4);
  EXPECT_FALSE(seq.buckets[7].pct.has_value());
  EXPECT_EQ(s.wait_histograms[1].event, "SQL*Net break/reset to client");  // cut to 26 characters
  EXPECT_EQ(s.wait_histograms[1].raw_name, "SQL*Net break/reset to cli");
  EXPECT_EQ(s.wait_histograms[2].event, "rdbms ipc message");
  EXPECT_FALSE(s.wait_histograms[2].total_waits.has_value());  // "1934." lost its K: absent, not 1934
}

TEST(Sections, TextGlobalCacheLabelValueLines) {
  const auto s = text_snapshot(R"(Global Cache Efficiency Percentages (Target local+remote 100%)
~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~
Buffer access -  local cache %:   95.88
Buffer access - remote cache %:    3.80
Buffer access -         disk %:    0.32


Global Cache and Enqueue Services - Workload Characteristics
~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~
                     Avg global enqueue get time (ms):      1.9

          Avg global cache cr block receive time (ms):      0.8
)");
  ASSERT_EQ(s.global_cache.size(), 5u);
  EXPECT_EQ(s.global_cache[0].section, "gc_efficiency");
  EXPECT_EQ(s.global_cache[0].name, "Buffer access - local cache %");
  EXPECT_EQ(s.global_cache[0].value, 95.88);
  EXPECT_EQ(s.global_cache[4].section, "gc_workload");
  EXPECT_EQ(s.global_cache[4].name, "Avg global cache cr block receive time (ms)");
  EXPECT_EQ(s.global_cache[4].value, 0.8);
}

TEST(Sections, TextCutStatisticNamesPrintedTwice) {
  const auto s = text_snapshot(R"(Instance Activity Stats                DB/Inst: TEST/test1  Snaps: 10-11
-> Ordered by statistic name

Statistic                                     Total     per Second     per Trans
-------------------------------- ------------------ -------------- -------------
cell physical IO interconnect by     10,000,000,000    2,777,777.8     100,000.0
cell physical IO interconnect by      4,000,000,000    1,111,111.1      40,000.0
user commits                                100,000           27.8           1.0
          -------------------------------------------------------------
)");
  ASSERT_EQ(s.activity.size(), 3u);
  const auto* bytes = s.activity_stat("cell physical IO interconnect bytes");
  ASSERT_NE(bytes, nullptr);
  EXPECT_EQ(bytes->total, 10000000000.0);
  const auto* smart = s.activity_stat("cell physical IO interconnect bytes returned by smart scan");
  ASSERT_NE(smart, nullptr);
  EXPECT_EQ(smart->total, 4000000000.0);
  EXPECT_EQ(smart->raw_name, "cell physical IO interconnect by");
}

TEST(Sections, TextCacheSizesAndAddmReport) {
  const auto s = text_snapshot(R"(Cache Sizes                       Begin        End
~~~~~~~~~~~                  ---------- ----------
               Buffer Cache:   110,080M   110,080M  Std Block Size:         8K
           Shared Pool Size:    51,170M    51,626M      Log Buffer: 1,543,604K
             In-Memory Area:         0M         0M



          ADDM Report for Task 'ADDM:1234_1_11'
          ---------------------------------------------

Analysis Period
---------------
AWR snapshot range from 10 to 11.

Summary of Findings
-------------------
   Description                         Active Sessions      Recommendations
                                       Percent of Activity
   ----------------------------------  -------------------  ---------------
1  Top SQL Statements                  .33 | 29.93          5
)");
  const auto& c = s.cache_sizes;
  EXPECT_EQ(c.buffer_cache_begin_bytes, 110080.0 * 1024 * 1024);
  EXPECT_EQ(c.shared_pool_end_bytes, 51626.0 * 1024 * 1024);
  EXPECT_EQ(c.std_block_size_bytes, 8192);
  EXPECT_EQ(c.log_buffer_bytes, 1543604.0 * 1024);
  EXPECT_EQ(c.in_memory_area_begin_bytes, 0);
  EXPECT_FALSE(has_unknown_section(s));
  bool addm = false;
  for (const auto& g : s.other_tables) addm = addm || g.section == "addm_report";
  EXPECT_TRUE(addm);
}

TEST(Sections, HtmlIoStatLatchesLibraryCacheAndGenericUnits) {
  const auto s = html_snapshot(R"(<html><body>
<h3 class="awr">IOStat by Function summary</h3>
<table border="0" summary="This table displays the IO Statistics for different functions. IO stats includes amount of reads and writes">
<tr><th>Function Name</th><th>Reads: Data</th><th>Reqs per sec</th><th>Data per sec</th><th>Writes: Data</th><th>Reqs per sec</th><th>Data per sec</th><th>Waits: Count</th><th>Avg Time</th></tr>
<tr><td>LGWR</td><td>2M</td><td>0.10</td><td>.001M</td><td>1.4G</td><td>52.70</td><td>.398M</td><td>190.1K</td><td>612.08us</td></tr>
<tr><td>TOTAL:</td><td>2M</td><td>0.10</td><td>.001M</td><td>1.4G</td><td>52.70</td><td>.398M</td><td>190.1K</td><td>612.08us</td></tr>
</table>
<h3 class="awr">Latch Activity</h3>
<table border="0" summary="This table displays latch statistics. Get requests, % get miss, wait time, noWait requests are displayed for each latch">
<tr><th>Latch Name</th><th>Get Requests</th><th>Pct Get Miss</th><th>Avg Slps /Miss</th><th>Wait Time (s)</th><th>NoWait Requests</th><th>Pct NoWait Miss</th></tr>
<tr><td>cache buffers chains</td><td>1,234,567</td><td>0.02</td><td>0.01</td><td>3</td><td>10</td><td>0.00</td></tr>
</table>
<h3 class="awr">Latch Sleep Breakdown</h3>
<table border="0" summary="This table displays latch sleep statistics. Get requests, misses, sleeps, spin gets are displayed for each latch">
<tr><th>Latch Name</th><th>Get Requests</th><th>Misses</th><th>Sleeps</th><th>Spin Gets</th></tr>
<tr><td>cache buffers chains</td><td>1,234,567</td><td>247</td><td>12</td><td>235</td></tr>
</table>
<h3 class="awr">Library Cache Activity</h3>
<table border="0" summary="This table displays library cache statistics. Get requests, % misses, pin request, % miss, reloads and invalidations are displayed">
<tr><th>Namespace</th><th>Get Requests</th><th>Pct Miss</th><th>Pin Requests</th><th>Pct Miss</th><th>Reloads</th><th>Invali- dations</th></tr>
<tr><td>SQL AREA</td><td>1,000</td><td>2.50</td><td>5,000</td><td>1.25</td><td>7</td><td>3</td></tr>
</table>
<h3 class="awr">PGA Aggr Summary</h3>
<table border="0" summary="This table displays PGA aggregate summary.">
<tr><th>PGA Cache Hit %</th><th>W/A MB Processed</th><th>Extra W/A MB Read/Written</th></tr>
<tr><td>99.9</td><td>1,024</td><td>0</td></tr>
</table>
</body></html>)");
  ASSERT_EQ(s.iostat_function.size(), 2u);
  const auto* lgwr = s.iostat("LGWR");
  ASSERT_NE(lgwr, nullptr);
  EXPECT_EQ(lgwr->reads_data_bytes, 2.0 * 1024 * 1024);
  EXPECT_EQ(lgwr->reads_requests_per_s, 0.1);
  EXPECT_EQ(lgwr->writes_requests_per_s, 52.7);
  EXPECT_DOUBLE_EQ(*lgwr->writes_data_bytes, 1.4 * 1024 * 1024 * 1024);
  EXPECT_DOUBLE_EQ(*lgwr->writes_data_per_s_bytes, 0.398 * 1024 * 1024);
  EXPECT_DOUBLE_EQ(*lgwr->waits_count, 190100);
  EXPECT_DOUBLE_EQ(*lgwr->avg_time_ms, 0.61208);
  ASSERT_EQ(s.latches.size(), 1u);  // Latch Activity and Latch Sleep Breakdown merged by name
  EXPECT_EQ(s.latches[0].get_requests, 1234567);
  EXPECT_EQ(s.latches[0].wait_time_s, 3);
  EXPECT_EQ(s.latches[0].sleeps, 12);
  EXPECT_EQ(s.latches[0].spin_gets, 235);
  ASSERT_EQ(s.library_cache.size(), 1u);
  EXPECT_EQ(s.library_cache[0].pct_get_miss, 2.5);
  EXPECT_EQ(s.library_cache[0].pct_pin_miss, 1.25);
  EXPECT_EQ(s.library_cache[0].invalidations, 3);
  ASSERT_EQ(s.other_tables.size(), 1u);
  const auto& pga = s.other_tables[0];
  EXPECT_TRUE(pga.known);
  EXPECT_EQ(pga.section, "pga_aggr_summary");
  ASSERT_EQ(pga.columns.size(), 3u);
  EXPECT_EQ(pga.columns[0], "pct_pga_cache_hit");
  EXPECT_EQ(pga.units[0], "%");
  EXPECT_EQ(pga.units[1], "MB");
  EXPECT_FALSE(has_unknown_section(s));
}

TEST(Sections, UnknownSectionIsReported) {
  const auto s = html_snapshot(R"(<html><body><h3>Frobnicator Statistics</h3>
<table><tr><th>Frob</th><th>Count</th></tr><tr><td>a</td><td>1</td></tr></table></body></html>)");
  ASSERT_EQ(s.other_tables.size(), 1u);
  EXPECT_FALSE(s.other_tables[0].known);
  EXPECT_EQ(s.other_tables[0].section, "Frobnicator Statistics");
  bool reported = false;
  for (const auto& d : s.diagnostics)
    reported = reported || d.message == "unknown section 'Frobnicator Statistics' kept as a generic table";
  EXPECT_TRUE(reported);
}
