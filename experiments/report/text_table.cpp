#include "experiments/report/text_table.hpp"

#include <fmt/format.h>

#include <algorithm>

namespace nf {

void print_columns(const std::vector<std::vector<std::string>>& rows, std::FILE* out) {
  std::vector<size_t> widths;
  for (const auto& row : rows) {
    widths.resize(std::max(widths.size(), row.size()), 0);
    for (size_t i = 0; i < row.size(); ++i) widths[i] = std::max(widths[i], row[i].size());
  }
  for (const auto& row : rows) {
    for (size_t i = 0; i + 1 < row.size(); ++i) fmt::print(out, "{:<{}}  ", row[i], widths[i]);
    fmt::print(out, "{}\n", row.empty() ? std::string() : row.back());
  }
}

}  // namespace nf
