#include "experiments/commands/cli_values.hpp"

#include <fmt/format.h>

#include <charconv>
#include <cmath>
#include <cstdint>
#include <string>

namespace nf {

CLI::Validator non_empty_value() {
  return CLI::Validator(
      [](std::string& value) -> std::string {
        return value.empty() ? "the value is empty; give one or leave the option out" : "";
      },
      "", "NON_EMPTY");
}

CLI::Validator whole_number() {
  return CLI::Validator(
      [](std::string& value) -> std::string {
        if (value.empty()) return "the value is empty; give a whole number";
        uint64_t parsed = 0;
        const char* end = value.data() + value.size();
        const auto [ptr, error] = std::from_chars(value.data(), end, parsed);
        if (value[0] == '-' || value[0] == '+' || ptr != end ||
            error == std::errc::invalid_argument)
          return fmt::format("'{}' is not a whole number of digits 0-9", value);
        if (error == std::errc::result_out_of_range)
          return fmt::format("'{}' is larger than the largest allowed value {}", value, UINT64_MAX);
        return "";
      },
      "", "WHOLE_NUMBER");
}

CLI::Validator positive_seconds(double max) {
  return CLI::Validator(
      [max](std::string& value) -> std::string {
        double seconds = 0;
        const char* end = value.data() + value.size();
        const auto [ptr, error] = std::from_chars(value.data(), end, seconds);
        if (value.empty() || ptr != end || error != std::errc{} || !std::isfinite(seconds) ||
            seconds <= 0 || seconds > max)
          return fmt::format("'{}' is not a number of seconds in (0, {}]", value, max);
        return "";
      },
      "", "SECONDS");
}

}  // namespace nf
