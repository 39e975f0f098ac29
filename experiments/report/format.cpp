#include "experiments/report/format.hpp"

#include <fmt/format.h>

#include <nlohmann/json.hpp>

namespace nf {

std::string format_interval(const Interval& i, int digits) {
  return fmt::format("{:.{}f} [{:.{}f}, {:.{}f}]", i.estimate, digits, i.low, digits, i.high,
                     digits);
}

std::string format_interval(const nlohmann::json& interval, int digits) {
  return format_interval(interval_from_json(interval), digits);
}

std::string format_p(double p) {
  return p < 1e-15 ? std::string("<1e-15") : fmt::format("{:.2g}", p);
}

std::string p_clause(double p) {
  return p < 1e-15 ? std::string("p < 1e-15") : fmt::format("p = {:.2g}", p);
}

}  // namespace nf
