// `ninefold balance --ladder 'agent(param=[a,b,c,...])'`: the skill ladder. Each rung plays the
// next one on paired deals; the Elo gaps add up to a curve of strength against the parameter,
// and the pair counts say how much of a game is decided by skill and how much by the deal and
// the seat (a luck-versus-skill summary).
#pragma once

#include <fmt/format.h>

#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "experiments/report/html.hpp"
#include "experiments/run/head_to_head.hpp"

namespace nf {

// "ismcts(iterations=[100,400],c=0.7)" -> the rung specs, and the laddered parameter's name
// and values. Exactly one parameter holds a list of two or more values.
struct LadderSpec {
  std::string parameter;
  std::vector<std::string> values, specs;
};
LadderSpec parse_ladder(const std::string& text);

nlohmann::json ladder_json(const LadderSpec& ladder, const std::vector<HeadToHead>& steps);
void print_ladder(const nlohmann::json& summary, std::FILE* out);

template <Game G>
int ladder_command(const BalanceOptions& options) {
  const LadderSpec ladder = parse_ladder(options.ladder);
  const ParamSet config(G::config_schema(), options.config,
                        fmt::format("game '{}' config", G::kId));
  const G game(config);
  require_two_seats(game, "--ladder");
  for (const std::string& spec : ladder.specs) make_agent(game, spec);  // validate every rung first
  const HeadToHeadSetup setup{options.games, options.seed, options.threads, options.quiet};
  std::vector<HeadToHead> steps;
  for (size_t k = 0; k + 1 < ladder.specs.size(); ++k) {
    if (!options.quiet && stderr_is_terminal())
      std::fprintf(stderr, "\r\033[Krung %zu vs %zu...", k + 1, k);
    // The higher rung is agent A: a positive gap means it is stronger.
    steps.push_back(play_head_to_head(game, config, ladder.specs[k + 1], ladder.specs[k], setup));
  }
  if (!options.quiet && stderr_is_terminal()) std::fprintf(stderr, "\r\033[K");
  nlohmann::json summary = ladder_json(ladder, steps);
  describe_run(summary, G::kId, config, options.seed);
  print_ladder(summary, stdout);
  publish_summary(summary, options.out_dir, "ladder.json", options.report_path);
  return 0;
}

}  // namespace nf
