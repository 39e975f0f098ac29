// How reports write numbers: intervals, p-values and q-values, the same in the terminal, the CSV
// tables and the HTML page.
#pragma once

#include <string>

#include <nlohmann/json_fwd.hpp>

#include "core/stats.hpp"

namespace nf {

// "0.512 [0.509, 0.515]"
std::string format_interval(const Interval& i, int digits = 3);
// The same from an interval's JSON ({"estimate", "low", "high"}).
std::string format_interval(const nlohmann::json& interval, int digits = 3);
// A p- or q-value with two digits; values below double precision's resolution as "<1e-15".
std::string format_p(double p);
// "p = 0.012", or "p < 1e-15" where double precision cannot resolve it: never "p = 0".
std::string p_clause(double p);

}  // namespace nf
