// Test support: the pieces Statspack reports written inline share (tests/unit/parse), as spreport prints them.
// A test writes its own database row, snaps and rows between them.
#pragma once

#include <string>

namespace awrdiff::testing {

/// The first lines of a Statspack report of 10g and later, up to the column headers of its Top 5 Timed Events:
/// the database row `database` (DB Id, instance, startup, release, RAC), host spkhost (Linux, 4 CPUs, 16 GB),
/// snaps `begin_snap` and `end_snap` from 01-Mar-24 10:00 to 11:00 (60 and 61 sessions), DB time 30 min, DB CPU
/// 10 min. It starts with a newline.
inline std::string statspack_head(const std::string& database, int begin_snap, int end_snap) {
  const auto snap = [](int id) {
    std::string s = std::to_string(id);
    return std::string(s.size() < 11 ? 11 - s.size() : 0, ' ') + s;
  };
  return R"(
STATSPACK report for

Database    DB Id    Instance     Inst Num  Startup Time   Release     RAC
~~~~~~~~ ----------- ------------ -------- --------------- ----------- ---
)" + database +
         R"(

Host Name             Platform                CPUs Cores Sockets   Memory (G)
~~~~ ---------------- ---------------------- ----- ----- ------- ------------
     spkhost          Linux x86 64-bit           4     4       1         16.0

Snapshot       Snap Id     Snap Time      Sessions Curs/Sess Comment
~~~~~~~~    ---------- ------------------ -------- --------- ------------------
Begin Snap:)" +
         snap(begin_snap) +
         R"( 01-Mar-24 10:00:00       60       2.0
  End Snap:)" +
         snap(end_snap) +
         R"( 01-Mar-24 11:00:00       61       2.0
   Elapsed:      60.00 (mins) Av Act Sess:       0.5
   DB time:      30.00 (mins)      DB CPU:      10.00 (mins)

Top 5 Timed Events                                                    Avg %Total
~~~~~~~~~~~~~~~~~~                                                   wait   Call
Event                                            Waits    Time (s)   (ms)   Time
----------------------------------------- ------------ ----------- ------ ------
)";
}

/// Statspack 9i: the title and the column headers of its one header line (DB Name, DB Id, Instance, Inst Num,
/// Release, Cluster, Host); starts with a newline.
inline const std::string k_statspack_9i_database_header = R"(
STATSPACK report for

DB Name         DB Id    Instance     Inst Num Release     Cluster Host
------------ ----------- ------------ -------- ----------- ------- ------------
)";

/// Statspack 9i: the column headers of the snaps (Begin Snap, End Snap, Elapsed follow).
inline const std::string k_statspack_9i_snaps_header = R"(              Snap Id     Snap Time      Sessions Curs/Sess Comment
            --------- ------------------ -------- --------- -------------------
)";

/// Statspack 9i: the title and column headers of Top 5 Timed Events ("% Total Ela Time"; its rows follow).
inline const std::string k_statspack_9i_top_events_header = R"(Top 5 Timed Events
~~~~~~~~~~~~~~~~~~                                                     % Total
Event                                               Waits    Time (s) Ela Time
-------------------------------------------- ------------ ----------- --------
)";

}  // namespace awrdiff::testing
