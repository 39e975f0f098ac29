// A terminal table: rows of cells printed in columns as wide as their widest cell.
#pragma once

#include <cstdio>
#include <string>
#include <vector>

namespace nf {

void print_columns(const std::vector<std::vector<std::string>>& rows, std::FILE* out);

}  // namespace nf
