// The command line of `ninefold fit` (experiments/fit.hpp): its flags next to each other.
#pragma once

#include <CLI/CLI.hpp>

#include <string>
#include <vector>

#include "experiments/registry.hpp"

namespace nf {

// Holds the parsed values, so it must outlive parsing.
class FitCommand {
 public:
  explicit FitCommand(CLI::App& app);
  FitCommand(const FitCommand&) = delete;
  FitCommand& operator=(const FitCommand&) = delete;
  // Runs the fit when it was the subcommand given; -1 otherwise.
  int run();

 private:
  CLI::App* fit_ = nullptr;
  std::string game_;
  std::vector<std::string> config_items_;
  FitOptions options_;
};

}  // namespace nf
