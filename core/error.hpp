// The one exception type that carries a user-facing message. Commands catch it at the edge,
// print its text on one line and exit non-zero.
#pragma once

#include <stdexcept>
#include <string>

namespace nf {

class Error : public std::runtime_error {
 public:
  explicit Error(const std::string& message) : std::runtime_error(message) {}
};

}  // namespace nf
