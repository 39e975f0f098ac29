// `ninefold balance --ladder 'agent(param=[a,b,c,...])'`: the skill ladder. Each rung plays the
// next one on paired deals; the Elo gaps add up to a curve of strength against the parameter,
// and the pair counts say how much of a game is decided by skill and how much by the deal and
// the seat (a luck-versus-skill summary).
#pragma once

#include <fmt/format.h>

#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "experiments/game_catalog.hpp"
#include "experiments/run/balance_options.hpp"
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

int run_ladder(const GameInfo& game, const BalanceOptions& options);

// The HTML report of a ladder summary (experiments/report/html_ladder.cpp).
std::string ladder_html(const nlohmann::json& summary);

}  // namespace nf
