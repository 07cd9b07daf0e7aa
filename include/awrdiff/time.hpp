// awrdiff — civil time, one home: the days of a date and the seconds of an ISO 8601 time.
//
// Reports print local times without a time zone; every figure here is read as a civil time (no zone, no
// daylight saving), so two times of one report, or of one database, subtract to the seconds between them.
#pragma once

#include <cstdint>
#include <optional>
#include <string_view>

namespace awrdiff {

/// Days since 1970-01-01 of the civil date y-m-d (Howard Hinnant's algorithm; proleptic Gregorian, any year).
std::int64_t days_from_civil(int y, int m, int d);

/// Seconds since 1970-01-01T00:00:00 of an ISO 8601 time "YYYY-MM-DDTHH:MM[:SS]", read as a civil time
/// without a time zone (reports print local times). Empty when it cannot be read or names a day its month does not
/// have (2023-02-30; 2024-02-29 is a day).
std::optional<std::int64_t> iso_epoch(std::string_view iso);

/// The month (1 to 12) of its three-letter English abbreviation in any case ("Jan", "JAN", "jan", as
/// reports and Oracle's DD-MON-RR dates print it); 0 for any other text.
int month_number(std::string_view abbreviation);

/// A total's rate per second of an interval's elapsed seconds; empty when either is absent or the
/// elapsed time is not positive.
std::optional<double> per_second(const std::optional<double>& total, const std::optional<double>& elapsed_s);

}  // namespace awrdiff
